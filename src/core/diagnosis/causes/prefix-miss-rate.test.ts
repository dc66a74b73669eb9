/**
 * A prefix-cache fall weighed by the work it adds (ADR 0282): from a hit rate of 0.78 to 0.62 the
 * engines compute 1.7× the prompt tokens again, though the hit rate fell only 20 %. The hit rate's
 * relative fall gave it 2 % support; the miss rate's rise, past the counters' own per-step swing,
 * names it.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
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
const MINUTES = 40
const PER_MINUTE = 120
const PODS = ['r0', 'r1', 'r2', 'r3']
const FROM = 13
const TO = 25
const PROMPT = 1000

const hitRateAt = (minute: number, low: number): number =>
  minute >= FROM && minute < TO ? low : 0.78

/**
 * 120 requests a minute of 1 000 prompt tokens, prefill 0.1 ms per token computed (not cached).
 * The spans carry no cached-token count: only vLLM's prefix-cache counters, scraped each minute,
 * show the hit rate, 0.78 outside minutes 13–25 and `low` inside.
 */
function input(low: number): DiagnosisInput {
  const rng = createTestRng(282)
  const requests: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    for (let k = 0; k < PER_MINUTE; k++) {
      const noise = 0.85 + 0.3 * rng()
      const uncached = PROMPT * (1 - hitRateAt(m, low))
      requests.push(
        makeTimeline({
          startUs: T0_US + m * MIN_US + Math.floor((k / PER_MINUTE) * MIN_US),
          dims: { replica: PODS[k % PODS.length] as string, node: `n${k % 2}` },
          stagesMs: {
            'engine.queue': 3 * noise,
            'engine.prefill': (8 + 0.1 * uncached) * noise,
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
    hitRateAt: (m) => hitRateAt(m, low),
    rng,
  })
  return minutesInput(requests, MINUTES, resources)
}

describe('a prefix-cache fall is weighed by the prompt tokens it makes the engines compute again', () => {
  it('for: 0.78 → 0.62 is 1.7× the prefill work, named with the fall’s span', () => {
    const { diagnosis } = diagnose(input(0.62))
    const f = diagnosis.findings[0]!
    expect(f.cause).toBe('engine.prefix_cache_miss')
    expect(f.evidence.map((e) => e.text).join('\n')).toMatch(
      /fell from 0\.78 to 0\.62 at [^:]+:[^:]+:[^:]+: 1\.7× the prompt tokens computed again/
    )
    expect(Math.abs(microsFromIso(f.window!.start)! - (T0_US + FROM * MIN_US))).toBeLessThanOrEqual(
      MIN_US
    )
    expect(Math.abs(microsFromIso(f.window!.end)! - (T0_US + TO * MIN_US))).toBeLessThanOrEqual(
      MIN_US
    )
  })

  it('against: a fall inside the counters’ own swing is not a fall', () => {
    const { diagnosis } = diagnose(input(0.776))
    expect(diagnosis.findings.map((f) => f.cause)).not.toContain('engine.prefix_cache_miss')
  })
})
