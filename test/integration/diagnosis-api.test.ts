/**
 * GET /api/diagnosis and GET /api/concentration over the real app, memory store and ingest
 * pipeline, fed by a simulated node-degraded run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSilentLogger } from '../../src/core/logger.js'
import { decodeTracesJson } from '../../src/core/otlp/decode-traces.js'
import { createIngestPipeline, type IngestPipeline } from '../../src/ingest/pipeline/pipeline.js'
import { createApp } from '../../src/server/app.js'
import { DIAGNOSIS_FRAME_COLUMNS } from '../../src/server/limits.js'
import { createRun } from '../../src/sim/index.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import type { SpanStore } from '../../src/storage/span-store.js'

let store: SpanStore
let sink: IngestPipeline
let app: ReturnType<typeof createApp>
let expectedNode: string | null = null

beforeAll(async () => {
  store = createMemoryStore()
  sink = createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: () => 0,
    sweepIntervalMs: 0,
  })
  const run = createRun({ scenario: 'node-degraded', seed: 1, durationMs: 10 * 60_000 })
  expectedNode = run.expected.causes[0]!.scope.value
  for (const out of run.outputs()) {
    if (out.kind === 'requests') {
      await sink.submitSpans(decodeTracesJson(run.tracesJson(out.requests)).spans)
    } else if (out.kind === 'metrics') {
      await sink.submitMetrics(out.samples, run.families)
    } else {
      await sink.submitEvents([out.event])
    }
  }
  await sink.flush()
  app = createApp({
    store,
    ingest: sink,
    logger: createSilentLogger(),
    now: () => Date.now(),
    limits: { maxBodyBytes: 1 << 20 },
    version: 'test',
  })
  // Simulating and ingesting the run is CPU-heavy; on a busy machine it outlasts the default 10 s.
}, 120_000)

afterAll(async () => {
  await sink.close()
  await store.close()
})

describe('GET /api/diagnosis', () => {
  it('returns the CONTRACT §5 object for the whole data', async () => {
    const res = await app.request('/api/diagnosis?window=all')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, any>
    expect(body.schema).toBe('tokenline.diagnosis/v1')
    expect(Object.keys(body)).toEqual([
      'schema',
      'window',
      'requests',
      'slo_breached',
      'latency',
      'stages',
      'concentration',
      'findings',
      'standing_conditions',
    ])
    expect(body.requests).toBeGreaterThan(100)
    expect(body.findings[0].cause).toBe('node.degraded')
    expect(body.findings[0].scope).toEqual({ dimension: 'node', value: expectedNode })
    for (const k of ['ttft', 'tpot', 'e2e']) {
      expect(Object.keys(body.latency[k])).toEqual(['p50', 'p95', 'p99'])
    }
  })

  it('says there are no requests in an empty window (the default last 30 minutes of now)', async () => {
    const res = await app.request('/api/diagnosis')
    const body = (await res.json()) as Record<string, any>
    expect(body.requests).toBe(0)
    expect(body.findings).toHaveLength(1)
    expect(body.findings[0].cause).toBe('healthy')
    expect(body.findings[0].evidence[0].text).toBe('no requests in this window')
    expect(body.latency.ttft).toEqual({ p50: null, p95: null, p99: null })
  })

  it('rejects a bad window with 400', async () => {
    const res = await app.request('/api/diagnosis?from=yesterday')
    expect(res.status).toBe(400)
  })
})

describe('GET /api/concentration', () => {
  it('names the degraded node among the TPOT tail', async () => {
    const res = await app.request('/api/concentration?window=all&measure=tpot')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, any>
    expect(body.measure).toBe('tpot')
    expect(body.slow).toBeGreaterThan(0)
    expect(body.total).toBeGreaterThan(body.slow)
    expect(body.rows.some((r: any) => r.dimension === 'node' && r.value === expectedNode)).toBe(
      true
    )
  })

  it('lists no stage that no request in the window has (its mean is unknown, not 0)', async () => {
    const body = (await (
      await app.request('/api/concentration?window=all&measure=ttft')
    ).json()) as Record<string, any>
    const listed = (body.stages as { stage: string }[]).map((s) => s.stage)
    expect(listed.length).toBeGreaterThan(0)
    const missing: string[] = []
    for (const stage of listed) {
      // The longest of the stage first: null there means no request has it.
      const top = (await (
        await app.request(`/api/requests?window=all&sort=${stage}&dir=desc&limit=1`)
      ).json()) as { rows: { stages: Record<string, number | null> }[] }
      if ((top.rows[0]?.stages[stage] ?? null) === null) {
        missing.push(stage)
      }
    }
    expect(missing).toEqual([])
  })

  it('honours an explicit threshold', async () => {
    const res = await app.request('/api/concentration?window=all&measure=ttft&slow_ms=100000')
    const body = (await res.json()) as Record<string, any>
    expect(body.threshold_ms).toBe(100000)
    expect(body.slow).toBe(0)
    expect(body.rows).toEqual([])
  })

  it('refuses a threshold or a slow spell whose microseconds are not a finite number', async () => {
    for (const q of [
      'slow_ms=1e308',
      'slow_max_ms=1e308&slow_from=0&slow_to=1',
      'slow_from=0&slow_to=1e308',
    ]) {
      const res = await app.request(`/api/concentration?window=all&measure=ttft&${q}`)
      expect(res.status, q).toBe(400)
    }
  })

  it('answers from a hash sample when the window passes the memory budget', async () => {
    const full = (await (
      await app.request('/api/concentration?window=all&measure=tpot')
    ).json()) as Record<string, any>
    expect(full.sample).toBeNull()
    const requests = ((await (await app.request('/api/diagnosis?window=all')).json()) as any)
      .requests as number
    // A budget of a third of the window's requests: the whole frame would not fit.
    const rows = Math.floor(requests / 3)
    const tight = createApp({
      store,
      ingest: sink,
      logger: createSilentLogger(),
      now: () => Date.now(),
      limits: { maxBodyBytes: 1 << 20, maxDiagnosisBytes: rows * DIAGNOSIS_FRAME_COLUMNS * 8 },
      version: 'test',
    })
    const res = await tight.request('/api/concentration?window=all&measure=tpot')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, any>
    expect(body.sample.requests).toBe(requests)
    expect(body.sample.read).toBeLessThanOrEqual(rows * 1.1)
    expect(body.sample.read).toBeGreaterThan(rows * 0.8)
    expect(body.total).toBeLessThanOrEqual(body.sample.read)
    // The degraded node holds the slow requests in both, by about the same lift; which of its
    // replicas stands out most is within the sample's noise at a few thousand requests.
    const nodes = (b: Record<string, any>) =>
      b.rows.filter((r: any) => r.dimension === 'node').map((r: any) => [r.value, r.lift])
    expect(nodes(full)).toEqual([[expectedNode, expect.any(Number)]])
    expect(nodes(body)).toEqual([[expectedNode, expect.any(Number)]])
    expect(nodes(body)[0][1]).toBeCloseTo(nodes(full)[0][1], 0)
    expect(body.threshold_ms / full.threshold_ms).toBeGreaterThan(0.9)
    expect(body.threshold_ms / full.threshold_ms).toBeLessThan(1.1)
  })

  it('rejects an unknown measure', async () => {
    expect((await app.request('/api/concentration?measure=nope')).status).toBe(400)
  })
})

describe('GET /api/diagnosis on an empty store', () => {
  const nowMs = Date.UTC(2026, 11, 5, 12)
  const empty = createMemoryStore()
  const emptySink = createIngestPipeline({
    store: empty,
    logger: createSilentLogger(),
    now: () => nowMs,
    sweepIntervalMs: 0,
  })
  const emptyApp = createApp({
    store: empty,
    ingest: emptySink,
    logger: createSilentLogger(),
    now: () => nowMs,
    limits: { maxBodyBytes: 1 << 20 },
    version: 'test',
  })
  afterAll(async () => {
    await emptySink.close()
    await empty.close()
  })

  it('refuses window=all, which spans no time there, instead of a window at 1970', async () => {
    const res = await emptyApp.request('/api/diagnosis?window=all')
    expect(res.status).toBe(400)
    const text = await res.text()
    expect(text).toContain('the store holds no data')
    expect(text).not.toContain('1970')
  })

  it('gives the default window as the last 30 minutes of the clock, with no requests', async () => {
    const res = await emptyApp.request('/api/diagnosis')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, any>
    expect(body.window).toEqual({
      start: new Date(nowMs - 30 * 60_000).toISOString(),
      end: new Date(nowMs).toISOString(),
    })
    expect(body.requests).toBe(0)
  })
})
