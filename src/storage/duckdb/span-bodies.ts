/**
 * A write's spans as one body (ADR 0395, 0396): the layout of the decode workers' packed columns
 * (`span-transfer.ts`, ADR 0250) laid by hand into one buffer, so DuckDB stores one `BLOB` per
 * write instead of fourteen values per span. Each distinct string is written once (trace ids,
 * parent ids, names, attribute keys and values repeat within a write); numbers go in typed arrays
 * copied as they are; the strings, resources and the rare nested values and events go as one
 * JSON text, which V8 writes and reads natively. A reader decodes the whole body but builds only
 * the spans of the traces it asked for.
 *
 * ```
 * header   format, n, attribute values, scopes, JSON bytes                    (5 × u32)
 * numbers  [startUs endUs] × n, attribute values                              (f64)
 * fields   [traceId spanId parent name statusMessage scope nAttrs event kind statusCode] × n
 *          attribute keys, [resource scopeName scopeVersion] × scopes         (i32)
 * tags     attribute value tags                                               (u8)
 * json     [strings, resources, nested values, events]                        (UTF-8)
 * ```
 * The body is stored deflated (zlib, level 1; ADR 0396) or as it is: a zlib stream's first
 * byte is 0x78, the layout's is its format number, so a reader tells them apart.
 */
import { deflateSync, inflateSync } from 'node:zlib'
import type { Attributes, AttrValue, Span, SpanEvent } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'

/** The layout's format number, the body's first byte when it is not compressed. */
const FORMAT = 1
/** First byte of a zlib stream with deflate's 32 KiB window (RFC 1950). */
const ZLIB_FIRST_BYTE = 0x78
const HEADER_BYTES = 24
const FIELD_STRIDE = 10
const NUMBER_STRIDE = 2
const TAG_NULL = 0
const TAG_STRING = 1
const TAG_NUMBER = 2
const TAG_TRUE = 3
const TAG_FALSE = 4
const TAG_NESTED = 5

/** How a body is stored (ADR 0396): deflated at level 1, or as laid out. */
export type BodyCodec = 'deflate' | 'none'

/** One trace's part of a write: what finds the write again for that trace. */
export interface BodyTrace {
  traceId: string
  /** The latest start among the trace's spans in this write (whole µs). */
  lastStartUs: number
}

export interface SpanBody {
  body: Uint8Array
  spanCount: number
  /** Over the write's spans (whole µs, as the `spans` table stored them). */
  firstStartUs: number
  lastStartUs: number
  lastEndUs: number
  traces: BodyTrace[]
}

/** Growable typed-array columns of the attribute values. */
class AttrColumns {
  keys = new Int32Array(1024)
  tags = new Uint8Array(1024)
  values = new Float64Array(1024)
  length = 0

  push(key: number, tag: number, value: number): void {
    if (this.length === this.keys.length) {
      const size = this.length * 2
      const keys = new Int32Array(size)
      keys.set(this.keys)
      const tags = new Uint8Array(size)
      tags.set(this.tags)
      const values = new Float64Array(size)
      values.set(this.values)
      this.keys = keys
      this.tags = tags
      this.values = values
    }
    this.keys[this.length] = key
    this.tags[this.length] = tag
    this.values[this.length] = value
    this.length++
  }
}

/**
 * Encodes `spans` (one write) into one body. Values are stored as the `spans` table stored them
 * (ADR 0395): times and integers whole, attributes as their JSON round trip gives them (a number
 * that is not finite reads back null, as `JSON.stringify` writes it).
 */
