/** Stable error codes shared by every layer; `server/http-errors.ts` maps them to statuses. */
export type ErrorCode =
  | 'CONFIG_INVALID'
  | 'INPUT_INVALID'
  | 'OTLP_UNSUPPORTED_MEDIA_TYPE'
  | 'OTLP_BODY_TOO_LARGE'
  | 'OTLP_DECODE_FAILED'
  | 'INGEST_OVERLOADED'
  | 'INGEST_MEMORY_LIMITED'
  | 'STORE_UNAVAILABLE'
  | 'STORE_LOCKED'
  | 'STORE_UNSUPPORTED'
  | 'QUERY_INVALID'
  | 'NOT_FOUND'
  | 'SIM_SCENARIO_INVALID'
  | 'PROBE_INVALID'
  /** Our own server refused the client's token (HTTP 401/403): a usage error, not an outage. */
  | 'AUTH_FAILED'

/** Base of every error Tokenline throws on purpose. `code` is stable; `message` says expected vs actual. */
export class AppError extends Error {
  readonly code: ErrorCode
  /** Seconds a client should wait before retrying (overload errors only). */
  readonly retryAfterSeconds: number | undefined
  /**
   * Which rule refused (overload errors only, e.g. `admission-window`, `memory`): several rules
   * share one code, and under overload the count by rule says which one sheds.
   */
  readonly reason: string | undefined

  constructor(
    code: ErrorCode,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number; reason?: string }
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.retryAfterSeconds = options?.retryAfterSeconds
    this.reason = options?.reason
  }
}

/** Configuration that cannot be used. */
export class ConfigError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('CONFIG_INVALID', message, options)
    this.name = 'ConfigError'
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError
}

/** The message of a thrown value, whatever was thrown. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

/** An error as it crosses a thread boundary (structured clone keeps no class). */
export interface WireError {
  code: ErrorCode | null
  message: string
  retryAfterSeconds?: number
}

/** `err` as a {@link WireError}: an `AppError` keeps its code and retry hint. */
export function toWireError(err: unknown): WireError {
  if (err instanceof AppError) {
    return err.retryAfterSeconds === undefined
      ? { code: err.code, message: err.message }
      : { code: err.code, message: err.message, retryAfterSeconds: err.retryAfterSeconds }
  }
  return { code: null, message: errorMessage(err) }
}

/** The error a {@link WireError} stands for: an `AppError` again when it had a code. */
export function fromWireError(wire: WireError): Error {
  if (wire.code === null) {
    return new Error(wire.message)
  }
  return wire.retryAfterSeconds === undefined
    ? new AppError(wire.code, wire.message)
    : new AppError(wire.code, wire.message, { retryAfterSeconds: wire.retryAfterSeconds })
}
