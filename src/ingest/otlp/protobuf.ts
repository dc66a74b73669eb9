/**
 * OTLP protobuf adapter (ADR 0010). Traces, the hot path, go through the one-pass reader in
 * `trace-reader.ts`, which shares `checkSpan` with the JSON path. Metrics and all encoding use
 * the static code in `generated/` (protobufjs `pbjs -t static-module` from `proto/otlp.proto`):
 * its message objects carry the OTLP/JSON field names, so the shared `decodeMetrics` reads them
 * like parsed JSON, taking ids as bytes and 64-bit integers as `Long`.
 */
import protobuf from 'protobufjs/minimal.js'
import { AppError, errorMessage } from '../../core/errors.js'
import { decodeMetrics, type DecodeMetricsResult } from '../../core/otlp/decode-metrics.js'
import { decodeTraces, type DecodeTracesResult } from '../../core/otlp/decode-traces.js'
import type { TimeBounds } from '../../core/otlp/time-bounds.js'
import { otlp } from './generated/otlp.js'
import { readTraceRequest } from './trace-reader.js'

// protobufjs stops at 100 nested messages, and each AnyValue level costs three (AnyValue →
// KeyValueList → KeyValue): a metric attribute nested 32 deep, which the JSON path accepts,
// would fail the whole request. At 400 the AnyValue depth rule (reject the data point past 32)
// decides, as in the JSON path; only absurd nesting still fails the request.
protobuf.util.recursionLimit = Math.max(protobuf.util.recursionLimit, 400)
protobuf.Reader.recursionLimit = Math.max(protobuf.Reader.recursionLimit, 400)

function decodeFailed(what: string, err: unknown): AppError {
  const detail = errorMessage(err)
  return new AppError('OTLP_DECODE_FAILED', `the body must be a protobuf ${what} (${detail})`, {
    cause: err,
  })
}

/**
 * Decodes a protobuf `ExportTraceServiceRequest` (see `decodeTraces` for the rules) with the
 * one-pass reader of `trace-reader.ts`, the ingest hot path.
 */
export function decodeTracesProtobuf(bytes: Uint8Array, bounds?: TimeBounds): DecodeTracesResult {
  return readTraceRequest(bytes, bounds)
}

/**
 * The same decode through the generated static code and the shared `decodeTraces`: the
 * reference the one-pass reader is tested and benchmarked against.
 */
export function decodeTracesProtobufGenerated(
  bytes: Uint8Array,
  bounds?: TimeBounds
): DecodeTracesResult {
  let message: otlp.ExportTraceServiceRequest
  try {
    message = otlp.ExportTraceServiceRequest.decode(bytes)
  } catch (err) {
    throw decodeFailed('ExportTraceServiceRequest', err)
  }
  return decodeTraces(message, bounds)
}

/** Decodes a protobuf `ExportMetricsServiceRequest` (see `decodeMetrics` for the rules). */
export function decodeMetricsProtobuf(bytes: Uint8Array, bounds?: TimeBounds): DecodeMetricsResult {
  let message: otlp.ExportMetricsServiceRequest
  try {
    message = otlp.ExportMetricsServiceRequest.decode(bytes)
  } catch (err) {
    throw decodeFailed('ExportMetricsServiceRequest', err)
  }
  return decodeMetrics(message, bounds)
}

function bytesFromHex(hex: unknown): Uint8Array | undefined {
  if (typeof hex !== 'string' || hex === '') {
    return undefined
  }
  if (!/^([0-9a-fA-F]{2})+$/.test(hex)) {
    throw new AppError(
      'INPUT_INVALID',
      `ids must be hex to encode (actual: ${JSON.stringify(hex)})`
    )
  }
  return Uint8Array.from(Buffer.from(hex, 'hex'))
}

type Json = Record<string, unknown>

function mapList(value: unknown, fn: (item: Json) => Json): Json[] | undefined {
  return Array.isArray(value) ? (value as Json[]).map(fn) : undefined
}

/**
 * Encodes an OTLP/JSON-shaped `ExportTraceServiceRequest` (camelCase, hex ids, integer enums,
 * nanosecond strings or numbers) as protobuf bytes. For tests, benchmarks and the simulator.
 */
export function encodeTracesProtobuf(request: object): Uint8Array {
  const req = request as Json
  const message = {
    resourceSpans: mapList(req['resourceSpans'], (rs) => ({
      ...rs,
      scopeSpans: mapList(rs['scopeSpans'], (ss) => ({
        ...ss,
        spans: mapList(ss['spans'], (span) => ({
          ...span,
          traceId: bytesFromHex(span['traceId']),
          spanId: bytesFromHex(span['spanId']),
          parentSpanId: bytesFromHex(span['parentSpanId']),
        })),
      })),
    })),
  }
  return otlp.ExportTraceServiceRequest.encode(
    message as otlp.ExportTraceServiceRequest.$Properties
  ).finish()
}

/** Encodes an OTLP/JSON-shaped `ExportMetricsServiceRequest` (camelCase) as protobuf bytes. */
export function encodeMetricsProtobuf(request: object): Uint8Array {
  return otlp.ExportMetricsServiceRequest.encode(
    request as otlp.ExportMetricsServiceRequest.$Properties
  ).finish()
}

/** What an export response reports: nothing (full success) or a partial success. */
export interface PartialSuccess {
  rejected: number
  errorMessage: string
}

/** Protobuf `ExportTraceServiceResponse`; `partialSuccess` is left out when nothing was rejected. */
export function encodeTraceResponse(partial: PartialSuccess | null): Uint8Array {
  return otlp.ExportTraceServiceResponse.encode(
    partial === null
      ? {}
      : { partialSuccess: { rejectedSpans: partial.rejected, errorMessage: partial.errorMessage } }
  ).finish()
}

/** Protobuf `ExportMetricsServiceResponse`; `partialSuccess` is left out when nothing was rejected. */
export function encodeMetricsResponse(partial: PartialSuccess | null): Uint8Array {
  return otlp.ExportMetricsServiceResponse.encode(
    partial === null
      ? {}
      : {
          partialSuccess: {
            rejectedDataPoints: partial.rejected,
            errorMessage: partial.errorMessage,
          },
        }
  ).finish()
}

/** Protobuf `google.rpc.Status`, the body of an OTLP/HTTP error response. */
export function encodeRpcStatus(code: number, message: string): Uint8Array {
  return otlp.RpcStatus.encode({ code, message }).finish()
}

/** Decodes an export response (tests read what the server answered). */
export function decodeTraceResponse(
  bytes: Uint8Array
): { rejectedSpans: number; errorMessage: string } | null {
  const msg = otlp.ExportTraceServiceResponse.decode(bytes)
  if (!msg.partialSuccess) {
    return null
  }
  return {
    rejectedSpans: Number(msg.partialSuccess.rejectedSpans ?? 0),
    errorMessage: msg.partialSuccess.errorMessage ?? '',
  }
}

/** Decodes a `google.rpc.Status` body (tests). */
export function decodeRpcStatus(bytes: Uint8Array): { code: number; message: string } {
  const msg = otlp.RpcStatus.decode(bytes)
  return { code: msg.code ?? 0, message: msg.message ?? '' }
}
