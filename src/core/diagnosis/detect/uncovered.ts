/**
 * Time no span covers, as a share of a typical TTFT: what the diagnosis could not look into.
 * It caps how sure "healthy" may be; a change in it is an excess fact of its own (the scan reads
 * the `*.unattributed` stages), and a share that held all along changed nothing.
 */
import { STAGE_NAMES, type StageName } from '../../model/request.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import type { DiagnosisContext } from '../frame/context.js'
import { TTFT_STAGES } from './stage-stats.js'

function medianOf(values: Float64Array, mask?: Uint8Array): number {
  return quantileSorted(sortedFinite(values, mask), 0.5)
}

/**
 * The share of a typical TTFT that no span explains. Uses the named `*.unattributed` stages when the timeline has them, and
 * otherwise the part of the user's TTFT the stages do not cover on requests that carry both a
 * client-side TTFT and server spans.
 */
export function uncoveredShare(ctx: DiagnosisContext): number {
  const frame = ctx.frame
  const ttftMedian = medianOf(frame.ttftUserUs)
  if (!(ttftMedian > 0)) {
    return 0
  }
  let medianUs = 0
  for (const s of STAGE_NAMES) {
    if (s.endsWith('.unattributed')) {
      const m = medianOf(frame.stages[s as StageName])
      if (m > medianUs) {
        medianUs = m
      }
    }
  }
  if (medianUs === 0) {
    // Without named stages: the TTFT part its stages do not cover, by where TTFT was measured
    // (client, else gateway, else engine: CONTRACT §4).
    const where = ['client.unattributed', 'gateway.unattributed', 'engine.unattributed']
    const gaps = where.map(() => new Float64Array(frame.n).fill(NaN))
    for (let i = 0; i < frame.n; i++) {
      const t = frame.ttftUserUs[i] as number
      if (t !== t || (frame.hasEngine[i] !== 1 && frame.hasGateway[i] !== 1)) {
        continue
      }
      let covered = 0
      for (const s of TTFT_STAGES) {
        const v = frame.stages[s][i] as number
        covered += v === v && v > 0 ? v : 0
      }
      const k = frame.ttftFromClient[i] === 1 ? 0 : frame.hasGateway[i] === 1 ? 1 : 2
      ;(gaps[k] as Float64Array)[i] = Math.max(0, t - covered)
    }
    gaps.forEach((g) => {
      const m = medianOf(g)
      if (m > medianUs) {
        medianUs = m
      }
    })
  }
  return medianUs / ttftMedian
}
