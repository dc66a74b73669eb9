/**
 * The spans the DuckDB fault benches write: span i has trace id i + 1 and its index in an
 * attribute, so one scan can tell whether a file holds exactly spans 0..n−1, and a payload
 * close to a real LLM span's.
 */
import type { Span } from '../src/core/model/span.js'
import type { Micros } from '../src/core/model/units.js'
import { createHash } from 'node:crypto'
import { duckDbSharedOf } from '../src/storage/duckdb/duckdb-store.js'
import { readStoredSpans } from '../src/storage/duckdb/span-writes.js'
import type { SpanStore } from '../src/storage/span-store.js'

export const BATCH = 10_000
const PAD = 'x'.repeat(96)

/** Span `i` of the sequence: trace id i + 1, its index in an attribute, a realistic payload. */
function spanOf(i: number): Span {
  return {
    traceId: (i + 1).toString(16).padStart(32, '0'),
    spanId: (i + 1).toString(16).padStart(16, '0'),
    parentSpanId: null,
    name: 'llm_request',
    kind: 2,
    startUs: (1_760_000_000_000_000 + i * 1000) as Micros,
    endUs: (1_760_000_000_000_000 + i * 1000 + 900_000) as Micros,
    statusCode: 0,
    statusMessage: null,
    attributes: {
      i,
      'gen_ai.request.model': `model-${i % 7}`,
      'gen_ai.usage.input_tokens': 100 + (i % 4000),
      'gen_ai.usage.output_tokens': 10 + (i % 500),
      'tenant.id': `tenant-${i % 13}`,
      'server.address': `vllm-${i % 8}.svc`,
      note: `${PAD}${i}`,
    },
    resource: { 'service.name': 'vllm', 'service.instance.id': `vllm-${i % 8}` },
    scopeName: 'bench',
    scopeVersion: null,
    events: [],
  }
}

export async function insertRange(store: SpanStore, from: number, to: number): Promise<void> {
  for (let at = from; at < to; at += BATCH) {
    const n = Math.min(BATCH, to - at)
    await store.insertSpans(Array.from({ length: n }, (_, k) => spanOf(at + k)))
  }
}

/** What one full scan of `spans` reads: enough to tell any changed, missing or extra row. */
export interface SpansScan {
  n: number
  distinctIds: number
  /** A hash of the rows' ids, names, times, attributes and resources, in any order. */
  digest: string
}

/**
 * Reads every stored span through the store's own read connection: the older `spans` rows and
 * every write's body (ADR 0395).
 */
export async function scanSpans(store: SpanStore): Promise<SpansScan> {
  const shared = duckDbSharedOf(store)
  if (!shared) {
    throw new Error('scanSpans needs a DuckDB store')
  }
  const spans = await shared.read((conn) => readStoredSpans(conn))
  const rows = spans
    .map((s) =>
      JSON.stringify([s.traceId, s.spanId, s.name, s.startUs, s.endUs, s.attributes, s.resource])
    )
    .sort()
  return {
    n: spans.length,
    distinctIds: new Set(spans.map((s) => s.traceId)).size,
    digest: createHash('sha256').update(rows.join('\n')).digest('hex'),
  }
}

/**
 * Writes spans `from`..`to − 1` with one INSERT … SELECT inside DuckDB: the same ids and `i`
 * attribute as {@link spanOf}, so a base file of hundreds of MB takes seconds to build on a busy
 * host. The spans a fault hits are still written by `insertSpans`, the server's write path. The
 * base goes into the `spans` table as builds before ADR 0395 wrote it: a store opened on the
 * file reads those rows beside its bodies.
 */
export async function fillSpans(store: SpanStore, from: number, to: number): Promise<void> {
  await duckDbSharedOf(store)!.write(async (conn) => {
    await conn.run(
      `INSERT INTO spans (trace_id, span_id, parent_span_id, name, kind, start_us, end_us,
         status_code, status_message, attributes, resource, scope_name, scope_version, events)
       SELECT lpad(lower(to_hex(i + 1)), 32, '0'), lpad(lower(to_hex(i + 1)), 16, '0'), NULL,
         'llm_request', 2, 1760000000000000 + i * 1000, 1760000000000000 + i * 1000 + 900000, 0,
         NULL,
         json_object('i', i, 'gen_ai.request.model', 'model-' || (i % 7),
           'gen_ai.usage.input_tokens', 100 + i % 4000, 'gen_ai.usage.output_tokens', 10 + i % 500,
           'tenant.id', 'tenant-' || (i % 13), 'server.address', 'vllm-' || (i % 8) || '.svc',
           'note', repeat('x', 96) || i),
         json_object('service.name', 'vllm', 'service.instance.id', 'vllm-' || (i % 8)),
         'bench', NULL, '[]'::JSON
       FROM range(${from}, ${to}) t(i)`
    )
  })
}
