import {
  guidellmDistribution,
  numpySummary,
  type GuidellmDistribution,
  type NumpySummary,
} from './compat-stats.js'
import type { RequestResult } from './types.js'

/** Tools whose metric definitions and output the probe can reproduce. Sources in docs/probe.md. */
export const COMPAT_TOOLS = ['vllm', 'guidellm', 'aiperf', 'genai-perf'] as const
export type CompatTool = (typeof COMPAT_TOOLS)[number]

/** One tool's view of a step: its own field names, units and percentile method. */
export interface CompatReport {
  tool: CompatTool
  /** The tool's result document (the part these metrics occupy), field for field. */
  output: Record<string, unknown>
  /** The same figures as lines for the text report. */
  lines: string[]
  notes: string[]
}

/** Parses `vllm,guidellm,aiperf` (duplicates dropped, order kept); null when a name is unknown. */
export function parseCompatTools(text: string): CompatTool[] | null {
  const tools: CompatTool[] = []
  for (const raw of text.split(',')) {
    const name = raw.trim().toLowerCase()
    if (!(COMPAT_TOOLS as readonly string[]).includes(name)) {
      return null
    }
    if (!tools.includes(name as CompatTool)) {
      tools.push(name as CompatTool)
    }
  }
  return tools.length === 0 ? null : tools
}

/** What the step itself knows beyond its requests. */
export interface CompatContext {
  /** Wall time of the step (ms): vLLM's benchmark duration. */
  durationMs: number
}

/**
 * Recomputes the step's requests as `tool` defines and prints them. Every tool starts its clock
 * at the actual send (not the schedule); what counts as "first token" and "end" differs.
 */
export function computeCompat(
  tool: CompatTool,
  results: readonly RequestResult[],
  ctx: CompatContext
): CompatReport {
  switch (tool) {
    case 'vllm':
      return vllmView(results, ctx)
    case 'guidellm':
      return guidellmView(results)
    default:
      return aiperfView(tool, results)
  }
}

const SEC = 1000
const ok = (results: readonly RequestResult[]): RequestResult[] =>
  results.filter((r) => r.error === null)

/**
 * `vllm bench serve` (vllm/benchmarks/serve.py `calculate_metrics`, request functions in
 * vllm/benchmarks/lib/endpoint_request_func.py): TTFT at the first event with `choices` (the
 * role-only chunk counts), ITL = every gap between such events, latency = the last one (usage
 * chunk and `[DONE]` excluded), TPOT = (latency − TTFT) / (output tokens − 1). Output as with
 * `--percentile-metrics ttft,tpot,itl,e2el --metric-percentiles 99`.
 */
function vllmView(results: readonly RequestResult[], ctx: CompatContext): CompatReport {
  const ttft: number[] = []
  const tpot: number[] = []
  const itl: number[] = []
  const e2el: number[] = []
  let completed = 0
  let inputTokens = 0
  let outputTokens = 0
  for (const r of ok(results)) {
    const c = r.choiceArrivalsAtMs
    const first = c[0]
    const last = c[c.length - 1]
    if (first === undefined || last === undefined) {
      continue // vLLM: "Never received a valid chunk to calculate TTFT" → failed
    }
    completed++
    const sent = r.marks.sentAtMs
    const outLen = r.usage.outputTokens ?? 1
    inputTokens += r.usage.inputTokens ?? 0
    outputTokens += outLen
    ttft.push(first - sent)
    e2el.push(last - sent)
    if (outLen > 1) {
      tpot.push((last - first) / (outLen - 1))
    }
    for (let i = 1; i < c.length; i++) {
      itl.push((c[i] as number) - (c[i - 1] as number))
    }
  }
  const durationS = Math.max(ctx.durationMs, 1e-9) / SEC
  const output: Record<string, unknown> = {
    duration: durationS,
    completed,
    failed: results.length - completed,
    total_input_tokens: inputTokens,
    total_output_tokens: outputTokens,
    request_throughput: completed / durationS,
    output_throughput: outputTokens / durationS,
    total_token_throughput: (inputTokens + outputTokens) / durationS,
  }
  const lines = [
    `Successful requests: ${completed}`,
    `Request throughput (req/s): ${fmt(completed / durationS)}`,
  ]
  const metric = (key: string, name: string, values: number[]): void => {
    const s = numpySummary(values)
    output[`mean_${key}_ms`] = s.mean
    output[`median_${key}_ms`] = s.q(50)
    output[`std_${key}_ms`] = s.std
    output[`p99_${key}_ms`] = s.q(99)
    lines.push(
      `Mean ${name} (ms): ${fmt(s.mean)}  Median ${name} (ms): ${fmt(s.q(50))}  P99 ${name} (ms): ${fmt(s.q(99))}`
    )
  }
  metric('ttft', 'TTFT', ttft)
  metric('tpot', 'TPOT', tpot)
  metric('itl', 'ITL', itl)
  metric('e2el', 'E2EL', e2el)
  return {
    tool: 'vllm',
    output,
    lines,
    notes: [
      'TTFT: actual send → first event with choices (the role-only chunk counts)',
      'TPOT: (latency − TTFT) / (output tokens − 1), per request (excl. 1st token)',
      'ITL: every gap between events with choices, pooled over requests',
      'E2EL: actual send → last event with choices (usage chunk and [DONE] excluded)',
      'mean, np.std (population), median and P99 by linear interpolation (np.percentile)',
    ],
  }
}

