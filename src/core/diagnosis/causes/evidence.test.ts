/**
 * The cause records that read their evidence from counters, proxies and process metadata, each
 * for (its own fault names it, first, with the line the on-call engineer needs), against (a
 * look-alike it must not claim) and explained away (the mechanism it drives ranks below it).
 * Data from the independent fault generator, never from the simulator.
 */
import { describe, expect, it } from 'vitest'
import type { Diagnosis, Finding } from '../../model/diagnosis.js'
import { asMicros, isoFromMicros } from '../../model/units.js'
import { makeGrid } from '../../timeline/buckets.js'
import { buildContext, type DiagnosisContext } from '../frame/context.js'
import { diagnose } from '../diagnose.js'
import { frameFromRequests } from '../frame/frame.js'
import type { ResourceSeries } from '../frame/input.js'
import { buildResourceViews } from '../resources.js'
import type { RuleResult } from './record.js'
import { engineBatchingWindowCause } from './engine-batching-window.js'
import { engineKvCachePressureCause } from './engine-kv-cache-pressure.js'
import { enginePrefixCacheMissCause } from './engine-prefix-cache-miss.js'
import { gatewayConnectionLimitCause } from './gateway-connection-limit.js'
import { gatewayQueueingCause } from './gateway-queueing.js'
import { networkHighRttCause } from './network-high-rtt.js'
import { nodeDegradedCause } from './node-degraded.js'
import { replicaColdStartCause } from './replica-cold-start.js'
import { proxyStreamBufferingCause } from './proxy-stream-buffering.js'
import { downstreamDependencyCause } from './downstream-dependency.js'
import { generateRun, type GenResult, type GenSpec } from '../testing/fault-gen.js'

type Spec = Omit<GenSpec, 'seed'> & { seed?: number }

function run(spec: Spec): GenResult {
  return generateRun({ seed: 21, minutes: 30, perMinute: 150, ...spec })
}

function contextOf(g: GenResult, resources: readonly ResourceSeries[] = g.resources) {
  return buildContext({
    window: g.window,
    frame: frameFromRequests(g.requests),
    resources,
    events: g.events,
  })
}

function diagnosisOf(g: GenResult, resources: readonly ResourceSeries[] = g.resources): Diagnosis {
  return diagnose({
    window: g.window,
    frame: frameFromRequests(g.requests),
    resources,
    events: g.events,
  }).diagnosis
}

const confidence = (r: RuleResult): number =>
  r === null || 'skipped' in r ? 0 : Number.isFinite(r.confidence) ? r.confidence : 0
const found = (r: RuleResult): Omit<Finding, 'cause' | 'actions'> => {
  if (r === null || 'skipped' in r) {
    throw new Error(`no finding: ${JSON.stringify(r)}`)
  }
  return r
}
const texts = (f: { evidence: { text: string }[] } | undefined): string =>
  (f?.evidence ?? []).map((e) => e.text).join('\n')
/** A finding whose scope and window do not matter to the counter under test. */
const FINDING: Finding = {
  cause: 'healthy',
  confidence: 0.9,
  scope: { dimension: null, value: null },
  window: null,
  evidence: [],
  actions: [],
}
const rank = (d: Diagnosis, cause: string): number => d.findings.findIndex((f) => f.cause === cause)

