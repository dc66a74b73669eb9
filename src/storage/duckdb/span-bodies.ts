/**
 * A write's spans as one body (ADR 0395, 0396, 0403): the layout of the decode workers' packed
 * columns (`span-transfer.ts`, ADR 0250) laid by hand into one buffer, so DuckDB stores one `BLOB`
 * per write instead of fourteen values per span. Trace, span and parent ids that are lowercase hex
 * (every id the OTLP decoders accept) go as their bytes; each other distinct string is written once
 * (names, attribute keys and values repeat within a write); numbers go in typed arrays copied as
 * they are; the strings, resources and the rare nested values and events go as one JSON text,
 * which V8 writes and reads natively. A reader decodes the whole body but builds only the spans of
 * the traces it asked for.
 *
 * ```
 * header   format, n, attribute values, scopes, JSON bytes, 0                 (6 × u32)
 * numbers  [startUs endUs] × n, attribute values                              (f64)
 * fields   [traceId spanId parent name statusMessage scope nAttrs event kind statusCode] × n
 *          attribute keys, [resource scopeName scopeVersion] × scopes         (i32)
 * ids      [traceId spanId parent] × n                             (16 + 8 + 8 bytes)
 * tags     attribute value tags                                               (u8)
 * json     [strings, resources, nested values, events]                        (UTF-8)
 * ```
 * An id field is −2 when the id is in `ids`, else its string's index (a parent −1: none). Format
 * 1 (ADR 0395) had no `ids`: every id was a string; it is still read.
 *
 * The body is stored deflated (zlib, level 1; ADR 0396) or as it is: a zlib stream's first
 * byte is 0x78, the layout's is its format number, so a reader tells them apart.
 */
import { deflateSync, inflateSync } from 'node:zlib'
import type { Attributes, AttrValue, Span, SpanEvent } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'

/** The layout's format number, the body's first byte when it is not compressed. */
const FORMAT = 2
/** The format before ids went as bytes (ADR 0395), still read. */
const FORMAT_STRING_IDS = 1
/** First byte of a zlib stream with deflate's 32 KiB window (RFC 1950). */
const ZLIB_FIRST_BYTE = 0x78
const HEADER_BYTES = 24
const FIELD_STRIDE = 10
const NUMBER_STRIDE = 2
/** Bytes of a span's ids: trace (16), span (8), parent (8). */
const ID_STRIDE = 32
/** An id field's value when the id is in the `ids` section. */
const ID_BYTES = -2
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

  /** Empties the columns for the next write; they keep the size they grew to. */
  clear(): void {
    this.length = 0
  }

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

/** Lowercase hex digit → its value; −1 for any other character (a byte as hex must round-trip). */
const HEX_VALUE = new Int8Array(128).fill(-1)
for (let d = 0; d < 16; d++) {
  HEX_VALUE[d.toString(16).charCodeAt(0)] = d
}

/**
 * Writes the id `id` as `size` bytes at `at` of `out` when it is `size` bytes of lowercase hex (what
 * both decoders make of every well-formed id); false when it is anything else, which then goes
 * to the strings as it is.
 */
function writeHexId(id: string, size: number, out: Uint8Array, at: number): boolean {
  if (id.length !== size * 2) {
    return false
  }
  for (let i = 0; i < size; i++) {
    const hi = id.charCodeAt(2 * i)
    const lo = id.charCodeAt(2 * i + 1)
    const h = hi < 128 ? (HEX_VALUE[hi] as number) : -1
    const l = lo < 128 ? (HEX_VALUE[lo] as number) : -1
    if (h < 0 || l < 0) {
      return false
    }
    out[at + i] = (h << 4) | l
  }
  return true
}

/**
 * Each distinct string once, in order of first appearance. A class rather than closures made per
 * call: an optimised encoder that had inlined one call's closure was thrown away at the next
 * call's (V8's "wrong call target"), and each recompile of the encoder cost more CPU than a write.
 */
class StringTable {
  readonly strings: string[] = []
  private readonly index = new Map<string, number>()

  of(s: string): number {
    let i = this.index.get(s)
    if (i === undefined) {
      i = this.strings.length
      this.strings.push(s)
      this.index.set(s, i)
    }
    return i
  }

