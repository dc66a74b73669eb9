/**
 * Protobuf `ExportTraceServiceRequest` → `Span`s in one pass: the ingest hot path. It walks the
 * wire format with protobufjs' `Reader` and hands each span's fields to the same `checkSpan`
 * the OTLP/JSON path uses, so both accept and reject exactly the same spans.
 *
 * Hand-written rather than the generated static code because building the generated message
 * tree first (with protobufjs 8's oneof bookkeeping and a `Long` per timestamp) made protobuf
 * slower than `JSON.parse` on the same batch; measured in `bench/otlp-decode.bench.ts`,
 * recorded in ADR 0010. The generated code remains the reference in tests and does all encoding.
 *
 * Field numbers: opentelemetry/proto/{collector/trace,trace,common,resource}/v1 (`proto/otlp.proto`).
 */
import protobuf from 'protobufjs/minimal.js'
import { AppError, errorMessage, isAppError } from '../../core/errors.js'
import type { Attributes, Span, SpanEvent } from '../../core/model/span.js'
import { checkSpan, type DecodeTracesResult } from '../../core/otlp/decode-traces.js'
import { microsFromOtlpTime } from '../../core/otlp/int64.js'
import { latestTimeUs, type TimeBounds } from '../../core/otlp/time-bounds.js'
import type { OtlpReject } from '../../core/otlp/wire-types.js'
import { LEN, readAttributesMessage, readFixed64, readKeyValueInto, tag } from './wire-readers.js'

type Reader = protobuf.Reader

/** The message of a value nested too deep (rejects one span); anything else fails the request. */
function reasonOf(err: unknown): string {
  if (isAppError(err) && err.code === 'OTLP_DECODE_FAILED') {
    return err.message
  }
  throw err
}

function readEvent(r: Reader, end: number, latestUs: number): SpanEvent | null {
  let time: { low: number; high: number } | undefined
  let name = ''
  const attributes: Attributes = {}
  while (r.pos < end) {
    const t = r.uint32()
    if (t === tag(1, 1)) {
      time = readFixed64(r)
    } else if (t === tag(2, LEN)) {
      name = r.string()
    } else if (t === tag(3, LEN)) {
      readKeyValueInto(r, r.uint32() + r.pos, attributes, 0)
    } else {
      r.skipType(t & 7)
    }
  }
  // Same rule as the JSON path: an event without a usable time is dropped, the span kept.
  const timeUs = microsFromOtlpTime(time)
  return timeUs === null || timeUs > latestUs ? null : { timeUs, name, attributes }
}

interface ScopeInfo {
  resource: Attributes
  /** Set when the resource could not be decoded: each of its spans is rejected with it. */
  resourceReason: string | null
  scopeName: string
  scopeVersion: string | null
  latestUs: number
}

function readSpan(r: Reader, end: number, scope: ScopeInfo): Span | string {
  try {
    return readSpanFields(r, end, scope)
  } catch (err) {
    const reason = reasonOf(err)
    r.pos = end
    return reason
  }
}

function readSpanFields(r: Reader, end: number, scope: ScopeInfo): Span | string {
  let traceId: Uint8Array | undefined
  let spanId: Uint8Array | undefined
  let parentSpanId: Uint8Array | undefined
  let name = ''
  let kind = 0
  let start: { low: number; high: number } | undefined
  let finish: { low: number; high: number } | undefined
  let statusCode = 0
  let statusMessage = ''
  const attributes: Attributes = {}
  const events: SpanEvent[] = []
  while (r.pos < end) {
    const t = r.uint32()
    switch (t) {
      case tag(1, LEN):
        traceId = r.bytes()
        break
      case tag(2, LEN):
        spanId = r.bytes()
        break
      case tag(4, LEN):
        parentSpanId = r.bytes()
        break
      case tag(5, LEN):
        name = r.string()
        break
      case tag(6, 0):
        kind = r.int32()
        break
      case tag(7, 1):
        start = readFixed64(r)
        break
      case tag(8, 1):
        finish = readFixed64(r)
        break
      case tag(9, LEN):
        readKeyValueInto(r, r.uint32() + r.pos, attributes, 0)
        break
      case tag(11, LEN): {
        const event = readEvent(r, r.uint32() + r.pos, scope.latestUs)
        if (event !== null) {
          events.push(event)
        }
        break
      }
      case tag(15, LEN): {
        const e = r.uint32() + r.pos
        while (r.pos < e) {
          const t2 = r.uint32()
          if (t2 === tag(2, LEN)) {
            statusMessage = r.string()
          } else if (t2 === tag(3, 0)) {
            statusCode = r.int32()
          } else {
            r.skipType(t2 & 7)
          }
        }
        break
      }
      default:
        r.skipType(t & 7)
    }
  }
  return checkSpan(
    {
      traceId,
      spanId,
      parentSpanId,
      name,
      kind,
      startTimeUnixNano: start,
      endTimeUnixNano: finish,
      statusCode,
      statusMessage,
      attributes,
      events,
    },
    scope.resource,
    scope.scopeName,
    scope.scopeVersion,
    scope.latestUs
  )
}

