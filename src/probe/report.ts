import { percentile, roundMs, sortedCopy } from './stats.js'
import type { ProbeRecord } from './types.js'

/** Service-level objectives for goodput, in milliseconds. */
export interface Slo {
  ttftMs?: number
  tpotMs?: number
  e2eMs?: number
}

export interface PhaseSummary {
  phase: string
  count: number
  p50: number | null
  p90: number | null
  p95: number | null
  p99: number | null
  max: number | null
}

export interface ProbeReport {
  schema: 'tokenline.probe/v1'
  target: string
  load: string
  requests: number
  succeeded: number
  errors: Record<string, number>
  durationS: number
  requestsPerS: number
  outputTokensPerS: number
  phases: PhaseSummary[]
  goodput: { slo: Slo; met: number; fraction: number; perS: number } | null
  clientLag: { behind: number; p99Ms: number | null; maxMs: number | null; warning: string | null }
  connections: { reused: number; new: number; tlsResumed: number }
  /**
   * How synthetic prompt lengths (`--input-tokens`) were counted: with the model's tokenizer
   * (`tokenizer` names its file), or approximately (one word = one token).
   */
  promptTokens: { counted: 'tokenizer' | 'approximate'; tokenizer: string | null }
  interrupted: boolean
  definitions: Record<string, string>
}

/** Phases in report order; connection phases count only requests that opened a connection. */
export const PHASES: readonly {
  key: keyof ProbeRecord
  label: string
  scope: 'new' | 'ok' | 'all'
}[] = [
  { key: 'dns_ms', label: 'dns', scope: 'new' },
  { key: 'connect_ms', label: 'connect', scope: 'new' },
  { key: 'tls_ms', label: 'tls', scope: 'new' },
  { key: 'ttfb_ms', label: 'ttfb', scope: 'ok' },
  { key: 'first_event_ms', label: 'first_event', scope: 'ok' },
  { key: 'ttft_ms', label: 'ttft', scope: 'ok' },
  { key: 'tpot_ms', label: 'tpot', scope: 'ok' },
  { key: 'itl_p50_ms', label: 'itl_p50', scope: 'ok' },
  { key: 'itl_p99_ms', label: 'itl_p99', scope: 'ok' },
  { key: 'itl_max_ms', label: 'itl_max', scope: 'ok' },
  { key: 'e2e_ms', label: 'e2e', scope: 'ok' },
  { key: 'client_lag_ms', label: 'client_lag', scope: 'all' },
]

export const DEFINITIONS: Record<string, string> = {
  start:
    "every latency counts from the request's SCHEDULED send time (open loop), so client lag is included, not hidden",
  dns: 'name lookup; 0 when the connection was reused or the host is an IP literal (counted over new connections)',
  connect: 'TCP connect, after lookup (new connections only)',
  tls: 'TLS handshake after TCP connect (new connections only)',
  ttfb: 'start → first response byte',
  first_event: 'start → first SSE data event (any kind, e.g. the role-only chunk)',
  ttft: 'start → first chunk carrying content text (reasoning and tool-call chunks do not count)',
  tpot: '(last content chunk − first content chunk) / (output tokens − 1); output tokens from the server usage, else chunk count',
  itl: 'gaps between consecutive content chunks of one request; p50/p99/max per request, then percentiles across requests',
  stall: "a gap longer than 5× the request's median gap and longer than 100 ms",
  e2e: 'start → end of the response (or of the failure)',
  client_lag:
    'actual send − scheduled send; large values mean the probe, not the server, fell behind',
  goodput: 'requests that succeeded and met every SLO, per second of run time',
  percentiles: 'exact, linear interpolation between closest ranks (numpy default)',
}

/**
 * A closed loop has no schedule: each user sends when its previous request ends, so latencies
 * start at the actual send and there is no client lag to report.
 */
