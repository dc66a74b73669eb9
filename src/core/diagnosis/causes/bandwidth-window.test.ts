/**
 * Memory bandwidth's window is the span of its median TPOT per step, the slowed decode itself,
 * which carries no backlog. The TPOT P99 change often has the same steps, and the consensus took
 * that for a P99 window and re-voted it with TTFT spans that carry the queue the slower tokens
 * left (ADR 0278).
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
import { buildContext } from '../frame/context.js'
import type { DiagnosisInput } from '../frame/input.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { engineMemoryBandwidthCause } from './engine-memory-bandwidth.js'

const MIN_US = 60_000_000
const MINUTES = 40
const PER_MINUTE = 120
const FROM = 10
const TO = 20

/**
 * 120 requests a minute over four replicas; from minute 10 to 20 twice as many, and every token
 * 1.8× as slow while the batch is that large. The queue the slower decode leaves drains over the
 * next ten minutes.
 */
function requests(): RequestTimeline[] {
  const rng = createTestRng(2780)
  const out: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    const busy = m >= FROM && m < TO
    const perMinute = busy ? 2 * PER_MINUTE : PER_MINUTE
    for (let k = 0; k < perMinute; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / perMinute) * MIN_US)
      const t = (startUs - T0_US) / MIN_US
      const noise = 0.9 + 0.2 * rng()
      const tpotMs = 10 * noise * (busy ? 1.8 : 1)
      const queueMs = t < FROM ? 10 : t < TO ? 2000 : 10 + Math.max(0, 2000 * (1 - (t - TO) / 10))
      out.push(
        makeTimeline({
          startUs,
          dims: { replica: `r${k % 4}`, node: `n${k % 2}` },
          stagesMs: {
            'engine.queue': queueMs * noise,
            'engine.prefill': 40 * noise,
            'engine.decode': 150 * tpotMs,
          },
          tpotMs,
          inputTokens: 500,
          outputTokens: 150,
        })
      )
    }
  }
  return out
}

function input(): DiagnosisInput {
  return minutesInput(requests(), MINUTES)
}

describe('a memory-bandwidth slowdown’s window is its median TPOT’s span', () => {
  it('is the cause’s own window, within a minute of the slower decode at both ends', () => {
    const r = engineMemoryBandwidthCause.evaluate(buildContext(input()))
    expect(r !== null && 'ownWindow' in r ? r.ownWindow : false).toBe(true)
    const w = r !== null && 'window' in r ? r.window : null
    expect(w).not.toBeNull()
    expect(Math.abs(microsFromIso(w!.start)! - (T0_US + FROM * MIN_US))).toBeLessThanOrEqual(MIN_US)
    expect(Math.abs(microsFromIso(w!.end)! - (T0_US + TO * MIN_US))).toBeLessThanOrEqual(MIN_US)
  })
})
