import { formatMs } from './format.js'

/** The TPOT fields of a request as the API returns them. */
interface TpotFields {
  tpot_ms: number | null
  tpot_estimate_ms?: number | null | undefined
}

/**
 * TPOT as text: the measured value; else the estimate from (E2E − TTFT) / (output tokens − 1),
 * marked as one (`≈ 9.8 ms (est.)`); else "–". An estimate is never shown as a measurement.
 */
export function tpotText(r: TpotFields): string {
  if (r.tpot_ms !== null) {
    return formatMs(r.tpot_ms)
  }
  const est = r.tpot_estimate_ms
  return est === null || est === undefined ? '–' : `≈ ${formatMs(est)} (est.)`
}