  ofOptional(s: string | null): number {
    return s === null ? -1 : this.of(s)
  }

  /** Forgets every string, ready for the next write. */
  clear(): void {
    this.strings.length = 0
    this.index.clear()
  }
}

/**
 * The one string table and attribute columns every write's encoding uses, cleared at its start
 * (an encoding runs to its end without yielding, so two writes never share them). Made anew per
 * call, they died with it, and at each full collection after that V8 threw away the optimised
 * encoder, `of`, `ofOptional` and `push` ("weak objects": their code held on to something of
 * the dead ones) and compiled the encoder twice again, on-stack and for its next call (ADR 0420).
 */
const STRINGS = new StringTable()
const ATTRS = new AttrColumns()

/**
 * A write's per-span columns, kept between writes like `ATTRS`. Made per write, their ~80 bytes a
 * span were fresh memory each time, and touching it for the first time (the kernel's page faults)
 * cost more than filling it (ADR 0521).
 */
class SpanColumns {
  fields = new Int32Array(0)
  numbers = new Float64Array(0)
  ids = new Uint8Array(0)

  /** Room for `n` spans; the ids zeroed, as a fresh array's were (an id not in bytes leaves 0s). */
  reserve(n: number): this {
    if (this.fields.length < n * FIELD_STRIDE) {
      const size = grownTo(n)
      this.fields = new Int32Array(size * FIELD_STRIDE)
      this.numbers = new Float64Array(size * NUMBER_STRIDE)
      this.ids = new Uint8Array(size * ID_STRIDE)
    } else {
      this.ids.fill(0, 0, n * ID_STRIDE)
    }
    return this
  }
}

/**
 * The buffer a body is laid out in before it is deflated, kept between writes (ADR 0521). Up to
 * `KEPT_OUT_BYTES`; a larger layout gets a buffer of its own, so one large write does not hold
 * its size for the process's life.
 */
class OutBuffer {
  private buffer = Buffer.allocUnsafeSlow(0)

  reserve(size: number): Buffer {
    if (size > KEPT_OUT_BYTES) {
      return Buffer.allocUnsafeSlow(size)
    }
    if (this.buffer.length < size) {
      this.buffer = Buffer.allocUnsafeSlow(Math.min(KEPT_OUT_BYTES, grownTo(size)))
    }
    return this.buffer
  }
}

/** The largest body layout kept between writes: a 10 000-span import batch is ~2 MiB. */
const KEPT_OUT_BYTES = 8 * 1024 * 1024

/** `n` rounded up to a power of two (at least 1 024), so growth comes in few steps. */
function grownTo(n: number): number {
  let size = 1024
  while (size < n) {
    size *= 2
  }
  return size
}

const SPAN_COLUMNS = new SpanColumns()
const OUT = new OutBuffer()

/** Keeps in `latest` the later of its start for `traceId` and `startUs`. */
function noteLatest(latest: Map<string, number>, traceId: string, startUs: number): void {
  const last = latest.get(traceId)
  if (last === undefined || startUs > last) {
    latest.set(traceId, startUs)
  }
}

/**
 * Encodes `spans` (one write) into one body. Values are stored as the `spans` table stored them
 * (ADR 0395): times and integers whole, attributes as their JSON round trip gives them (a number
 * that is not finite reads back null, as `JSON.stringify` writes it).
 */
