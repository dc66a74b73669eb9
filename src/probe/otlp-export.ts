// The probe's side of OTLP export: its client span, as CONTRACT §1.2 lists it. The encoding is
// core/otlp/encode-json.ts; the batching, retrying sender is client/otlp-exporter.ts.
import { toAttributes, unixNanoFromEpochMs, type OtlpJsonSpan } from '../core/otlp/encode-json.js'
import { computeMeasures } from './measures.js'
import type { RequestResult } from './types.js'

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
