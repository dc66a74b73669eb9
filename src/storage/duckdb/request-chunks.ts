/**
 * The `requests` table as data-chunk columns (see `chunk-append.ts`, ADR 0102): a request has
 * ~50 columns, most of them numbers, so column-wise appends replace ~50 driver calls per row
 * with one buffer copy per number column and one call per non-null string.
 */
import { BIGINT, BOOLEAN, DOUBLE, INTEGER, VARCHAR, type DuckDBConnection } from '@duckdb/node-api'
import { DIMENSIONS, type RequestTimeline, type StageName } from '../../core/model/request.js'
import { appendInChunks, type ChunkColumn } from './chunk-append.js'
import { REQUEST_STAGES_ADDED, REQUEST_STAGES_V1 } from './schema.js'

const roundOrNull = (value: number | null): number | null =>
  value === null ? null : Math.round(value)

/** One DOUBLE column (µs, null when absent) per stage, in the order given. */
const stageColumns = (stages: readonly StageName[]): ChunkColumn<RequestTimeline>[] =>
  stages.map((s) => ({ type: DOUBLE, value: (r) => r.stages[s] ?? null }))

/** The columns before the dimensions. */
const HEAD: readonly ChunkColumn<RequestTimeline>[] = [
  { type: VARCHAR, value: (r) => r.traceId, distinct: true },
  { type: BIGINT, value: (r) => r.startUs },
  { type: BIGINT, value: (r) => r.endUs },
]

/** The columns after the dimensions. */
const TAIL: readonly ChunkColumn<RequestTimeline>[] = [
  ...stageColumns(REQUEST_STAGES_V1),
  { type: VARCHAR, value: (r) => r.downstreamName },
  { type: DOUBLE, value: (r) => r.ttftUs },
  { type: VARCHAR, value: (r) => r.ttftSource },
  { type: DOUBLE, value: (r) => r.tpotUs },
  { type: DOUBLE, value: (r) => r.itlMaxUs },
  { type: DOUBLE, value: (r) => r.e2eUs },
  { type: DOUBLE, value: (r) => r.inputTokens },
  { type: DOUBLE, value: (r) => r.outputTokens },
  { type: DOUBLE, value: (r) => r.cachedTokens },
  { type: INTEGER, value: (r) => roundOrNull(r.status) },
  { type: VARCHAR, value: (r) => r.errorType },
  { type: INTEGER, value: (r) => roundOrNull(r.retries) },
  { type: BOOLEAN, value: (r) => r.connectionReused },
  { type: BOOLEAN, value: (r) => r.tlsResumed },
  { type: BOOLEAN, value: (r) => r.hasClient },
  { type: BOOLEAN, value: (r) => r.hasGateway },
  { type: BOOLEAN, value: (r) => r.hasEngine },
  { type: INTEGER, value: (r) => r.spanCount },
  ...stageColumns(REQUEST_STAGES_ADDED),
]

/**
 * The columns of the `requests` table before schema step 9 (ADR 0492), in its order: the
 * dimensions as eight strings. The tests write a file of that schema with them.
 */
export const REQUEST_COLUMNS: readonly ChunkColumn<RequestTimeline>[] = [
  ...HEAD,
  ...DIMENSIONS.map((d) => ({ type: VARCHAR, value: (r: RequestTimeline) => r.dims[d] })),
  ...TAIL,
]

/** `request_rows` columns in table order: the dimensions as the id of their set. */
export function requestRowColumns(
  setId: (dims: RequestTimeline['dims']) => number
): ChunkColumn<RequestTimeline>[] {
  return [...HEAD, { type: INTEGER, value: (r) => setId(r.dims) }, ...TAIL]
}

/**
 * Appends `requests` to `request_rows` in data chunks (inside the caller's transaction, after
 * `sets.intern` has stored their sets in it).
 */
export function appendRequestsChunked(
  connection: DuckDBConnection,
  columns: readonly ChunkColumn<RequestTimeline>[],
  requests: readonly RequestTimeline[]
): Promise<void> {
  return appendInChunks(connection, 'request_rows', columns, requests)
}
