/**
 * Bounded work per request: the requests that used to exhaust the heap, answer 500 after 42 s or
 * take 25 s and 10 GB, each answered 400 at once with a message naming the limit (no socket).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeTraces } from '../../src/core/otlp/decode-traces.js'
import { createApp } from '../../src/server/app.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { makeDeps, type TestDeps } from '../../src/server/testing/test-deps.js'

const FIRST_MS = 1_760_000_000_000
const NOW_MS = FIRST_MS + 10 * 60 * 1000
/** Generous for a shared machine; each of these used to take tens of seconds or never end. */
const FAST_MS = 2000

let deps: TestDeps
let app: ReturnType<typeof createApp>

async function expect400(path: string, mentions: string, appUnderTest = app): Promise<string> {
  const started = performance.now()
  const res = await appUnderTest.request(path)
  const elapsedMs = performance.now() - started
  const body = (await res.json()) as { error: { code: string; message: string } }
  expect(res.status, JSON.stringify(body)).toBe(400)
  expect(body.error.code).toBe('QUERY_INVALID')
  expect(body.error.message).toContain(mentions)
  expect(elapsedMs).toBeLessThan(FAST_MS)
  return body.error.message
}

beforeAll(async () => {
  deps = makeDeps({ nowMs: NOW_MS })
  app = createApp(deps)
  const { spans } = decodeTraces(makeLlmTraceRequest(40))
  await deps.ingest.submitSpans(spans)
  await deps.ingest.flush()
})

afterAll(async () => {
  await deps.ingest.close()
})

describe('the reported requests', () => {
  it('from=0001-01-01 (was: heap out of memory) is an invalid instant', async () => {
    const message = await expect400('/api/diagnosis?from=0001-01-01T00:00:00Z', 'from must be')
    expect(message).toContain('1970-01-01')
  })

  it('since=99999999999d (was: 500 after 42 s at 7.5 GB) names api.maxWindowMs', async () => {
    await expect400('/api/diagnosis?since=99999999999d', 'api.maxWindowMs')
  })

  it('from=1990-01-01 (was: 200 after 25 s at 10.5 GB) names api.maxWindowMs', async () => {
    const message = await expect400('/api/diagnosis?from=1990-01-01T00:00:00Z', 'api.maxWindowMs')
    expect(message).toContain('at most 90d')
  })

  it('/api/requests?from=99999999999999999999999 (was: unhandled 500) is an invalid instant', async () => {
    await expect400(
      `/api/requests?from=99999999999999999999999&to=${NOW_MS}`,
      'from must be RFC 3339 text or epoch milliseconds between'
    )
  })
})

describe('every bound is named', () => {
  it('windows on every windowed route', async () => {
    for (const route of [
      'requests',
      'percentiles',
      'heatmap',
      'stages',
      'traffic',
      'dimensions',
      'events',
      'concentration',
      'diagnosis',
    ]) {
      await expect400(`/api/${route}?since=400d`, 'api.maxWindowMs')
    }
    await expect400('/api/series?name=x&since=400d', 'api.maxWindowMs')
  })

  it('window=all over more data than the window limit', async () => {
    const small = createApp({ ...deps, limits: { ...deps.limits, maxWindowMs: 1000 } })
    const message = await expect400('/api/diagnosis?window=all', 'api.maxWindowMs', small)
    expect(message).toContain('give from/to or since')
  })

  it('rows, buckets, filter values, quantiles and labels', async () => {
    await expect400('/api/requests?window=all&limit=1001', 'an integer 1..1000')
    await expect400('/api/percentiles?since=30d&step=1s', 'api.maxBuckets')
    await expect400('/api/heatmap?since=30d&step=1s', 'api.maxBuckets')
    await expect400('/api/stages?since=30d&step=1s', 'api.maxBuckets')
    await expect400('/api/traffic?since=30d&step=1s', 'api.maxBuckets')
    await expect400('/api/series?name=x&since=30d&step=1s', 'api.maxBuckets')
    const many = Array.from({ length: 101 }, (_, i) => `m${i}`).join(',')
    await expect400(`/api/requests?model=${many}`, 'api.maxFilterValues')
    const quantiles = Array.from({ length: 40 }, (_, i) => (i / 40).toFixed(3)).join(',')
    await expect400(`/api/percentiles?q=${quantiles}`, 'at most 32 quantiles')
    const labels = Array.from({ length: 40 }, (_, i) => `label.k${i}=v`).join('&')
    await expect400(`/api/series?name=x&${labels}`, 'at most 32 labels')
  })

  it('repeated values count once', async () => {
    const res = await app.request(`/api/requests?window=all&model=${'a,'.repeat(500)}a`)
    expect(res.status).toBe(200)
  })

  it('a diagnosis frame over the memory budget', async () => {
    const tight = createApp({ ...deps, limits: { ...deps.limits, maxDiagnosisBytes: 4096 } })
    const message = await expect400('/api/diagnosis?window=all', 'api.maxDiagnosisBytes', tight)
    expect(message).toContain('the window holds 40 requests')
    // Concentration reads a hash sample that fits (ADR 0241) and says so; not even one row → 400.
    const sampled = await tight.request('/api/concentration?window=all')
    expect(sampled.status).toBe(200)
    const body = (await sampled.json()) as { sample: { read: number; requests: number } }
    expect(body.sample.requests).toBe(40)
    // About 10 rows fit; the hash keeps each request with probability 10/40.
    expect(body.sample.read).toBeGreaterThan(0)
    expect(body.sample.read).toBeLessThan(20)
    const none = createApp({ ...deps, limits: { ...deps.limits, maxDiagnosisBytes: 100 } })
    await expect400('/api/concentration?window=all', 'api.maxDiagnosisBytes', none)
    const ok = await app.request('/api/diagnosis?window=all')
    expect(ok.status).toBe(200)
  })

  it('limits come from the app deps', async () => {
    const strict = createApp({ ...deps, limits: { ...deps.limits, maxRows: 5, maxBuckets: 3 } })
    await expect400('/api/requests?window=all&limit=6', 'an integer 1..5', strict)
    await expect400('/api/traffic?since=10m&step=1m', 'at most 3 buckets', strict)
  })
})
