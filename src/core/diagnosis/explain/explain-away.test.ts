/**
 * Explaining away per edge of the causal graph of the cause records: for (a root whose evidence
 * holds pushes its mechanism below it and gains the chain), against (a weak root, or one on other
 * requests or at another time, leaves the mechanism first).
 */
import { describe, expect, it } from 'vitest'
import type { Cause, Finding } from '../../model/diagnosis.js'
import { CAUSE_RECORDS } from '../causes/index.js'
import { buildContext } from '../frame/context.js'
import { generateRun, inputOfRun, minuteOfRun } from '../testing/fault-gen.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { asMicros, isoFromMicros } from '../../model/units.js'
import { explainAway, ROOT_HOLDS } from './explain-away.js'

const g = generateRun({
  seed: 3,
  minutes: 20,
  perMinute: 60,
  faults: [{ cause: 'tenant.noisy_neighbor', magnitude: 4, windowShare: 0.5 }],
})
const ctx = buildContext(inputOfRun(g))
const at = (minute: number): string => minuteOfRun(g, minute)

function finding(cause: Cause, confidence: number, over: Partial<Finding> = {}): Finding {
  return {
    cause,
    confidence,
    scope: { dimension: null, value: null },
    window: { start: at(10), end: at(20) },
    evidence: [],
    actions: [],
    ...over,
  }
}

const EDGES = CAUSE_RECORDS.flatMap((r) => r.explains.map((m) => [r.cause, m] as const))

