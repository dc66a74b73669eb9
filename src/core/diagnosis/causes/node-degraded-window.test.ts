/**
 * A degraded node's window is when it worked slower per token, not its latency's span: its queue
 * builds while it is slow and drains for minutes after, and the latency excess ended inside
 * that drain (contract seed 29 `node.degraded#1`: 136 s after the fault).
 */
import { describe, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { createTestRng, makeTimeline, T0_US } from '../testing/make-timeline.js'
import { expectNodeWindow } from '../testing/node-window.js'

const MIN_US = 60_000_000
const MINUTES = 40
const FROM_MIN = 12
const TO_MIN = 22
/** Minutes the node's queue takes to drain after the fault. */
const DRAIN_MIN = 8

/**
 * ```
 * n2 time per token   1 1 1 3 3 3 3 3 3 1 1 1 1 1 1
 * n2 queue wait       0 0 0 ▂ ▃ ▄ ▅ ▆ █ ▇ ▆ ▅ ▃ ▂ 0
 *                           12        22     30 min
 * ```
 */
function slowNodeWithDrain(): RequestTimeline[] {
  const rng = createTestRng(5)
  const out: RequestTimeline[] = []
  const perMinute = 180
  for (let m = 0; m < MINUTES; m++) {
    for (let k = 0; k < perMinute; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / perMinute) * MIN_US)
      const replica = `r${k % 6}`
      const node = `n${(k % 6) >> 1}`
      const minute = (startUs - T0_US) / MIN_US
      const faulty = node === 'n2' && minute >= FROM_MIN && minute < TO_MIN
      const slow = faulty ? 3 : 1
      const queueS =
        node !== 'n2' || minute < FROM_MIN
          ? 0
          : minute < TO_MIN
            ? 0.4 * (minute - FROM_MIN)
            : Math.max(0, 4 * (1 - (minute - TO_MIN) / DRAIN_MIN))
      const noise = (): number => 0.8 + 0.4 * rng()
      out.push(
        makeTimeline({
          startUs,
          dims: { replica, node },
          stagesMs: {
            'engine.queue': 5 * noise() + queueS * 1000 * noise(),
            'engine.prefill': 80 * noise() * slow,
            'engine.decode': 2000 * noise() * slow,
          },
          tpotMs: 10 * noise() * slow,
        })
      )
    }
  }
  return out
}

describe('node.degraded: the window is when the node worked slower', () => {
  it('ends with its slower tokens, not inside its queue’s drain', () => {
    expectNodeWindow(slowNodeWithDrain(), MINUTES, { node: 'n2', fromMin: FROM_MIN, toMin: TO_MIN })
  })
})
