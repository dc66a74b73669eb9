/**
 * Real vLLM telemetry (test/fixtures/real-vllm/SOURCE.md) imported through the real pipeline
 * into both stores: exactly the LLM calls the captures contain, one row per call with or
 * without traceparent, no health/model-listing/scrape rows, no duplicate spans, model and
 * replica set.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { importPaths } from '../../src/ingest/import/import.js'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import type { SpanStore } from '../../src/storage/span-store.js'
import { memoryIngest } from '../../src/cli/import-to-memory.js'
import { storedRequests } from '../../src/storage/testing/stored-requests.js'

const DIR = join(import.meta.dirname, '../fixtures/real-vllm')
const BODIES = readdirSync(DIR)
  .filter((f) => f.endsWith('.body'))
  .sort()
  .map((f) => join(DIR, f))
const METRICS = join(DIR, 'vllm-metrics-after-5-requests.txt')
const REPLICA = '884f9da2-d88f-4c32-93cc-9d2a5fd8e653'

const tmp = mkdtempSync(join(tmpdir(), 'real-vllm-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

async function importInto(store: SpanStore, paths: string[]) {
  const { sink } = memoryIngest(store)
  const summary = await importPaths(paths, sink)
  await sink.close()
  const requests = await storedRequests(store)
  requests.sort((a, b) => a.startUs - b.startUs)
  return {
    requests,
    counters: sink.counters(),
    sources: sink.notLlmSources(),
    stats: await store.stats(),
    summary,
  }
}

const STORES: [string, () => Promise<SpanStore>][] = [
  ['memory', async () => createMemoryStore()],
  ['duckdb', () => createDuckDbStore({ path: join(tmp, `v${Date.now()}.duckdb`) })],
]

describe.each(STORES)('real vLLM captures into the %s store', (_name, open) => {
  it('import to exactly the LLM calls they contain', async () => {
    const store = await open()
    try {
      const { requests, counters, sources, stats, summary } = await importInto(store, [
        ...BODIES,
        METRICS,
      ])
      expect(summary.files.every((f) => f.error === null)).toBe(true)
      // 68 spans arrive, 42 distinct: every API-server span is exported twice.
      expect(counters.spansAccepted).toBe(42)
      expect(counters.spansDuplicate).toBe(26)
      expect(stats.spans).toBe(42)
      // 1 chat without traceparent, 3 with, 1 completion; /health, /v1/models, /metrics and the
      // start-up trace are not requests.
      expect(requests.map((r) => r.dims.route)).toEqual([
        '/v1/chat/completions',
        '/v1/chat/completions',
        '/v1/chat/completions',
        '/v1/chat/completions',
        '/v1/completions',
      ])
      expect(stats.requests).toBe(5)
      // /health, /v1/models and /metrics; the start-up trace has no recognised span at all.
      expect(counters.tracesNotLlm).toBe(3)
      expect(sources.map((s) => s.name).sort()).toEqual([
        'GET /health',
        'GET /metrics',
        'GET /v1/models',
      ])
      for (const r of requests) {
        expect(r).toMatchObject({
          spanCount: 4,
          hasEngine: true,
          hasGateway: false,
          status: 200,
          ttftSource: 'engine',
          dims: { model: 'tiny-llama', replica: REPLICA },
        })
      }
      // The call without traceparent is one row under its API-server trace; its engine trace
      // (44824232…) has none.
      const lone = requests[0]!
      expect(lone.traceId.startsWith('41858667')).toBe(true)
      expect(requests.some((r) => r.traceId.startsWith('44824232'))).toBe(false)
      expect(requests.some((r) => r.traceId.startsWith('a697f627'))).toBe(false)
      // Stages are vLLM's own gen_ai.latency.* values; the API server's time around
      // llm_request is engine.unattributed (POST 2 046 076 µs, engine stages 2 041 308 µs).
      expect(lone.stages).toMatchObject({
        'engine.queue': 26,
        'engine.prefill': 1_916_390,
        'engine.decode': 110_809,
        'engine.unattributed': 4768,
      })
      expect(lone.e2eUs).toBe(2_046_076)
      expect(lone.outputTokens).not.toBeNull()
    } finally {
      await store.close()
    }
  }, 60_000)

  it('leaves the model unset without the engine metrics (no guess)', async () => {
    const store = await open()
    try {
      const { requests } = await importInto(store, BODIES)
      expect(requests).toHaveLength(5)
      expect(requests.every((r) => r.dims.model === null && r.dims.replica === REPLICA)).toBe(true)
    } finally {
      await store.close()
    }
  }, 60_000)
})
