import { AppError, isAppError } from '../errors.js'
import type { Attributes, Span, SpanEvent } from '../model/span.js'
import { decodeAttributes } from './any-value.js'
import { parseOtlpJson } from './parse-json.js'
import { parseSpanKind, parseStatusCode } from './enums.js'
import { isEmptyId, normaliseId } from './ids.js'
import { microsFromOtlpTime } from './int64.js'
import { isRecord, readField } from './read-field.js'
import { futureTimeMsOf, latestTimeUs, timeOutOfBounds, type TimeBounds } from './time-bounds.js'
import type { OtlpReject } from './wire-types.js'

/** Spans decoded from one `ExportTraceServiceRequest`, and the spans that could not be used. */
export interface DecodeTracesResult {
  spans: Span[]
  /** One entry per rejected span: its JSON path (`resourceSpans[0].scopeSpans[1].spans[3]`) and why. */
  rejected: OtlpReject[]
}

/**
 * The list at `camel`/`snake`. A non-list at the top level makes the request unusable (throws);
 * deeper down it rejects just that part (`rejected` gets its path) and yields nothing.
 */
function listAt(
  obj: Record<string, unknown>,
  camel: string,
  snake: string,
  path: string,
  rejected: OtlpReject[] | null
): unknown[] {
  const value = readField(obj, camel, snake)
  if (value === undefined || value === null) {
    return []
  }
  if (!Array.isArray(value)) {
    const where = `${path}${path ? '.' : ''}${camel}`
    const reason = `${where} must be an array (actual: ${typeof value})`
    if (rejected === null) {
      throw new AppError('OTLP_DECODE_FAILED', reason)
    }
    rejected.push({ path: where, reason: `must be an array (actual: ${typeof value})` })
    return []
  }
  return value
}

/**
 * What a span without events holds: one shared, frozen array, as the protobuf reader does
 * (nothing changes a decoded span's events; freezing makes a change that would leak into other
 * spans throw instead).
 */
const NO_EVENTS: SpanEvent[] = Object.freeze([]) as unknown as SpanEvent[]

/**
 * The last few ids (or names) read, kept by their text. `JSON.parse` gives every
 * occurrence of a string its own copy, but a request's spans come a trace at a time, a parent's
 * id is usually read just before or after its child's, and a few span and scope names repeat:
 * one string is kept for all the spans that carry it, as the protobuf reader does for ids (fewer
 * strings kept per span while spans wait in the pipeline, and one hash per id for the maps keyed
 * by id downstream). Only text equal to a value already checked is replaced, so every span holds
 * the values it held before.
 */
interface RecentStrings {
  values: string[]
  next: number
}

const recentStrings = (size: number): RecentStrings => ({
  values: new Array<string>(size).fill(''),
  next: 0,
})
const recentTraceIds = recentStrings(4)
const recentSpanIds = recentStrings(8)
const recentNames = recentStrings(8)

/** The kept string equal to `value`, or `value` itself. */
function recentString(value: unknown, recent: RecentStrings): unknown {
  if (typeof value !== 'string' || value === '') {
    return value
  }
  const values = recent.values
  for (let k = 0; k < values.length; k++) {
    if (values[k] === value) {
      return values[k]
    }
  }
  return value
}

/** Keeps a checked value for the spans after it (unless it is kept already). */
function keepString(value: string, recent: RecentStrings): void {
  const values = recent.values
  for (let k = 0; k < values.length; k++) {
    if (values[k] === value) {
      return
    }
  }
  values[recent.next] = value
  recent.next = (recent.next + 1) % values.length
}

/** A name (of a span or a scope), as the kept equal string when there is one. */
function sharedName(value: string): string {
  const kept = recentString(value, recentNames) as string
  if (kept === value && value !== '') {
    keepString(value, recentNames)
  }
  return kept
}

