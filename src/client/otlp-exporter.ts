// Batches OTLP/JSON spans and sends them to an OTLP/HTTP receiver (our own server, usually)
// through the one retrying client: the probe's client spans and the mock server's engine spans.
import {
  encodeAttribute,
  encodeSpan,
  encodeTracesRequest,
  toAttributes,
  type OtlpJsonSpan,
} from '../core/otlp/encode-json.js'
import { sendWithRetry } from './send-with-retry.js'

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
}): OtlpJsonExporter {
  const url = options.endpoint.replace(/\/+$/, '').endsWith('/v1/traces')
    ? options.endpoint
    : `${options.endpoint.replace(/\/+$/, '')}/v1/traces`
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
      () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      { deadlineMs: options.deadlineMs ?? EXPORT_DEADLINE_MS }
    )
      .then(async (reply) => {
        await reply.response?.arrayBuffer()
        if (reply.status === 'success') {
          exported += spans.length
        } else {
          failures++
          options.onError?.(reply.error)
        }
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
