/**
 * The vocabulary a cause record's excess signature is written in (ADR 0144): what share of an
 * excess fact the cause's mechanism explains, by the fact's carrier (where and how the excess is
 * carried: detect/excess-carrier.ts). A weight of 1 means the mechanism predicts exactly this
 * carrier; a lower weight is a mechanism that can show this way but is not the first reading of
 * it; a carrier absent from a signature is one the cause does not explain.
 *
 * Each record holds its own signature (`excess`, the excess side of its `predicts`, in numbers);
 * only the readings several records share live here.
 */
import { scopeCarries, type AnomalyFacts, type Carrier } from '../detect/excess-carrier.js'
import type { MeasureAnomaly } from '../detect/excess-scan.js'
import { LONG_OUTPUT_RATIO, LONG_PROMPT_RATIO, RATE_RISE } from '../thresholds.js'

export interface ExcessView {
  anomaly: MeasureAnomaly
  facts: AnomalyFacts
  carrier: Carrier
}

type ExcessWeight = number | ((x: ExcessView) => number)
export type ExcessSignature = Partial<Record<Carrier, ExcessWeight>>

/** How much of the excess `x` a signature explains (0..1). */
export function excessWeight(signature: ExcessSignature | undefined, x: ExcessView): number {
  const w = signature?.[x.carrier]
  if (w === undefined) {
    return 0
  }
  return typeof w === 'number' ? w : w(x)
}

/**
 * Decode time grew: longer outputs (`longOutputs` of it), else the scope that owns it (`scoped`,
 * when the excess's scope carries it), else the engine itself (`everywhere`).
 */
export function decodeWeight(o: {
  longOutputs?: number
  everywhere?: number
  scoped?: (x: ExcessView) => number
}): (x: ExcessView) => number {
  return (x) => {
    if (x.facts.outputRatio >= LONG_OUTPUT_RATIO) {
      return o.longOutputs ?? 0
    }
    return scopeCarries(x.anomaly, x.facts) ? (o.scoped?.(x) ?? 0) : (o.everywhere ?? 0)
  }
}

/**
 * The scope-owning causes read a scoped carrier the same way: `rate` says whether the slower
 * work's scope is one this cause owns (a version, a young replica, a tenant with a burst…).
 */
export function scopedSignature(rate: (x: ExcessView) => number): ExcessSignature {
  return {
    'gaps-from-tokens': rate,
    'young-backend': rate,
    'scope-rate': rate,
    'engine-gaps': (x) => (x.facts.outputRatio >= LONG_OUTPUT_RATIO ? 0 : rate(x)),
    decode: decodeWeight({ scoped: rate }),
  }
}

/**
 * More work arrived everywhere: which kind of work. `drift`: more requests came, but along their
 * trend rather than at once (no jump at the window's start): the latency followed the load's level,
 * which is no change to stand on (ADR 0292).
 */
export function workloadKind(x: ExcessView): 'outputs' | 'prompts' | 'rate' | 'drift' | 'unclear' {
  const f = x.facts
  if (f.outputRatio >= LONG_OUTPUT_RATIO && f.promptRatio < LONG_PROMPT_RATIO) {
    return 'outputs'
  }
  if (f.promptRatio >= LONG_PROMPT_RATIO) {
    return 'prompts'
  }
  if (f.rateRatio !== null && f.rateRatio >= RATE_RISE) {
    return 'rate'
  }
  // A rate the data cannot compare (no step of it outside the window) is neither.
  return f.rateLevel !== null && f.rateLevel >= RATE_RISE ? 'drift' : 'unclear'
}

/**
 * More requests opened a fresh connection, or the same work got slower (no workload shift): the
 * test the three handshake readings (TLS, distance, connection limit) all turn on. A rise the data
 * cannot give (no connection-reuse flag on either side) shows no more handshakes; the work's
 * reading still stands. A split with an unknown part (ADR 0393) shows no slower work.
 */
export function moreHandshakes(x: ExcessView): boolean {
  const rise = x.facts.freshRise
  return (rise !== null && rise > 0.1) || x.anomaly.parts.kind === 'rate'
}