describe('engine.prefix_cache_miss from the counters alone', () => {
  const g = run({
    workload: 'long-outputs',
    client: false,
    metrics: true,
    cachedOnRequests: false,
    faults: [{ cause: 'engine.prefix_cache_miss', magnitude: 5, windowShare: 0.5 }],
  })

  it('for: named first, with the fall of the hit rate and its time', () => {
    const d = diagnosisOf(g)
    expect(d.findings[0]?.cause).toBe('engine.prefix_cache_miss')
    expect(texts(d.findings[0])).toMatch(
      /prefix-cache hit rate fell from 0\.\d+ to 0(\.\d+)? at .*vllm:prefix_cache_hits_total/
    )
  }, 30_000)

  it('explained away: a memory-bandwidth finding ranks below it', () => {
    const d = diagnosisOf(g)
    const bw = d.findings.find((f) => f.cause === 'engine.memory_bandwidth')
    if (bw !== undefined) {
      expect(rank(d, 'engine.memory_bandwidth')).toBeGreaterThan(
        rank(d, 'engine.prefix_cache_miss')
      )
      expect(texts(bw)).toContain('explained by engine.prefix_cache_miss')
    }
  }, 30_000)

  it('against: a steady hit rate under a traffic surge is not a miss', () => {
    const surge = run({
      client: false,
      metrics: true,
      cachedOnRequests: false,
      faults: [{ cause: 'engine.queue_saturation', magnitude: 4, windowShare: 0.5 }],
    })
    const ctx = contextOf(surge)
    expect(confidence(enginePrefixCacheMissCause.evaluate(ctx))).toBeLessThan(0.3)
    const counter = enginePrefixCacheMissCause.counter!(
      ctx,
      {
        cause: 'engine.prefix_cache_miss',
        confidence: 0.9,
        scope: { dimension: null, value: null },
        window: {
          start: isoFromMicros(asMicros(surge.window.fromUs + 15 * 60_000_000)),
          end: isoFromMicros(surge.window.toUs),
        },
        evidence: [],
        actions: [],
      },
      'ttft'
    )
    expect(counter?.factor).toBeLessThan(0.5)
    expect(counter?.evidence.text).toMatch(/^against: the prefix-cache hit rate did not fall/)
  }, 30_000)
})

describe('engine.kv_cache_pressure with preemptions', () => {
  const g = run({
    client: false,
    metrics: true,
    faults: [{ cause: 'engine.kv_cache_pressure', magnitude: 3, windowShare: 0.5 }],
  })

  it('for and explained away: named before the queue it fills', () => {
    const d = diagnosisOf(g)
    expect(d.findings[0]?.cause).toBe('engine.kv_cache_pressure')
    const q = rank(d, 'engine.queue_saturation')
    expect(q === -1 || q > 0).toBe(true)
  }, 30_000)

  it('for: preemptions that start with the change stand for a cache a scrape read at 0.75', () => {
    // Every KV sample capped at 0.75: only the preemptions say the cache was full.
    const capped = g.resources.map((s) =>
      s.kind === 'kv_usage'
        ? { ...s, points: s.points.map((p) => ({ ...p, value: Math.min(0.75, p.value) })) }
        : s
    )
    const r = engineKvCachePressureCause.evaluate(contextOf(g, capped))
    expect(confidence(r)).toBeGreaterThanOrEqual(0.5)
    expect(texts(found(r))).toContain('preemptions at')
  }, 30_000)

  it('against: the same capped cache without preemptions is not pressure', () => {
    const quiet = g.resources
      .filter((s) => s.kind !== 'preemptions')
      .map((s) =>
        s.kind === 'kv_usage'
          ? { ...s, points: s.points.map((p) => ({ ...p, value: Math.min(0.75, p.value) })) }
          : s
      )
    expect(confidence(engineKvCachePressureCause.evaluate(contextOf(g, quiet)))).toBe(0)
  }, 30_000)
})

