/**
 * The two tests a grid case that a fix was made for carries (house style: for, and against on the
 * same traffic without the fault). Apart from grid.ts so that the benches that draw grid cases do
 * not load the test runner.
 */
import { expect, it } from 'vitest'
import type { Finding } from '../../model/diagnosis.js'
import { MIN_CONFIDENCE } from '../thresholds.js'
import { diagnoseGridCase, findingOf, gridCase, withoutFaults, type CaseScore } from './grid.js'

/** Each test generates and diagnoses about 7 000 requests: seconds, more on a busy machine. */
const SLOW = 120_000

interface GridCaseTestsSpec {
  /** Grid seed and case number, as the bench's `--detail` names it (`seed-k`). */
  seed: number
  k: number
  /** The injected cause the case must name first. */
  cause: string
  /** The scope it must name, when the case is about one. */
  scope?: Finding['scope']
  /** The "for" test's name ("for: grid 283-4 names node n2 …"). */
  named: string
  /** The "against" test's name ("against: the same traffic without the fault names no …"). */
  notNamed: string
  /** What the case is about beyond naming the cause (its window, its evidence). */
  also?: (top: Finding, score: CaseScore) => void
}

/**
 * For: the case's top finding is `cause` (on `scope` when given) at a confidence of at least 0.5,
 * the grid scores it right, and `also` holds. Against: the same traffic without the fault answers
 * `healthy` and gives `cause` less than {@link MIN_CONFIDENCE} (nothing when it is not listed).
 */
export function gridCaseTests(spec: GridCaseTestsSpec): void {
  it(
    spec.named,
    () => {
      const { diagnosis, score } = diagnoseGridCase(gridCase(spec.seed, spec.k))
      const top = diagnosis.findings[0]!
      expect(top).toMatchObject(
        spec.scope === undefined ? { cause: spec.cause } : { cause: spec.cause, scope: spec.scope }
      )
      expect(top.confidence).toBeGreaterThanOrEqual(0.5)
      expect(score.top1).toBe(true)
      spec.also?.(top, score)
    },
    SLOW
  )

  it(
    spec.notNamed,
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(spec.seed, spec.k)))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(findingOf(diagnosis, spec.cause)?.confidence ?? 0).toBeLessThan(MIN_CONFIDENCE)
    },
    SLOW
  )
}
