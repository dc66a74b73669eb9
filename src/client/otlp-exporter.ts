// Batches OTLP/JSON spans and sends them to an OTLP/HTTP receiver (our own server, usually)
// through the one retrying client: the probe's client spans and the mock server's engine spans.
import {
  encodeAttribute,
  encodeSpan,
  encodeTracesRequest,
  toAttributes,
  type OtlpJsonSpan,
} from '../core/otlp/encode-json.js'
import { AppError } from '../core/errors.js'
import { readErrorMessage, sendWithRetry } from './send-with-retry.js'
import { authFailedMessage, bearerHeaders, isAuthStatus } from './server-reply.js'

const EXPORT_DEADLINE_MS = 30_000

/** Batches spans and POSTs them as OTLP/JSON `ExportTraceServiceRequest`s. */
export interface OtlpJsonExporter {
  add(span: OtlpJsonSpan): void
  /** Sends everything buffered; resolves when the POSTs finished (failures are counted). */
  flush(): Promise<void>
  readonly failures: number
  readonly exported: number
  close(): Promise<void>
}

/** `endpoint` as the URL spans are POSTed to: `/v1/traces` appended unless present. */
function tracesUrlOf(endpoint: string): string {
  const base = endpoint.replace(/\/+$/, '')
  return base.endsWith('/v1/traces') ? base : `${base}/v1/traces`
}

/**
 * Sends an empty export (valid OTLP, stores nothing) to learn before a run whether the receiver
 * takes our token: throws `AUTH_FAILED` on 401/403. Any other outcome is left to the export
 * itself, which counts and reports its failures.
 */
export async function checkOtlpToken(endpoint: string, token: string | null): Promise<void> {
  const url = tracesUrlOf(endpoint)
  const reply = await sendWithRetry(
    url,
    () => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearerHeaders(token) },
      body: encodeTracesRequest([]),
    }),
    { deadlineMs: 10_000 }
  )
  const status = reply.response?.status ?? 0
  if (reply.status === 'failure' && reply.response !== null && isAuthStatus(status)) {
    const message = await readErrorMessage(reply.response)
    throw new AppError('AUTH_FAILED', authFailedMessage(status, message, url, token !== null))
  }
  await reply.response?.body?.cancel()
}

/**
 * Creates an exporter for `endpoint` (a base URL; `/v1/traces` is appended unless present).
 * Export failures never stop a run: they are counted and reported.
 */
export function createOtlpJsonExporter(options: {
  endpoint: string
  resource: Record<string, string>
  scope: { name: string; version?: string }
  maxBatch?: number
  intervalMs?: number
  onError?: (err: unknown) => void
  /** How long one batch may keep being retried (429/503) before it counts as failed. */
  deadlineMs?: number
  /** Bearer token for a receiver that requires one (`serve --auth-token-file`). */
  token?: string | null
}): OtlpJsonExporter {
  const token = options.token ?? null
  const url = tracesUrlOf(options.endpoint)
  const maxBatch = options.maxBatch ?? 512
  let buffer: OtlpJsonSpan[] = []
  const inflight = new Set<Promise<void>>()
  let failures = 0
  let exported = 0
  const resource = toAttributes(options.resource).map(encodeAttribute)
  const post = (spans: OtlpJsonSpan[]): void => {
    const body = encodeTracesRequest([
      { attributes: resource, scopes: [{ ...options.scope, spans: spans.map(encodeSpan) }] },
    ])
    // A server shedding load answers 429/503 + Retry-After: the batch waits and is re-sent
    // rather than dropped; only a refusal or the deadline counts as a failure.
    const p = sendWithRetry(
      url,
      () => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearerHeaders(token) },
        body,
      }),
      { deadlineMs: options.deadlineMs ?? EXPORT_DEADLINE_MS }
    )
      .then(async (reply) => {
        if (reply.status === 'success') {
          await reply.response.arrayBuffer()
          exported += spans.length
          return
        }
        failures++
        const status = reply.response?.status ?? 0
        const message = reply.response === null ? '' : await readErrorMessage(reply.response)
        options.onError?.(
          isAuthStatus(status)
            ? new AppError('AUTH_FAILED', authFailedMessage(status, message, url, token !== null))
            : reply.error
        )
      })
      .catch((err: unknown) => {
        failures++
        options.onError?.(err)
      })
      .finally(() => inflight.delete(p))
    inflight.add(p)
  }
  const drain = (): void => {
    while (buffer.length > 0) {
      post(buffer.slice(0, maxBatch))
      buffer = buffer.slice(maxBatch)
    }
  }
  const timer = setInterval(drain, options.intervalMs ?? 1000)
  timer.unref()
  return {
    add(span) {
      buffer.push(span)
      if (buffer.length >= maxBatch) {
        drain()
      }
    },
    async flush() {
      drain()
      await Promise.all([...inflight])
    },
    get failures() {
      return failures
    },
    get exported() {
      return exported
    },
    async close() {
      clearInterval(timer)
      drain()
      await Promise.all([...inflight])
    },
  }
}
