import { sendWithRetry } from '../client/send-with-retry.js'
import { computeMeasures } from './measures.js'
import type { RequestResult } from './types.js'

/** OTLP/JSON attribute (`AnyValue` subset the probe and mock server write). */
export interface OtlpJsonAttribute {
  key: string
  value:
    | { stringValue: string }
    | { intValue: string }
    | { doubleValue: number }
    | { boolValue: boolean }
}

export interface OtlpJsonSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  startTimeUnixNano: string
  endTimeUnixNano: string
  attributes: OtlpJsonAttribute[]
  status: { code: number; message?: string }
}

/** Builds an attribute list, skipping null/undefined values (absent, never guessed). */
export function toAttributes(
  values: Record<string, string | number | boolean | null | undefined>,
  integerKeys: ReadonlySet<string> = new Set()
): OtlpJsonAttribute[] {
  const out: OtlpJsonAttribute[] = []
  for (const [key, v] of Object.entries(values)) {
    if (v === null || v === undefined) {
      continue
    }
    if (typeof v === 'string') {
      out.push({ key, value: { stringValue: v } })
    } else if (typeof v === 'boolean') {
      out.push({ key, value: { boolValue: v } })
    } else if (integerKeys.has(key)) {
      out.push({ key, value: { intValue: String(Math.round(v)) } })
    } else {
      out.push({ key, value: { doubleValue: v } })
    }
  }
  return out
}

/** Epoch milliseconds (float) → OTLP decimal nanoseconds string. */
export function unixNanoFromEpochMs(epochMs: number): string {
  return (BigInt(Math.round(epochMs * 1000)) * 1000n).toString()
}

const INT_KEYS = new Set([
  'gen_ai.usage.input_tokens',
  'gen_ai.usage.output_tokens',
  'server.port',
  'http.response.status_code',
  'http.request.resend_count',
  'tokenline.client.chunks',
  'tokenline.client.stalls',
])

export interface ClientSpanContext {
  url: URL
  model: string
  operation: 'chat' | 'text_completion'
  region?: string
}

/**
 * Builds the probe's client span exactly as CONTRACT §1.2 lists it: kind CLIENT, name
 * `{operation} {model}`, times in float seconds, the request's own trace and span id (the ones
 * sent in `traceparent`).
 */
export function buildClientSpan(result: RequestResult, ctx: ClientSpanContext): OtlpJsonSpan {
  const x = computeMeasures(result)
  const s = (ms: number | null): number | null => (ms === null ? null : ms / 1000)
  const port = ctx.url.port !== '' ? Number(ctx.url.port) : ctx.url.protocol === 'https:' ? 443 : 80
  const attrs: Record<string, string | number | boolean | null> = {
    'gen_ai.operation.name': ctx.operation,
    'gen_ai.request.model': ctx.model,
    'gen_ai.usage.input_tokens': result.usage.inputTokens,
    'gen_ai.usage.output_tokens': result.usage.outputTokens,
    'gen_ai.response.time_to_first_chunk': s(x.ttftMs),
    'http.request.method': 'POST',
    'url.full': ctx.url.toString(),
    'server.address': ctx.url.hostname,
    'server.port': port,
    'http.response.status_code': result.status === 0 ? null : result.status,
    'network.protocol.version': result.protocolVersion,
    'http.request.resend_count': result.retries > 0 ? result.retries : null,
    'tls.resumed': result.tls === null ? null : result.tls.resumed,
    'tls.protocol.version': result.tls?.version?.replace(/^TLSv/, '') ?? null,
    'tokenline.connection.reused': result.connectionReused,
    'tokenline.client.dns': x.dnsMs / 1000,
    'tokenline.client.connect': x.connectMs / 1000,
    'tokenline.client.tls': x.tlsMs / 1000,
    'tokenline.client.ttfb': s(x.ttfbMs),
    'tokenline.client.tpot': s(x.tpotMs),
    'tokenline.client.itl.p50': s(x.itlP50Ms),
    'tokenline.client.itl.p99': s(x.itlP99Ms),
    'tokenline.client.itl.max': s(x.itlMaxMs),
    'tokenline.client.chunks': x.chunks,
    'tokenline.client.stalls': x.stalls,
    'tokenline.client.region': ctx.region ?? null,
    'error.type': result.error,
  }
  const endEpochMs = result.scheduledEpochMs + x.e2eMs
  return {
    traceId: result.traceId,
    spanId: result.spanId,
    name: `${ctx.operation} ${ctx.model}`,
    kind: 3,
    startTimeUnixNano: unixNanoFromEpochMs(result.scheduledEpochMs),
    endTimeUnixNano: unixNanoFromEpochMs(endEpochMs),
    attributes: toAttributes(attrs, INT_KEYS),
    status: result.error === null ? { code: 0 } : { code: 2, message: result.error },
  }
}

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
  const resource = { attributes: toAttributes(options.resource) }
  const post = (spans: OtlpJsonSpan[]): void => {
    const body = JSON.stringify({
      resourceSpans: [{ resource, scopeSpans: [{ scope: options.scope, spans }] }],
    })
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
