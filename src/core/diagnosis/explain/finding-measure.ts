/**
 * The latency measure a finding is about: what the report's stage breakdown, the dashboard's
 * slowest-requests table and its concentration panel follow when someone opens the finding.
 */
import type { Cause } from '../../model/diagnosis.js'
import { CAUSE_MEASURES } from '../causes/index.js'
import type { DurationMeasure } from '../../model/request.js'
import { GATEWAY_TPOT } from './text.js'

/** The measure `cause`'s mechanism slows down, `null` when that depends on the data. */
export function causeMeasure(cause: string): DurationMeasure | null {
  return (CAUSE_MEASURES as Record<string, DurationMeasure | null | undefined>)[cause] ?? null
}

/** When the evidence names no measure: KV pressure shows as preemption stalls in the stream. */
const FALLBACK: Partial<Record<Cause, DurationMeasure>> = { 'engine.kv_cache_pressure': 'tpot' }

/** Evidence metrics named `<measure>.<statistic>` (`tpot.p99_impact`, `ttft.p99`). */
const METRIC_MEASURE = /^(ttft|tpot|itl_max|e2e)\./
/**
 * Evidence text naming a measure: "the requests with the slowest TPOT" (concentration rows,
 * stage means) or "TTFT P99 of each minute" (changes over time). rule.ts writes both; its tests
 * pin the wording this reads.
 */
const TEXT_MEASURE = /\bslow(?:est)? (TTFT|TPOT|ITL|E2E)\b|\b(TTFT|TPOT|ITL|E2E) P\d\d\b/i
const WORD_MEASURES: Record<string, DurationMeasure> = {
  ttft: 'ttft',
  tpot: 'tpot',
  itl: 'itl_max',
  e2e: 'e2e',
}

function measureInEvidence(
  evidence: readonly { metric?: string; text: string }[]
): DurationMeasure | null {
  for (const e of evidence) {
    const metric = e.metric === undefined ? null : METRIC_MEASURE.exec(e.metric)
    if (metric !== null) {
      return metric[1] as DurationMeasure
    }
    const text = TEXT_MEASURE.exec(e.text)
    const word = (text?.[1] ?? text?.[2])?.toLowerCase()
    if (word !== undefined && WORD_MEASURES[word] !== undefined) {
      return WORD_MEASURES[word]
    }
  }
  return null
}

/**
 * The measure a finding is about: the one its cause slows down; for causes that can slow
 * either (a replica, node, version, tenant, KV pressure), the first measure its evidence names;
 * else TTFT. `healthy` is about whole requests (E2E).
 *
 * @example measureOfFinding({ cause: 'gateway.queueing', evidence: [] }) // 'ttft'
 */
export function measureOfFinding(finding: {
  cause: string
  evidence: readonly { metric?: string; text: string }[]
}): DurationMeasure {
  const byCause = causeMeasure(finding.cause)
  if (byCause !== null) {
    return byCause
  }
  return (
    measureInEvidence(finding.evidence) ??
    (FALLBACK as Record<string, DurationMeasure | undefined>)[finding.cause] ??
    'ttft'
  )
}

/**
 * Whether a finding without an engine TPOT stands on the time per output token at the gateway
 * (ADR 0344): the first measure its evidence names is that time, not the TTFT or TPOT. A version
 * found on the gateway's stream alone names no TTFT line first, and `measureOfFinding` falls back
 * to the TTFT it did not slow (ADR 0386).
 */
export function isOnGatewayTpot(evidence: readonly { metric?: string; text: string }[]): boolean {
  for (const e of evidence) {
    if (e.metric?.startsWith(`${GATEWAY_TPOT}.`) === true) {
      return true
    }
    if (measureInEvidence([e]) !== null) {
      return false
    }
  }
  return false
}
