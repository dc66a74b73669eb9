/**
 * The edge between a saturated queue and a slower decode holds on what raised the engines' load
 * over the time both findings share (ADR 0242). Queue saturation — for: more requests made most
 * of the rise, so it explains the slower decode away; against: tokens that take longer made it.
 * Memory bandwidth — the mirror image. Explained away: the mechanism ranks below its root, says
 * why, and the root's chain goes through its own stage.
 */
import { describe, expect, it } from 'vitest'
import type { Cause, Finding } from '../../model/diagnosis.js'
import { buildContext } from '../frame/context.js'
import { explainAway } from '../explain/explain-away.js'
import { generateRun, inputOfRun, minuteOfRun } from '../testing/fault-gen.js'
import { causeRecord } from './index.js'
import { loadEdge } from './load-edge.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { asMicros, isoFromMicros } from '../../model/units.js'

function run(cause: 'engine.queue_saturation' | 'engine.memory_bandwidth') {
  // The fault holds over the last half of the run.
  const g = generateRun({
    seed: 3,
    minutes: 20,
    perMinute: 120,
    faults: [{ cause, magnitude: 2, windowShare: 0.5 }],
  })
  const ctx = buildContext(inputOfRun(g))
  const at = (minute: number): string => minuteOfRun(g, minute)
  const finding = (c: Cause, confidence: number): Finding => ({
    cause: c,
    confidence,
    scope: { dimension: null, value: null },
    window: { start: at(10), end: at(20) },
    evidence: [],
    actions: [],
  })
  return { ctx, finding }
}

const queueRun = run('engine.queue_saturation')
const bandwidthRun = run('engine.memory_bandwidth')

describe('queue saturation and memory bandwidth: which drove the other', () => {
  it('the records carry the edge both ways, each on its own evidence', () => {
    expect(Object.keys(causeRecord('engine.queue_saturation')?.explainsWhen ?? {})).toContain(
      'engine.memory_bandwidth'
    )
    expect(Object.keys(causeRecord('engine.memory_bandwidth')?.explainsWhen ?? {})).toEqual([
      'engine.queue_saturation',
    ])
  })

  it('queue saturation, for: 2× the requests made most of the rise in load', () => {
    const { ctx, finding } = queueRun
    const line = loadEdge('traffic')(
      ctx,
      finding('engine.queue_saturation', 0.6),
      finding('engine.memory_bandwidth', 0.7)
    )
    expect(line?.metric).toBe('load_rise')
    expect(line?.text).toMatch(/requests per second \d\.\d\d× \((5[1-9]|[6-9]\d)% of the rise\)/)
  })

  it('queue saturation, against: tokens 2× as slow at the same requests made the rise', () => {
    const { ctx, finding } = bandwidthRun
    expect(
      loadEdge('traffic')(
        ctx,
        finding('engine.queue_saturation', 0.6),
        finding('engine.memory_bandwidth', 0.7)
      )
    ).toBeNull()
  })

  it('memory bandwidth, for and against: the mirror image', () => {
    const mechanism = (r: typeof queueRun) =>
      loadEdge('service')(
        r.ctx,
        r.finding('engine.memory_bandwidth', 0.7),
        r.finding('engine.queue_saturation', 0.6)
      )
    expect(mechanism(bandwidthRun)?.text).toMatch(/the slower tokens/)
    expect(mechanism(queueRun)).toBeNull()
  })

  it('explained away: the decode a saturated queue slowed ranks below the queue, with the chain', () => {
    const { ctx, finding } = queueRun
    const queue = finding('engine.queue_saturation', 0.6)
    const bandwidth = finding('engine.memory_bandwidth', 0.7)
    explainAway(ctx, [queue, bandwidth])
    // The stronger bandwidth finding is not a root here: the load says the traffic drove it.
    expect(bandwidth.confidence).toBeCloseTo(0.54)
    expect(bandwidth.evidence.map((e) => e.metric)).toEqual(['explained_by', 'load_rise'])
    expect(queue.evidence[0]?.text).toMatch(
      /^chain: requests per minute ×\d\.\d → engine\.queue \+.* at the median, with engine\.memory_bandwidth → TTFT P99/
    )
  })

  it('explained away: the queue slower tokens filled ranks below the bandwidth', () => {
    const { ctx, finding } = bandwidthRun
    const queue = finding('engine.queue_saturation', 0.8)
    const bandwidth = finding('engine.memory_bandwidth', 0.6)
    explainAway(ctx, [queue, bandwidth])
    expect(queue.confidence).toBeCloseTo(0.54)
    expect(bandwidth.confidence).toBe(0.6)
    expect(queue.evidence.map((e) => e.metric)).toEqual(['explained_by', 'load_rise'])
  })
})

describe('more requests into batches with free slots: no queue between them and the decode (ADR 0540)', () => {
  /**
   * 60 requests a minute, then 240 from minute 10, into engines whose batches have room: every
   * request joins the next step. The time per output token rises 1.9× with the fuller batches
   * (15 → 28.5 ms); the engine queue is `queueMs`, give or take a tenth.
   */
  function ctxOf(queueMs: (late: boolean) => number) {
    const rng = createTestRng(540)
    const requests = []
    for (let m = 0; m < 20; m++) {
      const late = m >= 10
      const perMinute = late ? 240 : 60
      for (let k = 0; k < perMinute; k++) {
        const noise = 0.9 + 0.2 * rng()
        const tpotMs = (late ? 28.5 : 15) * noise
        requests.push(
          makeTimeline({
            startUs: T0_US + m * 60_000_000 + Math.floor((k / perMinute) * 60_000_000),
            dims: { replica: `r${k % 2}` },
            stagesMs: {
              'engine.queue': queueMs(late) * noise,
              'engine.prefill': 20 * noise,
              'engine.decode': 500 * tpotMs,
            },
            tpotMs,
            inputTokens: 800,
            outputTokens: 500,
          })
        )
      }
    }
    return buildContext(minutesInput(requests, 20))
  }
  const at = (minute: number): string => isoFromMicros(asMicros(T0_US + minute * 60_000_000))
  const finding = (c: Cause): Finding => ({
    cause: c,
    confidence: 0.9,
    scope: { dimension: null, value: null },
    window: { start: at(10), end: at(20) },
    evidence: [],
    actions: [],
  })

  it('against: the requests waited as many steps as before for the next step, so the queue drove nothing', () => {
    const ctx = ctxOf((late) => (late ? 7.4 : 4))
    expect(
      loadEdge('traffic')(
        ctx,
        finding('engine.queue_saturation'),
        finding('engine.memory_bandwidth')
      )
    ).toBeNull()
  })

  it('for: the same traffic whose requests waited many more steps for slots drove the decode through the queue', () => {
    const ctx = ctxOf((late) => (late ? 150 : 4))
    const line = loadEdge('traffic')(
      ctx,
      finding('engine.queue_saturation'),
      finding('engine.memory_bandwidth')
    )
    expect(line?.text).toMatch(/requests per second 4\.\d\d× .*: the requests drove it$/)
  })
})
