/** What the assembly had to correct, and the one helper that clamps and records it. */
import type { StageName } from '../model/request.js'
import { asMicros, type Micros } from '../model/units.js'

/** Something the assembly had to correct because of clock skew or inconsistent data. */
export type AssemblyNote =
  | {
      code: 'negative_clamped'
      /** The stage that came out negative and was set to 0. */
      field: StageName
      /** The raw (negative) value, µs. */
      rawUs: Micros
    }
  | {
      code: 'clock_skew_adjusted'
      /** The span whose host clock was shifted onto its caller's clock. */
      spanId: string
      /** The shift applied, µs. */
      shiftUs: Micros
    }

/** Clamps a derived duration at 0, noting the clamp; `null` stays `null`. */
export function nonNegative(
  notes: AssemblyNote[],
  field: StageName,
  us: number | null
): Micros | null {
  if (us === null) {
    return null
  }
  if (us < 0) {
    notes.push({ code: 'negative_clamped', field, rawUs: asMicros(us) })
    return asMicros(0)
  }
  return asMicros(us)
}

/** Sum of the stages that are present (`null` counts 0). */
export function sumPresent(values: readonly (number | null)[]): number {
  let sum = 0
  for (const v of values) {
    sum += v ?? 0
  }
  return sum
}

/** Duration of a span, µs. */
export function durationOf(s: { startUs: number; endUs: number }): number {
  return s.endUs - s.startUs
}
