/**
 * A buffering proxy adds stalls (gaps above 5× TPOT and above 100 ms) to the streams it holds: a
 * proxy finding whose streams stalled no more than the others names a longer largest gap, not a
 * buffer, and loses its confidence (ADR 0545).
 */
import { describe, expect, it } from 'vitest'
import type { Finding } from '../../model/diagnosis.js'
import { asMicros, isoFromMicros } from '../../model/units.js'
import { buildContext } from '../frame/context.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { causeRecord } from './index.js'

/**
 * 120 client streams a minute for 20 minutes over replicas r0–r3, TPOT 8 ms and a largest gap of
 * 10 ms; one stream in 25 stalls (a 150 ms gap) everywhere. From minute 10 r1's streams have a
 * largest gap of `r1.gapMs` and stall one in `r1.stallEvery`.
 */
function ctxOf(r1: { gapMs: number; stallEvery: number }) {
  const rng = createTestRng(545)
  const requests = []
  for (let m = 0; m < 20; m++) {
    for (let k = 0; k < 120; k++) {
      const noise = 0.9 + 0.2 * rng()
      const replica = `r${k % 4}`
      const late = m >= 10 && replica === 'r1'
      const every = late ? r1.stallEvery : 25
      const stalls = Math.floor(k / 4) % every === 0
      const gapMs = stalls ? 150 : (late ? r1.gapMs : 10) * noise
      requests.push(
        makeTimeline({
          startUs: T0_US + m * 60_000_000 + k * 500_000,
          dims: { replica },
          stagesMs: { 'engine.queue': 5, 'engine.prefill': 30, 'engine.decode': 1600 * noise },
          tpotMs: 8 * noise,
          itlMaxMs: gapMs,
          hasClient: true,
          outputTokens: 200,
        })
      )
    }
  }
  return buildContext(minutesInput(requests, 20))
}

const at = (minute: number): string => isoFromMicros(asMicros(T0_US + minute * 60_000_000))
const onR1: Finding = {
  cause: 'proxy.stream_buffering',
  confidence: 0.93,
  scope: { dimension: 'replica', value: 'r1' },
  window: { start: at(10), end: at(20) },
  evidence: [],
  actions: [],
}

describe('a proxy finding whose streams stalled no more than the others (ADR 0545)', () => {
  const counter = causeRecord('proxy.stream_buffering')!.counter!

  it('against: r1 streams had a 4.6 ms longer largest gap and stalled as often as the rest', () => {
    const c = counter(ctxOf({ gapMs: 14.6, stallEvery: 25 }), onR1, 'itl_max')
    expect(c?.factor).toBe(0)
    expect(c?.evidence.text).toMatch(
      /^against: 7% of the 300 client streams here stalled .* against 7% of the others/
    )
  })

  it('for: r1 streams stalled one in two while the rest stalled two in 30', () => {
    expect(counter(ctxOf({ gapMs: 14.6, stallEvery: 2 }), onR1, 'itl_max')).toBeNull()
  })

  it('a finding over every stream has no others to compare with: no counter', () => {
    const everywhere = { ...onR1, scope: { dimension: null, value: null }, window: null }
    expect(counter(ctxOf({ gapMs: 14.6, stallEvery: 25 }), everywhere, 'itl_max')).toBeNull()
  })
})
