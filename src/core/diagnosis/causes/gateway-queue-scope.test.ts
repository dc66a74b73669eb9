/**
 * The scope of a gateway-queueing finding is where the gateway's wait grew beyond its peers
 * (ADR 0368), not where the latency's excess happened to be the most certain. For: a shared
 * gateway whose wait grew alike in every region is named without a region. Against: an excess of
 * a gateway wait that grew in one region only keeps that region.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { excessFacts } from '../detect/excess-facts.js'
import { scanExcess } from '../detect/excess-scan.js'
import { buildContext } from '../frame/context.js'
import { diagnoseGridCase, evidenceText, gridCase as caseOf } from '../testing/grid.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { gatewayQueueingCause } from './gateway-queueing.js'

// The grid case generates and diagnoses about 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

const MIN_US = 60_000_000
const MINUTES = 30
const PER_MINUTE = 120
const REGIONS = ['us-east', 'eu-west', 'ap-south']
/** The minute the wait starts, to the data's end. */
const FAULT_FROM = 15

/** Requests over three regions; from minute 15 the gateway's queue holds those of `slowIn`. */
function requests(slowIn: readonly string[]): RequestTimeline[] {
  const rng = createTestRng(368)
  const out: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    for (let k = 0; k < PER_MINUTE; k++) {
      const region = REGIONS[k % REGIONS.length] as string
      const waits = m >= FAULT_FROM && slowIn.includes(region)
      out.push({
        ...makeTimeline({
          startUs: T0_US + m * MIN_US + Math.floor((k / PER_MINUTE) * MIN_US),
          dims: { replica: `r${k % 4}`, region },
          stagesMs: {
            'gateway.queue': waits ? 150 + 100 * rng() : 0.5 * rng(),
            'engine.queue': 5 * rng(),
            'engine.prefill': 80 + 40 * rng(),
            'engine.decode': 1500 + 500 * rng(),
          },
          inputTokens: 800,
        }),
        hasGateway: true,
      })
    }
  }
  return out
}

describe("gateway.queueing: the scope is where the gateway's wait grew beyond its peers", () => {
  it(
    'for: a shared gateway whose wait grew in every region is named without a region',
    () => {
      // Seed 281 run 54 (2× gateway queueing over the last 90 %, long prompts, all signals): the
      // wait grew by 41 ms in region=us-east and by 40 ms in eu-west and ap-south; the TTFT
      // excess was most certain in us-east (z=4.4), whose requests were quick in the three
      // minutes before, and the finding was scoped there.
      const { diagnosis } = diagnoseGridCase(caseOf(281, 54))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('gateway.queueing')
      expect(top.scope).toEqual({ dimension: null, value: null })
      expect(evidenceText(top)).toMatch(/in region=us-east and by .* everywhere else/)
    },
    SLOW
  )

  it('against: a wait that grew in one region only keeps that region', () => {
    // The rule's own finding names no scope (the gateway is shared); the excess's region stands
    // when the excess is the stronger reading. Its gateway wait grew by 200 ms in eu-west and by
    // nothing elsewhere: the record keeps the fact's region.
    const ctx = buildContext(minutesInput(requests(['eu-west']), MINUTES))
    const facts = excessFacts(ctx, scanExcess(ctx.frame, ctx.grid), null).filter(
      (x) => x.carrier === 'gateway-wait'
    )
    expect(facts.length).toBeGreaterThan(0)
    for (const x of facts) {
      expect(x.facts.scope).toEqual({ dimension: 'region', value: 'eu-west' })
      expect(x.facts.stageRise).toBeGreaterThan(150_000)
      expect(x.facts.stageRiseElsewhere).toBeLessThan(1_000)
      expect(gatewayQueueingCause.excessScope?.(x) ?? null).toBeNull()
    }
  })
})
