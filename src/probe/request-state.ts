import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { classifySocketError, isStaleConnectionError } from './error-types.js'
import { SseReader } from './sse-reader.js'
import type { ProbeErrorType, RequestMarks, RequestResult, TlsInfo } from './types.js'

/** One request to send: its body and when it was supposed to leave. */
export interface PlannedRequest {
  body: string
  /** Monotonic time (`performance.now()`) the schedule asked for. */
  scheduledAtMs: number
  /** Keep content text (multi-turn workloads need the assistant's reply). */
  keepText?: boolean
}

const MAX_ERROR_BODY_BYTES = 4096

/**
 * Mutable recorder of one attempt; transports fill it in from socket and stream events and call
 * `settle` exactly once. Everything recorded so far ends up in the result, whatever happened.
 */
export class RequestState {
  readonly traceId = randomBytes(16).toString('hex')
  readonly spanId = randomBytes(8).toString('hex')
  readonly marks: RequestMarks
  readonly reader: SseReader
  readonly scheduledEpochMs: number
  status = 0
  connectionReused = false
  tls: TlsInfo | null = null
  protocolVersion = '1.1'
  retries = 0
  phase: 'connecting' | 'tls' | 'waiting' | 'streaming' = 'connecting'
  errorBody = ''
  bodyKind: 'sse' | 'error' | 'other' = 'sse'
  #settled = false
  readonly #settleHooks: (() => void)[] = []
  readonly #resolve: (r: RequestResult) => void

  constructor(planned: PlannedRequest, resolve: (r: RequestResult) => void) {
    const sentAtMs = performance.now()
    this.scheduledEpochMs = performance.timeOrigin + planned.scheduledAtMs
    this.marks = {
      scheduledAtMs: planned.scheduledAtMs,
      sentAtMs,
      dnsStartAtMs: null,
      dnsEndAtMs: null,
      connectStartAtMs: null,
      connectEndAtMs: null,
      tlsEndAtMs: null,
      requestWrittenAtMs: null,
      headersAtMs: null,
      firstByteAtMs: null,
      firstEventAtMs: null,
      firstAnyTokenAtMs: null,
      lastEventAtMs: null,
      endAtMs: sentAtMs,
    }
    this.reader = new SseReader({ keepText: planned.keepText === true })
    this.#resolve = resolve
  }

  get traceparent(): string {
    return `00-${this.traceId}-${this.spanId}-01`
  }

  get settled(): boolean {
    return this.#settled
  }

  /** Runs `hook` once the request settles (clears timers). */
  onSettled(hook: () => void): void {
    this.#settleHooks.push(hook)
  }

  /** Resets connection facts before a retry on a fresh connection. */
  resetForRetry(): void {
    this.retries++
    this.connectionReused = false
    this.marks.dnsStartAtMs = null
    this.marks.dnsEndAtMs = null
    this.marks.connectStartAtMs = null
    this.marks.connectEndAtMs = null
    this.marks.tlsEndAtMs = null
    this.phase = 'connecting'
  }

  /**
   * Ends the attempt on a socket failure, or starts it again once (`retry`) when a reused
   * keep-alive connection turned out stale before any answer. A reset before any answer on a
   * fresh connection is a refusal (a load balancer over its connection limit resets new
   * connections right after accepting them), not a cut stream.
   */
  failOrRetry(err: unknown, retry: () => void): void {
    const unanswered = this.marks.firstByteAtMs === null && isStaleConnectionError(err)
    if (!this.#settled && this.connectionReused && this.retries === 0 && unanswered) {
      this.resetForRetry()
      retry()
      return
    }
    const refusedAfterAccept = !this.connectionReused && this.phase !== 'tls' && unanswered
    this.settle(
      refusedAfterAccept ? 'connect_refused' : classifySocketError(err, this.phase),
      err instanceof Error ? err.message : null
    )
  }

  collectErrorBody(chunk: Uint8Array): void {
    if (this.errorBody.length < MAX_ERROR_BODY_BYTES) {
      this.errorBody += Buffer.from(chunk).toString('utf8').slice(0, MAX_ERROR_BODY_BYTES)
    }
  }

  /** Finishes the request: `error` null means the stream ended normally and is judged here. */
  settle(error: ProbeErrorType | null, detail: string | null = null): void {
    if (this.#settled) {
      return
    }
    this.#settled = true
    for (const hook of this.#settleHooks) {
      hook()
    }
    this.marks.endAtMs = performance.now()
    const r = this.reader
    r.flush()
    this.marks.firstEventAtMs = r.firstEventAtMs
    this.marks.firstAnyTokenAtMs = r.firstAnyTokenAtMs
    this.marks.lastEventAtMs = r.lastEventAtMs
    let finalError = error
    let finalDetail = detail
    if (finalError === null) {
      if (this.status >= 400) {
        finalError = `http_${this.status}`
        finalDetail = this.errorBody.slice(0, 500)
      } else if (this.bodyKind === 'other') {
        finalError = 'bad_response'
        finalDetail = `expected text/event-stream; body starts ${JSON.stringify(this.errorBody.slice(0, 80))}`
      } else if (r.malformedEvents > 0 && r.contentArrivalsAtMs.length === 0) {
        finalError = 'bad_response'
        finalDetail = `${r.malformedEvents} SSE events were not JSON`
      } else if (!r.finished) {
        finalError = 'stream_aborted'
        finalDetail = 'the stream ended without [DONE] or a finish_reason'
      }
    }
    this.#resolve({
      traceId: this.traceId,
      spanId: this.spanId,
      scheduledEpochMs: this.scheduledEpochMs,
      status: this.status,
      error: finalError,
      errorDetail: finalDetail,
      connectionReused: this.connectionReused,
      tls: this.tls,
      protocolVersion: this.protocolVersion,
      marks: this.marks,
      contentArrivalsAtMs: r.contentArrivalsAtMs,
      choiceArrivalsAtMs: r.choiceArrivalsAtMs,
      events: r.events,
      usage: { inputTokens: r.inputTokens, outputTokens: r.outputTokens },
      retries: this.retries,
      text: r.text,
    })
  }
}
