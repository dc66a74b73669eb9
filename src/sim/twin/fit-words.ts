/**
 * What a refused fit says the data lacks, in an SRE's words (ADR 0467).
 *
 * The step law is fitted by least squares against what the spans hold about each step: the
 * batch, its KV tokens, the prompt tokens. Where a replica's steps also vary with something the
 * telemetry does not record (other work on the host or GPU, CPU throttling, an engine stalling
 * on its own garbage collection), the law can only replay the mean step at each batch: every
 * replayed request runs at the mean pace, so the window's middle comes out slow and its tail
 * fast. That pattern, P50 over and P99 under on the same measure, together with how little of
 * the spread the law explains, is the evidence the refusal gives; a tolerance does not enter
 * into it.
 */
import type { TwinModel } from './fit.js'
import type { Estimate, TwinMeasure } from './predict.js'

/** One measure's replayed window beside the observed one (ms). */
export interface ReplayRow {
  observed: number | null
  replayed: Estimate
  /** (replayed − observed) / observed; `null` when either is missing. */
  error: number | null
  ok: boolean
}

type Replay = Record<TwinMeasure, { p50: ReplayRow; p99: ReplayRow }>

const pct = (v: number): string => `${Math.round(Math.max(0, v) * 100)} %`

/** The replayed spread collapsed on `m`: its P50 above the window's and its P99 below. */
function collapsed(r: { p50: ReplayRow; p99: ReplayRow }): boolean {
  return (
    (!r.p50.ok || !r.p99.ok) &&
    r.p50.error !== null &&
    r.p99.error !== null &&
    r.p50.error > 0 &&
    r.p99.error < 0
  )
}

function spread(r: { p50: ReplayRow; p99: ReplayRow }, side: 'observed' | 'replayed'): string {
  const p50 = side === 'observed' ? r.p50.observed : r.p50.replayed.value
  const p99 = side === 'observed' ? r.p99.observed : r.p99.replayed.value
  return p50 !== null && p99 !== null && p50 > 0 ? `${(p99 / p50).toFixed(1)}×` : '–'
}

/**
 * A reason to add to a refusal whose replay pulled TPOT's or TTFT's P50 and P99 together, or
 * `null` when no measure shows that.
 */
export function unexplainedPaceReason(replay: Replay, model: TwinModel): string | null {
  const measures = (['tpot', 'ttft'] as const).filter((m) => collapsed(replay[m]))
  if (measures.length === 0) {
    return null
  }
  const r2 = (part: 'decode' | 'prefill'): string =>
    model.replicas.map((r) => `${pct(r.r2[part])} on ${r.name}`).join(', ')
  const spreads = measures
    .map(
      (m) =>
        `${m.toUpperCase()} P99 is ${spread(replay[m], 'observed')} its P50 in the window, ${spread(replay[m], 'replayed')} in the replay`
    )
    .join('; ')
  return (
    `the engines' step time does not follow what the telemetry says they ran: the step law (batch, KV tokens, prompt tokens) explains ${r2('decode')} of how the requests' decode pace varies and ${r2('prefill')} of how their prompt time varies. ` +
    `${spreads[0]!.toUpperCase()}${spreads.slice(1)}. ` +
    `The rest moves with something the data does not hold (other work on the host or GPU, CPU throttling, stalls inside the engine), so the twin replays the mean step: its P50 comes out high and its P99 low, a prediction would be wrong the same way, and a change of load would change that unseen contention too.`
  )
}
