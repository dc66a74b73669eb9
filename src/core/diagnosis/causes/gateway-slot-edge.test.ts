/**
 * A gateway with a fixed number of slots holds each one for the request's time in the engines, so
 * its queue is the engines' when that time made most of the rise in the slots it needed, and its
 * own when the arrivals did (ADR 0543).
 */
import { describe, expect, it } from 'vitest'
import type { Cause, Finding } from '../../model/diagnosis.js'
import { asMicros, isoFromMicros } from '../../model/units.js'
import { buildContext } from '../frame/context.js'
import { explainAway } from '../explain/explain-away.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { causeRecord } from './index.js'
import { engineHeldGatewaySlots } from './gateway-slot-edge.js'

/**
 * 60 requests a minute for 10 minutes, then `late.perMinute` for 10 more; the late requests wait
 * `late.engineQueueMs` in the engines (10 ms before) and `late.gatewayQueueMs` at the gateway (0
 * before), give or take a tenth.
 */
function ctxOf(late: { perMinute: number; engineQueueMs: number; gatewayQueueMs: number }) {
  const rng = createTestRng(542)
  const requests = []
  for (let m = 0; m < 20; m++) {
    const isLate = m >= 10
    const perMinute = isLate ? late.perMinute : 60
    for (let k = 0; k < perMinute; k++) {
      const noise = 0.9 + 0.2 * rng()
      requests.push(
        makeTimeline({
          startUs: T0_US + m * 60_000_000 + Math.floor((k / perMinute) * 60_000_000),
          dims: { replica: `r${k % 2}` },
          stagesMs: {
            'gateway.queue': (isLate ? late.gatewayQueueMs : 0) * noise,
            'engine.queue': (isLate ? late.engineQueueMs : 10) * noise,
            'engine.prefill': 60 * noise,
            'engine.decode': 3000 * noise,
          },
          tpotMs: 15 * noise,
          inputTokens: 800,
          outputTokens: 200,
        })
      )
    }
  }
  return buildContext(minutesInput(requests, 20))
}

const at = (minute: number): string => isoFromMicros(asMicros(T0_US + minute * 60_000_000))
const finding = (cause: Cause, confidence: number): Finding => ({
  cause,
  confidence,
  scope: { dimension: null, value: null },
  window: { start: at(10), end: at(20) },
  evidence: [],
  actions: [],
})

describe('a gateway queue the engines filled (ADR 0543)', () => {
  it('the queue record carries the edge to the gateway queue', () => {
    expect(Object.keys(causeRecord('engine.queue_saturation')?.explainsWhen ?? {})).toContain(
      'gateway.queueing'
    )
  })

  it('for: twice the arrivals whose requests held their slots 4.6× as long in the engines', () => {
    // 3,070 ms in the engines before; 14,070 ms after, 11 s of it waiting for a batch slot.
    const ctx = ctxOf({ perMinute: 120, engineQueueMs: 11_000, gatewayQueueMs: 20_000 })
    const line = engineHeldGatewaySlots(
      ctx,
      finding('engine.queue_saturation', 0.9),
      finding('gateway.queueing', 0.95)
    )
    expect(line?.metric).toBe('gateway_slot_demand')
    expect(line?.text).toMatch(
      /^the gateway's slots were held 4\.\d\d× as long by requests in the engines \((6\d|7\d)% of the rise .*, against 2\.\d\d× the arrivals/
    )
  })

  it('against: four times the arrivals at the same time in the engines (the gateway is too small)', () => {
    const ctx = ctxOf({ perMinute: 240, engineQueueMs: 10, gatewayQueueMs: 20_000 })
    expect(
      engineHeldGatewaySlots(
        ctx,
        finding('engine.queue_saturation', 0.9),
        finding('gateway.queueing', 0.95)
      )
    ).toBeNull()
  })

  it('against: the arrivals rose more than the engines held the slots longer', () => {
    // 3× the arrivals; 3,070 → 6,070 ms in the engines (1.98×).
    const ctx = ctxOf({ perMinute: 180, engineQueueMs: 3_010, gatewayQueueMs: 20_000 })
    expect(
      engineHeldGatewaySlots(
        ctx,
        finding('engine.queue_saturation', 0.9),
        finding('gateway.queueing', 0.95)
      )
    ).toBeNull()
  })

  it("explained away: the gateway queue ranks below the engines' queue and says why", () => {
    const ctx = ctxOf({ perMinute: 120, engineQueueMs: 11_000, gatewayQueueMs: 20_000 })
    const queue = finding('engine.queue_saturation', 0.9)
    const gateway = finding('gateway.queueing', 0.95)
    explainAway(ctx, [queue, gateway])
    expect(queue.confidence).toBe(0.9)
    expect(gateway.confidence).toBeCloseTo(0.81)
    expect(gateway.evidence.map((e) => e.metric)).toEqual(['explained_by', 'gateway_slot_demand'])
  })

  it('a finding without a window, or windows that do not meet, read as no edge', () => {
    const ctx = ctxOf({ perMinute: 120, engineQueueMs: 11_000, gatewayQueueMs: 20_000 })
    const open = { ...finding('engine.queue_saturation', 0.9), window: null }
    expect(engineHeldGatewaySlots(ctx, open, finding('gateway.queueing', 0.95))).toBeNull()
    const early = { ...finding('gateway.queueing', 0.95), window: { start: at(0), end: at(5) } }
    expect(engineHeldGatewaySlots(ctx, finding('engine.queue_saturation', 0.9), early)).toBeNull()
  })
})