describe('client-side causes are not taken for others', () => {
  it('a batching window is named, and distance is argued against', () => {
    const g = run({
      client: true,
      metrics: true,
      faults: [{ cause: 'engine.batching_window', magnitude: 5, windowShare: 0.5 }],
    })
    const d = diagnosisOf(g)
    expect(d.findings[0]?.cause).toBe('engine.batching_window')
    expect(texts(d.findings[0])).toMatch(/fixed wait/)
    expect(d.findings.some((f) => f.cause === 'network.high_rtt' && f.confidence >= 0.5)).toBe(
      false
    )
    const ctx = contextOf(g)
    const counter = networkHighRttCause.counter!(
      ctx,
      { ...d.findings[0]!, cause: 'network.high_rtt' },
      'ttft'
    )
    expect(counter?.factor).toBeLessThan(0.5)
    expect(counter?.evidence.text).toMatch(/^against: TTFT grew by about .* in every region alike/)
  }, 30_000)

  it('against: a queue that grows with traffic is not a batching window', () => {
    const g = run({
      client: false,
      metrics: true,
      faults: [{ cause: 'engine.queue_saturation', magnitude: 4, windowShare: 0.5 }],
    })
    expect(confidence(engineBatchingWindowCause.evaluate(contextOf(g)))).toBeLessThan(0.3)
  }, 30_000)

  it('distance is not argued against when one region pays more round trips', () => {
    const g = run({
      client: true,
      faults: [{ cause: 'network.high_rtt', magnitude: 4, windowShare: 0.5 }],
    })
    const ctx = contextOf(g)
    const window = {
      start: isoFromMicros(asMicros(g.window.fromUs + 15 * 60_000_000)),
      end: isoFromMicros(g.window.toUs),
    }
    expect(
      networkHighRttCause.counter!(
        ctx,
        {
          cause: 'network.high_rtt',
          confidence: 0.9,
          scope: { dimension: 'region', value: 'eu-west' },
          window,
          evidence: [],
          actions: [],
        },
        'ttft'
      )
    ).toBeNull()
  }, 30_000)

  it('a TLS handshake problem is not a cold start', () => {
    const g = run({
      client: true,
      faults: [{ cause: 'network.tls_handshake', magnitude: 5, windowShare: 0.5 }],
    })
    const ctx = contextOf(g)
    const counter = replicaColdStartCause.counter!(
      // Even with a young replica on evidence, the handshakes argue against it.
      { ...ctx, youngReplicaUs: new Map([['r0', g.window.fromUs + 0]]) },
      {
        cause: 'replica.cold_start',
        confidence: 0.9,
        scope: { dimension: 'replica', value: 'r0' },
        window: {
          start: isoFromMicros(asMicros(g.window.fromUs + 15 * 60_000_000)),
          end: isoFromMicros(g.window.toUs),
        },
        evidence: [],
        actions: [],
      },
      'ttft'
    )
    expect(counter?.factor).toBeLessThan(0.5)
    expect(counter?.evidence.text).toMatch(
      /^against: the client's connect and TLS handshakes grew by .* nothing server-side warmed up/
    )
    expect(diagnosisOf(g).findings[0]?.cause).not.toBe('replica.cold_start')
  }, 30_000)
})

describe('node.degraded against heavier work', () => {
  it('a node serving 3× the prompt tokens is argued against; the same node with the same work is not', () => {
    const g = run({ client: false, faults: [] })
    const heavy = g.requests.map((r) =>
      r.dims.node === 'n2' ? { ...r, inputTokens: (r.inputTokens ?? 0) * 3 } : r
    )
    const scope = { dimension: 'node' as const, value: 'n2' }
    const f = {
      cause: 'node.degraded' as const,
      confidence: 0.9,
      scope,
      window: null,
      evidence: [],
      actions: [],
    }
    const ctxHeavy = buildContext({
      window: g.window,
      frame: frameFromRequests(heavy),
      resources: [],
      events: [],
    })
    const counter = nodeDegradedCause.counter!(ctxHeavy, f, 'ttft')
    expect(counter?.factor).toBeLessThan(0.5)
    expect(counter?.evidence.text).toMatch(
      /^against: requests on node n2 carry \d\.\d× the prompt tokens/
    )
    expect(nodeDegradedCause.counter!(contextOf(g, []), f, 'ttft')).toBeNull()
  }, 30_000)
})

describe('young replicas from process_start_time_seconds', () => {
  it('a replica whose engine process started just before its first request is young', () => {
    // The data starts with every replica serving: only the process start says r3 is new.
    const g = run({ client: false, metrics: false, faults: [] })
    const started = (replica: string, atUs: number): ResourceSeries => ({
      kind: 'process_start',
      metric: 'process_start_time_seconds',
      labels: { pod: replica, job: 'vllm' },
      points: [{ timeUs: g.window.fromUs + 30_000_000, value: atUs / 1e6 }],
    })
    const proxy: ResourceSeries = {
      ...started('caddy-0', g.window.fromUs - 60_000_000),
      labels: { pod: 'caddy-0', job: 'caddy' },
    }
    const ctx: DiagnosisContext = contextOf(g, [
      started('r3', g.window.fromUs - 40_000_000),
      started('r4', g.window.fromUs - 3 * 3_600_000_000),
      proxy,
    ])
    expect([...ctx.youngReplicaUs.keys()]).toEqual(['r3'])
    expect(contextOf(g, []).youngReplicaUs.size).toBe(0)
  }, 30_000)
})

