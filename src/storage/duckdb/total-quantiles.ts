/**
 * Exact nearest-rank quantiles of a whole window (no group, no time bucket) in two statements
 * of parallel scans instead of `quantile_disc`, which sorts every value of a measure on one
 * thread when there is no GROUP BY (a third less CPU for the KPIs at 1 M requests; ADR 0166).
 *
 *   pass 1   value ──ln──► bin (256 per e-fold)      GROUP BY bin: count, min, max
 *            ▁▂▅█▇▅▃▂▁▁▁ ← cumulative counts find the bin holding rank k, and its [min, max]
 *   pass 2   count(c < min) = below;  sorted values in [min, max];  answer = sorted[k - below]
 *
 * Pass 2 checks itself on values, not on bins: when `below < k ≤ below + len` the answer is the
 * k-th smallest value by definition, whatever the bins' float edges did. When the check fails
 * (it cannot for finite values) the caller falls back to `quantile_disc`.
 */
import { measureColumn } from '../query/request-fields.js'
import { nearestRankIndex } from '../query/nearest-rank.js'
import type { RequestMeasure } from '../../core/model/query.js'
import { toNumber, type ReadRows } from './connection.js'
import type { Where } from './sql.js'

/** Bins per e-fold of the value: about 0.4 % wide, so a bin holds a small slice of the rows. */
const BINS_PER_E = 256

const literal = (x: number): string => `'${String(x)}'::DOUBLE`

/** Monotone in the value for finite positives; zero, negatives and NaN/∞ get end bins. */
function binExpr(c: string): string {
  return `CASE WHEN ${c} > 0 AND isfinite(${c}) THEN CAST(floor(ln(${c}) * ${BINS_PER_E}) AS BIGINT)
    WHEN ${c} > 0 THEN 9223372036854775807 ELSE -9223372036854775807 END`
}

/** Count and quantile values of one measure (values in the order of the quantiles asked). */
export interface TotalQuantiles {
  count: number
  values: number[]
}

/**
 * Each measure's count and quantiles over the rows of `where`, in the order of `measures`; null
 * when a self-check failed (the caller then uses `quantile_disc`). Both passes cover every
 * measure in one statement each, so a busy reader pool is crossed twice, not twice per measure.
 */
export async function totalQuantiles(
  rows: ReadRows,
  where: Where,
  measures: readonly RequestMeasure[],
  quantiles: readonly number[]
): Promise<TotalQuantiles[] | null> {
  if (measures.length === 0) {
    return []
  }
  const columns = measures.map(measureColumn)
  const pass1 = columns
    .map(
      (c, m) => `SELECT ${m} AS m, ${binExpr(c)} AS bin, count(*) AS n, min(${c}) AS lo,
        max(${c}) AS hi FROM requests ${where.sql} AND ${c} IS NOT NULL GROUP BY ALL`
    )
    .join(' UNION ALL ')
  const binsOf: { n: number; lo: number; hi: number }[][] = columns.map(() => [])
  for (const r of await rows(
    `${pass1} ORDER BY m, lo`,
    columns.flatMap(() => where.params)
  )) {
    binsOf[toNumber(r['m'])]?.push({
      n: toNumber(r['n']),
      lo: toNumber(r['lo']),
      hi: toNumber(r['hi']),
    })
  }
  const counts = binsOf.map((bins) => bins.reduce((a, b) => a + b.n, 0))
  const targets = binsOf.map((bins, m) =>
    (counts[m] ?? 0) === 0
      ? []
      : quantiles.map((q) => {
          const k = nearestRankIndex(counts[m] ?? 0, q) + 1
          let seen = 0
          for (const b of bins) {
            if (seen + b.n >= k) {
              return { k, lo: b.lo, hi: b.hi }
            }
            seen += b.n
          }
          return { k, lo: NaN, hi: NaN }
        })
  )
  if (targets.flat().some((t) => !Number.isFinite(t.lo) || !Number.isFinite(t.hi))) {
    return null
  }
  const cols = targets.flatMap((ts, m) =>
    ts.map((t, i) => {
      const c = columns[m] as string
      const lo = literal(t.lo)
      const hi = literal(t.hi)
      const below = `count(${c}) FILTER (WHERE ${c} < ${lo})`
      const inside = `${c} >= ${lo} AND ${c} <= ${hi}`
      return `${below} AS below_${m}_${i}, count(${c}) FILTER (WHERE ${inside}) AS len_${m}_${i},
        list_sort(list(${c}) FILTER (WHERE ${inside}))[${t.k} - ${below}] AS v_${m}_${i}`
    })
  )
  const [row] =
    cols.length === 0
      ? [{}]
      : await rows(`SELECT ${cols.join(', ')} FROM requests ${where.sql}`, where.params)
  const out: TotalQuantiles[] = []
  for (const [m, ts] of targets.entries()) {
    const values: number[] = []
    for (const [i, t] of ts.entries()) {
      const below = toNumber(row?.[`below_${m}_${i}`])
      const len = toNumber(row?.[`len_${m}_${i}`])
      const v = row?.[`v_${m}_${i}`]
      if (!(below < t.k && t.k <= below + len) || v === null || v === undefined) {
        return null
      }
      values.push(toNumber(v))
    }
    out.push({ count: counts[m] ?? 0, values })
  }
  return out
}
