import type { ConcentrationRow } from '../../concentration/find-concentration.js'
import type { Diagnosis } from '../../model/diagnosis.js'
import { roundFinite } from './text.js'

/** A concentration row in the CONTRACT §5 shape (shares 0..1, three decimals). */
export function concentrationJson(r: ConcentrationRow): Diagnosis['concentration'][number] {
  return {
    dimension: r.dimension,
    value: r.value,
    slow_share: roundFinite(r.slowShare),
    baseline_share: roundFinite(r.baselineShare),
    lift: roundFinite(r.lift),
  }
}
