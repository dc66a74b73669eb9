import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../model/request.js'
import { asMicros } from '../model/units.js'
import { diagnose } from './diagnose.js'
import { frameFromRequests } from './frame/frame.js'
import type { DiagnosisInput, ResourceSeries } from './frame/input.js'
import { renderDiagnosisText } from './explain/render.js'
import { kvPressureSeries, makeCluster, makeTimeline, T0_US } from './testing/make-timeline.js'

const REPLICAS = { r0: 'n0', r1: 'n0', r2: 'n1', r3: 'n1', r4: 'n2', r5: 'n2', r6: 'n3', r7: 'n3' }
const MINUTES = 30
const HALF_US = T0_US + 15 * 60_000_000

function input(
  requests: ReturnType<typeof makeCluster>,
  extra: Partial<DiagnosisInput> = {}
): DiagnosisInput {
  return {
    window: { fromUs: T0_US, toUs: asMicros(T0_US + MINUTES * 60_000_000) },
    frame: frameFromRequests(requests),
    resources: [],
    events: [],
    ...extra,
  }
}

/** The seed-1 cluster as a gateway that logs no first chunk sees it: E2E known, TTFT and TPOT not. */
function clusterWithoutTtft(): ReturnType<typeof makeCluster> {
  return makeCluster({ seed: 1, minutes: MINUTES, perMinute: 120, replicas: REPLICAS }).map(
    (r) => ({ ...r, ttftUs: null, tpotUs: null })
  )
}

/**
 * The cluster behind a gateway whose entry span has an auth step and otherwise no span for its
 * own wait: `waitMs(i, startUs)` is the time inside the entry that no step covers
 * (`gateway.unattributed`), counted in TTFT since TTFT is measured from the entry.
 */
function behindGateway(
  requests: RequestTimeline[],
  waitMs: (i: number, startUs: number) => number
): RequestTimeline[] {
  return requests.map((r, i) => {
    const wait = waitMs(i, r.startUs)
    const addUs = (wait + 2) * 1000
    return {
      ...r,
      stages: {
        ...r.stages,
        'gateway.auth': asMicros(2000),
        'gateway.unattributed': asMicros(Math.round(wait * 1000)),
      },
      ttftUs: asMicros((r.ttftUs ?? 0) + addUs),
      e2eUs: asMicros((r.e2eUs ?? 0) + addUs),
      endUs: asMicros(r.endUs + addUs),
      ttftSource: 'gateway',
      hasGateway: true,
    }
  })
}