export function encodeSpanBody(spans: readonly Span[], codec: BodyCodec): SpanBody {
  const n = spans.length
  const table = STRINGS
  table.clear()
  const cols = SPAN_COLUMNS.reserve(n)
  const fields = cols.fields
  const numbers = cols.numbers
  const ids = cols.ids
  const attrs = ATTRS
  attrs.clear()
  const nested: AttrValue[] = []
  const scopes: number[] = []
  const resources: Attributes[] = []
  const resourceIndex = new Map<Attributes, number>()
  const events: SpanEvent[][] = []
  /** Per trace id: the latest start. */
  const traceLast = new Map<string, number>()
  let firstStartUs = Infinity
  let lastStartUs = -Infinity
  let lastEndUs = -Infinity
  let lastScope = -1
  // A write's spans come a scope at a time, and mostly a trace at a time: the previous span's
  // scope and trace are compared by value before any lookup, so a span looks up only its name
  // and attributes, and a trace's latest start goes to `traceLast` once per run.
  let scopeResource: Attributes | null = null
  let scopeName: string | null = null
  let scopeVersion: string | null = null
  let runTraceId: string | null = null
  /** The run's trace field: `ID_BYTES` (its bytes are `runTraceAt`'s) or a string index. */
  let runTrace = 0
  let runTraceAt = 0
  let runLast = -Infinity
  for (let i = 0; i < n; i++) {
    const s = spans[i] as Span
    if (
      lastScope < 0 ||
      s.resource !== scopeResource ||
      s.scopeName !== scopeName ||
      s.scopeVersion !== scopeVersion
    ) {
      scopeResource = s.resource
      scopeName = s.scopeName
      scopeVersion = s.scopeVersion
      let resource = resourceIndex.get(s.resource)
      if (resource === undefined) {
        resource = resources.length
        resources.push(s.resource)
        resourceIndex.set(s.resource, resource)
      }
      lastScope = scopes.length
      scopes.push(resource, table.of(s.scopeName), table.ofOptional(s.scopeVersion))
    }
    const idAt = i * ID_STRIDE
    if (s.traceId !== runTraceId) {
      if (runTraceId !== null) {
        noteLatest(traceLast, runTraceId, runLast)
      }
      runTraceId = s.traceId
      runTrace = writeHexId(s.traceId, 16, ids, idAt) ? ID_BYTES : table.of(s.traceId)
      runTraceAt = idAt
      runLast = -Infinity
    } else if (runTrace === ID_BYTES) {
      for (let k = 0; k < 16; k++) {
        ids[idAt + k] = ids[runTraceAt + k] as number
      }
    }
    let count = 0
    const a = s.attributes
    // `Object.keys`, not `for…in`: with `for…in` the span writes of `bench/ingest-cost` on 600
    // bodies ran 5 major collections and no scavenge (2 and 4 with `Object.keys`; ADR 0403).
    for (const key of Object.keys(a)) {
      const value = a[key] as AttrValue | undefined
      // `JSON.stringify` leaves an undefined value out.
      if (value === undefined) {
        continue
      }
      const k = table.of(key)
      if (typeof value === 'string') {
        attrs.push(k, TAG_STRING, table.of(value))
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
    const f = i * FIELD_STRIDE
    const parent = s.parentSpanId
    fields[f] = runTrace
    fields[f + 1] = writeHexId(s.spanId, 8, ids, idAt + 16) ? ID_BYTES : table.of(s.spanId)
    fields[f + 2] =
      parent === null ? -1 : writeHexId(parent, 8, ids, idAt + 24) ? ID_BYTES : table.of(parent)
    fields[f + 3] = table.of(s.name)
    fields[f + 4] = table.ofOptional(s.statusMessage)
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
    if (start > runLast) {
      runLast = start
    }
  }
  if (runTraceId !== null) {
    noteLatest(traceLast, runTraceId, runLast)
  }
  const nAttrs = attrs.length
  const nScopes = scopes.length / 3
  const text = JSON.stringify([table.strings, resources, nested, events])
  const jsonBytes = Buffer.byteLength(text)
  const numbersAt = HEADER_BYTES
  const valuesAt = numbersAt + n * NUMBER_STRIDE * 8
  const fieldsAt = valuesAt + nAttrs * 8
  const keysAt = fieldsAt + n * FIELD_STRIDE * 4
  const scopesAt = keysAt + nAttrs * 4
  const idsAt = scopesAt + scopes.length * 4
  const tagsAt = idsAt + n * ID_STRIDE
  const jsonAt = tagsAt + nAttrs
  const size = jsonAt + jsonBytes
  // A deflated body is a copy of its own: the layout is only its input, so it goes to the buffer
  // kept between writes (see `OutBuffer`). A body stored as it is must own its bytes.
  const out = codec === 'deflate' ? OUT.reserve(size) : Buffer.allocUnsafeSlow(size)
  const header = new Uint32Array(out.buffer, out.byteOffset, HEADER_BYTES / 4)
  header[0] = FORMAT
  header[1] = n
  header[2] = nAttrs
  header[3] = nScopes
  header[4] = jsonBytes
  header[5] = 0
  new Float64Array(out.buffer, out.byteOffset + numbersAt, n * NUMBER_STRIDE).set(
    numbers.subarray(0, n * NUMBER_STRIDE)
  )
  new Float64Array(out.buffer, out.byteOffset + valuesAt, nAttrs).set(
    attrs.values.subarray(0, nAttrs)
  )
  new Int32Array(out.buffer, out.byteOffset + fieldsAt, n * FIELD_STRIDE).set(
    fields.subarray(0, n * FIELD_STRIDE)
  )
  new Int32Array(out.buffer, out.byteOffset + keysAt, nAttrs).set(attrs.keys.subarray(0, nAttrs))
  new Int32Array(out.buffer, out.byteOffset + scopesAt, scopes.length).set(scopes)
  out.set(ids.subarray(0, n * ID_STRIDE), idsAt)
  out.set(attrs.tags.subarray(0, nAttrs), tagsAt)
  // Written in place: the text as a Buffer of its own would be one more copy of it.
  out.write(text, jsonAt, 'utf8')
  const traces: BodyTrace[] = []
  for (const [traceId, last] of traceLast) {
    traces.push({ traceId, lastStartUs: last })
  }
  return {
    body: codec === 'deflate' ? deflateSync(out.subarray(0, size), { level: 1 }) : out,
    spanCount: n,
    firstStartUs,
    lastStartUs,
    lastEndUs,
    traces,
  }
}

/** An id field's id: its string, or the hex of the `size` bytes at `at` when it is in bytes. */
function idOf(strings: string[], bytes: Buffer, field: number, at: number, size: number): string {
  return field === ID_BYTES ? bytes.toString('hex', at, at + size) : (strings[field] as string)
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
  const format = header[0]
  if (format !== FORMAT && format !== FORMAT_STRING_IDS) {
    throw new Error(
      `expected a span body of format ${FORMAT_STRING_IDS} or ${FORMAT}, found ${String(format)}`
    )
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
  const idsAt = scopesAt + nScopes * 12
  const tagsAt = idsAt + (format === FORMAT ? n * ID_STRIDE : 0)
  const jsonAt = tagsAt + nAttrs
  const numbers = new Float64Array(raw.buffer, base + numbersAt, n * NUMBER_STRIDE)
  const attrValues = new Float64Array(raw.buffer, base + valuesAt, nAttrs)
  const fields = new Int32Array(raw.buffer, base + fieldsAt, n * FIELD_STRIDE)
  const attrKeys = new Int32Array(raw.buffer, base + keysAt, nAttrs)
  const scopes = new Int32Array(raw.buffer, base + scopesAt, nScopes * 3)
  const attrTags = raw.subarray(tagsAt, tagsAt + nAttrs)
  const bytes = Buffer.from(raw.buffer, base, raw.byteLength)
  const [strings, resources, nested, events] = JSON.parse(
    bytes.toString('utf8', jsonAt, jsonAt + jsonBytes)
  ) as [string[], Attributes[], AttrValue[], SpanEvent[][]]
  // A trace's spans mostly follow each other: one string for a run of them.
  let runField = -1
  let runAt = -1
  let runTraceId = ''
  const out: Span[] = []
  let at = 0
  for (let i = 0; i < n; i++) {
    const f = i * FIELD_STRIDE
    const count = fields[f + 6] as number
    const traceField = fields[f] as number
    let traceId: string
    if (traceField !== ID_BYTES) {
      traceId = strings[traceField] as string
    } else if (
      runField === ID_BYTES &&
      bytes.compare(bytes, runAt, runAt + 16, idsAt + i * ID_STRIDE, idsAt + i * ID_STRIDE + 16) ===
        0
    ) {
      traceId = runTraceId
    } else {
      traceId = bytes.toString('hex', idsAt + i * ID_STRIDE, idsAt + i * ID_STRIDE + 16)
      runAt = idsAt + i * ID_STRIDE
    }
    runField = traceField
    runTraceId = traceId
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
      spanId: idOf(strings, bytes, fields[f + 1] as number, idsAt + i * ID_STRIDE + 16, 8),
      parentSpanId:
        parent === -1 ? null : idOf(strings, bytes, parent, idsAt + i * ID_STRIDE + 24, 8),
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
