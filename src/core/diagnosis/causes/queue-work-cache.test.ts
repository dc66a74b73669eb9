/**
 * `engine.queue_saturation`'s token-work line says what it read (ADR 0327): with cached-token
 * counts on both sides of the window the work is uncached prompt + output tokens; a producer that
 * records none (a real vLLM's spans) leaves the work read as prompt + output, and the line must
 * not call it uncached.
 */
import { describe, expect, it } from 'vitest'
import { buildContext } from '../frame/context.js'
import { generateRun, inputOfRun } from '../testing/fault-gen.js'
import { engineQueueSaturationCause } from './engine-queue-saturation.js'

// Thousands of generated requests: seconds on a busy machine.
const SLOW = 120_000

function workLine(cachedOnRequests: boolean): string {
  const g = generateRun({
    seed: 3,
    minutes: 30,
    perMinute: 120,
    workload: 'chat',
    faults: [{ cause: 'engine.queue_saturation', magnitude: 1.5, windowShare: 0.4 }],
    cachedOnRequests,
  })
  const r = engineQueueSaturationCause.evaluate(buildContext(inputOfRun(g)))
  const evidence = r !== null && 'evidence' in r ? r.evidence : []
  return evidence.find((e) => e.metric === 'tokens_per_request')?.text ?? ''
}

describe('engine.queue_saturation: the token work line with unknown cached tokens (ADR 0327)', () => {
  it(
    'names the work it read: uncached with the counts, gross without them',
    () => {
      expect(workLine(true)).toMatch(
        /token work per request \d\.\d\d× .*\(uncached prompt \+ output tokens\)/
      )
      expect(workLine(false)).toMatch(
        /token work per request \d\.\d\d× .*\(prompt \+ output tokens; cached tokens not recorded on both sides\)/
      )
    },
    SLOW
  )
})
