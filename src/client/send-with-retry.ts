// The one HTTP path from our own tools (import, probe export, live simulation, CLI) to a running
// Tokenline server. Our server sheds load with 429/503 + Retry-After (server/http-errors.ts); a
// client of ours that dropped or hammered on those answers would lose data the server asked to
// have re-sent. Backoff lives here and nowhere else; what is retryable is decided by the pure
// classifyHttpStatus().
import { setTimeout as sleepFor } from 'node:timers/promises'
import {
  DEFAULT_BACKOFF,
  classifyHttpStatus,
  nextDelayMs,
  type BackoffPolicy,
} from './retry-policy.js'

/** A final answer: success (2xx), or failure with the last response (null: no answer at all). */
export type ServerReply =
  | { status: 'success'; response: Response; attempts: number }
  | { status: 'failure'; response: Response | null; error: Error; attempts: number }

export interface RetryOptions {
  /** Total time allowed from the first attempt; no wait is started that would pass it. */
  deadlineMs?: number
  maxAttempts?: number
  policy?: BackoffPolicy
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  fetch?: typeof fetch
}

export const DEFAULT_DEADLINE_MS = 60_000
const DEFAULT_MAX_ATTEMPTS = 10

/**
 * Sends a request, retrying 429/502/503/504 after the server's Retry-After (else exponential
 * backoff) until it succeeds, fails for good, runs out of attempts or would pass the deadline.
 * `init` is called once per attempt because a streamed body can be read only once. A network
 * error is not retried: an unreachable server is reported at once.
 *
 * @example
 * const reply = await sendWithRetry(new URL('/api/events', apiUrl), () => ({ method: 'POST', body }))
 * if (reply.status === 'failure') console.error(reply.error.message)
 */
export async function sendWithRetry(
  url: string | URL,
  init: () => RequestInit,
  options: RetryOptions = {}
): Promise<ServerReply> {
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? ((ms: number) => sleepFor(ms))
  const doFetch = options.fetch ?? fetch
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS
  const policy = options.policy ?? DEFAULT_BACKOFF
  const startedMs = now()
  for (let attempt = 1; ; attempt++) {
    let response: Response
    try {
      response = await doFetch(url, init())
    } catch (err) {
      // The fetch error's own message ("fetch failed", "ECONNREFUSED") for the caller to frame.
      return {
        status: 'failure',
        response: null,
        error: err instanceof Error ? err : new Error(String(err)),
        attempts: attempt,
      }
    }
    const outcome = classifyHttpStatus(response.status, response.headers.get('retry-after'), now())
    if (outcome.status === 'success') {
      return { status: 'success', response, attempts: attempt }
    }
    const delayMs =
      outcome.status === 'retryable' && attempt < maxAttempts
        ? nextDelayMs(attempt - 1, outcome.retryAfterMs, startedMs + deadlineMs - now(), policy)
        : null
    if (delayMs === null) {
      const why = outcome.status === 'retryable' ? ` after ${attempt} attempt(s)` : ''
      return {
        status: 'failure',
        response,
        error: new Error(`HTTP ${response.status} from ${String(url)}${why}`),
        attempts: attempt,
      }
    }
    await response.body?.cancel()
    await sleep(delayMs)
  }
}

/** The message of an error answer: `{ message }` or `{ error: { message } }` JSON, else its text. */
export async function readErrorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '')
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: { message?: unknown } } | null
    const message = body?.message ?? body?.error?.message
    if (typeof message === 'string') {
      return message
    }
  } catch {
    // Not JSON: show the text as it came.
  }
  return text
}