function readScopeSpans(
  r: Reader,
  end: number,
  resource: Pick<ScopeInfo, 'resource' | 'resourceReason' | 'latestUs'>,
  path: string,
  out: DecodeTracesResult
): void {
  const scope: ScopeInfo = { ...resource, scopeName: '', scopeVersion: null }
  // Spans may precede the scope on the wire; hold their byte ranges until the scope is known.
  const spanRanges: number[] = []
  while (r.pos < end) {
    const t = r.uint32()
    if (t === tag(1, LEN)) {
      const e = r.uint32() + r.pos
      while (r.pos < e) {
        const t2 = r.uint32()
        if (t2 === tag(1, LEN)) {
          scope.scopeName = r.string()
        } else if (t2 === tag(2, LEN)) {
          const version = r.string()
          scope.scopeVersion = version === '' ? null : version
        } else {
          r.skipType(t2 & 7)
        }
      }
    } else if (t === tag(2, LEN)) {
      const length = r.uint32()
      spanRanges.push(r.pos, r.pos + length)
      r.pos += length
    } else {
      r.skipType(t & 7)
    }
  }
  for (let i = 0; i < spanRanges.length; i += 2) {
    r.pos = spanRanges[i] as number
    const result = scope.resourceReason ?? readSpan(r, spanRanges[i + 1] as number, scope)
    if (typeof result === 'string') {
      out.rejected.push({ path: `${path}.spans[${i / 2}]`, reason: result })
    } else {
      out.spans.push(result)
    }
  }
  r.pos = end
}

function readResourceSpans(
  r: Reader,
  end: number,
  path: string,
  latestUs: number,
  out: DecodeTracesResult
): void {
  const info: Pick<ScopeInfo, 'resource' | 'resourceReason' | 'latestUs'> = {
    resource: {},
    resourceReason: null,
    latestUs,
  }
  const scopeRanges: number[] = []
  while (r.pos < end) {
    const t = r.uint32()
    if (t === tag(1, LEN)) {
      const e = r.uint32() + r.pos
      try {
        info.resource = readAttributesMessage(r, e, 1)
      } catch (err) {
        info.resourceReason = `resource: ${reasonOf(err)}`
        r.pos = e
      }
    } else if (t === tag(2, LEN)) {
      const length = r.uint32()
      scopeRanges.push(r.pos, r.pos + length)
      r.pos += length
    } else {
      r.skipType(t & 7)
    }
  }
  for (let i = 0; i < scopeRanges.length; i += 2) {
    r.pos = scopeRanges[i] as number
    readScopeSpans(r, scopeRanges[i + 1] as number, info, `${path}.scopeSpans[${i / 2}]`, out)
  }
  r.pos = end
}

/**
 * Decodes a protobuf `ExportTraceServiceRequest` into spans and per-span rejects (same rules
 * and paths as `decodeTraces`, including `bounds`). Throws `AppError('OTLP_DECODE_FAILED')` for
 * malformed bytes.
 */
export function readTraceRequest(bytes: Uint8Array, bounds?: TimeBounds): DecodeTracesResult {
  const out: DecodeTracesResult = { spans: [], rejected: [] as OtlpReject[] }
  const latestUs = latestTimeUs(bounds)
  try {
    const r = new protobuf.Reader(bytes)
    const end = r.len
    let index = 0
    while (r.pos < end) {
      const t = r.uint32()
      if (t === tag(1, LEN)) {
        readResourceSpans(r, r.uint32() + r.pos, `resourceSpans[${index++}]`, latestUs, out)
      } else {
        r.skipType(t & 7)
      }
    }
    if (r.pos !== end) {
      throw new RangeError(`a field runs ${r.pos - end} bytes past the end of the message`)
    }
  } catch (err) {
    throw new AppError(
      'OTLP_DECODE_FAILED',
      `the body must be a protobuf ExportTraceServiceRequest (${errorMessage(err)})`,
      { cause: err }
    )
  }
  return out
}
