/**
 * The healthy and standing runs of grid seed 23 that were answered with a cause (issue 23), each
 * drawn as its grid case and diagnosed whole. The one ADR 0213 removed must stay `healthy`; the
 * two still open state the right answer and are marked `fails`, so that fixing one fails its test until it
 * moves among the checked cases.
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, gridCases } from './testing/grid.js'

// Specs only: the draw is cheap, generating and diagnosing a case is not.
const seed23 = gridCases(23, 120, 30, 240)
const gridCase = (id: string) => {
  const c = seed23.find((x) => x.id === id)
  if (!c) {
    throw new Error(`no grid case ${id}`)
  }
  return c
}

// Each case generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('false alarms on healthy and standing runs', () => {
  it(
    "does not call a node degraded when its slow requests work per token like the other replicas' slow requests",
    () => {
      // Healthy, long prompts: the last minute's queue spike lands mostly on node n1's replicas.
      const { diagnosis, score } = diagnoseGridCase(gridCase('23-86'))
      expect(score.healthyError).toBe(false)
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(
        diagnosis.findings.find((f) => f.cause === 'node.degraded')?.confidence ?? 0
      ).toBeLessThan(0.5)
    },
    SLOW
  )
})

// Known false alarms (ADR 0213, docs/diagnosis.md): each states the right answer and is marked
// `fails` while the diagnosis still gets it wrong, so fixing one turns its test red until the
// marker is removed and it joins the checked cases above.
describe('known false alarms, open', () => {
  it.fails(
    'a healthy long-output run whose first three minutes drew 1.17× the output tokens is healthy (answered engine.long_generations)',
    () => {
      const { diagnosis } = diagnoseGridCase(gridCase('23-18'))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
    },
    SLOW
  )

  it.fails(
    "a standing small-batch replica missed at the data's end edge is listed as standing, the run healthy (answered engine.queue_saturation)",
    () => {
      const { diagnosis } = diagnoseGridCase(gridCase('23-71'))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
    },
    SLOW
  )
})
