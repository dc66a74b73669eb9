/** The latency measures a view can be about, and how a finding or a chart names one. */

export const MEASURES = ['ttft', 'tpot', 'itl_max', 'e2e'] as const
export type Measure = (typeof MEASURES)[number]

export const MEASURE_LABELS: Record<Measure, string> = {
  ttft: 'TTFT',
  tpot: 'TPOT',
  itl_max: 'ITL max',
  e2e: 'E2E',
}

export function isMeasure(value: string | null | undefined): value is Measure {
  return (MEASURES as readonly string[]).includes(value ?? '')
}

/**
 * What a panel says when requests exist yet none has its measure: what would give it, never an
 * empty chart or a "spread evenly" that reads as a measured answer (CONTRACT §4).
 */
export const MISSING_MEASURE_TEXT: Record<Measure, string> = {
  ttft: 'no request in this window has a first-token time',
  tpot: 'no measured TPOT in this window (per-token timing comes from the probe or engine spans; request details show an estimate)',
  itl_max: 'no request in this window has inter-token gaps (they come from the probe)',
  e2e: 'no request in this window has an end-to-end time',
}

/** The request-JSON field holding a measure. */
export const MEASURE_FIELDS: Record<Measure, 'ttft_ms' | 'tpot_ms' | 'itl_max_ms' | 'e2e_ms'> = {
  ttft: 'ttft_ms',
  tpot: 'tpot_ms',
  itl_max: 'itl_max_ms',
  e2e: 'e2e_ms',
}

/**
 * The P99 of a quiet bucket: the lower quartile (nearest rank) of the per-bucket P99 values.
 * Not the median: when an incident covers most of the view, the median bucket is the incident.
 */
export function quietValue(values: readonly (number | null)[]): number | null {
  const xs = values
    .filter((v): v is number => v !== null && Number.isFinite(v))
    .sort((a, b) => a - b)
  if (xs.length === 0) {
    return null
  }
  return xs[Math.max(0, Math.ceil(xs.length * 0.25) - 1)] ?? null
}

/**
 * The requests behind a P99 spike in one bucket: those slower than a quiet bucket's P99 (never
 * above the bucket's own P99, so the bucket's slowest 1 % are always in).
 */
export function spikeSelection(
  bucketStartMs: number,
  stepMs: number,
  bucketP99Ms: number,
  quietP99Ms: number | null
): { fromMs: number; toMs: number; minMs: number; maxMs: null } {
  const minMs = quietP99Ms === null ? bucketP99Ms : Math.min(quietP99Ms, bucketP99Ms)
  return { fromMs: bucketStartMs, toMs: bucketStartMs + stepMs, minMs, maxMs: null }
}
