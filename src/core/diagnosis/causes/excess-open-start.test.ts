/**
 * An excess that opens with the data lends no strength to a window the data holds a start of (ADR
 * 0336). Grid run 227-95 with nothing injected (long outputs, the first 5 minutes cut): its last
 * five steps drew fewer long outputs (391–449 tokens per request against 560 over the run), the
 * engines held 1.25–1.38 waiting per replica there against about 2 before, and the TTFT P50 read
 * 68 ms "above what its workload predicts" from the data's first step to 09:27:30. That excess,
 * read against the data's last steps alone, carried `engine.queue_saturation` 0.73 under the TTFT
 * P99's window of 09:15–09:22, where the requests per step were 1.00× the rest.
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, findingOf, gridCase, withoutFaults } from '../testing/grid.js'

// Each case generates and diagnoses 6 000 requests: seconds on a busy machine.
const SLOW = 180_000

describe('an excess that opens with the data', () => {
  it(
    'carries no saturation into the P99 window of a run with nothing injected',
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(227, 95)))
      expect(findingOf(diagnosis, 'engine.queue_saturation')).toBeUndefined()
      expect(diagnosis.findings[0]?.cause).toBe('healthy')
    },
    SLOW
  )

  it(
    'still names a real saturation: grid 227-87, 1.5× the load over the last 75 % of the run',
    () => {
      const { diagnosis } = diagnoseGridCase(gridCase(227, 87))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.queue_saturation')
      expect(top.confidence).toBeGreaterThanOrEqual(0.8)
    },
    SLOW
  )
})
