/** BubbleUp-style concentration rows: where the slow requests are over-represented. */
export interface ConcentrationBar {
  dimension: string
  value: string
  slowShare: number
  baselineShare: number
  lift: number
}

/**
 * Keeps the rows worth a look: the slow share clearly above the baseline and large enough to
 * matter, most telling first (slow-share excess, then lift). At most `limit` rows.
 */
export function rankConcentration(
  rows: readonly {
    dimension: string
    value: string
    slow_share: number
    baseline_share: number
    lift: number
  }[],
  limit = 10,
  minSlowShare = 0.05
): ConcentrationBar[] {
  return rows
    .filter((r) => r.slow_share >= minSlowShare && r.slow_share > r.baseline_share)
    .map((r) => ({
      dimension: r.dimension,
      value: r.value,
      slowShare: r.slow_share,
      baselineShare: r.baseline_share,
      lift: r.lift,
    }))
    .sort(
      (a, b) => b.slowShare - b.baselineShare - (a.slowShare - a.baselineShare) || b.lift - a.lift
    )
    .slice(0, limit)
}