const CLOSED_LOOP_DEFINITIONS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(DEFINITIONS).filter(([k]) => k !== 'client_lag')),
  start:
    'every latency counts from the actual send (closed loop: each user sends its next request when the previous one ends)',
}

/** Parses `ttft=500ms,tpot=50ms,e2e=10s`; null when malformed. */
export function parseSlo(text: string, parseDurationMs: (s: string) => number | null): Slo | null {
  const slo: Slo = {}
  for (const part of text.split(',')) {
    const [k, v] = part.split('=').map((s) => s.trim()) as [string, string | undefined]
    const ms = v === undefined ? null : parseDurationMs(v)
    if (ms === null) {
      return null
    }
    if (k === 'ttft') {
      slo.ttftMs = ms
    } else if (k === 'tpot') {
      slo.tpotMs = ms
    } else if (k === 'e2e') {
      slo.e2eMs = ms
    } else {
      return null
    }
  }
  return slo
}

export function meetsSlo(r: ProbeRecord, slo: Slo): boolean {
  if (r.error !== null) {
    return false
  }
  if (slo.ttftMs !== undefined && (r.ttft_ms === null || r.ttft_ms > slo.ttftMs)) {
    return false
  }
  if (slo.tpotMs !== undefined && r.tpot_ms !== null && r.tpot_ms > slo.tpotMs) {
    return false
  }
  return !(slo.e2eMs !== undefined && r.e2e_ms > slo.e2eMs)
}

/** Summarises per-phase distributions over the given records. */
export function summarizePhases(records: readonly ProbeRecord[]): PhaseSummary[] {
  return PHASES.map(({ key, label, scope }) => {
    const values: number[] = []
    for (const r of records) {
      if ((scope === 'new' && r.connection_reused) || (scope === 'ok' && r.error !== null)) {
        continue
      }
      const v = r[key]
      if (typeof v === 'number') {
        values.push(v)
      }
    }
    const s = sortedCopy(values)
    const p = (q: number): number | null => {
      const x = percentile(s, q)
      return x === null ? null : roundMs(x)
    }
    return {
      phase: label,
      count: s.length,
      p50: p(50),
      p90: p(90),
      p95: p(95),
      p99: p(99),
      max: p(100),
    }
  })
}

/** Builds the end-of-run report. */
export function buildReport(input: {
  records: readonly ProbeRecord[]
  target: string
  load: string
  durationMs: number
  slo: Slo | null
  interrupted: boolean
  /** True for a schedule of arrivals (open loop), false for N users in a closed loop. */
  openLoop: boolean
  /** The `--tokenizer` file synthetic prompts were counted with; null when approximate. */
  tokenizer?: string | null
}): ProbeReport {
  const { records } = input
  const errors: Record<string, number> = {}
  let succeeded = 0
  let outputTokens = 0
  let reused = 0
  let resumed = 0
  for (const r of records) {
    if (r.error === null) {
      succeeded++
    } else {
      errors[r.error] = (errors[r.error] ?? 0) + 1
    }
    outputTokens += r.output_tokens ?? r.chunks
    reused += r.connection_reused ? 1 : 0
    resumed += r.tls_resumed === true ? 1 : 0
  }
  const durationS = Math.max(input.durationMs, 1) / 1000
  const lags = sortedCopy(records.map((r) => r.client_lag_ms))
  const lagP99 = percentile(lags, 99)
  const behind = lags.filter((l) => l > 10).length
  const met = input.slo === null ? 0 : records.filter((r) => meetsSlo(r, input.slo as Slo)).length
  return {
    schema: 'tokenline.probe/v1',
    target: input.target,
    load: input.load,
    requests: records.length,
    succeeded,
    errors,
    durationS: Math.round(durationS * 1000) / 1000,
    requestsPerS: Math.round((records.length / durationS) * 1000) / 1000,
    outputTokensPerS: Math.round((outputTokens / durationS) * 10) / 10,
    phases: summarizePhases(records).filter((p) => input.openLoop || p.phase !== 'client_lag'),
    goodput:
      input.slo === null
        ? null
        : {
            slo: input.slo,
            met,
            fraction: records.length === 0 ? 0 : Math.round((met / records.length) * 10000) / 10000,
            perS: Math.round((met / durationS) * 1000) / 1000,
          },
    clientLag: {
      behind,
      p99Ms: lagP99 === null ? null : roundMs(lagP99),
      maxMs: lags.length === 0 ? null : roundMs(lags[lags.length - 1] as number),
      warning:
        input.openLoop && lagP99 !== null && lagP99 > 10
          ? `the probe fell behind its schedule (client lag p99 ${roundMs(lagP99)} ms): latencies include that wait; lower the rate or run more probe processes`
          : null,
    },
    connections: { reused, new: records.length - reused, tlsResumed: resumed },
    promptTokens:
      input.tokenizer === undefined || input.tokenizer === null
        ? { counted: 'approximate', tokenizer: null }
        : { counted: 'tokenizer', tokenizer: input.tokenizer },
    interrupted: input.interrupted,
    definitions: input.openLoop ? DEFINITIONS : CLOSED_LOOP_DEFINITIONS,
  }
}

