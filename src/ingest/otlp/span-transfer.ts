/**
 * Decoded spans between threads as columns (ADR 0250). A decode worker's spans used to be posted
 * back as objects: the structured clone writes every span's field names and every attribute key
 * again, and the event loop, reading them back, pays more per span (2.5–2.9 µs) than decoding the
 * protobuf itself (2.2 µs). Packed, each distinct string crosses once (ids, names, keys, values),
 * numbers cross in typed arrays that are transferred rather than copied, and each resource once;
 * the event loop only builds the `Span` objects from them.
 *
 * ```
 * spans  [traceId spanId parent name statusMessage scope nAttrs event] × n   (Int32Array)
 *        [startUs endUs kind statusCode] × n                               (Float64Array)
 * attrs  key → strings[], tag (null, string, number, true, false, nested), value     (3 arrays)
 * scopes [resource scopeName scopeVersion] × scopes                                  (Int32Array)
 * ```
 * Nested attribute values (arrays, maps) and span events are rare and cross as they are.
 */
import type { Attributes, AttrValue, Span, SpanEvent } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'

/** Spans packed for `postMessage`; the typed arrays' buffers can be transferred. */
export interface PackedSpans {
  n: number
  /** Every distinct string the spans hold, once. */
  strings: string[]
  /** {@link SPAN_STRIDE} integers per span (string fields as indices into `strings`, −1 null). */
  fields: Int32Array<ArrayBuffer>
  /** Start µs, end µs, kind and status code per span. */
  numbers: Float64Array<ArrayBuffer>
  attrKeys: Int32Array<ArrayBuffer>
  attrTags: Uint8Array<ArrayBuffer>
  /** The number, or the index into `strings` (tag string) or `nested` (tag nested). */
  attrValues: Float64Array<ArrayBuffer>
  nested: AttrValue[]
  /** Resource index, scope name and version (−1 null) per scope. */
  scopes: Int32Array<ArrayBuffer>
  resources: Attributes[]
  events: SpanEvent[][]
}

const SPAN_STRIDE = 8
const NUMBER_STRIDE = 4
const TAG_NULL = 0
const TAG_STRING = 1
const TAG_NUMBER = 2
const TAG_TRUE = 3
const TAG_FALSE = 4
const TAG_NESTED = 5

/** What the inline decoder gives a span without attributes or events (ADR 0207). */
const NO_ATTRIBUTES: Attributes = Object.freeze({}) as Attributes
const NO_EVENTS: SpanEvent[] = Object.freeze([]) as unknown as SpanEvent[]

/** Growable typed-array columns of the attribute values. */
class AttrColumns {
  keys = new Int32Array(256)
  tags = new Uint8Array(256)
  values = new Float64Array(256)
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

/** Packs `spans` (see {@link PackedSpans}); `transferList` gives the buffers to transfer. */
export function packSpans(spans: readonly Span[]): PackedSpans {
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
  const fields = new Int32Array(n * SPAN_STRIDE)
  const numbers = new Float64Array(n * NUMBER_STRIDE)
  const attrs = new AttrColumns()
  const nested: AttrValue[] = []
  const scopes: number[] = []
  const resources: Attributes[] = []
  const resourceIndex = new Map<Attributes, number>()
  const events: SpanEvent[][] = []
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
      const value = a[key] as AttrValue
      const k = str(key)
      if (typeof value === 'string') {
        attrs.push(k, TAG_STRING, str(value))
      } else if (typeof value === 'number') {
        attrs.push(k, TAG_NUMBER, value)
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
    const f = i * SPAN_STRIDE
    fields[f] = str(s.traceId)
    fields[f + 1] = str(s.spanId)
    fields[f + 2] = optStr(s.parentSpanId)
    fields[f + 3] = str(s.name)
    fields[f + 4] = optStr(s.statusMessage)
    fields[f + 5] = lastScope / 3
    fields[f + 6] = count
    fields[f + 7] = s.events.length === 0 ? -1 : events.push(s.events) - 1
    const m = i * NUMBER_STRIDE
    numbers[m] = s.startUs
    numbers[m + 1] = s.endUs
    numbers[m + 2] = s.kind
    numbers[m + 3] = s.statusCode
  }
  return {
    n,
    strings,
    fields,
    numbers,
    attrKeys: attrs.keys.slice(0, attrs.length),
    attrTags: attrs.tags.slice(0, attrs.length),
    attrValues: attrs.values.slice(0, attrs.length),
    nested,
    scopes: Int32Array.from(scopes),
    resources,
    events,
  }
}

/** The buffers of `packed` that `postMessage` can move instead of copying. */
export function transferList(packed: PackedSpans): ArrayBuffer[] {
  return [
    packed.fields.buffer,
    packed.numbers.buffer,
    packed.attrKeys.buffer,
    packed.attrTags.buffer,
    packed.attrValues.buffer,
    packed.scopes.buffer,
  ]
}

/** The spans `packSpans` packed, equal field for field; spans of one resource share it. */
export function unpackSpans(packed: PackedSpans): Span[] {
  const { n, strings, fields, numbers, attrKeys, attrTags, attrValues, nested, scopes } = packed
  const out = new Array<Span>(n)
  let at = 0
  for (let i = 0; i < n; i++) {
    const f = i * SPAN_STRIDE
    const m = i * NUMBER_STRIDE
    const count = fields[f + 6] as number
    let attributes = NO_ATTRIBUTES
    if (count > 0) {
      attributes = {}
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
            value = nested[v] as AttrValue
            break
          default:
            value = null
        }
        attributes[strings[attrKeys[at] as number] as string] = value
      }
    }
    const scope = (fields[f + 5] as number) * 3
    const parent = fields[f + 2] as number
    const statusMessage = fields[f + 4] as number
    const version = scopes[scope + 2] as number
    const event = fields[f + 7] as number
    out[i] = {
      traceId: strings[fields[f] as number] as string,
      spanId: strings[fields[f + 1] as number] as string,
      parentSpanId: parent < 0 ? null : (strings[parent] as string),
      name: strings[fields[f + 3] as number] as string,
      kind: numbers[m + 2] as number,
      startUs: numbers[m] as Micros,
      endUs: numbers[m + 1] as Micros,
      statusCode: numbers[m + 3] as number,
      statusMessage: statusMessage < 0 ? null : (strings[statusMessage] as string),
      attributes,
      resource: packed.resources[scopes[scope] as number] as Attributes,
      scopeName: strings[scopes[scope + 1] as number] as string,
      scopeVersion: version < 0 ? null : (strings[version] as string),
      events: event < 0 ? NO_EVENTS : (packed.events[event] as SpanEvent[]),
    }
  }
  return out
}
