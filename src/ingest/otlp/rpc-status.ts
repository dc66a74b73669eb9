/**
 * `google.rpc.Status` with a `google.rpc.RetryInfo` detail, the `grpc-status-details-bin`
 * trailer OTLP/gRPC servers send with `RESOURCE_EXHAUSTED` / `UNAVAILABLE` so that exporters
 * know when to try again (OTLP spec, "OTLP/gRPC Throttling"). Four tiny messages, written with
 * protobufjs' Writer rather than added to the generated OTLP code.
 */
import protobuf from 'protobufjs/minimal.js'

const RETRY_INFO_TYPE_URL = 'type.googleapis.com/google.rpc.RetryInfo'

/** `google.protobuf.Duration` (seconds, nanos) inside `google.rpc.RetryInfo.retry_delay`. */
function encodeRetryInfo(retryDelayMs: number): Uint8Array {
  const seconds = Math.floor(retryDelayMs / 1000)
  const nanos = Math.round((retryDelayMs - seconds * 1000) * 1_000_000)
  const duration = protobuf.Writer.create()
  if (seconds !== 0) {
    duration.uint32((1 << 3) | 0).int64(seconds)
  }
  if (nanos !== 0) {
    duration.uint32((2 << 3) | 0).int32(nanos)
  }
  return protobuf.Writer.create()
    .uint32((1 << 3) | 2)
    .bytes(duration.finish())
    .finish()
}

/**
 * Protobuf `google.rpc.Status { code, message, details: [Any(RetryInfo)] }`; without
 * `retryDelayMs` the details are left out.
 */
export function encodeRpcStatusDetails(
  code: number,
  message: string,
  retryDelayMs: number | null
): Uint8Array {
  const w = protobuf.Writer.create()
  w.uint32((1 << 3) | 0).int32(code)
  w.uint32((2 << 3) | 2).string(message)
  if (retryDelayMs !== null) {
    const any = protobuf.Writer.create()
      .uint32((1 << 3) | 2)
      .string(RETRY_INFO_TYPE_URL)
      .uint32((2 << 3) | 2)
      .bytes(encodeRetryInfo(retryDelayMs))
      .finish()
    w.uint32((3 << 3) | 2).bytes(any)
  }
  return w.finish()
}

function fieldsOf(bytes: Uint8Array): Map<number, (number | Uint8Array)[]> {
  const r = protobuf.Reader.create(bytes)
  const out = new Map<number, (number | Uint8Array)[]>()
  while (r.pos < r.len) {
    const tag = r.uint32()
    const field = tag >>> 3
    const wire = tag & 7
    const list = out.get(field) ?? []
    if (wire === 0) {
      list.push(Number(r.int64().toString()))
    } else if (wire === 2) {
      list.push(r.bytes())
    } else {
      r.skipType(wire)
      continue
    }
    out.set(field, list)
  }
  return out
}

/**
 * Reads the retry delay (ms) out of a `grpc-status-details-bin` value, or `null` when it holds
 * no RetryInfo. What a client does with the trailer; tests use it to read our answer.
 */
export function decodeRetryDelayMs(statusBytes: Uint8Array): number | null {
  for (const any of fieldsOf(statusBytes).get(3) ?? []) {
    if (!(any instanceof Uint8Array)) {
      continue
    }
    const anyFields = fieldsOf(any)
    const url = anyFields.get(1)?.[0]
    const value = anyFields.get(2)?.[0]
    if (!(url instanceof Uint8Array) || !(value instanceof Uint8Array)) {
      continue
    }
    if (new TextDecoder().decode(url) !== RETRY_INFO_TYPE_URL) {
      continue
    }
    const delay = fieldsOf(value).get(1)?.[0]
    if (!(delay instanceof Uint8Array)) {
      return 0
    }
    const d = fieldsOf(delay)
    return Number(d.get(1)?.[0] ?? 0) * 1000 + Number(d.get(2)?.[0] ?? 0) / 1_000_000
  }
  return null
}
