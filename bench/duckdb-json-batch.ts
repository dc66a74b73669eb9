/**
 * A columnar insert measured against the store's path in bench/duckdb-append.bench.ts and not
 * used by the store (slower here, see docs/adr/0056): a whole batch goes to DuckDB as ONE JSON
 * text parameter, unpacked by DuckDB's JSON reader in a single `INSERT … SELECT` (one native call
 * per batch instead of one per string value).
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import type { Attributes, Span } from '../src/core/model/span.js'

/** One span as the JSON reader sees it (short keys keep the text small). */
interface WireSpan {
  t: string
  s: string
  p: string | null
  n: string
  k: number
  b: number
  e: number
  c: number
  m: string | null
  a: Attributes
  /** Index (0-based) into the batch's shared resource list. */
  r: number
  sn: string
  sv: string | null
  ev: Span['events']
}

// `JSON` members are kept as JSON text: DuckDB writes them back out minified, with the key order
// and values of the input, which is what `JSON.stringify` of the same object produces.
const STRUCTURE = JSON.stringify({
  r: ['JSON'],
  s: [
    {
      t: 'VARCHAR',
      s: 'VARCHAR',
      p: 'VARCHAR',
      n: 'VARCHAR',
      k: 'INTEGER',
      b: 'BIGINT',
      e: 'BIGINT',
      c: 'INTEGER',
      m: 'VARCHAR',
      a: 'JSON',
      r: 'INTEGER',
      sn: 'VARCHAR',
      sv: 'VARCHAR',
      ev: 'JSON',
    },
  ],
})

const INSERT_SQL = `INSERT INTO spans
  SELECT x.t, x.s, x.p, x.n, x.k, x.b, x.e, x.c, x.m, x.a, res[x.r + 1], x.sn, x.sv, x.ev
  FROM (SELECT d.r AS res, unnest(d.s) AS x
        FROM (SELECT json_transform($1::JSON, '${STRUCTURE}') AS d))`

/**
 * The batch as one JSON text. Spans decoded from one `ResourceSpans` share one resource object,
 * so each distinct resource is written once and referenced by index.
 */
export function spanBatchJson(spans: readonly Span[]): string {
  const resources: Attributes[] = []
  const index = new Map<Attributes, number>()
  const wire: WireSpan[] = new Array<WireSpan>(spans.length)
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i] as Span
    let r = index.get(s.resource)
    if (r === undefined) {
      r = resources.length
      resources.push(s.resource)
      index.set(s.resource, r)
    }
    wire[i] = {
      t: s.traceId,
      s: s.spanId,
      p: s.parentSpanId,
      n: s.name,
      k: s.kind,
      b: Math.round(s.startUs),
      e: Math.round(s.endUs),
      c: s.statusCode,
      m: s.statusMessage,
      a: s.attributes,
      r,
      sn: s.scopeName,
      sv: s.scopeVersion,
      ev: s.events,
    }
  }
  return JSON.stringify({ r: resources, s: wire })
}

/** Inserts `spans` into the `spans` table (inside the caller's transaction). */
export async function insertSpansJsonBatch(
  connection: DuckDBConnection,
  spans: readonly Span[]
): Promise<void> {
  if (spans.length === 0) {
    return
  }
  await connection.run(INSERT_SQL, [spanBatchJson(spans)])
}
