/**
 * Time no span covers, as a share of a typical TTFT: what the diagnosis could not look into. It
 * caps how sure "healthy" may be, and when it is most of the first token's time it is a fact of
 * its own (where it sits: before the server, in the gateway, in the engine), whether or not it
 * changed: an accept queue that holds every request 300 ms is named even when it always did.
 * A change in it is also an excess fact (the scan reads the `*.unattributed` stages).
 */
import type { Evidence } from '../../model/diagnosis.js'
import { STAGE_NAMES, type StageName } from '../../model/request.js'
import { ramp } from '../../stats/significance.js'
import { fmtUs, pct, round } from '../explain/text.js'
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
export interface UncoveredFact {
  /** Where the uncovered time sits. */
  where: 'client' | 'gateway' | 'engine'
  /** Share of a typical TTFT (0..1). */
  share: number
  /** How clearly it is most of the first token's time, 0..1 (0: not a fact). */
  strength: number
  evidence: Evidence[]
}

const WHERE_TEXT: Record<UncoveredFact['where'], string> = {
  client: 'before the server sees the request (network, accept queue or client)',
  gateway: "inside the gateway, outside its recorded steps: the gateway's own wait",
  engine: 'inside the engine, outside queue, prefill and decode',
}

export function uncoveredTime(ctx: DiagnosisContext): UncoveredFact {
  const frame = ctx.frame
  const ttftMedian = medianOf(frame.ttftUserUs)
  if (!(ttftMedian > 0)) {
    return { where: 'engine', share: 0, strength: 0, evidence: [] }
  }
  // The uncovered time is read on the requests the typical TTFT is read on: over all of them, a
  // window where few requests carry a TTFT set one request's 151 ms against the others' 900 ms
  // of engine time no span explains, a share of 596 %.
  const timed = Uint8Array.from(frame.ttftUserUs, (t) => (t === t ? 1 : 0))
  let stage = 'unattributed'
  let medianUs = 0
  for (const s of STAGE_NAMES) {
    if (s.endsWith('.unattributed')) {
      const m = medianOf(frame.stages[s as StageName], timed)
      if (m > medianUs) {
        medianUs = m
        stage = s
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
    gaps.forEach((g, k) => {
      const m = medianOf(g)
      if (m > medianUs) {
        medianUs = m
        stage = where[k] as string
      }
    })
  }
  const share = medianUs / ttftMedian
  // A quarter of the first token's time is where uncovered time starts to hide a cause; past
  // 60 % it is most of it. Under 30 ms it is too little to act on, whatever its share.
  const strength = ramp(share, 0.25, 0.6) * ramp(medianUs, 30_000, 150_000)
  const at = stage.startsWith('client.')
    ? 'client'
    : stage.startsWith('gateway.')
      ? 'gateway'
      : 'engine'
  return {
    where: at,
    share,
    strength,
    evidence: [
      {
        stage,
        observed: round(medianUs / 1000),
        baseline: round(ttftMedian / 1000),
        text: `${fmtUs(medianUs)} of a typical ${fmtUs(ttftMedian)} TTFT (${pct(share)}) happens ${WHERE_TEXT[at]}; no span explains it`,
      },
    ],
  }
}
