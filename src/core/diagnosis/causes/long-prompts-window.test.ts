/**
 * A long-prompt influx named on the TTFT P99's change window takes its window from the long
 * prompts' share, not from that change: the queue the long prompts left drains after they stop,
 * and the P99 (and the latency spans that re-vote it) run on through the drain (contract seed 37
 * `engine.long_prompts#1`: the window ended 103 s after the influx).
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'

const MIN_US = 60_000_000
const MINUTES = 40
const PER_MINUTE = 120
const FROM_MIN = 14
const TO_MIN = 24
/** Minutes the queue takes to drain after the influx. */
const DRAIN_MIN = 5

/**
 * ```
 * long prompts' share   ▁▁▁▁▁▁▇▇▇▇▇▇▁▁▁▁▁▁▁
 * queue wait            ▁▁▁▁▁▁▂▃▄▅▆█▆▄▂▁▁▁▁
 *                             14    24   29 min
 * ```
 */
function influxWithDrain(): RequestTimeline[] {
  const rng = createTestRng(37)
  const out: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    const influx = m >= FROM_MIN && m < TO_MIN
    for (let k = 0; k < PER_MINUTE; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / PER_MINUTE) * MIN_US)
      const minute = (startUs - T0_US) / MIN_US
      const noise = 0.8 + 0.4 * rng()
      const inputTokens = influx && rng() < 0.35 ? 6000 : Math.round(400 + 1200 * rng())
      const queueS =
        minute < FROM_MIN
          ? 0
          : minute < TO_MIN
            ? 0.3 * (minute - FROM_MIN)
            : Math.max(0, 3 * (1 - (minute - TO_MIN) / DRAIN_MIN))
      out.push(
        makeTimeline({
          startUs,
          dims: { replica: `r${k % 4}`, node: `n${k % 2}` },
          stagesMs: {
            'engine.queue': 2 * noise + queueS * 1000 * noise,
            'engine.prefill': (10 + 0.1 * inputTokens) * noise,
            'engine.decode': 150 * 12 * noise,
          },
          tpotMs: 12 * noise,
          inputTokens,
          outputTokens: 150,
        })
      )
    }
  }
  return out
}

describe('engine.long_prompts: the window is the long prompts’ share', () => {
  it('ends with the influx, not with the queue it left', () => {
    const { diagnosis } = diagnose(minutesInput(influxWithDrain(), MINUTES))
    const f = diagnosis.findings[0]!
    expect(f.cause).toBe('engine.long_prompts')
    const startUs = microsFromIso(f.window!.start)!
    const endUs = microsFromIso(f.window!.end)!
    expect(Math.abs(startUs - (T0_US + FROM_MIN * MIN_US))).toBeLessThanOrEqual(MIN_US)
    expect(Math.abs(endUs - (T0_US + TO_MIN * MIN_US))).toBeLessThanOrEqual(MIN_US)
  })
})
