/**
 * A prefix-cache fall weighed by its cost to the typical request (ADR 0285): the miss rate rises
 * 0.58 → 0.72 (1.24× the prompt tokens computed again) and every request's prefill grows with
 * it, while a heavy-tailed queue (one request in twenty caught in a burst of seconds) holds the
 * mean TTFT within 2 %. The means gave the fall no support; the prefill's median per step does.
 * Against: the same fall with a prefill that did not grow (the uncached tokens cost nothing the
 * requests waited for) is no cause.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { diagnose } from '../diagnose.js'
import type { DiagnosisInput } from '../frame/input.js'
import {
  createTestRng,
  makeTimeline,
  minutesInput,
  prefixCounterSeries,
  T0_US,
} from '../testing/make-timeline.js'

const MIN_US = 60_000_000
const MINUTES = 30
const PER_MINUTE = 240
const PODS = ['r0', 'r1', 'r2', 'r3']
const FROM = 22
const PROMPT = 1000

const hitRateAt = (minute: number): number => (minute >= FROM ? 0.28 : 0.42)

function input(prefillGrows: boolean): DiagnosisInput {
  const rng = createTestRng(285)
  const exp = (): number => -Math.log(1 - rng())
  const requests: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    for (let k = 0; k < PER_MINUTE; k++) {
      const noise = 0.85 + 0.3 * rng()
      const uncached = PROMPT * (1 - (prefillGrows ? hitRateAt(m) : 0.42))
      const burst = rng() < 0.05 ? 5000 * exp() : 0
      requests.push(
        makeTimeline({
          startUs: T0_US + m * MIN_US + Math.floor((k / PER_MINUTE) * MIN_US),
          dims: { replica: PODS[k % PODS.length] as string },
          stagesMs: {
            'engine.queue': 150 * exp() + burst,
            'engine.prefill': (2 + 0.1 * uncached) * noise,
            'engine.decode': 2000 * noise,
          },
          tpotMs: 13 * noise,
          inputTokens: PROMPT,
          outputTokens: 150,
        })
      )
    }
  }
  const resources = prefixCounterSeries(PODS, {
    minutes: MINUTES,
    perMinute: PER_MINUTE,
    prompt: PROMPT,
    hitRateAt: hitRateAt,
    rng,
  })
  return minutesInput(requests, MINUTES, resources)
}

describe("a prefix-cache fall weighed by the typical request's prefill", () => {
  it('for: the prefill median per step rose with the uncached tokens while the queue tail held the mean: named', () => {
    const f = diagnose(input(true)).diagnosis.findings[0]!
    expect(f.cause).toBe('engine.prefix_cache_miss')
    expect(f.evidence.map((e) => e.text).join('\n')).toMatch(/engine\.prefill P50 per step/)
  })

  it('against: the same fall with a prefill that did not grow is no cause', () => {
    const { diagnosis } = diagnose(input(false))
    expect(diagnosis.findings.map((f) => f.cause)).not.toContain('engine.prefix_cache_miss')
  })
})