/**
 * GuideLLM (src/guidellm/schemas/request_stats.py `GenerativeRequestStats`, summarised by
 * src/guidellm/benchmark/schemas/generative/metrics.py `GenerativeMetrics.compile`): request
 * latency in SECONDS from the actual send to the end of the response ([DONE] included); TTFT at
 * the first token of any kind, "first output token" at the first content token; TPOT = (last
 * token − start) / output tokens, weighted by output tokens; ITL = (last − first token) /
 * (output tokens − 1), weighted by output tokens − 1. Only the `successful` distributions.
 */
function guidellmView(results: readonly RequestResult[]): CompatReport {
  const latencyS: [number, number][] = []
  const ttftMs: [number, number][] = []
  const ttfoMs: [number, number][] = []
  const tpotMs: [number, number][] = []
  const itlMs: [number, number][] = []
  const outputCount: [number, number][] = []
  const promptCount: [number, number][] = []
  const successful = ok(results)
  for (const r of successful) {
    const m = r.marks
    const start = m.sentAtMs
    const arrivals = r.contentArrivalsAtMs
    const firstToken = m.firstAnyTokenAtMs
    const lastToken = arrivals[arrivals.length - 1] ?? null
    // GuideLLM: usage from the server, else one token per streamed iteration
    const outTokens = r.usage.outputTokens ?? (arrivals.length > 0 ? arrivals.length : null)
    latencyS.push([(m.endAtMs - start) / SEC, 1])
    ttftMs.push([firstToken === null ? 0 : firstToken - start, 1])
    ttfoMs.push([arrivals[0] === undefined ? 0 : (arrivals[0] as number) - start, 1])
    const tpot =
      outTokens !== null && outTokens > 0 ? ((lastToken ?? m.endAtMs) - start) / outTokens : null
    tpotMs.push([tpot ?? 0, outTokens ?? 0])
    const itl =
      firstToken !== null && lastToken !== null && outTokens !== null && outTokens > 1
        ? (lastToken - firstToken) / (outTokens - 1)
        : null
    itlMs.push([itl ?? 0, (outTokens ?? 1) - 1])
    outputCount.push([outTokens ?? 0, 1])
    promptCount.push([r.usage.inputTokens ?? 0, 1])
  }
  const successfulOnly = (d: GuidellmDistribution): { successful: GuidellmDistribution } => ({
    successful: d,
  })
  const metrics = {
    request_totals: {
      successful: successful.length,
      incomplete: 0,
      errored: results.length - successful.length,
      total: results.length,
    },
    request_latency: successfulOnly(guidellmDistribution(latencyS)),
    time_to_first_token_ms: successfulOnly(guidellmDistribution(ttftMs)),
    time_to_first_output_token_ms: successfulOnly(guidellmDistribution(ttfoMs)),
    time_per_output_token_ms: successfulOnly(guidellmDistribution(tpotMs)),
    inter_token_latency_ms: successfulOnly(guidellmDistribution(itlMs)),
    output_token_count: successfulOnly(guidellmDistribution(outputCount)),
    prompt_token_count: successfulOnly(guidellmDistribution(promptCount)),
  }
  const line = (name: string, d: { successful: GuidellmDistribution }): string => {
    const s = d.successful
    return `${name}: mean ${fmt(s.mean)}  median ${fmt(s.median)}  p90 ${fmt(s.percentiles.p90)}  p99 ${fmt(s.percentiles.p99)}  max ${fmt(s.max)}`
  }
  return {
    tool: 'guidellm',
    output: { metrics },
    lines: [
      line('request_latency (s)', metrics.request_latency),
      line('time_to_first_token_ms', metrics.time_to_first_token_ms),
      line('time_to_first_output_token_ms', metrics.time_to_first_output_token_ms),
      line('time_per_output_token_ms', metrics.time_per_output_token_ms),
      line('inter_token_latency_ms', metrics.inter_token_latency_ms),
    ],
    notes: [
      'request_latency in seconds: actual send → end of the response ([DONE] included)',
      'time_to_first_token_ms: first token of any kind; time_to_first_output_token_ms: first content',
      'time_per_output_token_ms: (last token − start) / output tokens, includes the first token; weighted by output tokens',
      'inter_token_latency_ms: (last − first token) / (output tokens − 1); weighted by output tokens − 1',
      'percentiles: smallest value whose cumulative weight reaches p (no interpolation); successful requests only',
    ],
  }
}

