import { describe, expect, it } from 'vitest'
import { createMockEngine } from './engine.js'
import { createVirtualClock } from './testing/virtual-clock.js'

const MODEL = {
  maxBatch: 24,
  prefillMsPerToken: 0.1,
  decodeStepBaseMs: 10,
  decodeStepPerSeqMs: 0.5,
  kvCapacityTokens: 200_000,
}

function runOne(lateMs: (k: number) => number) {
  const { clock, drain } = createVirtualClock(0, lateMs)
  const engine = createMockEngine({ model: MODEL, clock })
  let finishedAt = NaN
  engine.submit({
    inputTokens: 100,
    outputTokens: 60,
    onToken: () => undefined,
    onFinish: (t) => (finishedAt = t.finishedAtMs),
  })
  drain()
  return { steps: engine.stats().steps, finishedAt }
}

describe('mock engine steps on a late clock', () => {
  it('makes up what a late timer took from the next step, so the steps keep the model’s time', () => {
    // Every timer fires 2 ms late. Planned: 60 steps of 10.5 ms, the first also 10 ms of prompt.
    const { steps, finishedAt } = runOne(() => 2)
    expect(steps.count).toBe(60)
    expect(steps.plannedMs).toBeCloseTo(60 * 10.5 + 10, 6)
    // Without the carry each step ran 2 ms long: 120 ms over the plan. Left now: the last
    // step's lateness, which no later step repays.
    expect(steps.takenMs - steps.plannedMs).toBeGreaterThanOrEqual(0)
    expect(steps.takenMs - steps.plannedMs).toBeLessThanOrEqual(2 + 1e-9)
    expect(finishedAt).toBeCloseTo(steps.takenMs, 6)
  })

  it('does not make up a stall longer than one base step with a burst of empty steps', () => {
    // The tenth timer fires 100 ms late; the rest on time.
    const { steps } = runOne((k) => (k === 9 ? 100 : 0))
    // At most one base step (10 ms) of the stall is repaid; the rest stays the host's.
    expect(steps.takenMs - steps.plannedMs).toBeGreaterThanOrEqual(90 - 1e-9)
    expect(steps.takenMs - steps.plannedMs).toBeLessThanOrEqual(90 + 1)
  })
})