export function encodeSpanBody(spans: readonly Span[], codec: BodyCodec): SpanBody {
  const n = spans.length
  const strings: string[] = []
  const stringIndex = new Map<string, number>()
  const str = (s: string): number => {
    let i = stringIndex.get(s)
    if (i === undefined) {
      i = strings.length
      strings.push(s)
      stringIndex.set(s, i)
    }
    return i
  }
  const optStr = (s: string | null): number => (s === null ? -1 : str(s))
  const fields = new Int32Array(n * FIELD_STRIDE)
  const numbers = new Float64Array(n * NUMBER_STRIDE)
  const attrs = new AttrColumns()
  const nested: AttrValue[] = []
  const scopes: number[] = []
  const resources: Attributes[] = []
  const resourceIndex = new Map<Attributes, number>()
  const events: SpanEvent[][] = []
  /** Per trace (by its string index): the latest start. */
  const traceLast = new Map<number, number>()
  let firstStartUs = Infinity
  let lastStartUs = -Infinity
  let lastEndUs = -Infinity
  let lastScope = -1
  for (let i = 0; i < n; i++) {
    const s = spans[i] as Span
    let resource = resourceIndex.get(s.resource)
    if (resource === undefined) {
      resource = resources.length
      resources.push(s.resource)
      resourceIndex.set(s.resource, resource)
    }
    const name = str(s.scopeName)
    const version = optStr(s.scopeVersion)
    // A body's spans come a scope at a time: a new scope entry only when it changes.
    if (
      lastScope < 0 ||
      scopes[lastScope] !== resource ||
      scopes[lastScope + 1] !== name ||
      scopes[lastScope + 2] !== version
    ) {
      lastScope = scopes.length
      scopes.push(resource, name, version)
    }
    let count = 0
    const a = s.attributes
    for (const key of Object.keys(a)) {
      const value = a[key] as AttrValue | undefined
      // `JSON.stringify` leaves an undefined value out.
      if (value === undefined) {
        continue
      }
      const k = str(key)
      if (typeof value === 'string') {
        attrs.push(k, TAG_STRING, str(value))
      } else if (typeof value === 'number') {
        if (Number.isFinite(value)) {
          // `+ 0`: JSON writes −0 as 0.
          attrs.push(k, TAG_NUMBER, value + 0)
        } else {
          attrs.push(k, TAG_NULL, 0)
        }
      } else if (typeof value === 'boolean') {
        attrs.push(k, value ? TAG_TRUE : TAG_FALSE, 0)
      } else if (value === null) {
        attrs.push(k, TAG_NULL, 0)
      } else {
        attrs.push(k, TAG_NESTED, nested.length)
        nested.push(value)
      }
      count++
    }
    const start = Math.round(s.startUs)
    const end = Math.round(s.endUs)
    const trace = str(s.traceId)
    const f = i * FIELD_STRIDE
    fields[f] = trace
    fields[f + 1] = str(s.spanId)
    fields[f + 2] = optStr(s.parentSpanId)
    fields[f + 3] = str(s.name)
    fields[f + 4] = optStr(s.statusMessage)
    fields[f + 5] = lastScope / 3
    fields[f + 6] = count
    fields[f + 7] = s.events.length === 0 ? -1 : events.push(s.events) - 1
    fields[f + 8] = s.kind
    fields[f + 9] = s.statusCode
    const m = i * NUMBER_STRIDE
    numbers[m] = start
    numbers[m + 1] = end
    if (start < firstStartUs) {
      firstStartUs = start
    }
    if (start > lastStartUs) {
      lastStartUs = start
    }
    if (end > lastEndUs) {
      lastEndUs = end
    }
    const last = traceLast.get(trace)
    if (last === undefined || start > last) {
      traceLast.set(trace, start)
    }
  }
  const nAttrs = attrs.length
  const nScopes = scopes.length / 3
  const json = Buffer.from(JSON.stringify([strings, resources, nested, events]))
  const numbersAt = HEADER_BYTES
  const valuesAt = numbersAt + numbers.byteLength
  const fieldsAt = valuesAt + nAttrs * 8
  const keysAt = fieldsAt + fields.byteLength
  const scopesAt = keysAt + nAttrs * 4
  const tagsAt = scopesAt + scopes.length * 4
  const jsonAt = tagsAt + nAttrs
  const out = new Uint8Array(jsonAt + json.byteLength)
  const header = new Uint32Array(out.buffer, 0, HEADER_BYTES / 4)
  header[0] = FORMAT
  header[1] = n
  header[2] = nAttrs
  header[3] = nScopes
  header[4] = json.byteLength
  new Float64Array(out.buffer, numbersAt, numbers.length).set(numbers)
  new Float64Array(out.buffer, valuesAt, nAttrs).set(attrs.values.subarray(0, nAttrs))
  new Int32Array(out.buffer, fieldsAt, fields.length).set(fields)
  new Int32Array(out.buffer, keysAt, nAttrs).set(attrs.keys.subarray(0, nAttrs))
  new Int32Array(out.buffer, scopesAt, scopes.length).set(scopes)
  out.set(attrs.tags.subarray(0, nAttrs), tagsAt)
  out.set(json, jsonAt)
  const traces: BodyTrace[] = []
  for (const [trace, last] of traceLast) {
    traces.push({ traceId: strings[trace] as string, lastStartUs: last })
  }
  return {
    body: codec === 'deflate' ? deflateSync(out, { level: 1 }) : out,
    spanCount: n,
    firstStartUs,
    lastStartUs,
    lastEndUs,
    traces,
  }
}