/**
 * The last few resources decoded with only plain values (no lists or maps), each with its keys in
 * order. A file or a client sends the same few resources request after request (one per
 * process), and each request decoded its own copy: kept by every span until it is stored, and
 * turned into JSON by the store once per object (`resourceJson` caches by identity). A resource
 * equal to one of these, key by key in the same order, is that one: its spans hold the same
 * values and the same stored JSON. Frozen, so a change that would leak into other requests'
 * spans throws instead.
 */
const recentResources: { resource: Attributes; keys: string[] }[] = []
const RECENT_RESOURCES = 8
let nextResource = 0

function isPlainValue(value: unknown): boolean {
  return value === null || typeof value !== 'object'
}

function sameResource(resource: Attributes, kept: Attributes, keys: readonly string[]): boolean {
  let i = 0
  for (const key in resource) {
    if (keys[i] !== key || !Object.is(resource[key], kept[key])) {
      return false
    }
    i++
  }
  return i === keys.length
}

/**
 * An equal resource decoded before, or `resource` (kept for the next ones when plain). The
 * protobuf reader shares through the same list, so both decoders give a file's spans the same
 * few resource objects (ADR 0508).
 */
export function sharedResource(resource: Attributes): Attributes {
  for (const r of recentResources) {
    if (sameResource(resource, r.resource, r.keys)) {
      return r.resource
    }
  }
  const keys: string[] = []
  for (const key in resource) {
    if (!isPlainValue(resource[key])) {
      return resource
    }
    keys.push(key)
  }
  Object.freeze(resource)
  recentResources[nextResource] = { resource, keys }
  nextResource = (nextResource + 1) % RECENT_RESOURCES
  return resource
}

function decodeEvents(list: unknown, latestUs: number): SpanEvent[] {
  if (!Array.isArray(list) || list.length === 0) {
    return NO_EVENTS
  }
  const out: SpanEvent[] = []
  for (const raw of list) {
    if (!isRecord(raw)) {
      continue
    }
    const timeUs = microsFromOtlpTime(readField(raw, 'timeUnixNano', 'time_unix_nano'))
    // An event without a usable time cannot be placed on the timeline; the span stays usable.
    if (timeUs === null || timeUs > latestUs) {
      continue
    }
    const name = raw['name']
    out.push({
      timeUs,
      name: typeof name === 'string' ? name : '',
      attributes: decodeAttributes(raw['attributes']),
    })
  }
  return out.length === 0 ? NO_EVENTS : out
}

/**
 * A span's fields as read off the wire, before any check: ids as hex/base64 text or bytes,
 * times as any OTLP 64-bit form, attributes and events already decoded.
 */
export interface RawSpanFields {
  traceId: unknown
  spanId: unknown
  parentSpanId: unknown
  name: unknown
  kind: unknown
  startTimeUnixNano: unknown
  endTimeUnixNano: unknown
  statusCode: unknown
  statusMessage: unknown
  attributes: Attributes
  events: SpanEvent[]
}

/**
 * Checks one span's fields and builds the `Span`, or returns why it cannot be used. Shared by
 * the OTLP/JSON path and the protobuf reader so both accept and reject exactly the same spans.
 */
