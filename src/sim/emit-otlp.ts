import {
  encodeBoolAttribute,
  encodeDoubleAttribute,
  encodeIntAttribute,
  encodeSpanWithAttributes,
  encodeStringAttribute,
  encodeTracesRequest,
  unixNanoFromEpochMicros,
} from '../core/otlp/encode-json.js'
import type { SimRequest } from './request.js'
import type { Simulation } from './simulation.js'

/** How emitted traces look: where the run sits on the real clock and what the API host is called. */
export interface EmitContext {
  sim: Simulation
  /** Epoch µs of virtual time 0. */
  epochUs: number
  apiHost: string
}

// Shorthands over the one OTLP/JSON encoder (core/otlp/encode-json.ts). Seconds are rounded to
// whole µs, the resolution of the simulator's clock.
const s = encodeStringAttribute
const i = encodeIntAttribute
const d = (k: string, v: number): string => encodeDoubleAttribute(k, +v.toFixed(6))
const b = encodeBoolAttribute
const sec = (us: number): number => us / 1e6

function spanId(traceId: string, n: number): string {
  // FNV-1a over the trace id and the span's ordinal: deterministic, unique within the trace.
  let h1 = 0x811c9dc5 ^ n
  let h2 = 0x01000193 + n * 0x9e3779b1
  for (let k = 0; k < traceId.length; k++) {
    const c = traceId.charCodeAt(k)
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + ((h2 | 1) >>> 0).toString(16).padStart(8, '0')
}

function span(
  traceId: string,
  id: string,
  parent: string | null,
  name: string,
  kind: number,
  startUs: number,
  endUs: number,
  attrs: string[],
  errorMessage?: string
): string {
  return encodeSpanWithAttributes(
    {
      traceId,
      spanId: id,
      ...(parent === null ? {} : { parentSpanId: parent }),
      name,
      kind,
      startTimeUnixNano: unixNanoFromEpochMicros(startUs),
      endTimeUnixNano: unixNanoFromEpochMicros(Math.max(startUs, endUs)),
      status: errorMessage === undefined ? {} : { code: 2, message: errorMessage },
    },
    attrs
  )
}

interface Group {
  resource: string[]
  scopes: Map<string, string[]>
}

/**
 * One OTLP/JSON `ExportTraceServiceRequest` (a single line of text) holding every span of
 * `requests`, grouped by resource and scope the way a collector batches them.
 */
export function otlpTracesJson(ctx: EmitContext, requests: readonly SimRequest[]): string {
  const groups = new Map<string, Group>()
  const add = (key: string, resource: () => string[], scope: string, spanText: string): void => {
    let g = groups.get(key)
    if (g === undefined) {
      g = { resource: resource(), scopes: new Map() }
      groups.set(key, g)
    }
    let list = g.scopes.get(scope)
    if (list === undefined) {
      list = []
      g.scopes.set(scope, list)
    }
    list.push(spanText)
  }
  for (const r of requests) {
    emitRequest(ctx, r, add)
  }
  return encodeTracesRequest(
    [...groups.values()].map((g) => ({
      attributes: g.resource,
      scopes: [...g.scopes].map(([scope, spans]) => {
        const [name = '', version] = scope.split('@')
        return { name, ...(version === undefined ? {} : { version }), spans }
      }),
    }))
  )
}

function emitRequest(
  ctx: EmitContext,
  r: SimRequest,
  add: (key: string, resource: () => string[], scope: string, span: string) => void
): void {
  const sim = ctx.sim
  const cfg = sim.config
  const e = ctx.epochUs
  const tid = r.traceId
  const model = sim.model.name
  const rep = sim.replicas[r.replica]!.id
  const gwName = sim.names.gateways[r.gateway]!
  let n = 0
  const probeId = r.probed ? spanId(tid, n++) : null
  const entryId = spanId(tid, n++)
  const entryEndUs = r.engineEndUs + cfg.gateway.proxyMs * 1000 + 200
  const route = '/v1/chat/completions'

  if (probeId !== null) {
    const out = r.outputTokens
    const tpotUs = out > 1 ? (r.clientLastChunkUs - r.clientFirstChunkUs) / (out - 1) : 0
    const attrs = [
      s('gen_ai.operation.name', 'chat'),
      s('gen_ai.request.model', model),
      i('gen_ai.usage.input_tokens', r.promptTokens),
      i('gen_ai.usage.output_tokens', out),
      d('gen_ai.response.time_to_first_chunk', sec(r.clientFirstChunkUs - r.clientStartUs)),
      s('http.request.method', 'POST'),
      s('url.full', `https://${ctx.apiHost}${route}`),
      s('server.address', ctx.apiHost),
      i('server.port', 443),
      i('http.response.status_code', 200),
      s('network.protocol.version', '1.1'),
      i('http.request.resend_count', r.synRetries),
      b('tls.resumed', r.tlsResumed),
      s('tls.protocol.version', cfg.client.tlsVersion),
      b('tokenline.connection.reused', r.reused),
      d('tokenline.client.dns', sec(r.dnsUs)),
      d('tokenline.client.connect', sec(r.connectUs)),
      d('tokenline.client.tls', sec(r.tlsUs)),
      d('tokenline.client.ttfb', sec(r.clientTtfbUs)),
      d('tokenline.client.tpot', sec(tpotUs)),
      d('tokenline.client.itl.p50', sec(r.itlP50Us)),
      d('tokenline.client.itl.p99', sec(r.itlP99Us)),
      d('tokenline.client.itl.max', sec(r.itlMaxUs)),
      i('tokenline.client.chunks', r.chunks),
      i('tokenline.client.stalls', r.stalls),
      s('tokenline.client.region', r.region),
    ]
    add(
      `probe|${r.region}`,
      () => [
        s('service.name', 'tokenline-probe'),
        s('service.instance.id', `probe-${r.region}`),
        s('service.version', '0.1.0'),
        s('host.name', `probe-${r.region}`),
        s('cloud.region', r.region),
      ],
      'tokenline.probe@0.1.0',
      span(
        tid,
        probeId,
        null,
        `chat ${model}`,
        3,
        e + r.clientStartUs,
        e + r.clientLastChunkUs,
        attrs
      )
    )
  }

  const gwResource = (): string[] => [
    s('service.name', cfg.gateway.serviceName),
    s('service.instance.id', gwName),
    s('service.version', '1.63.2'),
    s('k8s.pod.name', gwName),
    s('k8s.namespace.name', cfg.cluster.namespace),
    s('k8s.node.name', `cpu-${gwName.slice(-5)}`),
    s('host.name', gwName),
    s('cloud.region', cfg.cluster.region),
  ]
  const gwScope = `${cfg.gateway.serviceName}@1.63.2`
  const gwKey = `gw|${r.gateway}`
  const entryAttrs = [
    s('http.request.method', 'POST'),
    s('http.route', route),
    s('url.path', route),
    s('url.scheme', 'https'),
    i('http.response.status_code', 200),
    s('network.protocol.version', '1.1'),
    s('server.address', ctx.apiHost),
    s('gen_ai.request.model', model),
    s(cfg.client.tenantAttribute, r.tenant),
  ]
  add(
    gwKey,
    gwResource,
    gwScope,
    span(tid, entryId, probeId, `POST ${route}`, 2, e + r.gwArriveUs, e + entryEndUs, entryAttrs)
  )
  const step = (name: string, startUs: number, durUs: number, attrs: string[] = []): number => {
    add(
      gwKey,
      gwResource,
      gwScope,
      span(tid, spanId(tid, n++), entryId, name, 1, e + startUs, e + startUs + durUs, attrs)
    )
    return startUs + durUs
  }
  let t = step('admission queue', r.gwArriveUs, r.gwAdmitUs - r.gwArriveUs, [
    i('tokenline.gateway.queue_position', 0),
  ])
  t = step('auth', t, r.authUs)
  t = step('rate_limit', t, r.rateLimitUs, [s('rate_limit.key', r.tenant)])
  t = step('route', t, r.routeUs, [s('router.policy', cfg.router.policy)])
  if (r.guardrailUs > 0) {
    t = step('guardrail', t, r.guardrailUs, [s('guardrail.name', 'prompt-safety')])
  }
  if (r.retrievalUs > 0) {
    const host = 'retrieval.rag.svc.cluster.local'
    add(
      gwKey,
      gwResource,
      gwScope,
      span(tid, spanId(tid, n++), entryId, 'POST /v1/retrieve', 3, e + t, e + t + r.retrievalUs, [
        s('http.request.method', 'POST'),
        s('server.address', host),
        i('server.port', 8080),
        s('url.full', `http://${host}:8080/v1/retrieve`),
        i('http.response.status_code', 200),
      ])
    )
  }
  const upId = spanId(tid, n++)
  const upAttrs = [
    s('http.request.method', 'POST'),
    s('server.address', rep.pod),
    i('server.port', 8000),
    s('url.full', `http://${rep.pod}:8000${route}`),
    i('http.response.status_code', 200),
    s('network.protocol.version', '1.1'),
  ]
  if (r.retries > 0) {
    upAttrs.push(i('http.request.resend_count', r.retries))
  }
  add(
    gwKey,
    gwResource,
    gwScope,
    span(tid, upId, entryId, 'POST', 3, e + r.upstreamStartUs, e + r.engineEndUs + 200, upAttrs)
  )

  const engAttrs = [
    s('gen_ai.response.model', model),
    s('gen_ai.request.id', `chatcmpl-${tid.slice(0, 24)}`),
    i('gen_ai.request.max_tokens', r.maxTokens),
    d('gen_ai.request.temperature', 0.7),
    d('gen_ai.request.top_p', 1),
    i('gen_ai.request.n', 1),
    i('gen_ai.usage.prompt_tokens', r.promptTokens),
    i('gen_ai.usage.completion_tokens', r.outputTokens),
    d('gen_ai.latency.time_in_queue', sec(r.scheduledUs - r.queuedUs)),
    d('gen_ai.latency.time_to_first_token', sec(r.firstTokenUs - r.engineArriveUs)),
    d('gen_ai.latency.e2e', sec(r.engineEndUs - r.engineArriveUs)),
    d('gen_ai.latency.time_in_model_prefill', sec(r.firstTokenUs - r.scheduledUs)),
    d('gen_ai.latency.time_in_model_decode', sec(r.engineEndUs - r.firstTokenUs)),
    d('gen_ai.latency.time_in_model_inference', sec(r.engineEndUs - r.scheduledUs)),
  ]
  add(
    `vllm|${rep.pod}`,
    () => [
      s('service.name', 'vllm'),
      s('service.instance.id', rep.pod),
      s('service.version', rep.version),
      s('k8s.pod.name', rep.pod),
      s('k8s.namespace.name', cfg.cluster.namespace),
      s('k8s.node.name', rep.node),
      s('host.name', rep.node),
      s('cloud.region', cfg.cluster.region),
    ],
    'vllm.llm_engine',
    span(
      tid,
      spanId(tid, n++),
      upId,
      'llm_request',
      2,
      e + r.engineArriveUs,
      e + r.engineEndUs,
      engAttrs
    )
  )
}
