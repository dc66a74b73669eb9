/**
 * The one table from error code to HTTP status (STYLE §6.5: core knows nothing about HTTP).
 * Overload answers 429 with `Retry-After`, a status every OTLP exporter retries.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isAppError, type ErrorCode } from '../core/errors.js'

const STATUS_BY_CODE: Partial<Record<ErrorCode, ContentfulStatusCode>> = {
  INPUT_INVALID: 400,
  QUERY_INVALID: 400,
  OTLP_DECODE_FAILED: 400,
  SIM_SCENARIO_INVALID: 400,
  PROBE_INVALID: 400,
  NOT_FOUND: 404,
  OTLP_BODY_TOO_LARGE: 413,
  OTLP_UNSUPPORTED_MEDIA_TYPE: 415,
  INGEST_OVERLOADED: 429,
  INGEST_MEMORY_LIMITED: 503,
  STORE_UNSUPPORTED: 501,
  STORE_UNAVAILABLE: 503,
  STORE_LOCKED: 503,
  CONFIG_INVALID: 500,
}

/** Seconds to send in `Retry-After` when an overload error does not say. */
export const DEFAULT_RETRY_AFTER_SECONDS = 1

/** How an error is answered over HTTP. */
export interface HttpErrorReply {
  status: ContentfulStatusCode
  code: ErrorCode | 'INTERNAL'
  message: string
  /** Set for 429/503: the `Retry-After` header value in seconds. */
  retryAfterSeconds: number | null
  /** `false` for errors nobody threw on purpose (log them with their stack). */
  known: boolean
  /** The rule that refused (see `AppError.reason`), null when the error names none. */
  reason: string | null
}

/** Maps any thrown value to its HTTP reply. Unknown errors are 500 with a generic message. */
export function httpErrorReply(err: unknown): HttpErrorReply {
  if (!isAppError(err)) {
    return {
      status: 500,
      code: 'INTERNAL',
      message: 'internal error (see the server log)',
      retryAfterSeconds: null,
      known: false,
      reason: null,
    }
  }
  const status = STATUS_BY_CODE[err.code] ?? 500
  const retry =
    status === 429 || status === 503
      ? Math.max(1, Math.ceil(err.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS))
      : null
  return {
    status,
    code: err.code,
    message: err.message,
    retryAfterSeconds: retry,
    known: true,
    reason: err.reason ?? null,
  }
}

/** The gRPC status code OTLP/HTTP error bodies (`google.rpc.Status`) carry for an HTTP status. */
export function grpcCodeForStatus(status: number): number {
  switch (status) {
    case 400:
    case 413:
    case 415:
      return 3 // INVALID_ARGUMENT
    case 404:
      return 5 // NOT_FOUND
    case 429:
      return 8 // RESOURCE_EXHAUSTED
    case 501:
      return 12 // UNIMPLEMENTED
    case 503:
      return 14 // UNAVAILABLE
    default:
      return 13 // INTERNAL
  }
}