describe('proxy series join the upstream they serve', () => {
  const grid = makeGrid(asMicros(0), asMicros(120_000_000))
  const at = (value: number) => [0, 30, 60, 90].map((s) => ({ timeUs: s * 1_000_000, value }))

  it('keys HAProxy server series by their server, not by the proxy pod', () => {
    const views = buildResourceViews(
      [
        {
          kind: 'gateway_upstream_sessions',
          metric: 'haproxy_server_current_sessions',
          labels: { pod: 'haproxy-0', proxy: 'engines', server: 'vllm-0' },
          points: at(2),
        },
        {
          kind: 'gateway_queue',
          metric: 'haproxy_backend_current_queue',
          labels: { pod: 'haproxy-0', proxy: 'engines' },
          points: at(4),
        },
      ],
      grid,
      new Set(['vllm-0', 'haproxy-0']),
      new Set()
    )
    const sessions = views.get('gateway_upstream_sessions')!
    expect([...sessions.byKey.keys()]).toEqual(['vllm-0'])
    expect(sessions.keyDimension).toBe('replica')
    const queue = views.get('gateway_queue')!
    expect([...queue.byKey.keys()]).toEqual(['engines'])
    expect(queue.keyDimension).toBe('series')
  })
})

describe('gateway causes read the proxies as they are', () => {
  const g = run({
    client: false,
    gateway: false,
    faults: [{ cause: 'engine.queue_saturation', magnitude: 3, windowShare: 0.5 }],
  })
  const half = g.window.fromUs + 15 * 60_000_000
  /** One sample every 30 s; `during` inside the second half, `before` in the first. */
  function series(
    kind: ResourceSeries['kind'],
    metric: string,
    labels: Record<string, string>,
    before: number,
    during: number,
    counter = false
  ): ResourceSeries {
    const points: { timeUs: number; value: number }[] = []
    let total = 0
    for (let t: number = g.window.fromUs; t < g.window.toUs; t += 30_000_000) {
      const v = t >= half ? during : before
      total += v * 30
      points.push({ timeUs: t, value: counter ? total : v })
    }
    return { kind, metric, labels, points }
  }

  it('gateway.queueing: without gateway spans, a backend queue and servers at maxconn name it', () => {
    const resources = [
      series('gateway_queue', 'haproxy_backend_current_queue', { proxy: 'engines' }, 0, 6),
      ...['r0', 'r1'].flatMap((s) => [
        series(
          'gateway_upstream_sessions',
          'haproxy_server_current_sessions',
          { proxy: 'engines', server: s },
          1,
          4
        ),
        series(
          'gateway_upstream_limit',
          'haproxy_server_limit_sessions',
          { proxy: 'engines', server: s },
          4,
          4
        ),
      ]),
    ]
    const r = found(gatewayQueueingCause.evaluate(contextOf(g, resources)))
    expect(r.confidence).toBeGreaterThanOrEqual(0.5)
    expect(texts(r)).toMatch(/haproxy_backend_current_queue\) peak at 6/)
    expect(texts(r)).toMatch(/upstream connections at their limit \(r0 4\/4/)
  }, 30_000)

  it('gateway.queueing against: an empty backend queue with servers below their limit', () => {
    const resources = [
      series('gateway_queue', 'haproxy_backend_current_queue', { proxy: 'engines' }, 0, 0),
      series(
        'gateway_upstream_sessions',
        'haproxy_server_current_sessions',
        { server: 'r0' },
        1,
        1
      ),
      series('gateway_upstream_limit', 'haproxy_server_limit_sessions', { server: 'r0' }, 4, 4),
    ]
    expect(confidence(gatewayQueueingCause.evaluate(contextOf(g, resources)))).toBe(0)
  }, 30_000)

  it('gateway.connection_limit: nginx dropping connections (accepted − handled)', () => {
    const resources = [
      series('gateway_accepted', 'nginx_connections_accepted', { pod: 'nginx-0' }, 5, 8, true),
      series('gateway_handled', 'nginx_connections_handled', { pod: 'nginx-0' }, 5, 7, true),
    ]
    const r = found(gatewayConnectionLimitCause.evaluate(contextOf(g, resources)))
    expect(r.confidence).toBeGreaterThanOrEqual(0.5)
    expect(texts(r)).toMatch(/nginx dropped 1 connections\/s/)
  }, 30_000)

  it('gateway.connection_limit: Envoy circuit-breaker overflows; none is not a limit', () => {
    const over = (during: number) => [
      series(
        'gateway_cx_overflows',
        'envoy_cluster_upstream_cx_overflow',
        { envoy_cluster_name: 'vllm' },
        0,
        during,
        true
      ),
      series(
        'gateway_rq_overflows',
        'envoy_cluster_upstream_rq_pending_overflow',
        { envoy_cluster_name: 'vllm' },
        0,
        during,
        true
      ),
    ]
    const r = found(gatewayConnectionLimitCause.evaluate(contextOf(g, over(0.5))))
    expect(r.confidence).toBeGreaterThanOrEqual(0.5)
    expect(texts(r)).toContain('connections refused at the circuit breaker')
    expect(confidence(gatewayConnectionLimitCause.evaluate(contextOf(g, over(0))))).toBe(0)
  }, 30_000)

  it('gateway.connection_limit: sessions at the limit stand only when the connects pay for it', () => {
    // A saturated engine queue holds every connection open while it waits: the frontend's
    // sessions reach the limit, yet the clients' measured connects take no longer.
    const held = run({
      client: true,
      faults: [{ cause: 'engine.queue_saturation', magnitude: 3, windowShare: 0.5 }],
    })
    const full = [
      series('gateway_sessions', 'haproxy_frontend_current_sessions', { proxy: 'fe' }, 300, 1014),
      series('gateway_limit', 'haproxy_frontend_limit_sessions', { proxy: 'fe' }, 1024, 1024),
    ]
    const against = found(gatewayConnectionLimitCause.evaluate(contextOf(held, full)))
    expect(against.confidence).toBeLessThanOrEqual(0.3)
    expect(texts(against)).toMatch(/against: client connects carry \d+% of the slow requests/)
    // For: the same sessions with connects that retransmit SYNs (the limit's own fault).
    const refused = run({
      client: true,
      faults: [{ cause: 'gateway.connection_limit', magnitude: 3, windowShare: 0.5 }],
    })
    const r = found(gatewayConnectionLimitCause.evaluate(contextOf(refused, full)))
    expect(r.confidence).toBeGreaterThan(0.9)
    expect(texts(r)).not.toMatch(/against:/)
    // Without client spans the sessions are all there is to read: they keep their weight.
    expect(confidence(gatewayConnectionLimitCause.evaluate(contextOf(g, full)))).toBeGreaterThan(
      0.9
    )
  }, 60_000)
})

