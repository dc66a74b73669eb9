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

/** `requests` columns in table order (the order of `requestColumns` in `schema.ts`). */
export const REQUEST_COLUMNS: readonly ChunkColumn<RequestTimeline>[] = [
  { type: VARCHAR, value: (r) => r.traceId, distinct: true },
  { type: BIGINT, value: (r) => r.startUs },
  { type: BIGINT, value: (r) => r.endUs },
  ...DIMENSIONS.map((d) => ({ type: VARCHAR, value: (r: RequestTimeline) => r.dims[d] })),
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

/** Appends `requests` to the `requests` table in data chunks (inside the caller's transaction). */
export function appendRequestsChunked(
  connection: DuckDBConnection,
  requests: readonly RequestTimeline[]
): Promise<void> {
  return appendInChunks(connection, 'requests', REQUEST_COLUMNS, requests)
}
