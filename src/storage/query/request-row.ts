/**
 * A stored request row (one column per field, `stage_*` columns, dimension columns) back into a
 * request timeline: the same mapping for every SQL store; each passes its own number reader
 * (DuckDB hands BIGINTs as bigint, ClickHouse's JSON rows Int64 as text).
 */
import type { Dimension, RequestTimeline, StageName, TtftSource } from '../../core/model/request.js'
import { DIMENSIONS, STAGE_NAMES } from '../../core/model/request.js'
import type { Micros } from '../../core/model/units.js'
import { stageColumn } from './request-fields.js'

function text(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value)
}

function bool(value: unknown): boolean | null {
  return value === null || value === undefined ? null : Boolean(value)
}

/** Reads one request row; `num` turns a stored number (or null) into a JS number. */
export function requestFromStoredRow(
  row: Readonly<Record<string, unknown>>,
  num: (value: unknown) => number | null
): RequestTimeline {
  const dims = {} as Record<Dimension, string | null>
  for (const d of DIMENSIONS) {
    dims[d] = text(row[d])
  }
  const stages = {} as Record<StageName, Micros | null>
  for (const s of STAGE_NAMES) {
    stages[s] = num(row[stageColumn(s)]) as Micros | null
  }
  return {
    traceId: String(row['trace_id']),
    startUs: num(row['start_us']) as Micros,
    endUs: num(row['end_us']) as Micros,
    dims,
    stages,
    downstreamName: text(row['downstream_name']),
    ttftUs: num(row['ttft_us']) as Micros | null,
    ttftSource: text(row['ttft_source']) as TtftSource | null,
    tpotUs: num(row['tpot_us']) as Micros | null,
    itlMaxUs: num(row['itl_max_us']) as Micros | null,
    e2eUs: num(row['e2e_us']) as Micros | null,
    inputTokens: num(row['input_tokens']),
    outputTokens: num(row['output_tokens']),
    cachedTokens: num(row['cached_tokens']),
    status: num(row['status']),
    errorType: text(row['error_type']),
    retries: num(row['retries']),
    connectionReused: bool(row['connection_reused']),
    tlsResumed: bool(row['tls_resumed']),
    hasClient: Boolean(row['has_client']),
    hasGateway: Boolean(row['has_gateway']),
    hasEngine: Boolean(row['has_engine']),
    spanCount: num(row['span_count']) ?? 0,
  }
}
