/**
 * OTLP export bodies to model objects, the same on the event loop and in a decode worker: one
 * function per signal and wire format, so both paths decode (and reject) identically.
 */
import { decodeMetricsJson } from '../../core/otlp/decode-metrics.js'
import { decodeTracesJson } from '../../core/otlp/decode-traces.js'
import type { TimeBounds } from '../../core/otlp/time-bounds.js'
import { decodeMetricsProtobuf, decodeTracesProtobuf } from './protobuf.js'

/** `protobuf` (application/x-protobuf) or `json` (application/json). */
export type OtlpWireFormat = 'protobuf' | 'json'

export type DecodedTraces = ReturnType<typeof decodeTracesProtobuf>
export type DecodedMetrics = ReturnType<typeof decodeMetricsProtobuf>

/** Decodes an OTLP traces export body. Throws `OTLP_DECODE_FAILED` on a body it cannot read. */
export function decodeTracesBody(
  format: OtlpWireFormat,
  body: Uint8Array,
  bounds?: TimeBounds
): DecodedTraces {
  return format === 'protobuf'
    ? decodeTracesProtobuf(body, bounds)
    : decodeTracesJson(new TextDecoder().decode(body), bounds)
}

/** Decodes an OTLP metrics export body. Throws `OTLP_DECODE_FAILED` on a body it cannot read. */
export function decodeMetricsBody(
  format: OtlpWireFormat,
  body: Uint8Array,
  bounds?: TimeBounds
): DecodedMetrics {
  return format === 'protobuf'
    ? decodeMetricsProtobuf(body, bounds)
    : decodeMetricsJson(new TextDecoder().decode(body), bounds)
}