describe('diagnose', () => {
  it('steady, evenly spread traffic is exactly one healthy finding', () => {
    const { diagnosis } = diagnose(
      input(makeCluster({ seed: 1, minutes: MINUTES, perMinute: 120, replicas: REPLICAS }))
    )
    expect(diagnosis.findings.map((f) => f.cause)).toEqual(['healthy'])
    expect(diagnosis.slo_breached).toBe(false)
    expect(diagnosis.schema).toBe('tokenline.diagnosis/v1')
    expect(diagnosis.requests).toBe(MINUTES * 120)
  })

  it('names a breached E2E objective from the E2E stages over data with no TTFT, not from unknown shares', () => {
    // TTFT and E2E objectives both set; the spans say no first-token time, so the TTFT stages
    // have no slow cohort and every share of it is unknown. Ranked as 0 they named the first
    // stage listed (gateway.queue, a gateway.queueing cause over 0 requests' evidence).
    const requests = clusterWithoutTtft()
    const { diagnosis } = diagnose(
      input(requests, { slos: { ttftMs: 800, e2eMs: 1, quantile: 0.99 } })
    )
    expect(diagnosis.slo_breached).toBe(true)
    const breach = diagnosis.findings.find((f) => f.evidence.some((e) => e.metric === 'slo'))!
    const slo = breach.evidence.find((e) => e.metric === 'slo')!
    expect(slo.baseline).toBe(1)
    expect(slo.observed).not.toBeNull()
    expect(slo.text).toContain('E2E P99')
    const stage = breach.evidence.find((e) => e.stage !== undefined)!
    expect(stage.observed).not.toBeNull()
    expect(stage.text).not.toContain('–')
  })

  it("names a breach held by the gateway's upstream call as the engine behind it, not a dependency", () => {
    // Gateway spans only: the upstream call is the engine's whole time seen from the gateway
    // (CONTRACT §4 calls a dependency the request waits for `downstream`).
    const requests = makeCluster({ seed: 1, minutes: MINUTES, perMinute: 120, replicas: REPLICAS })
    const gatewayOnly = requests.map((r) => {
      const engineUs = (r.stages['engine.queue'] ?? 0) + (r.stages['engine.prefill'] ?? 0)
      const stages = Object.fromEntries(
        Object.keys(r.stages).map((s) => [s, null])
      ) as typeof r.stages
      stages['gateway.auth'] = asMicros(2000)
      stages['gateway.upstream'] = asMicros(engineUs)
      return {
        ...r,
        stages,
        ttftUs: asMicros(engineUs + 2000),
        ttftSource: 'gateway' as const,
        hasGateway: true,
        hasEngine: false,
      }
    })
    const { diagnosis } = diagnose(input(gatewayOnly, { slos: { ttftMs: 1 } }))
    expect(diagnosis.slo_breached).toBe(true)
    const top = diagnosis.findings[0]!
    expect(top.evidence[0]?.text).toMatch(/uniformly slow since the window began/)
    expect(top.cause).toBe('engine.queue_saturation')
    const stage = top.evidence.find((e) => e.stage === 'gateway.upstream')!
    expect(stage.text).toContain(
      "the gateway's wait for the engine behind it, timed at the gateway"
    )
  })

  it('gives the healthy TTFT P99 as unknown, not 0, over data with no TTFT (gateway spans only)', () => {
    // A gateway that logs no first chunk: E2E is known, the time to the first token is not.
    const requests = clusterWithoutTtft()
    const { diagnosis } = diagnose(input(requests))
    const healthy = diagnosis.findings.find((f) => f.cause === 'healthy')!
    const ttft = healthy.evidence.find((e) => e.metric === 'ttft.p99')!
    expect(diagnosis.latency.ttft).toEqual({ p50: null, p95: null, p99: null })
    expect(ttft.observed).toBeNull()
    expect(ttft.baseline).toBeNull()
    expect(renderDiagnosisText(diagnosis)).not.toMatch(/TTFT p99 0\b/)
  })

  it("names a gateway's own wait that grows, with no span for it, as gateway.queueing from its start", () => {
    const cluster = makeCluster({ seed: 9, minutes: MINUTES, perMinute: 120, replicas: REPLICAS })
    // From the half on, a third of the requests wait 0.6–1.5 s for a slot inside the gateway.
    const requests = behindGateway(cluster, (i, t) =>
      t >= HALF_US && i % 3 === 0 ? 600 + (i % 10) * 100 : 3 + (i % 4)
    )
    const top = diagnose(input(requests)).diagnosis.findings[0]!
    expect(top.cause).toBe('gateway.queueing')
    expect(top.scope).toEqual({ dimension: null, value: null })
    expect(Date.parse(top.window!.start)).toBe(HALF_US / 1000)
    expect(top.evidence.map((e) => e.text).join('\n')).toContain("the gateway's queue and own wait")
  })

  it('a gateway overhead that stays the same through the window is not an incident', () => {
    const cluster = makeCluster({ seed: 10, minutes: MINUTES, perMinute: 120, replicas: REPLICAS })
    const requests = behindGateway(cluster, (i) => 40 + (i % 7) * 5)
    expect(diagnose(input(requests)).diagnosis.findings.map((f) => f.cause)).toEqual(['healthy'])
  })

  it('names a lone slow replica as node.degraded with replica scope', () => {
    const requests = makeCluster({
      seed: 2,
      minutes: MINUTES,
      perMinute: 120,
      replicas: REPLICAS,
      slowdown: (r, t) => (r === 'r3' && t >= HALF_US ? 2.5 : 1),
    })
    const top = diagnose(input(requests)).diagnosis.findings[0]!
    expect(top.cause).toBe('node.degraded')
    expect(top.scope).toEqual({ dimension: 'replica', value: 'r3' })
  })

  it('names the node when both of its replicas are slow', () => {
    const requests = makeCluster({
      seed: 3,
      minutes: MINUTES,
      perMinute: 120,
      replicas: REPLICAS,
      slowdown: (r, t) => ((r === 'r4' || r === 'r5') && t >= HALF_US ? 2.5 : 1),
    })
    const top = diagnose(input(requests)).diagnosis.findings[0]!
    expect(top.cause).toBe('node.degraded')
    expect(top.scope).toEqual({ dimension: 'node', value: 'n2' })
  })

  it('flags KV cache pressure from saturated KV usage with preemptions, globally', () => {
    const requests = makeCluster({
      seed: 4,
      minutes: MINUTES,
      perMinute: 120,
      replicas: REPLICAS,
      slowdown: (_r, t) => (t >= HALF_US ? 3 : 1),
    })
    const resources = kvPressureSeries(Object.keys(REPLICAS), {
      minutes: MINUTES,
      fullFromUs: HALF_US,
      before: 0.4,
      full: 0.99,
      preemptPerStep: 5,
    })
    const { diagnosis } = diagnose(input(requests, { resources }))
    expect(diagnosis.findings[0]!.cause).toBe('engine.kv_cache_pressure')
    expect(diagnosis.findings[0]!.scope).toEqual({ dimension: null, value: null })
    expect(diagnosis.findings[0]!.window).not.toBeNull()
  })

  it.each([
    ['an empty window', []],
    ['a single request', [makeTimeline()]],
  ])('%s gives healthy with confidence 0 and says why', (_name, requests) => {
    const { diagnosis } = diagnose(input(requests))
    expect(diagnosis.findings).toHaveLength(1)
    expect(diagnosis.findings[0]).toMatchObject({ cause: 'healthy', confidence: 0 })
    expect(diagnosis.findings[0]!.evidence[0]!.text).toMatch(
      requests.length ? /^not enough data: 1 requests/ : /^no requests in this window$/
    )
    // Unknown is never zero: no request, no percentile.
    expect(diagnosis.latency.ttft).toEqual(
      requests.length ? expect.any(Object) : { p50: null, p95: null, p99: null }
    )
  })

  it('metrics without traces is not enough data, not a crash', () => {
    const resources: ResourceSeries[] = [
      {
        kind: 'waiting',
        metric: 'vllm:num_requests_waiting',
        labels: { pod: 'r0' },
        points: [{ timeUs: T0_US, value: 3 }],
      },
    ]
    const { diagnosis } = diagnose(input([], { resources }))
    expect(diagnosis.findings[0]!.cause).toBe('healthy')
    expect(diagnosis.requests).toBe(0)
  })

  it('survives missing dimensions, missing measures and clock skew (negative stages)', () => {
    const requests = Array.from({ length: 200 }, (_, i) =>
      makeTimeline({
        startUs: T0_US + i * 1_000_000,
        dims: { replica: null, node: null, version: null, tenant: null },
        stagesMs: { network: -5, 'engine.queue': 3, 'engine.prefill': 30 },
        tpotMs: i % 2 === 0 ? null : 9,
        inputTokens: null,
      })
    )
    const { diagnosis } = diagnose(input(requests))
    const json = JSON.stringify(diagnosis)
    expect(json).not.toContain('NaN')
    expect(json).not.toContain('null,"p')
    expect(diagnosis.findings.length).toBeGreaterThan(0)
    for (const s of diagnosis.stages) {
      expect(s.share_of_p99_slow).toBeGreaterThanOrEqual(0)
      expect(Number.isFinite(s.p99_ms)).toBe(true)
    }
  })

  it('an SLO below the P99 marks the window as breached', () => {
    const requests = makeCluster({ seed: 5, minutes: 10, perMinute: 60, replicas: REPLICAS })
    expect(diagnose(input(requests, { slos: { ttftMs: 10 } })).diagnosis.slo_breached).toBe(true)
    expect(diagnose(input(requests, { slos: { ttftMs: 10_000 } })).diagnosis.slo_breached).toBe(
      false
    )
  })

  it('renders a readable text report', () => {
    const requests = makeCluster({
      seed: 2,
      minutes: MINUTES,
      perMinute: 120,
      replicas: REPLICAS,
      slowdown: (r, t) => (r === 'r3' && t >= HALF_US ? 2.5 : 1),
    })
    const result = diagnose(input(requests))
    const text = renderDiagnosisText(result.diagnosis, result.skipped)
    // Short lines and no raw ISO timestamps for the person on call; the JSON keeps them.
    expect(text.split('\n').filter((l) => l.length > 100)).toEqual([])
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/)
    expect(text.split('\n').slice(0, 7).join('\n')).toMatchInlineSnapshot(`
      "window   2025-06-02 09:00:00 → 09:30:00 UTC  (3600 requests)
      latency  TTFT p50 45 ms p95 101 ms p99 127 ms | TPOT p50 10 ms p99 28 ms | E2E p99 5.78 s

      1. node.degraded  confidence 0.95  scope replica=r3  09:15:00–09:30:00
           - chain: replica=r3 (node) → engine.queue +0.1 ms at the median → TTFT P99 ×2.4 (inside the
             window against before it)
           - requests on replica r3 make up 100% of the requests with the slowest TTFT vs 12% of the"
    `)
    // Dimension values in words, each against the rest.
    expect(/\n\n(the slow requests[^\n]*\n(?: {5}\S[^\n]*\n)+)/.exec(text)?.[1])
      .toMatchInlineSnapshot(`
      "the slow requests are over-represented among:
           requests on replica r3: 100% of the slow requests vs 12% of the others (8.6×)
           requests on node n1: 100% of the slow requests vs 24% of the others (4.1×)
      "
    `)
    // The stage lines follow the top finding's measure: a slow replica's first tokens.
    expect(/\n\n(the slowest[^\n]*\n(?: {5}\S[^\n]*\n)+)/.exec(text)?.[1]).toMatchInlineSnapshot(`
      "the slowest first tokens spend their time in:
           engine.prefill      90%   p99 114 ms
           engine.queue        10%   p99 14 ms
      "
    `)
  })
})

