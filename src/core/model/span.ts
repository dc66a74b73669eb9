import type { Micros } from './units.js'

/** An attribute value after OTLP `AnyValue` decoding. */
export type AttrValue =
  string | number | boolean | null | AttrValue[] | { [key: string]: AttrValue }

/** Flat attribute map (`key` → decoded value). */
export type Attributes = Record<string, AttrValue>

/** OTLP `SpanKind` as its integer value. */
export const SPAN_KIND = {
  UNSPECIFIED: 0,
  INTERNAL: 1,
  SERVER: 2,
  CLIENT: 3,
  PRODUCER: 4,
  CONSUMER: 5,
} as const

/** OTLP `Status.code`: 0 unset, 1 ok, 2 error. */
export const STATUS_CODE = { UNSET: 0, OK: 1, ERROR: 2 } as const

/** A span event (OTLP `Span.Event`). */
export interface SpanEvent {
  timeUs: Micros
  name: string
  attributes: Attributes
}

/**
 * One decoded span: the core model that every source (OTLP protobuf, OTLP/JSON, the simulator)
 * produces. Ids are lower-case hex: 32 digits for traces, 16 for spans.
 */
export interface Span {
  traceId: string
  spanId: string
  /** `null` for a root span. */
  parentSpanId: string | null
  name: string
  /** OTLP `SpanKind` integer (see {@link SPAN_KIND}). */
  kind: number
  startUs: Micros
  endUs: Micros
  /** OTLP `Status.code` integer (see {@link STATUS_CODE}). */
  statusCode: number
  statusMessage: string | null
  attributes: Attributes
  /** Resource attributes of the `ResourceSpans` this span came in. */
  resource: Attributes
  scopeName: string
  scopeVersion: string | null
  events: SpanEvent[]
}