/** AIPerf's per-metric result fields (`MetricResult`), in its display unit. */
function aiperfMetric(unit: string, s: NumpySummary): Record<string, number | string> {
  return {
    unit,
    avg: s.mean,
    min: s.min,
    max: s.max,
    std: s.std,
    p1: s.q(1),
    p5: s.q(5),
    p10: s.q(10),
    p25: s.q(25),
    p50: s.q(50),
    p75: s.q(75),
    p90: s.q(90),
    p95: s.q(95),
    p99: s.q(99),
    count: s.count,
  }
}

/**
 * AIPerf (docs/metrics_reference.md and src/aiperf/metrics/types/*, summarised by
 * src/aiperf/metrics/metric_dicts.py): TTFT at the first non-empty response, TTST = second −
 * first content response, ITL = (request latency − TTFT) / (OSL − 1), inter-chunk latency = every
 * gap, request latency = last response (the usage chunk counts, [DONE] does not), throughput per
 * user = 1 / ITL. numpy linear percentiles, population std. GenAI-Perf defines them the same.
 */
function aiperfView(tool: CompatTool, results: readonly RequestResult[]): CompatReport {
  const ttft: number[] = []
  const ttst: number[] = []
  const itl: number[] = []
  const icl: number[] = []
  const latency: number[] = []
  const perUser: number[] = []
  const osl: number[] = []
  const isl: number[] = []
  let minStart = Number.POSITIVE_INFINITY
  let maxEnd = Number.NEGATIVE_INFINITY
  const successful = ok(results)
  for (const r of successful) {
    const m = r.marks
    const a = r.contentArrivalsAtMs
    const firstAny = m.firstAnyTokenAtMs
    const last = m.lastEventAtMs
    if (firstAny === null || last === null) {
      continue
    }
    const start = m.sentAtMs
    const t = firstAny - start
    const lat = last - start
    minStart = Math.min(minStart, start)
    maxEnd = Math.max(maxEnd, last)
    ttft.push(t)
    latency.push(lat)
    if (a.length >= 2) {
      ttst.push((a[1] as number) - (a[0] as number))
    }
    for (let i = 1; i < a.length; i++) {
      icl.push((a[i] as number) - (a[i - 1] as number))
    }
    const n = r.usage.outputTokens ?? a.length
    osl.push(n)
    if (r.usage.inputTokens !== null) {
      isl.push(r.usage.inputTokens)
    }
    if (n >= 2) {
      const v = (lat - t) / (n - 1)
      itl.push(v)
      if (v > 0) {
        perUser.push(SEC / v)
      }
    }
  }
  const durationS = ttft.length === 0 ? 0 : (maxEnd - minStart) / SEC
  const totalOsl = osl.reduce((s, v) => s + v, 0)
  const records = {
    time_to_first_token: aiperfMetric('ms', numpySummary(ttft)),
    time_to_second_token: aiperfMetric('ms', numpySummary(ttst)),
    inter_token_latency: aiperfMetric('ms', numpySummary(itl)),
    inter_chunk_latency: aiperfMetric('ms', numpySummary(icl)),
    request_latency: aiperfMetric('ms', numpySummary(latency)),
    output_token_throughput_per_user: aiperfMetric('tokens/sec/user', numpySummary(perUser)),
    output_sequence_length: aiperfMetric('tokens', numpySummary(osl)),
    input_sequence_length: aiperfMetric('tokens', numpySummary(isl)),
  }
  const output = {
    ...records,
    request_throughput: {
      unit: 'requests/sec',
      avg: durationS > 0 ? ttft.length / durationS : 0,
    },
    output_token_throughput: { unit: 'tokens/sec', avg: durationS > 0 ? totalOsl / durationS : 0 },
    request_count: { unit: 'requests', avg: ttft.length },
    error_request_count: { unit: 'requests', avg: results.length - successful.length },
    benchmark_duration: { unit: 'sec', avg: durationS },
  }
  const lines = Object.entries(records).map(
    ([k, v]) =>
      `${k} (${String(v.unit)}): avg ${fmt(v.avg as number)}  min ${fmt(v.min as number)}  max ${fmt(v.max as number)}  p50 ${fmt(v.p50 as number)}  p90 ${fmt(v.p90 as number)}  p99 ${fmt(v.p99 as number)}  std ${fmt(v.std as number)}`
  )
  lines.push(
    `request_throughput (requests/sec): ${fmt(output.request_throughput.avg)}  output_token_throughput (tokens/sec): ${fmt(output.output_token_throughput.avg)}`
  )
  return {
    tool,
    output,
    lines,
    notes: [
      'time_to_first_token: actual send → first non-empty response (content or reasoning)',
      'time_to_second_token: second − first content response',
      'inter_token_latency: (request_latency − TTFT) / (output_sequence_length − 1), per request (what vLLM calls TPOT)',
      'request_latency: actual send → last response (the usage chunk counts, [DONE] does not)',
      'avg, population std, percentiles by linear interpolation (np.percentile)',
      `${tool} counts output tokens with its tokenizer; the probe uses the server's usage`,
    ],
  }
}

/** Figures in text lines: 2 decimals, like the tools' own consoles. */
function fmt(v: number): string {
  return Number.isFinite(v) ? v.toFixed(2) : '-'
}
