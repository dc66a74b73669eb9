/**
 * `tokenline probe` options, from the strings a command line gives to the validated session
 * options: load mode (rate, concurrency or sweep), workload, client and report settings. Each
 * bad value is an INPUT_INVALID error naming the flag, what it expects and what arrived.
 */
import { AppError } from '../core/errors.js'
import { COMPAT_TOOLS, parseCompatTools } from './compat.js'
import { loadDataset } from './dataset.js'
import { DURATION_EXAMPLES, parseDurationMs } from '../core/model/duration.js'
import type { ProbeSessionOptions } from './probe-session.js'
import { parseSlo } from './report.js'
import type { LoadMode } from './run.js'
import { parseRateList, type ArrivalKind } from './schedule.js'
import { loadTokenCounter } from './tokenizer.js'
import { parseLengthDist } from './workload.js'

/** Options of `tokenline probe` as the command line hands them over (strings, unvalidated). */
export interface ProbeFlags {
  model?: string
  api: string
  rate?: string
  arrival: string
  rampTo?: string
  rampDuration?: string
  concurrency?: string
  requests?: string
  duration?: string
  sweep?: string
  seed: string
  dataset?: string
  inputTokens: string
  outputTokens: string
  tokenizer?: string
  sharedPrefix: string
  prefixGroups: string
  turns: string
  http2?: boolean
  newConnection?: boolean
  insecure?: boolean
  timeout: string
  connectTimeout: string
  header: string[]
  out?: string
  rawGaps?: boolean
  otlp?: string
  region?: string
  slo?: string
  compat?: string
  workers?: string
  realtime?: boolean
  format: string
}

const invalid = (msg: string): AppError => new AppError('INPUT_INVALID', msg)

function positiveInt(name: string, text: string): number {
  const n = Number(text)
  if (!Number.isInteger(n) || n <= 0) {
    throw invalid(`${name} expects a positive integer (actual: ${text})`)
  }
  return n
}

function duration(name: string, text: string): number {
  const ms = parseDurationMs(text)
  if (ms === null || !(ms > 0)) {
    throw invalid(
      `${name} expects a duration like ${DURATION_EXAMPLES}, longer than 0 (actual: ${text})`
    )
  }
  return ms
}

/** A positive duration in ms, or null (an objective of 0 or no unit is not one). */
function positiveMs(text: string): number | null {
  const ms = parseDurationMs(text)
  return ms !== null && ms > 0 ? ms : null
}

/** Turns a base URL into the endpoint URL for the chosen API. */
export function resolveEndpoint(url: string, api: 'chat' | 'completions'): URL {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw invalid(`expected an http:// or https:// URL (actual: ${url})`)
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw invalid(`expected an http:// or https:// URL (actual: ${url})`)
  }
  if (u.pathname === '/' || u.pathname === '' || u.pathname.replace(/\/+$/, '') === '/v1') {
    u.pathname = api === 'chat' ? '/v1/chat/completions' : '/v1/completions'
  }
  return u
}

/** Validates flags into session options (without the model, which may need a lookup). */
export async function resolveProbeOptions(
  url: string,
  flags: ProbeFlags,
  signal: AbortSignal
): Promise<
  Omit<ProbeSessionOptions, 'workload'> & {
    workload: Omit<ProbeSessionOptions['workload'], 'model'> & { model: string | null }
  }
