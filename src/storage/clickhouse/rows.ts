/**
 * Conversions between model objects and ClickHouse rows (JSONEachRow). Spans map onto the
 * OpenTelemetry Collector's `otel_traces` columns as its clickhouseexporter writes them:
 * attribute values as text, kinds and status codes by their OTLP enum names, times in ns.
 */
import type { ChangeEvent, EventKind } from '../../core/model/event.js'
import type { RequestTimeline } from '../../core/model/request.js'
import { DIMENSIONS, STAGE_NAMES } from '../../core/model/request.js'
import type { AttrValue, Attributes, Span, SpanEvent } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'
import { stageColumn } from '../query/request-fields.js'
import { requestFromStoredRow } from '../query/request-row.js'
import { toNum, toNumOrNull } from './sql.js'

type Row = Record<string, unknown>

const KIND_NAMES = [
  'SPAN_KIND_UNSPECIFIED',
  'SPAN_KIND_INTERNAL',
  'SPAN_KIND_SERVER',
  'SPAN_KIND_CLIENT',
  'SPAN_KIND_PRODUCER',
  'SPAN_KIND_CONSUMER',
]
const STATUS_NAMES = ['STATUS_CODE_UNSET', 'STATUS_CODE_OK', 'STATUS_CODE_ERROR']

/** Reads an enum name in either spelling exporters have used (`SPAN_KIND_CLIENT`, `Client`). */
function enumIndex(names: readonly string[], prefix: string, value: unknown): number {
  const v = String(value ?? '').toUpperCase()
  const i = names.indexOf(v.startsWith(prefix) ? v : `${prefix}${v}`)
  return i < 0 ? 0 : i
}

// Text that could be JSON: these first characters start every JSON value but a plain word.
const JSONISH = /^[\s"\-0-9tfn[{]/

/**
 * An attribute value as the exporter's text: strings as they are, everything else as JSON.
 * A string that would itself read as JSON (`"42"`, `"true"`) is written JSON-quoted, so what
 * Tokenline writes reads back exactly; see ADR 0036.
 */
export function encodeAttr(value: AttrValue): string {
  if (typeof value === 'string') {
    if (!JSONISH.test(value)) {
      return value
    }
    try {
      JSON.parse(value)
      return JSON.stringify(value)
    } catch {
      return value
    }
  }
  return JSON.stringify(value)
}

/** Reads an attribute text back: JSON when it parses (numbers, booleans, lists, maps), else text. */
export function decodeAttr(text: string): AttrValue {
  if (!JSONISH.test(text)) {
    return text
  }
  try {
    return JSON.parse(text) as AttrValue
  } catch {
    return text
  }
}

function encodeMap(attrs: Attributes): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(attrs)) {
    out[k] = encodeAttr(v)
  }
  return out
}

function decodeMap(map: unknown): Attributes {
  const out: Attributes = {}
  for (const [k, v] of Object.entries((map ?? {}) as Record<string, string>)) {
    out[k] = decodeAttr(v)
  }
  return out
}

/** Epoch µs as DateTime64(9) text input: decimal seconds with nine digits. */
function nanosText(us: number): string {
  const whole = Math.round(us)
  const sec = Math.floor(whole / 1e6)
  const rest = whole - sec * 1e6
  return `${sec}.${String(rest).padStart(6, '0')}000`
}

const resourceCache = new WeakMap<Attributes, Record<string, string>>()

/** One `otel_traces` row (JSONEachRow object). Resource maps are encoded once per object. */
export function spanToRow(s: Span): Row {
  let resource = resourceCache.get(s.resource)
  if (!resource) {
    resource = encodeMap(s.resource)
    resourceCache.set(s.resource, resource)
  }
  const service = s.resource['service.name']
  const startUs = Math.round(s.startUs)
  return {
    Timestamp: nanosText(startUs),
    TraceId: s.traceId,
    SpanId: s.spanId,
    ParentSpanId: s.parentSpanId ?? '',
    TraceState: '',
    SpanName: s.name,
    SpanKind: KIND_NAMES[s.kind] ?? KIND_NAMES[0],
    ServiceName: typeof service === 'string' ? service : '',
    ResourceAttributes: resource,
    ScopeName: s.scopeName,
    ScopeVersion: s.scopeVersion ?? '',
    SpanAttributes: encodeMap(s.attributes),
    Duration: Math.max(0, Math.round(s.endUs) - startUs) * 1000,
    StatusCode: STATUS_NAMES[s.statusCode] ?? STATUS_NAMES[0],
    StatusMessage: s.statusMessage ?? '',
    'Events.Timestamp': s.events.map((e) => nanosText(e.timeUs)),
    'Events.Name': s.events.map((e) => e.name),
    'Events.Attributes': s.events.map((e) => encodeMap(e.attributes)),
  }
}

