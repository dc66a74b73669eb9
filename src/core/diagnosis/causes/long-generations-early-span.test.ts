/**
 * Long generations over the data's last 90 % (ADR 0376, grid seed 293 case 78: 1.5×, long
 * prompts, engine spans and metrics). The long outputs' share rose from the third minute, the
 * queue they fill reached the TTFT's change points only from the eighth: read against the steps
 * outside that later window, most of them already the fault's, the work per request rose 1.21×
 * and its output tokens 2.6 noise units. Before: `healthy` 0.50. Against: the same run without
 * the fault.
 */
import { describe, expect } from 'vitest'
import { gridCaseTests } from '../testing/grid-case-tests.js'

describe('long generations whose share rose before their queue showed', () => {
  gridCaseTests({
    seed: 293,
    k: 78,
    cause: 'engine.long_generations',
    named: 'for: grid 293-78 names long generations from the minute their share rose',
    notNamed: 'against: the same traffic without the fault names no long generations',
    also: (top) => expect(top.window?.start).toBe('2025-06-02T09:03:00.000Z'),
  })
})
