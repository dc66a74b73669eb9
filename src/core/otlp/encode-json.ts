// The one OTLP/JSON trace encoder (ExportTraceServiceRequest as text), shared by the probe's
// client spans, the mock server's engine spans and the simulator's millions of spans. The text
// is built by hand: JSON.stringify of nested attribute objects is several times slower, and the
// simulator's output must stay byte-for-byte what it was for a given seed. Callers choose their
// own rounding (the simulator rounds seconds to µs before encoding); this file writes values as
// given.

/** OTLP/JSON attribute (the `AnyValue` subset our producers write). */
export interface OtlpJsonAttribute {
  key: string
  value:
    | { stringValue: string }
    | { intValue: string }
    | { doubleValue: number }
    | { boolValue: boolean }
}

/** OTLP/JSON span status: `{}` (unset), `{ code: 0 }` or `{ code: 2, message }`. */
export interface OtlpJsonStatus {
  code?: number
  message?: string
}

/** An OTLP/JSON span whose attributes are still values. */
export interface OtlpJsonSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  startTimeUnixNano: string
  endTimeUnixNano: string
  attributes: OtlpJsonAttribute[]
  status: OtlpJsonStatus
}

/** Spans of one resource, grouped by instrumentation scope, each span already encoded. */
export interface EncodedResourceSpans {
  /** Encoded resource attributes ({@link encodeAttribute} and friends). */
  attributes: readonly string[]
  scopes: readonly { name: string; version?: string; spans: readonly string[] }[]
}

const q = JSON.stringify

/** Builds an attribute list, skipping null/undefined values (absent, never guessed). */
export function toAttributes(
  values: Record<string, string | number | boolean | null | undefined>,
  integerKeys: ReadonlySet<string> = new Set()
): OtlpJsonAttribute[] {
  const out: OtlpJsonAttribute[] = []
  for (const [key, v] of Object.entries(values)) {
    if (v === null || v === undefined) {
      continue
    }
    if (typeof v === 'string') {
      out.push({ key, value: { stringValue: v } })
    } else if (typeof v === 'boolean') {
      out.push({ key, value: { boolValue: v } })
    } else if (integerKeys.has(key)) {
      out.push({ key, value: { intValue: String(Math.round(v)) } })
    } else {
      out.push({ key, value: { doubleValue: v } })
    }
  }
  return out
}

/** Epoch milliseconds (float) → OTLP decimal nanoseconds string. */
export function unixNanoFromEpochMs(epochMs: number): string {
  return (BigInt(Math.round(epochMs * 1000)) * 1000n).toString()
}

/** Epoch microseconds → OTLP decimal nanoseconds string (rounded to whole µs). */
export function unixNanoFromEpochMicros(epochUs: number): string {
  return `${Math.round(epochUs)}000`
}

// Attribute keys are our own semantic-convention names (no characters JSON must escape).
export function encodeStringAttribute(key: string, value: string): string {
  return `{"key":"${key}","value":{"stringValue":${q(value)}}}`
}

export function encodeIntAttribute(key: string, value: number): string {
  return `{"key":"${key}","value":{"intValue":"${Math.round(value)}"}}`
}

export function encodeDoubleAttribute(key: string, value: number): string {
  return `{"key":"${key}","value":{"doubleValue":${q(value)}}}`
}

export function encodeBoolAttribute(key: string, value: boolean): string {
  return `{"key":"${key}","value":{"boolValue":${value}}}`
}

export function encodeAttribute(a: OtlpJsonAttribute): string {
  const v = a.value
  if ('stringValue' in v) {
    return encodeStringAttribute(a.key, v.stringValue)
  }
  if ('intValue' in v) {
    return `{"key":"${a.key}","value":{"intValue":${q(v.intValue)}}}`
  }
  if ('doubleValue' in v) {
    return encodeDoubleAttribute(a.key, v.doubleValue)
  }
  return encodeBoolAttribute(a.key, v.boolValue)
}

function encodeStatus(status: OtlpJsonStatus): string {
  const parts: string[] = []
  if (status.code !== undefined) {
    parts.push(`"code":${status.code}`)
  }
  if (status.message !== undefined) {
    parts.push(`"message":${q(status.message)}`)
  }
  return `{${parts.join(',')}}`
}

/** One span as OTLP/JSON text, its attributes given already encoded. */
export function encodeSpanWithAttributes(
  span: Omit<OtlpJsonSpan, 'attributes'>,
  attributes: readonly string[]
): string {
  const parent = span.parentSpanId === undefined ? '' : `"parentSpanId":"${span.parentSpanId}",`
  return `{"traceId":"${span.traceId}","spanId":"${span.spanId}",${parent}"name":${q(span.name)},"kind":${span.kind},"startTimeUnixNano":"${span.startTimeUnixNano}","endTimeUnixNano":"${span.endTimeUnixNano}","attributes":[${attributes.join(',')}],"status":${encodeStatus(span.status)}}`
}

/** One span as OTLP/JSON text. */
export function encodeSpan(span: OtlpJsonSpan): string {
  return encodeSpanWithAttributes(span, span.attributes.map(encodeAttribute))
}

/** A whole `ExportTraceServiceRequest` as OTLP/JSON text (one line). */
export function encodeTracesRequest(resources: readonly EncodedResourceSpans[]): string {
  const rs = resources.map((r) => {
    const scopes = r.scopes.map(
      (s) =>
        `{"scope":{"name":${q(s.name)}${s.version ? `,"version":${q(s.version)}` : ''}},"spans":[${s.spans.join(',')}]}`
    )
    return `{"resource":{"attributes":[${r.attributes.join(',')}]},"scopeSpans":[${scopes.join(',')}]}`
  })
  return `{"resourceSpans":[${rs.join(',')}]}`
}