/** The SELECT list `spanFromRow` reads from `otel_traces`. */
export const SPAN_SELECT = `TraceId, SpanId, ParentSpanId, SpanName, SpanKind,
  toUnixTimestamp64Micro(Timestamp) AS start_us, intDiv(Duration, 1000) AS duration_us,
  StatusCode, StatusMessage, SpanAttributes, ResourceAttributes, ScopeName, ScopeVersion,
  arrayMap(t -> toUnixTimestamp64Micro(t), Events.Timestamp) AS event_us,
  Events.Name AS event_names, Events.Attributes AS event_attrs`

/** Reads a `SPAN_SELECT` row back into a span (empty text columns become `null`). */
export function spanFromRow(row: Row): Span {
  const startUs = toNum(row['start_us'])
  const eventUs = (row['event_us'] ?? []) as unknown[]
  const names = (row['event_names'] ?? []) as string[]
  const eventAttrs = (row['event_attrs'] ?? []) as unknown[]
  const events: SpanEvent[] = eventUs.map((t, i) => ({
    timeUs: toNum(t) as Micros,
    name: names[i] ?? '',
    attributes: decodeMap(eventAttrs[i]),
  }))
  const text = (v: unknown): string | null => (v === '' || v == null ? null : String(v))
  return {
    traceId: String(row['TraceId']),
    spanId: String(row['SpanId']),
    parentSpanId: text(row['ParentSpanId']),
    name: String(row['SpanName']),
    kind: enumIndex(KIND_NAMES, 'SPAN_KIND_', row['SpanKind']),
    startUs: startUs as Micros,
    endUs: (startUs + toNum(row['duration_us'])) as Micros,
    statusCode: enumIndex(STATUS_NAMES, 'STATUS_CODE_', row['StatusCode']),
    statusMessage: text(row['StatusMessage']),
    attributes: decodeMap(row['SpanAttributes']),
    resource: decodeMap(row['ResourceAttributes']),
    scopeName: String(row['ScopeName'] ?? ''),
    scopeVersion: text(row['ScopeVersion']),
    events,
  }
}

/** One `tokenline_requests` row. */
export function requestToRow(r: RequestTimeline, version: number): Row {
  const row: Row = {
    trace_id: r.traceId,
    start_us: Math.round(r.startUs),
    end_us: Math.round(r.endUs),
  }
  for (const d of DIMENSIONS) {
    row[d] = r.dims[d]
  }
  for (const s of STAGE_NAMES) {
    row[stageColumn(s)] = r.stages[s]
  }
  Object.assign(row, {
    downstream_name: r.downstreamName,
    ttft_us: r.ttftUs,
    ttft_source: r.ttftSource,
    tpot_us: r.tpotUs,
    itl_max_us: r.itlMaxUs,
    e2e_us: r.e2eUs,
    input_tokens: r.inputTokens,
    output_tokens: r.outputTokens,
    cached_tokens: r.cachedTokens,
    status: r.status === null ? null : Math.round(r.status),
    error_type: r.errorType,
    retries: r.retries === null ? null : Math.round(r.retries),
    connection_reused: r.connectionReused,
    tls_resumed: r.tlsResumed,
    has_client: r.hasClient,
    has_gateway: r.hasGateway,
    has_engine: r.hasEngine,
    span_count: r.spanCount,
    row_version: version,
  })
  return row
}

/** Reads a `tokenline_requests` row back into a request timeline. */
export function requestFromRow(row: Row): RequestTimeline {
  return requestFromStoredRow(row, toNumOrNull)
}

/** One `tokenline_events` row. */
export function eventToRow(e: ChangeEvent): Row {
  return {
    time_us: Math.round(e.timeUs),
    kind: e.kind,
    model: e.model,
    version: e.version,
    replica: e.replica,
    node: e.node,
    message: e.message,
    reason: e.reason,
  }
}

/** Reads a `tokenline_events` row back into a change event. */
export function eventFromRow(row: Row): ChangeEvent {
  const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v))
  return {
    timeUs: toNum(row['time_us']) as Micros,
    kind: String(row['kind']) as EventKind,
    model: text(row['model']),
    version: text(row['version']),
    replica: text(row['replica']),
    node: text(row['node']),
    message: text(row['message']),
    reason: text(row['reason']),
  }
}
