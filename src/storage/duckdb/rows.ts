/**
 * Conversions between model objects and DuckDB rows: appender writes (column order of the
 * tables in `schema.ts`) and result-row reads.
 */
import type { DuckDBAppender, JS } from '@duckdb/node-api'
import type { ChangeEvent, EventKind } from '../../core/model/event.js'
import type { RequestTimeline } from '../../core/model/request.js'
import { DIMENSIONS } from '../../core/model/request.js'
import type { Attributes, Span, SpanEvent } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'
import { requestFromStoredRow } from '../query/request-row.js'
import { toNumberOrNull } from './connection.js'
import { REQUEST_STAGES_ADDED, REQUEST_STAGES_V1 } from './schema.js'

type Row = Record<string, JS>

function appendText(a: DuckDBAppender, value: string | null): void {
  if (value === null) {
    a.appendNull()
  } else {
    a.appendVarchar(value)
  }
}

function appendDouble(a: DuckDBAppender, value: number | null): void {
  if (value === null) {
    a.appendNull()
  } else {
    a.appendDouble(value)
  }
}

function appendInt(a: DuckDBAppender, value: number | null): void {
  if (value === null) {
    a.appendNull()
  } else {
    a.appendInteger(Math.round(value))
  }
}

function appendBool(a: DuckDBAppender, value: boolean | null): void {
  if (value === null) {
    a.appendNull()
  } else {
    a.appendBoolean(value)
  }
}

/** Timestamps are stored as whole microseconds. */
function appendMicros(a: DuckDBAppender, value: number): void {
  a.appendBigInt(BigInt(Math.round(value)))
}

function text(value: JS | undefined): string | null {
  return value === null || value === undefined ? null : String(value)
}

/**
 * Spans decoded from one OTLP `ResourceSpans` share one `resource` object, so its JSON text is
 * made once per object rather than once per span (about half the stringify time of a typical
 * span). Keyed by identity: a resource object must not be mutated after its spans are stored.
 */
const resourceJsonCache = new WeakMap<Attributes, string>()

export function resourceJson(resource: Attributes): string {
  let json = resourceJsonCache.get(resource)
  if (json === undefined) {
    json = JSON.stringify(resource)
    resourceJsonCache.set(resource, json)
  }
  return json
}

/** Appends one span row (`spans` table order). */
export function appendSpan(a: DuckDBAppender, s: Span): void {
  a.appendVarchar(s.traceId)
  a.appendVarchar(s.spanId)
  appendText(a, s.parentSpanId)
  a.appendVarchar(s.name)
  a.appendInteger(s.kind)
  appendMicros(a, s.startUs)
  appendMicros(a, s.endUs)
  a.appendInteger(s.statusCode)
  appendText(a, s.statusMessage)
  a.appendVarchar(JSON.stringify(s.attributes))
  a.appendVarchar(resourceJson(s.resource))
  a.appendVarchar(s.scopeName)
  appendText(a, s.scopeVersion)
  a.appendVarchar(s.events.length === 0 ? '[]' : JSON.stringify(s.events))
  a.endRow()
}

/** Reads a `spans` row back into a span. */
export function spanFromRow(row: Row): Span {
  return {
    traceId: String(row['trace_id']),
    spanId: String(row['span_id']),
    parentSpanId: text(row['parent_span_id']),
    name: String(row['name']),
    kind: toNumberOrNull(row['kind']) ?? 0,
    startUs: toNumberOrNull(row['start_us']) as Micros,
    endUs: toNumberOrNull(row['end_us']) as Micros,
    statusCode: toNumberOrNull(row['status_code']) ?? 0,
    statusMessage: text(row['status_message']),
    attributes: JSON.parse(String(row['attributes'])) as Attributes,
    resource: JSON.parse(String(row['resource'])) as Attributes,
    scopeName: String(row['scope_name']),
    scopeVersion: text(row['scope_version']),
    events: JSON.parse(String(row['events'])) as SpanEvent[],
  }
}

/** Appends one request row (`requests` table order). */
export function appendRequest(a: DuckDBAppender, r: RequestTimeline): void {
  a.appendVarchar(r.traceId)
  appendMicros(a, r.startUs)
  appendMicros(a, r.endUs)
  for (const d of DIMENSIONS) {
    appendText(a, r.dims[d])
  }
  for (const s of REQUEST_STAGES_V1) {
    appendDouble(a, r.stages[s])
  }
  appendText(a, r.downstreamName)
  appendDouble(a, r.ttftUs)
  appendText(a, r.ttftSource)
  appendDouble(a, r.tpotUs)
  appendDouble(a, r.itlMaxUs)
  appendDouble(a, r.e2eUs)
  appendDouble(a, r.inputTokens)
  appendDouble(a, r.outputTokens)
  appendDouble(a, r.cachedTokens)
  appendInt(a, r.status)
  appendText(a, r.errorType)
  appendInt(a, r.retries)
  appendBool(a, r.connectionReused)
  appendBool(a, r.tlsResumed)
  a.appendBoolean(r.hasClient)
  a.appendBoolean(r.hasGateway)
  a.appendBoolean(r.hasEngine)
  a.appendInteger(r.spanCount)
  for (const s of REQUEST_STAGES_ADDED) {
    appendDouble(a, r.stages[s])
  }
  a.endRow()
}

/** Reads a `requests` row back into a request timeline. */
export function requestFromRow(row: Row): RequestTimeline {
  return requestFromStoredRow(row, (v) => toNumberOrNull(v as JS | undefined))
}

/** Appends one change event row (`events` table order). */
export function appendEvent(a: DuckDBAppender, e: ChangeEvent): void {
  appendMicros(a, e.timeUs)
  a.appendVarchar(e.kind)
  appendText(a, e.model)
  appendText(a, e.version)
  appendText(a, e.replica)
  appendText(a, e.node)
  appendText(a, e.message)
  appendText(a, e.reason)
  a.endRow()
}

/** Reads an `events` row back into a change event. */
export function eventFromRow(row: Row): ChangeEvent {
  return {
    timeUs: toNumberOrNull(row['time_us']) as Micros,
    kind: String(row['kind']) as EventKind,
    model: text(row['model']),
    version: text(row['version']),
    replica: text(row['replica']),
    node: text(row['node']),
    message: text(row['message']),
    reason: text(row['reason']),
  }
}