describe('explaining away over the causal graph', () => {
  it('has edges for the roots the issue names', () => {
    const has = (a: Cause, b: Cause) => EDGES.some(([x, y]) => x === a && y === b)
    expect(has('tenant.noisy_neighbor', 'engine.queue_saturation')).toBe(true)
    expect(has('engine.prefix_cache_miss', 'engine.memory_bandwidth')).toBe(true)
    expect(has('engine.kv_cache_pressure', 'engine.queue_saturation')).toBe(true)
    expect(has('version.regression', 'node.degraded')).toBe(true)
  })

  it.each(EDGES)('%s explains away %s when its evidence holds', (root, mechanism) => {
    const r = finding(root, 0.8)
    const m = finding(mechanism, 0.95)
    explainAway(ctx, [m, r])
    expect(m.confidence).toBeLessThan(r.confidence)
    expect(m.evidence.at(-1)?.text).toContain(`explained by ${root}`)
  })

  it.each(EDGES)('%s does not explain away %s when its own evidence is weak', (root, mechanism) => {
    const r = finding(root, ROOT_HOLDS - 0.1)
    const m = finding(mechanism, 0.95)
    explainAway(ctx, [m, r])
    expect(m.confidence).toBe(0.95)
  })

  it('a root at another time or on other requests explains nothing', () => {
    const r = finding('tenant.noisy_neighbor', 0.8, { window: { start: at(0), end: at(5) } })
    const m = finding('engine.queue_saturation', 0.95)
    explainAway(ctx, [m, r])
    expect(m.confidence).toBe(0.95)
    const v = finding('version.regression', 0.8, { scope: { dimension: 'node', value: 'n1' } })
    const n = finding('node.degraded', 0.9, { scope: { dimension: 'node', value: 'n2' } })
    explainAway(ctx, [n, v])
    expect(n.confidence).toBe(0.9)
  })

  it('a cause outside the graph is never demoted', () => {
    const r = finding('tenant.noisy_neighbor', 0.8)
    const m = finding('network.high_rtt', 0.95)
    explainAway(ctx, [m, r])
    expect(m.confidence).toBe(0.95)
  })

  it('the root carries the chain, sized inside its window against outside it', () => {
    const r = finding('tenant.noisy_neighbor', 0.8, {
      scope: { dimension: 'tenant', value: 'hooli' },
    })
    const m = finding('engine.queue_saturation', 0.95)
    explainAway(ctx, [m, r])
    const chain = r.evidence[0]!
    expect(chain.metric).toBe('chain')
    expect(chain.text).toMatch(
      /^chain: tenant=hooli requests per minute ×\d+(\.\d)? → .* → TTFT P99 (×\d+(\.\d)?|not raised \(×\d\.\d\d) /
    )
    // This draw's burst fills the queue but its window's P99 is no higher than outside it: the
    // chain says so rather than print the ratio as the burst's effect.
    expect(chain.text).toMatch(/TTFT P99 not raised \(×0\.\d\d inside the window/)
  })

  it('settles whatever order the findings come in', () => {
    const make = (): Finding[] => [
      finding('version.regression', 0.7),
      finding('replica.cold_start', 0.85),
      finding('node.degraded', 0.95),
      finding('engine.queue_saturation', 0.9),
      finding('network.high_rtt', 0.6),
    ]
    const answer = (fs: Finding[]): string =>
      fs
        .map((f) => `${f.cause} ${f.confidence.toFixed(3)}`)
        .sort()
        .join(', ')
    const first = make()
    explainAway(ctx, first)
    for (const order of [
      [4, 3, 2, 1, 0],
      [2, 0, 4, 1, 3],
      [1, 3, 0, 4, 2],
    ]) {
      const fs = make()
      explainAway(
        ctx,
        order.map((i) => fs[i] as Finding)
      )
      expect(answer(fs)).toBe(answer(first))
    }
    // The version stands; everything it drives falls below it, through the cold start or not.
    const [version, cold, node, queue, rtt] = first as [Finding, Finding, Finding, Finding, Finding]
    expect(version.confidence).toBe(0.7)
    for (const m of [cold, node, queue]) {
      expect(m.confidence).toBeLessThan(version.confidence)
      expect(m.evidence.at(-1)?.text).toContain('explained by version.regression')
    }
    expect(rtt.confidence).toBe(0.6)
  })

  it('a mechanism is restored when the root that explained it is itself explained', () => {
    // The queue explains the slower decode only as the traffic's doing (an edge that holds on
    // evidence, never followed through); once the batching window explains the queue, the queue
    // is no root, and the decode stands on its own evidence.
    const batching = finding('engine.batching_window', 0.7)
    const queue = finding('engine.queue_saturation', 0.9)
    const decode = finding('engine.memory_bandwidth', 0.95)
    const alone = [
      finding('engine.queue_saturation', 0.9),
      finding('engine.memory_bandwidth', 0.95),
    ]
    explainAway(ctx, alone)
    // Against the batching window: on this run's data the requests drove the load, so the queue
    // alone explains the decode.
    expect(alone[1]?.confidence).toBeLessThan(0.9)
    expect(alone[1]?.evidence.some((e) => e.metric === 'load_rise')).toBe(true)
    explainAway(ctx, [decode, queue, batching])
    expect(queue.confidence).toBeLessThan(batching.confidence)
    expect(queue.evidence.at(-1)?.text).toContain('explained by engine.batching_window')
    expect(decode.confidence).toBe(0.95)
    expect(decode.evidence.some((e) => e.metric === 'explained_by')).toBe(false)
  })

  it('a root explains only while its own evidence holds, and caps at the strongest root', () => {
    const kv = finding('engine.kv_cache_pressure', 0.6)
    const prompts = finding('engine.long_prompts', 0.8)
    const queue = finding('engine.queue_saturation', 0.95)
    explainAway(ctx, [queue, kv, prompts])
    expect(queue.confidence).toBeCloseTo(0.8 * 0.9, 6)
    expect(queue.evidence.filter((e) => e.metric === 'explained_by')).toHaveLength(1)
    expect(queue.evidence.at(-1)?.text).toContain('explained by engine.long_prompts')
    const weak = finding('engine.kv_cache_pressure', ROOT_HOLDS - 0.05)
    const q2 = finding('engine.queue_saturation', 0.95)
    explainAway(ctx, [weak, q2])
    expect(q2.confidence).toBe(0.95)
  })
})

describe('a scope that is another scope seen through the requests they share', () => {
  // eu-west's round trips triple from minute 10; every tenant sends some of its traffic from there.
  const far = generateRun({
    seed: 5,
    minutes: 20,
    perMinute: 120,
    faults: [{ cause: 'network.high_rtt', magnitude: 3, windowShare: 0.5 }],
  })
  const farCtx = buildContext(inputOfRun(far))
  const region = (confidence: number): Finding => ({
    cause: 'network.high_rtt',
    confidence,
    scope: { dimension: 'region', value: 'eu-west' },
    window: { start: minuteOfRun(far, 10), end: minuteOfRun(far, 20) },
    evidence: [{ stage: 'network', observed: 1, baseline: null, text: 'network grew' }],
    actions: [],
  })
  const tenant = (): Finding => ({
    cause: 'gateway.connection_limit',
    confidence: 0.8,
    scope: { dimension: 'tenant', value: 'acme' },
    window: { start: minuteOfRun(far, 10), end: minuteOfRun(far, 20) },
    evidence: [{ stage: 'network', observed: 1, baseline: null, text: 'network grew' }],
    actions: [],
  })

  it('a tenant slower only through a far region neither explains the region nor ranks above it', () => {
    const t = tenant()
    const r = region(0.7)
    explainAway(farCtx, [t, r])
    expect(r.confidence).toBe(0.7)
    expect(r.evidence.some((e) => e.text.startsWith('explained by'))).toBe(false)
    expect(t.confidence).toBeLessThan(r.confidence)
    expect(t.evidence.at(-1)?.text).toBe(
      'against: tenant=acme is slower only through region=eu-west (network.high_rtt); its requests elsewhere did not slow'
    )
  })

  it('a region finding too weak to stand casts no shadow, and the tenant keeps its edge', () => {
    const t = tenant()
    const r = region(ROOT_HOLDS - 0.1)
    explainAway(farCtx, [t, r])
    expect(t.confidence).toBe(0.8)
  })

  it('a tenant slow everywhere (its own burst) is nobody’s shadow', () => {
    // The noisy-neighbour run: hooli's burst slows its requests from every region.
    const t: Finding = {
      ...finding('tenant.noisy_neighbor', 0.8),
      scope: { dimension: 'tenant', value: 'hooli' },
    }
    const r: Finding = {
      ...finding('network.high_rtt', 0.7),
      scope: { dimension: 'region', value: 'eu-west' },
    }
    explainAway(ctx, [t, r])
    expect(t.confidence).toBe(0.8)
  })
})

describe('two excesses on two stages, each outside the other scope too', () => {
  // From minute 10 eu-west's round trips triple and the router sends r5 three times its share:
  // r5's queue rises for requests from every region, eu-west's network time on every replica.
  const both = generateRun({
    seed: 5,
    minutes: 20,
    perMinute: 120,
    faults: [
      { cause: 'network.high_rtt', magnitude: 3, windowShare: 0.5 },
      { cause: 'routing.imbalance', magnitude: 3, windowShare: 0.5 },
    ],
  })
  const bothCtx = buildContext(inputOfRun(both))
  const window = { start: minuteOfRun(both, 10), end: minuteOfRun(both, 20) }
  const region = (): Finding => ({
    cause: 'network.high_rtt',
    confidence: 0.9,
    scope: { dimension: 'region', value: 'eu-west' },
    window,
    evidence: [{ stage: 'network', observed: 1, baseline: null, text: 'network grew' }],
    actions: [],
  })
  const replica = (): Finding => ({
    cause: 'routing.imbalance',
    confidence: 0.6,
    scope: { dimension: 'replica', value: 'r5' },
    window,
    evidence: [{ stage: 'engine.queue', observed: 1, baseline: null, text: 'queue grew' }],
    actions: [],
  })

  it('neither is the other’s shadow: the far region keeps its rank over the busy replica', () => {
    const r = region()
    const h = replica()
    explainAway(bothCtx, [h, r])
    expect(r.evidence.some((e) => e.metric === 'shadow_of')).toBe(false)
    expect(h.evidence.some((e) => e.metric === 'shadow_of')).toBe(false)
    expect(r.confidence).toBe(0.9)
    expect(h.confidence).toBe(0.6)
  })
})

describe('a version that exists only inside its incident', () => {
  // v2 runs on r0, r1 and r2 from minute 10 to 20, then is rolled back; every v2 request queues
  // longer as its replica falls behind, r2 three times as fast, and r2's backlog drains until
  // minute 24 on the v1 requests after the rollback.
  const MIN = 60_000_000
  const rng = createTestRng(283)
  const requests = []
  for (let m = 0; m < 30; m++) {
    for (let k = 0; k < 120; k++) {
      const t = m + k / 120
      const replica = `r${k % 6}`
      const rolled = k % 6 < 3
      const v2 = rolled && t >= 10 && t < 20
      const pace = replica === 'r2' ? 3000 : 1000
      const queueMs = v2
        ? pace * (t - 10)
        : rolled && t >= 20
          ? 10 * pace * Math.max(0, 1 - (t - 20) / (replica === 'r2' ? 4 : 2))
          : 2
      requests.push(
        makeTimeline({
          startUs: T0_US + Math.floor(t * MIN),
          dims: { replica, version: v2 ? 'v2' : 'v1' },
          stagesMs: {
            'engine.queue': queueMs * (0.9 + 0.2 * rng()),
            'engine.prefill': 40,
            'engine.decode': 1500,
          },
        })
      )
    }
  }
  const vCtx = buildContext(minutesInput(requests, 30))
  const iso = (minute: number): string => isoFromMicros(asMicros(T0_US + minute * MIN))

  it('is not a shadow of its slowest replica: its first minutes are no baseline', () => {
    const version: Finding = {
      ...finding('version.regression', 0.9),
      scope: { dimension: 'version', value: 'v2' },
      window: { start: iso(10), end: iso(20) },
    }
    const node: Finding = {
      ...finding('node.degraded', 0.95),
      scope: { dimension: 'replica', value: 'r2' },
      window: { start: iso(12), end: iso(24) },
      evidence: [{ stage: 'engine.queue', observed: 1, baseline: null, text: 'queue grew' }],
    }
    explainAway(vCtx, [node, version])
    expect(version.evidence.some((e) => e.metric === 'shadow_of')).toBe(false)
    expect(version.confidence).toBe(0.9)
    expect(node.confidence).toBeLessThan(version.confidence)
    expect(node.evidence.at(-1)?.text).toContain('explained by version.regression')
  })
})