describe('standing conditions and unknowns', () => {
  it('a replica slower through the whole window is a standing condition, not a finding', () => {
    const requests = makeCluster({
      seed: 3,
      minutes: MINUTES,
      perMinute: 120,
      replicas: REPLICAS,
      slowdown: (r) => (r === 'r3' ? 2.5 : 1),
    })
    const { diagnosis } = diagnose(input(requests))
    expect(diagnosis.findings.map((f) => f.cause)).toEqual(['healthy'])
    const replica = diagnosis.standing_conditions.find(
      (c) => c.dimension === 'replica' && c.measure === 'ttft'
    )
    expect(replica).toMatchObject({ value: 'r3', measure: 'ttft' })
    expect(replica!.cost_p99).toBeGreaterThan(1.2)
    expect(replica!.observed).toBeGreaterThan(2 * replica!.baseline)
    const text = renderDiagnosisText(diagnosis)
    expect(text).toContain(
      'standing conditions (the same through the whole window, not incidents):'
    )
    expect(text).toMatch(/replica=r3: TTFT median .* the same through the whole window/)
  })

  it('the same replica slowing down half-way is an incident, with no standing condition', () => {
    const requests = makeCluster({
      seed: 3,
      minutes: MINUTES,
      perMinute: 120,
      replicas: REPLICAS,
      slowdown: (r, t) => (r === 'r3' && t >= HALF_US ? 2.5 : 1),
    })
    const { diagnosis } = diagnose(input(requests))
    expect(diagnosis.findings[0]).toMatchObject({
      cause: 'node.degraded',
      scope: { dimension: 'replica', value: 'r3' },
    })
    expect(diagnosis.standing_conditions).toEqual([])
  })

  /**
   * n1 (r2, r3) decodes 1.8× slower all window, with `also` on top; acme sends 60 % of n1's
   * requests and 10 % of the others'.
   */
  function acmeOnSlowNode(also: (r: string, t: number) => number = () => 1): RequestTimeline[] {
    let k = 0
    return makeCluster({
      seed: 5,
      minutes: MINUTES,
      perMinute: 120,
      replicas: REPLICAS,
      slowdown: (r, t) => (r === 'r2' || r === 'r3' ? 1.8 : also(r, t)),
    }).map((r) => {
      const acme = r.dims.node === 'n1' ? k++ % 5 < 3 : k++ % 10 === 0
      return { ...r, dims: { ...r.dims, tenant: acme ? 'acme' : 'globex' } }
    })
  }

  it('a tenant slower only because its requests land on an always-slower node is not an incident', () => {
    const { diagnosis } = diagnose(input(acmeOnSlowNode()))
    expect(diagnosis.findings.map((f) => f.cause)).toEqual(['healthy'])
    expect(diagnosis.standing_conditions).toContainEqual(
      expect.objectContaining({ dimension: 'node', value: 'n1', measure: 'tpot' })
    )
  })

  it('an incident elsewhere is still found beside that standing node', () => {
    const requests = acmeOnSlowNode((r, t) => (r === 'r6' && t >= HALF_US ? 2.5 : 1))
    const { diagnosis } = diagnose(input(requests))
    expect(diagnosis.findings[0]).toMatchObject({
      cause: 'node.degraded',
      scope: { dimension: 'replica', value: 'r6' },
    })
  })

  it('TPOT without per-token data is null in JSON and "–" in text, never 0', () => {
    const requests = makeCluster({ seed: 4, minutes: 10, perMinute: 60, replicas: REPLICAS }).map(
      (r) => ({ ...r, tpotUs: null, itlMaxUs: null })
    )
    const { diagnosis } = diagnose(input(requests))
    expect(diagnosis.latency.tpot).toEqual({ p50: null, p95: null, p99: null })
    expect(diagnosis.latency.ttft.p50).toBeGreaterThan(0)
    expect(renderDiagnosisText(diagnosis)).toMatch(/\| TPOT p50 – p99 – \|/)
  })

  it('reads time no span explains on the requests that carry a TTFT, never a share over 100 %', () => {
    // Nine in ten requests carry no TTFT and 900 ms of engine time outside every stage: set
    // against the TTFT of the tenth, that read as 596 % of a typical TTFT and named a cause.
    const requests = makeCluster({ seed: 4, minutes: 10, perMinute: 60, replicas: REPLICAS }).map(
      (r, i) =>
        i % 10 === 0
          ? r
          : {
              ...r,
              ttftUs: null,
              tpotUs: null,
              itlMaxUs: null,
              stages: { ...r.stages, 'engine.unattributed': asMicros(900_000) },
            }
    )
    const { diagnosis } = diagnose(input(requests))
    const texts = diagnosis.findings.flatMap((f) => f.evidence.map((e) => e.text))
    expect(texts.filter((t) => /no span explains it/.test(t))).toEqual([])
    expect(diagnosis.findings.map((f) => f.cause)).toEqual(['healthy'])
  })

  it('an empty window prints "no requests in this window", not a window from 1970', () => {
    const { diagnosis } = diagnose({
      window: { fromUs: asMicros(0), toUs: asMicros(0) },
      frame: frameFromRequests([]),
      resources: [],
      events: [],
    })
    const text = renderDiagnosisText(diagnosis)
    expect(text.split('\n')[0]).toBe('window   no requests in this window')
    expect(text).not.toContain('1970')
    expect(text).not.toContain('0.0 ms')
  })
})