describe('look-alikes of the client and the gateway', () => {
  it('proxy.stream_buffering is argued against when the stalled streams are the long ones', () => {
    const long = run({
      client: true,
      faults: [{ cause: 'engine.long_generations', magnitude: 5, windowShare: 0.5 }],
    })
    const window = {
      start: isoFromMicros(asMicros(long.window.fromUs + 15 * 60_000_000)),
      end: isoFromMicros(long.window.toUs),
    }
    const counter = proxyStreamBufferingCause.counter!(
      contextOf(long),
      { ...FINDING, window },
      'itl_max'
    )
    expect(counter?.factor).toBeLessThan(0.5)
    expect(counter?.evidence.text).toMatch(/^against: the stalled streams are \d+\.\d× as long/)
    const buffered = run({
      client: true,
      faults: [{ cause: 'proxy.stream_buffering', magnitude: 5, windowShare: 0.5 }],
    })
    expect(
      proxyStreamBufferingCause.counter!(contextOf(buffered), { ...FINDING, window }, 'itl_max')
    ).toBeNull()
  }, 30_000)

  it('downstream.dependency is argued against when the time is the upstream call to the engine', () => {
    const g = run({
      client: false,
      faults: [{ cause: 'node.degraded', magnitude: 5, windowShare: 0.5 }],
    })
    // A gateway alone: its upstream call holds the engine's time up to the first chunk.
    const gatewayOnly = g.requests.map((r) => ({
      ...r,
      stages: {
        ...r.stages,
        'gateway.upstream': asMicros(
          (r.stages['engine.queue'] ?? 0) + (r.stages['engine.prefill'] ?? 0)
        ),
        'engine.queue': null,
        'engine.prefill': null,
        'engine.decode': null,
      },
      hasEngine: false,
    }))
    const ctx = buildContext({
      window: g.window,
      frame: frameFromRequests(gatewayOnly),
      resources: [],
      events: [],
    })
    const counter = downstreamDependencyCause.counter!(ctx, FINDING, 'ttft')
    expect(counter?.evidence.text).toMatch(
      /^against: \d+% of the slow first tokens' extra time is the gateway's upstream call/
    )
    const dep = run({
      client: false,
      faults: [{ cause: 'downstream.dependency', magnitude: 5, windowShare: 0.5 }],
    })
    expect(downstreamDependencyCause.counter!(contextOf(dep), FINDING, 'ttft')).toBeNull()
  }, 30_000)
})