const fmt = (v: number | null): string =>
  v === null ? '-' : v >= 100 ? v.toFixed(0) : v.toFixed(2)

/** Renders the report as a plain-text table. */
export function renderReportText(report: ProbeReport): string {
  const lines: string[] = []
  lines.push(`target   ${report.target}`)
  lines.push(`load     ${report.load}${report.interrupted ? ' (interrupted)' : ''}`)
  lines.push(
    `requests ${report.requests} in ${report.durationS} s (${report.requestsPerS}/s), ${report.succeeded} ok, ${report.outputTokensPerS} output tok/s`
  )
  lines.push(
    `conns    ${report.connections.new} new, ${report.connections.reused} reused, ${report.connections.tlsResumed} TLS resumed`
  )
  lines.push(
    report.promptTokens.counted === 'tokenizer'
      ? `prompts  --input-tokens counted in model tokens (${report.promptTokens.tokenizer})`
      : 'prompts  --input-tokens approximate (one word = one token; --tokenizer PATH counts model tokens)'
  )
  lines.push('')
  const header = ['phase (ms)', 'n', 'P50', 'P90', 'P95', 'P99', 'max']
  const rows = report.phases.map((p) => [
    p.phase,
    String(p.count),
    fmt(p.p50),
    fmt(p.p90),
    fmt(p.p95),
    fmt(p.p99),
    fmt(p.max),
  ])
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => (r[i] as string).length))
  )
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('  ')
  lines.push(line(header))
  for (const r of rows) {
    lines.push(line(r))
  }
  lines.push('')
  if (report.goodput !== null) {
    const s = report.goodput.slo
    const parts = [
      s.ttftMs !== undefined ? `ttft≤${s.ttftMs}ms` : '',
      s.tpotMs !== undefined ? `tpot≤${s.tpotMs}ms` : '',
      s.e2eMs !== undefined ? `e2e≤${s.e2eMs}ms` : '',
    ].filter((x) => x !== '')
    lines.push(
      `goodput  ${report.goodput.met}/${report.requests} (${(report.goodput.fraction * 100).toFixed(1)}%) met ${parts.join(', ')}; ${report.goodput.perS}/s`
    )
  }
  const errs = Object.entries(report.errors)
  lines.push(
    `errors   ${errs.length === 0 ? 'none' : errs.map(([k, v]) => `${k} ${v}`).join(', ')}`
  )
  if (report.clientLag.warning !== null) {
    lines.push(`warning  ${report.clientLag.warning}`)
  }
  lines.push('')
  lines.push('definitions')
  for (const [k, v] of Object.entries(report.definitions)) {
    lines.push(`  ${k.padEnd(12)} ${v}`)
  }
  return lines.join('\n') + '\n'
}
