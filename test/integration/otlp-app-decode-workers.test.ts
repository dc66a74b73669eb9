/**
 * The OTLP/HTTP route with decoding in worker threads answers exactly as with inline decoding:
 * same status, content type and body bytes, same items stored, for full success, partial
 * success (JSON and protobuf), undecodable bodies and metrics.
 */
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/core/errors.js'
import { createDecodePool, type OtlpDecoder } from '../../src/ingest/otlp/decode-pool.js'
import { encodeTracesProtobuf } from '../../src/ingest/otlp/protobuf.js'
import { createOtlpApp } from '../../src/server/otlp-app.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { makeDeps } from '../../src/server/testing/test-deps.js'

const FIXTURES = new URL('../fixtures/otlp/', import.meta.url)
const read = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8')
const JSON_TYPE = { 'Content-Type': 'application/json' }
const PROTO_TYPE = { 'Content-Type': 'application/x-protobuf' }

function partialProtobuf(): Uint8Array<ArrayBuffer> {
  const request = makeLlmTraceRequest(2)
  const rs = request.resourceSpans[0] as { scopeSpans: { spans: Record<string, unknown>[] }[] }
  rs.scopeSpans[0]!.spans[0]!['spanId'] = ''
  return encodeTracesProtobuf(request).slice()
}

const CASES: [string, string, () => string | Uint8Array<ArrayBuffer>, Record<string, string>][] = [
  ['traces JSON example', '/v1/traces', () => read('otlp-trace-example.json'), JSON_TYPE],
  [
    'traces protobuf',
    '/v1/traces',
    () => encodeTracesProtobuf(makeLlmTraceRequest(20)).slice(),
    PROTO_TYPE,
  ],
  [
    'traces gzip protobuf',
    '/v1/traces',
    () => new Uint8Array(gzipSync(encodeTracesProtobuf(makeLlmTraceRequest(5)))),
    { ...PROTO_TYPE, 'Content-Encoding': 'gzip' },
  ],
  ['partial success JSON', '/v1/traces', () => read('quirks-trace.json'), JSON_TYPE],
  ['partial success protobuf', '/v1/traces', partialProtobuf, PROTO_TYPE],
  ['JSON that does not parse', '/v1/traces', () => '{"resourceSpans": [', JSON_TYPE],
  ['JSON that is not an object', '/v1/traces', () => '[1,2]', JSON_TYPE],
  [
    'undecodable protobuf',
    '/v1/traces',
    () => Uint8Array.from([0x0a, 0xff, 0xff, 0xff, 0x0f]),
    PROTO_TYPE,
  ],
  ['metrics JSON example', '/v1/metrics', () => read('otlp-metrics-example.json'), JSON_TYPE],
]

let pool: OtlpDecoder
beforeAll(() => {
  pool = createDecodePool({ workers: 2 })
})
afterAll(async () => {
  await pool.close()
})

async function answer(
  decoder: OtlpDecoder | undefined,
  path: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string>
): Promise<{ status: number; type: string | null; bytes: number[]; spans: number }> {
  const deps = makeDeps()
  const app = createOtlpApp(decoder === undefined ? deps : { ...deps, decoder })
  const res = await app.request(path, { method: 'POST', body, headers })
  const bytes = [...new Uint8Array(await res.arrayBuffer())]
  const stats = await deps.store.stats()
  await deps.ingest.close()
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes,
    spans: stats.spans + stats.metricSamples,
  }
}

describe('OTLP/HTTP with decode workers', () => {
  it.each(CASES)(
    'answers %s exactly as inline decoding',
    async (_label, path, body, headers) => {
      const inline = await answer(undefined, path, body(), headers)
      const pooled = await answer(pool, path, body(), headers)
      expect(pooled).toEqual(inline)
    },
    30_000
  )

  it('decodes in a worker: the body buffer is transferred away from the caller', async () => {
    const body = encodeTracesProtobuf(makeLlmTraceRequest(3)).slice()
    const inline = await createDecodePool({ workers: 0 }).traces('protobuf', body)
    const decoded = await pool.traces('protobuf', body)
    expect(decoded.spans).toHaveLength(12)
    expect(decoded).toEqual(inline)
    expect(body.byteLength).toBe(0)
    // Spans of one ResourceSpans still share one resource object after the trip back (the
    // store serialises each shared resource once).
    const sharing = (spans: typeof inline.spans): boolean[] =>
      spans.flatMap((a) => spans.map((b) => a.resource === b.resource))
    expect(sharing(decoded.spans)).toEqual(sharing(inline.spans))
    expect(sharing(decoded.spans).filter(Boolean).length).toBeGreaterThan(12)
  }, 30_000)

  it("reports the workers' own V8 heaps once they have decoded, and none for inline decoding", async () => {
    const fresh = createDecodePool({ workers: 1 })
    try {
      expect(fresh.heap()).toBeNull()
      await fresh.traces('protobuf', encodeTracesProtobuf(makeLlmTraceRequest(3)).slice())
      const heap = fresh.heap()
      expect(heap?.usedBytes).toBeGreaterThan(0)
      expect(heap?.totalBytes).toBeGreaterThanOrEqual(heap?.usedBytes ?? Infinity)
    } finally {
      await fresh.close()
    }
    expect(createDecodePool({ workers: 0 }).heap()).toBeNull()
  }, 30_000)

  it('rethrows a decode failure as the same AppError', async () => {
    const err = await pool.traces('json', new TextEncoder().encode('[1')).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).code).toBe('OTLP_DECODE_FAILED')
  }, 30_000)

  it('decodes on the event loop what the busy workers would queue, with the same results', async () => {
    const one = createDecodePool({ workers: 1 })
    try {
      const bodies = Array.from({ length: 8 }, (_, i) =>
        encodeTracesProtobuf(makeLlmTraceRequest(4, i * 4)).slice()
      )
      const expected = await Promise.all(
        bodies.map((b) => createDecodePool({ workers: 0 }).traces('protobuf', b))
      )
      const decoded = await Promise.all(bodies.map((b) => one.traces('protobuf', b)))
      expect(decoded).toEqual(expected)
      // Two went to the worker (their buffers moved), the rest were decoded in place.
      expect(bodies.filter((b) => b.byteLength === 0)).toHaveLength(2)
    } finally {
      await one.close()
    }
  }, 30_000)

  it('decodes inline with 0 workers', async () => {
    const inline = createDecodePool({ workers: 0 })
    expect(inline.workers).toBe(0)
    const decoded = await inline.traces(
      'protobuf',
      encodeTracesProtobuf(makeLlmTraceRequest(1)).slice()
    )
    expect(decoded.spans).toHaveLength(4)
  })
})
