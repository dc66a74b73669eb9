/**
 * Queue saturation's window is the span where the demand rose (the Poisson scan of ADR 0243), not
 * the latency's: the backlog the extra requests leave drains for minutes after the demand falls
 * back, and the latency consensus re-voted the P99's window to that drain (ADR 0278).
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { buildContext } from '../frame/context.js'
import type { DiagnosisInput } from '../frame/input.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { engineQueueSaturationCause } from './engine-queue-saturation.js'

const MIN_US = 60_000_000
const MINUTES = 40
const PER_MINUTE = 120
const FROM = 10
const TO = 20
/** Minutes the engines' queues take to drain once the demand is back. */
const DRAIN = 10

/**
 * 120 requests a minute over four replicas; from minute 10 to 20 three times as many. The engine
 * queue on every replica grows to 6 s while they come and drains over the next ten minutes: the
 * drain holds as much queued time as the demand span, so read against the rest of the window the
 * span's queue rose only 3× (ADR 0278).
 */
function requests(): RequestTimeline[] {
  const rng = createTestRng(278)
  const out: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    const perMinute = m >= FROM && m < TO ? 3 * PER_MINUTE : PER_MINUTE
    for (let k = 0; k < perMinute; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / perMinute) * MIN_US)
      const t = (startUs - T0_US) / MIN_US
      const noise = 0.8 + 0.4 * rng()
      const queueMs =
        t < FROM
          ? 10
          : t < TO
            ? 10 + (6000 * (t - FROM)) / (TO - FROM)
            : 10 + Math.max(0, 6000 * (1 - (t - TO) / DRAIN))
      out.push(
        makeTimeline({
          startUs,
          dims: { replica: `r${k % 4}`, node: `n${k % 2}` },
          stagesMs: {
            'engine.queue': queueMs * noise,
            'engine.prefill': 40 * noise,
            'engine.decode': 1500 * noise,
          },
          tpotMs: 10 * noise,
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

describe('a saturated queue’s window is where the demand rose', () => {
  it('for: it starts and ends with the extra requests, not with the backlog they left', () => {
    const { diagnosis } = diagnose(input())
    const f = diagnosis.findings[0]!
    expect(f.cause).toBe('engine.queue_saturation')
    const startUs = microsFromIso(f.window!.start)!
    const endUs = microsFromIso(f.window!.end)!
    expect(Math.abs(startUs - (T0_US + FROM * MIN_US))).toBeLessThanOrEqual(MIN_US)
    // Within a minute of the demand's end; the queues drain until ten minutes later.
    expect(Math.abs(endUs - (T0_US + TO * MIN_US))).toBeLessThanOrEqual(MIN_US)
    // The drain is said, not dropped: the users waited past the demand.
    const drained = f.evidence.find((e) => e.text.startsWith("the users' wait outlasts"))
    expect(drained).toBeDefined()
    expect(microsFromIso(String(drained!.observed))!).toBeGreaterThan(
      T0_US + (TO + DRAIN / 2) * MIN_US
    )
  })

  it('the rule marks the demand span as the cause’s own window', () => {
    const r = engineQueueSaturationCause.evaluate(buildContext(input()))
    expect(r !== null && 'ownWindow' in r ? r.ownWindow : false).toBe(true)
  })
})