/**
 * The spans of a body, in their stored order; only those of `traceIds` when given (the others
 * are skipped without being built). Each span gets its own attributes, events and resource
 * objects, as a row of the `spans` table read back did.
 */
export function decodeSpanBody(body: Uint8Array, traceIds?: ReadonlySet<string>): Span[] {
  let raw = body[0] === ZLIB_FIRST_BYTE ? inflateSync(body) : body
  // Typed-array views need their offsets aligned to the element size.
  if (raw.byteOffset % 8 !== 0) {
    const copy = new Uint8Array(raw.byteLength)
    copy.set(raw)
    raw = copy
  }
  const base = raw.byteOffset
  const header = new Uint32Array(raw.buffer, base, HEADER_BYTES / 4)
  if (header[0] !== FORMAT) {
    throw new Error(`expected a span body of format ${FORMAT}, found ${String(header[0])}`)
  }
  const n = header[1] as number
  const nAttrs = header[2] as number
  const nScopes = header[3] as number
  const jsonBytes = header[4] as number
  const numbersAt = HEADER_BYTES
  const valuesAt = numbersAt + n * NUMBER_STRIDE * 8
  const fieldsAt = valuesAt + nAttrs * 8
  const keysAt = fieldsAt + n * FIELD_STRIDE * 4
  const scopesAt = keysAt + nAttrs * 4
  const tagsAt = scopesAt + nScopes * 12
  const jsonAt = tagsAt + nAttrs
  const numbers = new Float64Array(raw.buffer, base + numbersAt, n * NUMBER_STRIDE)
  const attrValues = new Float64Array(raw.buffer, base + valuesAt, nAttrs)
  const fields = new Int32Array(raw.buffer, base + fieldsAt, n * FIELD_STRIDE)
  const attrKeys = new Int32Array(raw.buffer, base + keysAt, nAttrs)
  const scopes = new Int32Array(raw.buffer, base + scopesAt, nScopes * 3)
  const attrTags = raw.subarray(tagsAt, tagsAt + nAttrs)
  const [strings, resources, nested, events] = JSON.parse(
    Buffer.from(raw.buffer, base + jsonAt, jsonBytes).toString('utf8')
  ) as [string[], Attributes[], AttrValue[], SpanEvent[][]]
  const out: Span[] = []
  let at = 0
  for (let i = 0; i < n; i++) {
    const f = i * FIELD_STRIDE
    const count = fields[f + 6] as number
    const traceId = strings[fields[f] as number] as string
    if (traceIds !== undefined && !traceIds.has(traceId)) {
      at += count
      continue
    }
    const attributes: Attributes = {}
    for (const end = at + count; at < end; at++) {
      const v = attrValues[at] as number
      let value: AttrValue
      switch (attrTags[at]) {
        case TAG_STRING:
          value = strings[v] as string
          break
        case TAG_NUMBER:
          value = v
          break
        case TAG_TRUE:
          value = true
          break
        case TAG_FALSE:
          value = false
          break
        case TAG_NESTED:
          // Each nested value is one attribute's, parsed anew for this read.
          value = nested[v] as AttrValue
          break
        default:
          value = null
      }
      attributes[strings[attrKeys[at] as number] as string] = value
    }
    const m = i * NUMBER_STRIDE
    const scope = (fields[f + 5] as number) * 3
    const parent = fields[f + 2] as number
    const statusMessage = fields[f + 4] as number
    const version = scopes[scope + 2] as number
    const event = fields[f + 7] as number
    out.push({
      traceId,
      spanId: strings[fields[f + 1] as number] as string,
      parentSpanId: parent < 0 ? null : (strings[parent] as string),
      name: strings[fields[f + 3] as number] as string,
      kind: fields[f + 8] as number,
      startUs: numbers[m] as Micros,
      endUs: numbers[m + 1] as Micros,
      statusCode: fields[f + 9] as number,
      statusMessage: statusMessage < 0 ? null : (strings[statusMessage] as string),
      attributes,
      resource: { ...(resources[scopes[scope] as number] as Attributes) },
      scopeName: strings[scopes[scope + 1] as number] as string,
      scopeVersion: version < 0 ? null : (strings[version] as string),
      events: event < 0 ? [] : (events[event] as SpanEvent[]),
    })
  }
  return out
}
