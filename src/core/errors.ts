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

/** Base of every error Tokenline throws on purpose. `code` is stable; `message` says expected vs actual. */
export class AppError extends Error {
  readonly code: ErrorCode
  /** Seconds a client should wait before retrying (overload errors only). */
  readonly retryAfterSeconds: number | undefined

  constructor(
    code: ErrorCode,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number }
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.retryAfterSeconds = options?.retryAfterSeconds
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
