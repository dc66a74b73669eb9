/**
 * SGLang's and TGI's own spans and metrics (test/fixtures/engines/SOURCE.md, written from their
 * tracing code) imported through the real import path: one request per call with the stages
 * the engine gives, TTFT from the engine, TGI's batch traces never counted, SGLang's model from
 * its metrics' `model_name`.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../src/core/model/request.js'
import { importPaths } from '../../src/ingest/import/import.js'
import { memoryIngest } from '../../src/cli/import-to-memory.js'
import { storedRequests } from '../../src/storage/testing/stored-requests.js'

const DIR = join(import.meta.dirname, '../fixtures/engines')
/** 13 request spans (1 SERVER, 12 INTERNAL) + 3 batch traces of 2 spans. */
const SPANS_IN_TGI_FIXTURE = 19

async function importEngine(files: string[]) {
  const { store, sink } = memoryIngest()
  const summary = await importPaths(
    files.map((f) => join(DIR, f)),
    sink
  )
  await sink.close()
  const requests = await storedRequests(store)
  requests.sort((a, b) => a.startUs - b.startUs)
  return { requests, summary, counters: sink.counters(), stats: await store.stats() }
}

describe('SGLang fixture import', () => {
  it('gives one request per Req span, with queue, prefill, decode, TTFT and the metrics model', async () => {
    const { requests, summary, counters } = await importEngine([
      'sglang/metrics.prom',
      'sglang/spans.otlp.json',
    ])
    expect(summary.files.map((f) => f.error)).toEqual([null, null])
    // Two requests: one under a caller's traceparent, one with SGLang's zero-padded trace id.
    expect(requests.map((r) => r.traceId)).toEqual([
      '4bf92f3577b34da6a3ce929d0e0e4736',
      '00000000000000007d1e44c09a5f3b28',
    ])
    expect(counters.requestsAssembled).toBe(2)
    const [withParent, without] = requests as [RequestTimeline, RequestTimeline]
    for (const r of requests) {
      expect(r.hasEngine).toBe(true)
      expect(r.hasGateway).toBe(false)
      expect(r.ttftSource).toBe('engine')
      expect(r.dims.model).toBe('qwen3-8b')
      // The scheduler thread span's host_id + pid: the same engine process for both calls.
      expect(r.dims.replica).toBe('4c4c4544:2188')
    }
    expect(withParent.stages).toMatchObject({
      'engine.frontend': 4000,
      'engine.queue': 183_000,
      'engine.prefill': 64_000,
      'engine.decode': 2_159_000,
    })
    expect(withParent.ttftUs).toBe(251_000)
    expect(withParent.e2eUs).toBe(2_412_000)
    expect(without.stages).toMatchObject({
      'engine.queue': null,
      'engine.prefill': 37_000,
      'engine.decode': 858_000,
    })
    expect(without.ttftUs).toBe(41_000)
  })
})

describe('TGI fixture import', () => {
  it('gives one request for the chat call and none for its batch traces', async () => {
    const { requests, summary, stats } = await importEngine([
      'tgi/metrics.prom',
      'tgi/spans.otlp.json',
    ])
    expect(summary.files.map((f) => f.error)).toEqual([null, null])
    // Four traces arrive and are all stored (the request and three batch traces); one is a request.
    expect(stats.spans).toBe(SPANS_IN_TGI_FIXTURE)
    expect(requests).toHaveLength(1)
    const [r] = requests as [RequestTimeline]
    expect(r.traceId).toBe('0af7651916cd43dd8448eb211c80319c')
    expect(r.hasEngine).toBe(true)
    expect(r.dims.route).toBe('/v1/chat/completions')
    expect(r.status).toBe(200)
    expect(r.stages).toMatchObject({
      'engine.frontend': 1230,
      'engine.queue': 187_012,
      'engine.prefill': 64_000,
      'engine.decode': 2_166_000,
    })
    expect(r.ttftUs).toBe(251_000)
    expect(r.ttftSource).toBe('engine')
    expect(r.e2eUs).toBe(2_420_000)
    // TGI names no model on spans or metrics.
    expect(r.dims.model).toBeNull()
  })
})