export function checkSpan(
  f: RawSpanFields,
  resource: Attributes,
  scopeName: string,
  scopeVersion: string | null,
  latestUs: number
): Span | string {
  const traceId = normaliseId(f.traceId, 16)
  if (traceId === null) {
    return `traceId must be 32 hex digits (or 16 bytes), not all zero (actual: ${describe(f.traceId)})`
  }
  const spanId = normaliseId(f.spanId, 8)
  if (spanId === null) {
    return `spanId must be 16 hex digits (or 8 bytes), not all zero (actual: ${describe(f.spanId)})`
  }
  let parentSpanId: string | null = null
  if (!isEmptyId(f.parentSpanId)) {
    parentSpanId = normaliseId(f.parentSpanId, 8)
    // An all-zero parent id means "no parent" in some exporters; anything else malformed is an error.
    if (parentSpanId === null && !isZeroId(f.parentSpanId)) {
      return `parentSpanId must be empty or 16 hex digits (actual: ${describe(f.parentSpanId)})`
    }
  }
  const startUs = microsFromOtlpTime(f.startTimeUnixNano)
  if (startUs === null) {
    return `startTimeUnixNano must be a positive integer of nanoseconds (actual: ${describe(f.startTimeUnixNano)})`
  }
  const endUs = microsFromOtlpTime(f.endTimeUnixNano)
  if (endUs === null) {
    return `endTimeUnixNano must be a positive integer of nanoseconds (actual: ${describe(f.endTimeUnixNano)})`
  }
  const late =
    timeOutOfBounds('startTimeUnixNano', startUs, latestUs) ??
    timeOutOfBounds('endTimeUnixNano', endUs, latestUs)
  if (late !== null) {
    return late
  }
  if (endUs < startUs) {
    return `endTimeUnixNano must not be before startTimeUnixNano (actual: ends ${startUs - endUs} µs before it starts)`
  }
  const kind = parseSpanKind(f.kind)
  if (kind === null) {
    return `kind must be 0..5 or a SPAN_KIND_* name (actual: ${describe(f.kind)})`
  }
  const statusCode = parseStatusCode(f.statusCode)
  if (statusCode === null) {
    return `status.code must be 0..2 or a STATUS_CODE_* name (actual: ${describe(f.statusCode)})`
  }
  return {
    traceId,
    spanId,
    parentSpanId,
    name: typeof f.name === 'string' ? f.name : '',
    kind,
    startUs,
    endUs,
    statusCode,
    statusMessage:
      typeof f.statusMessage === 'string' && f.statusMessage !== '' ? f.statusMessage : null,
    attributes: f.attributes,
    resource,
    scopeName,
    scopeVersion,
    events: f.events,
  }
}

/** Decodes one OTLP/JSON span, or returns the reason it cannot be used. */
function decodeSpan(
  raw: unknown,
  resource: Attributes,
  scopeName: string,
  scopeVersion: string | null,
  latestUs: number
): Span | string {
  if (!isRecord(raw)) {
    return 'span must be an object'
  }
  const status = raw['status']
  let attributes: Attributes
  let events: SpanEvent[]
  try {
    attributes = decodeAttributes(raw['attributes'])
    events = decodeEvents(raw['events'], latestUs)
  } catch (err) {
    return reasonOf(err)
  }
  const span = checkSpan(
    {
      traceId: recentString(readField(raw, 'traceId', 'trace_id'), recentTraceIds),
      spanId: recentString(readField(raw, 'spanId', 'span_id'), recentSpanIds),
      parentSpanId: recentString(readField(raw, 'parentSpanId', 'parent_span_id'), recentSpanIds),
      name: typeof raw['name'] === 'string' ? sharedName(raw['name']) : raw['name'],
      kind: raw['kind'],
      startTimeUnixNano: readField(raw, 'startTimeUnixNano', 'start_time_unix_nano'),
      endTimeUnixNano: readField(raw, 'endTimeUnixNano', 'end_time_unix_nano'),
      statusCode: isRecord(status) ? status['code'] : undefined,
      statusMessage: isRecord(status) ? status['message'] : undefined,
      attributes,
      events,
    },
    resource,
    scopeName,
    scopeVersion,
    latestUs
  )
  if (typeof span !== 'string') {
    keepString(span.traceId, recentTraceIds)
    keepString(span.spanId, recentSpanIds)
    if (span.parentSpanId !== null) {
      keepString(span.parentSpanId, recentSpanIds)
    }
  }
  return span
}

/**
 * A span's reject; one for a time past the server clock plus the tolerated skew also names the
 * producer (`service.name`), so `/api/health` can name a producer whose every span is refused.
 */
export function spanReject(path: string, reason: string, resource: Attributes): OtlpReject {
  if (futureTimeMsOf(reason) === null) {
    return { path, reason }
  }
  const name = resource['service.name']
  return { path, reason, service: typeof name === 'string' ? name : null }
}

