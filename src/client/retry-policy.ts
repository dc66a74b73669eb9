// What our own overload contract means for a caller: 429 and 503 (with Retry-After) are "try
// again later", as are the gateway statuses an OTel exporter retries (is-export-retryable.ts).
// Pure: the clock is passed in, so the decisions can be tested as a table.

/** The outcome of one HTTP attempt, as the retry wrapper sees it. */
export type AttemptOutcome =
  | { status: 'success' }
  | { status: 'retryable'; retryAfterMs: number | null }
  | { status: 'failure' }

const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504])

/**
 * `Retry-After` as milliseconds from `nowMs`: either delay-seconds or an HTTP-date (RFC 9110
 * §10.2.3). Absent or unreadable → null; a date in the past → 0.
 */
export function parseRetryAfterMs(value: string | null, nowMs: number): number | null {
  if (value === null) {
    return null
  }
  const text = value.trim()
  if (/^\d+$/.test(text)) {
    return Number(text) * 1000
  }
  // Only an HTTP-date has letters (a weekday, a month); Date.parse would read '-3' as a year.
  const dateMs = /[A-Za-z]/.test(text) ? Date.parse(text) : NaN
  if (Number.isNaN(dateMs)) {
    return null
  }
  return Math.max(0, dateMs - nowMs)
}

/** Classifies an HTTP answer: 2xx success, overload retryable (with its Retry-After), else failure. */
export function classifyHttpStatus(
  status: number,
  retryAfter: string | null,
  nowMs: number
): AttemptOutcome {
  if (status >= 200 && status < 300) {
    return { status: 'success' }
  }
  if (RETRYABLE_STATUSES.has(status)) {
    return { status: 'retryable', retryAfterMs: parseRetryAfterMs(retryAfter, nowMs) }
  }
  return { status: 'failure' }
}

export interface BackoffPolicy {
  /** First wait when the server gave no Retry-After. */
  initialBackoffMs: number
  maxBackoffMs: number
  multiplier: number
}

export const DEFAULT_BACKOFF: BackoffPolicy = {
  initialBackoffMs: 1000,
  maxBackoffMs: 5000,
  multiplier: 1.5,
}

/**
 * How long to wait before attempt `retry + 1` (retry counts from 0): the server's Retry-After
 * when it sent one, else exponential backoff. Null when the wait would pass the deadline, so the
 * caller stops rather than sleeping past what it was allowed.
 */
export function nextDelayMs(
  retry: number,
  retryAfterMs: number | null,
  remainingMs: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF
): number | null {
  const delayMs =
    retryAfterMs ??
    Math.min(policy.maxBackoffMs, policy.initialBackoffMs * policy.multiplier ** retry)
  return delayMs <= remainingMs ? delayMs : null
}