> {
  if (flags.api !== 'chat' && flags.api !== 'completions') {
    throw invalid(`--api expects chat or completions (actual: ${flags.api})`)
  }
  const api = flags.api
  if (flags.arrival !== 'poisson' && flags.arrival !== 'constant') {
    throw invalid(`--arrival expects poisson or constant (actual: ${flags.arrival})`)
  }
  const arrival: ArrivalKind = flags.arrival
  const seed = Number(flags.seed)
  const rampDurationMs =
    flags.rampDuration !== undefined ? duration('--ramp-duration', flags.rampDuration) : undefined
  const rampToPerS = flags.rampTo !== undefined ? Number(flags.rampTo) : undefined
  if (rampToPerS !== undefined && (!Number.isFinite(rampToPerS) || rampToPerS < 0)) {
    throw invalid(`--ramp-to expects a rate ≥ 0 (actual: ${flags.rampTo})`)
  }
  const rateMode = (ratePerS: number): LoadMode => ({
    kind: 'rate',
    arrivals: {
      kind: arrival,
      ratePerS,
      seed,
      ...(rampToPerS !== undefined ? { rampToPerS, rampDurationMs: rampDurationMs ?? 60_000 } : {}),
    },
  })
  const modes = [flags.rate, flags.concurrency, flags.sweep].filter((x) => x !== undefined).length
  if (modes > 1) {
    throw invalid('choose one of --rate, --concurrency, --sweep')
  }
  let steps: LoadMode[]
  if (flags.sweep !== undefined) {
    const rates = parseRateList(flags.sweep)
    if (rates === null) {
      throw invalid(`--sweep expects rates like 1,2,4 (actual: ${flags.sweep})`)
    }
    steps = rates.map(rateMode)
  } else if (flags.rate !== undefined) {
    const r = Number(flags.rate)
    if (!Number.isFinite(r) || r <= 0) {
      throw invalid(`--rate expects requests per second > 0 (actual: ${flags.rate})`)
    }
    steps = [rateMode(r)]
  } else {
    steps = [
      {
        kind: 'concurrency',
        concurrency:
          flags.concurrency !== undefined ? positiveInt('--concurrency', flags.concurrency) : 1,
      },
    ]
  }
  const maxRequests =
    flags.requests !== undefined ? positiveInt('--requests', flags.requests) : null
  const durationMs = flags.duration !== undefined ? duration('--duration', flags.duration) : null
  const inputLen = parseLengthDist(flags.inputTokens)
  const outputLen = parseLengthDist(flags.outputTokens)
  if (inputLen === null || outputLen === null) {
    throw invalid(
      `--input-tokens/--output-tokens expect N, uniform:A-B or normal:MEAN,SD (actual: ${flags.inputTokens} / ${flags.outputTokens})`
    )
  }
  const slo = flags.slo !== undefined ? parseSlo(flags.slo, (s) => positiveMs(s)) : null
  if (flags.slo !== undefined && slo === null) {
    throw invalid(`--slo expects ttft=500ms,tpot=50ms,e2e=10s (actual: ${flags.slo})`)
  }
  const compat = flags.compat !== undefined ? parseCompatTools(flags.compat) : []
  if (compat === null) {
    throw invalid(
      `--compat expects one or more of ${COMPAT_TOOLS.join(', ')}, comma-separated (actual: ${flags.compat})`
    )
  }
  const headers: Record<string, string> = {}
  for (const h of flags.header) {
    const i = h.indexOf(':')
    if (i <= 0) {
      throw invalid(`--header expects "Name: value" (actual: ${h})`)
    }
    headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim()
  }
  const dataset = flags.dataset !== undefined ? (await loadDataset(flags.dataset)).items : null
  const tokens = flags.tokenizer !== undefined ? await loadTokenCounter(flags.tokenizer) : null
  return {
    client: {
      url: resolveEndpoint(url, api),
      http2: flags.http2 === true,
      insecure: flags.insecure === true,
      newConnection: flags.newConnection === true,
      timeoutMs: duration('--timeout', flags.timeout),
      connectTimeoutMs: duration('--connect-timeout', flags.connectTimeout),
      headers,
    },
    workload: {
      model: flags.model ?? null,
      api,
      inputLen,
      outputLen,
      sharedPrefixTokens: Number(flags.sharedPrefix) || 0,
      prefixGroups: positiveInt('--prefix-groups', flags.prefixGroups),
      turns: positiveInt('--turns', flags.turns),
      dataset,
      seed,
      ...(tokens === null ? {} : { tokens }),
    },
    tokenizer: tokens?.source ?? null,
    steps,
    maxRequests: maxRequests ?? (durationMs === null ? 100 : null),
    durationMs,
    drainGraceMs: 2000,
    outFile: flags.out ?? null,
    rawGaps: flags.rawGaps === true,
    otlpEndpoint: flags.otlp ?? null,
    region: flags.region ?? null,
    slo,
    compat,
    workers: flags.workers !== undefined ? positiveInt('--workers', flags.workers) : 1,
    signal,
  }
}
