/**
 * The `spans` table as data-chunk columns (see `chunk-append.ts`, ADR 0056): JSON columns take
 * VARCHAR text, timestamps whole microseconds. A span's resource and scope are not written with
 * it: they go to `span_scopes` once, and the span carries their key (ADR 0205).
 */
import { createHash } from 'node:crypto'
import { BIGINT, INTEGER, LIST, VARCHAR, listValue, type DuckDBConnection } from '@duckdb/node-api'
import type { Attributes, Span } from '../../core/model/span.js'
import { appendInChunks, type ChunkColumn } from './chunk-append.js'
import { resourceJson } from './rows.js'

/** `spans` columns in table order. */
export const SPAN_COLUMNS: readonly ChunkColumn<Span>[] = [
  { type: VARCHAR, value: (s) => s.traceId },
  { type: VARCHAR, value: (s) => s.spanId, distinct: true },
  { type: VARCHAR, value: (s) => s.parentSpanId },
  { type: VARCHAR, value: (s) => s.name },
  { type: INTEGER, value: (s) => s.kind },
  { type: BIGINT, value: (s) => s.startUs },
  { type: BIGINT, value: (s) => s.endUs },
  { type: INTEGER, value: (s) => s.statusCode },
  { type: VARCHAR, value: (s) => s.statusMessage },
  { type: VARCHAR, value: (s) => JSON.stringify(s.attributes), distinct: true },
  // resource, scope_name, scope_version: in `span_scopes` (only spans of schema 3 or older hold them).
  { type: VARCHAR, value: () => null },
  { type: VARCHAR, value: () => null },
  { type: VARCHAR, value: () => null },
  { type: VARCHAR, value: (s) => (s.events.length === 0 ? '[]' : JSON.stringify(s.events)) },
  { type: BIGINT, value: (s) => scopeIdOf(s) },
]

/** Keys by resource object, then by scope name and version: a body's spans share all three. */
const scopeIds = new WeakMap<Attributes, Map<string, bigint>>()
// The last span's scope: consecutive spans nearly always share it, so most spans stop here.
let lastResource: Attributes | null = null
let lastName = ''
let lastVersion: string | null = null
let lastId = 0n

/**
 * The `span_scopes` key of a span's resource and scope: the first 8 bytes of a SHA-256 of their
 * text, so equal pairs get equal keys in every process and across restarts without a lookup in
 * the table. A collision (two pairs, one key) needs ~4·10⁹ distinct pairs to become likely.
 */
export function scopeIdOf(s: Span): bigint {
  if (s.resource === lastResource && s.scopeName === lastName && s.scopeVersion === lastVersion) {
    return lastId
  }
  let byScope = scopeIds.get(s.resource)
  if (byScope === undefined) {
    byScope = new Map()
    scopeIds.set(s.resource, byScope)
  }
  const scopeKey = s.scopeVersion === null ? s.scopeName : `${s.scopeName}\u0000${s.scopeVersion}`
  let id = byScope.get(scopeKey)
  if (id === undefined) {
    // NUL cannot occur in JSON text, and the version's absence differs from an empty version.
    const text = `${resourceJson(s.resource)}\u0000${s.scopeName}\u0000${s.scopeVersion === null ? '\u0001' : `\u0002${s.scopeVersion}`}`
    id = createHash('sha256').update(text).digest().readBigInt64LE(0)
    byScope.set(scopeKey, id)
  }
  lastResource = s.resource
  lastName = s.scopeName
  lastVersion = s.scopeVersion
  lastId = id
  return id
}

/** How many scope keys a store remembers as written before it forgets them all and starts over. */
const MAX_KNOWN_SCOPES = 100_000

/**
 * Appends `spans` to the `spans` table in data chunks, and to `span_scopes` the resources and
 * scopes not yet in it (inside the caller's transaction). `known` holds the keys this store has
 * committed: it is updated by the caller after the commit (with the keys returned), so a rolled
 * back write never marks a scope as stored.
 */
export async function appendSpansChunked(
  connection: DuckDBConnection,
  spans: readonly Span[],
  known: ReadonlySet<bigint> = new Set()
): Promise<bigint[]> {
  const fresh = new Map<bigint, Span>()
  for (const s of spans) {
    const id = scopeIdOf(s)
    if (!known.has(id) && !fresh.has(id)) {
      fresh.set(id, s)
    }
  }
  if (fresh.size > 0) {
    const first = [...fresh.values()]
    // OR IGNORE: another process, or this one before it forgot its keys, may have stored it.
    await connection.run(
      `INSERT OR IGNORE INTO span_scopes
       SELECT unnest($1::BIGINT[]), unnest($2::VARCHAR[])::JSON, unnest($3::VARCHAR[]), unnest($4::VARCHAR[])`,
      [
        listValue([...fresh.keys()]),
        listValue(first.map((s) => resourceJson(s.resource))),
        listValue(first.map((s) => s.scopeName)),
        listValue(first.map((s) => s.scopeVersion)),
      ],
      // Typed: a list whose first value is null would otherwise be bound as a list of NULLs.
      [LIST(BIGINT), LIST(VARCHAR), LIST(VARCHAR), LIST(VARCHAR)]
    )
  }
  await appendInChunks(connection, 'spans', SPAN_COLUMNS, spans)
  return [...fresh.keys()]
}

/** Adds committed keys to `known`, forgetting all of them first when it would pass its bound. */
export function rememberScopes(known: Set<bigint>, committed: readonly bigint[]): void {
  if (known.size + committed.length > MAX_KNOWN_SCOPES) {
    known.clear()
  }
  for (const id of committed) {
    known.add(id)
  }
}

/**
 * The `spans` columns as `spanFromRow` reads them, for a query over `spans AS s`: a span of the
 * current schema takes its resource and scope from `span_scopes`, an older one its own.
 */
export const SPAN_SELECT = `s.* EXCLUDE (resource, scope_name, scope_version, scope_id),
  CASE WHEN s.scope_id IS NULL THEN s.resource ELSE k.resource END AS resource,
  CASE WHEN s.scope_id IS NULL THEN s.scope_name ELSE k.scope_name END AS scope_name,
  CASE WHEN s.scope_id IS NULL THEN s.scope_version ELSE k.scope_version END AS scope_version`

/** The FROM clause that goes with `SPAN_SELECT`. */
export const SPAN_FROM = 'spans s LEFT JOIN span_scopes k ON k.scope_id = s.scope_id'