/** The reason text of an expected decode failure; anything else is a bug and is rethrown. */
function reasonOf(err: unknown): string {
  if (isAppError(err) && err.code === 'OTLP_DECODE_FAILED') {
    return err.message
  }
  throw err
}

function isZeroId(value: unknown): boolean {
  if (typeof value === 'string') {
    return /^0+$/.test(value)
  }
  return value instanceof Uint8Array && value.every((b) => b === 0)
}

function describe(value: unknown): string {
  if (value === undefined) {
    return 'missing'
  }
  if (value instanceof Uint8Array) {
    return `${value.length} bytes`
  }
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  }
  if (typeof value === 'object' && value !== null) {
    return 'an object'
  }
  return String(value)
}

/**
 * Decodes an OTLP `ExportTraceServiceRequest`: the object `JSON.parse` gives for OTLP/JSON, or
 * the message the protobuf decoder yields. Each span is checked on its own; unusable ones go to
 * `rejected` and the rest are kept. Spans of one `ResourceSpans` share one `resource` object.
 * Times past `bounds.latestUs` (or the int64 range) and values nested too deep reject their span.
 * Throws `AppError('OTLP_DECODE_FAILED')` only when the request as a whole is not usable.
 */
export function decodeTraces(request: unknown, bounds?: TimeBounds): DecodeTracesResult {
  if (!isRecord(request)) {
    throw new AppError(
      'OTLP_DECODE_FAILED',
      `an ExportTraceServiceRequest must be an object with resourceSpans (actual: ${Array.isArray(request) ? 'an array' : typeof request})`
    )
  }
  const latestUs = latestTimeUs(bounds)
  const spans: Span[] = []
  const rejected: OtlpReject[] = []
  const resourceSpans = listAt(request, 'resourceSpans', 'resource_spans', '', null)
  for (let r = 0; r < resourceSpans.length; r++) {
    const rs = resourceSpans[r]
    const rPath = `resourceSpans[${r}]`
    if (!isRecord(rs)) {
      rejected.push({ path: rPath, reason: 'ResourceSpans must be an object' })
      continue
    }
    const res = rs['resource']
    let resource: Attributes = {}
    // A resource that cannot be decoded rejects each of its spans (counted as spans, as OTLP asks).
    let resourceReason: string | null = null
    try {
      resource = sharedResource(isRecord(res) ? decodeAttributes(res['attributes']) : {})
    } catch (err) {
      resourceReason = `resource: ${reasonOf(err)}`
    }
    const scopeSpans = listAt(rs, 'scopeSpans', 'scope_spans', rPath, rejected)
    for (let s = 0; s < scopeSpans.length; s++) {
      const ss = scopeSpans[s]
      const sPath = `${rPath}.scopeSpans[${s}]`
      if (!isRecord(ss)) {
        rejected.push({ path: sPath, reason: 'ScopeSpans must be an object' })
        continue
      }
      const scope = ss['scope']
      let scopeName = ''
      let scopeVersion: string | null = null
      if (isRecord(scope)) {
        scopeName = typeof scope['name'] === 'string' ? sharedName(scope['name']) : ''
        const version = scope['version']
        scopeVersion = typeof version === 'string' && version !== '' ? version : null
      }
      const list = listAt(ss, 'spans', 'spans', sPath, rejected)
      for (let i = 0; i < list.length; i++) {
        const result =
          resourceReason ?? decodeSpan(list[i], resource, scopeName, scopeVersion, latestUs)
        if (typeof result === 'string') {
          rejected.push(spanReject(`${sPath}.spans[${i}]`, result, resource))
        } else {
          spans.push(result)
        }
      }
    }
  }
  return { spans, rejected }
}

/**
 * Parses OTLP/JSON text and decodes it (see {@link decodeTraces}).
 * Throws `AppError('OTLP_DECODE_FAILED')` when the text is not JSON.
 */
export function decodeTracesJson(text: string, bounds?: TimeBounds): DecodeTracesResult {
  return decodeTraces(parseOtlpJson(text), bounds)
}
