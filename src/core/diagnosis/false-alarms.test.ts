/**
 * The healthy and standing runs of grid seed 23 that were answered with a cause (issue 23), each
 * drawn as its grid case and diagnosed whole; each must stay `healthy` (ADRs 0213, 0199, 0214).
 * A false alarm found later is added here marked `it.fails`, stating the right answer, until it
 * is fixed.
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

  it(
    "a healthy long-output run whose first three minutes drew 1.17× the output tokens is healthy: a draw within the lengths' own spread, at the data's start",
    () => {
      // Answered engine.long_generations 0.55 on a window opening at the data's first step; set
      // aside for that (ADR 0199), and since ADR 0227 not proposed at all: the draw is within the
      // output lengths' own step-to-step spread.
      const { diagnosis } = diagnoseGridCase(gridCase('23-18'))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(diagnosis.findings.map((f) => f.cause)).not.toContain('engine.long_generations')
    },
    SLOW
  )

  it(
    "a replica with a smaller batch, quiet in the data's last minutes, is listed as standing and the run is healthy",
    () => {
      // Its end edge was 1.76× slower against 1.79× asked of it, in minutes it was 18.8×, 1.2×
      // and 0.9× slower: within its own spread. Answered engine.queue_saturation 0.53.
      const { diagnosis, score } = diagnoseGridCase(gridCase('23-71'))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(score.standingListed).toBe(true)
    },
    SLOW
  )
})
