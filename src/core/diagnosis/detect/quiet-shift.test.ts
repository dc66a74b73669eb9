/**
 * A quiet series' shift ends at the step the fault covered most of. The step the fault left part
 * way through reads between the two levels; segmentation joins it to the calm steps after it, and
 * their joint mean still clears the rise a span needs (ADR 0339).
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { buildContext } from '../frame/context.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { quietShift } from './quiet-shift.js'

const MINUTES = 40
const PER_MINUTE = 120

/**
 * A dependency's call per minute (ms): 33 and 36 in turn, 76 from minute 10, 51 in minute 24
 * (the fault left 29 s into it), then 34 and 36.5 (within its calm minutes' spread) and calm.
 */
function levelMs(m: number): number {
  if (m >= 10 && m < 24) {
    return 76
  }
  if (m === 24) {
    return 51
  }
  if (m === 25) {
    return 34
  }
  if (m === 26) {
    return 36.5
  }
  return m % 2 === 0 ? 33 : 36
}

function requests(): RequestTimeline[] {
  const rng = createTestRng(3391)
  const out: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    for (let k = 0; k < PER_MINUTE; k++) {
      const noise = 0.97 + 0.06 * rng()
      out.push(
        makeTimeline({
          startUs: T0_US + m * 60_000_000 + Math.floor((k / PER_MINUTE) * 60_000_000),
          dims: { replica: `r${k % 4}` },
          stagesMs: {
            downstream: levelMs(m) * noise,
            'engine.queue': 5,
            'engine.prefill': 60 * noise,
          },
        })
      )
    }
  }
  return out
}

describe('a quiet series’ shift', () => {
  it('ends at the last step nearer its level than its baseline, not at the step the fault left early', () => {
    const ctx = buildContext(minutesInput(requests(), MINUTES))
    const shift = quietShift(ctx, ctx.frame.stages['downstream'])
    expect(shift).not.toBeNull()
    expect(shift!.start).toBe(10)
    expect(shift!.end).toBe(23)
  })
})
