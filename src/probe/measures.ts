import { percentile, roundMs, sortedCopy } from './stats.js'
import type { ProbeRecord, RequestResult } from './types.js'

/** A gap is a stall when it is longer than this many times the request's median gap… */
export const STALL_MEDIAN_FACTOR = 5
/** …and longer than this, in milliseconds. */
export const STALL_MIN_MS = 100

/** Derived per-request measures (milliseconds; null when the measure cannot exist). */
export interface RequestMeasures {
  dnsMs: number
  connectMs: number
  tlsMs: number
  ttfbMs: number | null
  firstEventMs: number | null
  firstAnyTokenMs: number | null
  ttftMs: number | null
  tpotMs: number | null
  itlGapsMs: number[]
  itlP50Ms: number | null
  itlP99Ms: number | null
  itlMaxMs: number | null
  stalls: number
  chunks: number
  /** Output tokens from the server's usage, else the content chunk count. */
  outputTokensForTpot: number
  /** Scheduled send → end of the response (or failure). */
  e2eMs: number
  clientLagMs: number
}

/**
 * Turns the clock readings of one request into its measures. Latencies count from the request's
 * SCHEDULED send time (open-loop honesty: a client that falls behind does not hide the wait).
 *
 * ```
 * scheduled  sent  dns  connect  tls  written  first byte  first event  first content … last  end
 *    |--lag--|--dns--|-connect-|-tls-|                                    |<- gaps ->|
 *    |-------------------------------- ttfb ----|
 *    |-------------------------------------------------------- ttft -----|
 * ```
 */
export function computeMeasures(result: RequestResult): RequestMeasures {
  const m = result.marks
  const from = m.scheduledAtMs
  const since = (t: number | null): number | null => (t === null ? null : t - from)
  const arrivals = result.contentArrivalsAtMs
  const gaps: number[] = []
  for (let i = 1; i < arrivals.length; i++) {
    gaps.push((arrivals[i] as number) - (arrivals[i - 1] as number))
  }
  const sortedGaps = sortedCopy(gaps)
  const median = percentile(sortedGaps, 50)
  let stalls = 0
  if (median !== null) {
    for (const g of gaps) {
      if (g > STALL_MEDIAN_FACTOR * median && g > STALL_MIN_MS) {
        stalls++
      }
    }
  }
  const outputTokens = result.usage.outputTokens ?? arrivals.length
  const first = arrivals[0]
  const last = arrivals[arrivals.length - 1]
  const tpotMs =
    first !== undefined && last !== undefined && outputTokens > 1
      ? (last - first) / (outputTokens - 1)
      : null
  const dnsMs =
    m.dnsStartAtMs !== null && m.dnsEndAtMs !== null
      ? Math.max(0, m.dnsEndAtMs - m.dnsStartAtMs)
      : 0
  // Before a connect call was marked (or on a transport that cannot mark it), connect counts
  // from the lookup, else from the send: an upper bound that includes the request's set-up.
  const connectStart = m.connectStartAtMs ?? m.dnsEndAtMs ?? m.sentAtMs
  const connectMs = m.connectEndAtMs !== null ? Math.max(0, m.connectEndAtMs - connectStart) : 0
  const tlsMs =
    m.tlsEndAtMs !== null && m.connectEndAtMs !== null
      ? Math.max(0, m.tlsEndAtMs - m.connectEndAtMs)
      : 0
  return {
    dnsMs,
    connectMs,
    tlsMs,
    ttfbMs: since(m.firstByteAtMs),
    firstEventMs: since(m.firstEventAtMs),
    firstAnyTokenMs: since(m.firstAnyTokenAtMs),
    ttftMs: first === undefined ? null : first - from,
    tpotMs,
    itlGapsMs: gaps,
    itlP50Ms: median,
    itlP99Ms: percentile(sortedGaps, 99),
    itlMaxMs: sortedGaps.length > 0 ? (sortedGaps[sortedGaps.length - 1] as number) : null,
    stalls,
    chunks: arrivals.length,
    outputTokensForTpot: outputTokens,
    e2eMs: m.endAtMs - from,
    clientLagMs: Math.max(0, m.sentAtMs - m.scheduledAtMs),
  }
}

const r = (v: number | null): number | null => (v === null ? null : roundMs(v))

/** Builds the JSONL record for one request (times in ms, microsecond resolution). */
export function toProbeRecord(
  result: RequestResult,
  options: { rawGaps?: boolean } = {}
): ProbeRecord {
  const x = computeMeasures(result)
  const epochOf = (perfMs: number): string =>
    new Date(result.scheduledEpochMs + (perfMs - result.marks.scheduledAtMs)).toISOString()
  const record: ProbeRecord = {
    trace_id: result.traceId,
    scheduled_at: new Date(result.scheduledEpochMs).toISOString(),
    sent_at: epochOf(result.marks.sentAtMs),
    status: result.status,
    error: result.error,
    connection_reused: result.connectionReused,
    tls_resumed: result.tls === null ? null : result.tls.resumed,
    tls_version: result.tls?.version ?? null,
    alpn: result.tls?.alpn ?? null,
    dns_ms: roundMs(x.dnsMs),
    connect_ms: roundMs(x.connectMs),
    tls_ms: roundMs(x.tlsMs),
    ttfb_ms: r(x.ttfbMs),
    first_event_ms: r(x.firstEventMs),
    ttft_ms: r(x.ttftMs),
    tpot_ms: r(x.tpotMs),
    itl_p50_ms: r(x.itlP50Ms),
    itl_p99_ms: r(x.itlP99Ms),
    itl_max_ms: r(x.itlMaxMs),
    stalls: x.stalls,
    chunks: x.chunks,
    input_tokens: result.usage.inputTokens,
    output_tokens: result.usage.outputTokens,
    retries: result.retries,
    e2e_ms: roundMs(x.e2eMs),
    client_lag_ms: roundMs(x.clientLagMs),
  }
  if (options.rawGaps === true) {
    record.itl_gaps_ms = x.itlGapsMs.map(roundMs)
  }
  return record
}
