/**
 * Requests → spans (CONTRACT §1) → OTLP files: OTLP/JSON written by hand (hex ids, integer
 * enums, 64-bit integers as decimal strings) and protobuf through the OpenTelemetry JS SDK's
 * own serializer, so that neither path goes through Tokenline's encoder.
 */
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer'
import type { Rng } from './rng.js'
import type { Scenario } from './scenario.js'
import type { Req } from './world.js'

type AttrValue = string | number | boolean | { int: number }
type Attrs = Record<string, AttrValue>

interface OutSpan {
  resource: Attrs
  scope: string
  traceId: string
  spanId: string
  parentId: string | null
  name: string
  /** OTLP enum: 1 internal, 2 server, 3 client. */
  kind: 1 | 2 | 3
  startS: number
  endS: number
  attrs: Attrs
}

interface Naming {
  podKey: 'k8s.pod.name' | 'service.instance.id'
  nodeKey: 'k8s.node.name' | 'host.name'
  steps: { queue: string; auth: string; rate: string; route: string; guard: string }
}

function drawNaming(rng: Rng): Naming {
  return {
    podKey: rng.pick(['k8s.pod.name', 'service.instance.id'] as const),
    nodeKey: rng.pick(['k8s.node.name', 'host.name'] as const),
    steps: {
      queue: rng.pick(['queue wait', 'admission', 'worker queue']),
      auth: rng.pick(['auth', 'authenticate key']),
      rate: rng.pick(['rate limit', 'ratelimit', 'rate-limit check']),
      route: rng.pick(['route', 'select upstream', 'router']),
      guard: rng.pick(['guardrail', 'moderation check']),
    },
  }
}

/** The spans of one request, per the signals the scenario has. */
function spansOf(s: Scenario, r: Req, n: Naming, rng: Rng): OutSpan[] {
  const out: OutSpan[] = []
  const t = r.traceId
  const clientId = rng.hex(16)
  const entryId = rng.hex(16)
  const upstreamId = rng.hex(16)
  const gwResource: Attrs = s.litellm
    ? { 'service.name': 'litellm', 'service.instance.id': 'litellm-0' }
    : { 'service.name': 'llm-gateway', 'service.instance.id': 'gw-a' }
  const engineOnlyRoot = !s.signals.gateway && !s.signals.client
  if (s.signals.client) {
    const ttfbS = r.firstChunkS - r.clientStartS - 0.0005
    const attrs: Attrs = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': s.model,
      'gen_ai.usage.input_tokens': { int: r.inputTokens },
      'gen_ai.usage.output_tokens': { int: r.outputTokens },
      'gen_ai.response.time_to_first_chunk': r.firstChunkS - r.clientStartS,
      'http.request.method': 'POST',
      'url.full': `https://api.example.com${r.route}`,
      'server.address': 'api.example.com',
      'server.port': { int: 443 },
      'http.response.status_code': { int: 200 },
      'network.protocol.version': '1.1',
      'http.request.resend_count': { int: 0 },
      'tls.protocol.version': '1.3',
      'tokenline.connection.reused': r.reused,
      'tokenline.client.dns': r.dnsS,
      'tokenline.client.connect': r.connectS,
      'tokenline.client.tls': r.tlsS,
      'tokenline.client.ttfb': ttfbS,
      'tokenline.client.tpot':
        r.outputTokens > 1 ? (r.clientEndS - r.firstChunkS) / (r.outputTokens - 1) : 0,
      'tokenline.client.itl.p50': r.outputTokens > 1 ? r.decodeS / (r.outputTokens - 1) : 0,
      'tokenline.client.itl.p99': r.itlMaxS * 0.8,
      'tokenline.client.itl.max': r.itlMaxS,
      'tokenline.client.chunks': { int: r.chunks },
      'tokenline.client.stalls': { int: r.stalls },
      'tokenline.client.region': r.region,
    }
    if (!r.reused) {
      attrs['tls.resumed'] = r.tlsResumed
    }
    out.push({
      resource: { 'service.name': 'tokenline-probe', 'cloud.region': r.region },
      scope: 'tokenline.probe',
      traceId: t,
      spanId: clientId,
      parentId: null,
      name: `chat ${s.model}`,
      kind: 3,
      startS: r.clientStartS,
      endS: r.clientEndS,
      attrs,
    })
  }
  if (s.signals.gateway) {
    const tenantKey = s.litellm ? 'metadata.user_api_key_team_id' : 'tenant.id'
    out.push({
      resource: gwResource,
      scope: 'gateway',
      traceId: t,
      spanId: entryId,
      parentId: s.signals.client ? clientId : null,
      name: `POST ${r.route}`,
      kind: 2,
      startS: r.gatewayStartS,
      endS: r.gatewayEndS,
      attrs: {
        'http.request.method': 'POST',
        'http.route': r.route,
        'url.path': r.route,
        'http.response.status_code': { int: 200 },
        'network.protocol.version': '1.1',
        [tenantKey]: r.tenant,
      },
    })
    let at = r.gatewayStartS
    const step = (name: string, durS: number, kind: 1 | 3, attrs: Attrs = {}): void => {
      out.push({
        resource: gwResource,
        scope: 'gateway',
        traceId: t,
        spanId: rng.hex(16),
        parentId: entryId,
        name,
        kind,
        startS: at,
        endS: at + durS,
        attrs,
      })
      at += durS
    }
    step(n.steps.queue, r.gwQueueS, 1)
    step(n.steps.auth, r.authS, 1)
    step(n.steps.rate, r.rateLimitS, 1)
    step(n.steps.route, r.routeS, 1)
    if (r.guardrailS !== null) {
      step(n.steps.guard, r.guardrailS, 1)
    }
    if (r.downstreamS !== null) {
      step('retrieve context', r.downstreamS, 3, {
        'server.address': 'vector-db.internal',
        'db.system.name': 'qdrant',
      })
    }
    const upAttrs: Attrs = {
      'http.request.method': 'POST',
      'server.address': r.replica.name,
      'server.port': { int: 8000 },
      'http.request.resend_count': { int: 0 },
    }
    if (!s.signals.engine) {
      // A gateway that knows it is calling an LLM (LiteLLM and the like): GenAI attributes.
      Object.assign(upAttrs, {
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': s.model,
        'gen_ai.response.model': s.model,
        'gen_ai.usage.input_tokens': { int: r.inputTokens },
        'gen_ai.usage.output_tokens': { int: r.outputTokens },
        'gen_ai.response.time_to_first_chunk':
          r.slotStartS + r.frontendS + r.prefillS - r.upstreamStartS,
      })
    }
    out.push({
      resource: gwResource,
      scope: 'gateway',
      traceId: t,
      spanId: upstreamId,
      parentId: entryId,
      name: s.signals.engine ? 'POST' : `chat ${s.model}`,
      kind: 3,
      startS: r.upstreamStartS,
      endS: r.engineEndS + 0.001,
      attrs: upAttrs,
    })
  }
  if (s.signals.engine) {
    const engineResource: Attrs = {
      'service.name': s.sglang ? 'sglang' : 'vllm',
      'service.version': r.version,
      [n.podKey]: r.replica.name,
      [n.nodeKey]: r.replica.node,
    }
    const ttft = r.slotStartS + r.frontendS + r.prefillS - r.engineArriveS
    const attrs: Attrs = {
      'gen_ai.request.id': `chatcmpl-${t.slice(0, 24)}`,
      'gen_ai.response.model': s.model,
      'gen_ai.request.max_tokens': { int: r.maxTokens },
      'gen_ai.latency.time_in_queue': r.queueS,
      'gen_ai.latency.time_to_first_token': ttft,
      'gen_ai.latency.e2e': r.engineEndS - r.engineArriveS,
      'gen_ai.latency.time_in_model_prefill': r.prefillS,
      'gen_ai.latency.time_in_model_decode': r.decodeS,
      'gen_ai.latency.time_in_model_inference': r.prefillS + r.decodeS,
    }
    if (s.sglang) {
      attrs['gen_ai.usage.input_tokens'] = { int: r.inputTokens }
      attrs['gen_ai.usage.output_tokens'] = { int: r.outputTokens }
      attrs['gen_ai.usage.cached_tokens'] = { int: r.cachedTokens }
    } else {
      attrs['gen_ai.usage.prompt_tokens'] = { int: r.inputTokens }
      attrs['gen_ai.usage.completion_tokens'] = { int: r.outputTokens }
    }
    out.push({
      resource: engineResource,
      scope: s.sglang ? 'sglang' : 'vllm.llm_engine',
      traceId: engineOnlyRoot || s.signals.gateway ? t : rng.hex(32),
      spanId: rng.hex(16),
      parentId: s.signals.gateway ? upstreamId : null,
      name: 'llm_request',
      kind: 2,
      startS: r.engineArriveS,
      endS: r.engineEndS,
      attrs,
    })
  }
  return out
}

const nanos = (epochS: number, s: number): string =>
  (BigInt(Math.round((epochS + s) * 1e6)) * 1000n).toString()

function jsonValue(v: AttrValue): object {
  if (typeof v === 'string') {
    return { stringValue: v }
  }
  if (typeof v === 'boolean') {
    return { boolValue: v }
  }
  if (typeof v === 'number') {
    return { doubleValue: v }
  }
  return { intValue: String(Math.round(v.int)) }
}

/** One OTLP/JSON ExportTraceServiceRequest, spans grouped by resource and scope. */
function toJsonRequest(s: Scenario, spans: OutSpan[]): object {
  const groups = new Map<string, { resource: Attrs; scopes: Map<string, OutSpan[]> }>()
  for (const sp of spans) {
    const key = JSON.stringify(sp.resource)
    const g = groups.get(key) ?? { resource: sp.resource, scopes: new Map<string, OutSpan[]>() }
    groups.set(key, g)
    const list = g.scopes.get(sp.scope) ?? []
    list.push(sp)
    g.scopes.set(sp.scope, list)
  }
  return {
    resourceSpans: [...groups.values()].map((g) => ({
      resource: {
        attributes: Object.entries(g.resource).map(([key, v]) => ({ key, value: jsonValue(v) })),
      },
      scopeSpans: [...g.scopes.entries()].map(([name, list]) => ({
        scope: { name },
        spans: list.map((sp) => ({
          traceId: sp.traceId,
          spanId: sp.spanId,
          ...(sp.parentId !== null ? { parentSpanId: sp.parentId } : {}),
          name: sp.name,
          kind: sp.kind,
          startTimeUnixNano: nanos(s.epochS, sp.startS),
          endTimeUnixNano: nanos(s.epochS, sp.endS),
          attributes: Object.entries(sp.attrs).map(([key, v]) => ({ key, value: jsonValue(v) })),
          status: {},
        })),
      })),
    })),
  }
}

/** The same spans as the OpenTelemetry JS SDK would hand its exporter (ReadableSpan shape). */
function toProtobuf(s: Scenario, spans: OutSpan[]): Uint8Array {
  const resources = new Map<string, object>()
  const hr = (sec: number): [number, number] => {
    const us = Math.round((s.epochS + sec) * 1e6)
    return [Math.floor(us / 1e6), (us % 1e6) * 1000]
  }
  const readable = spans.map((sp) => {
    const key = JSON.stringify(sp.resource)
    const plain = (a: Attrs): Record<string, string | number | boolean> =>
      Object.fromEntries(
        Object.entries(a).map(([k, v]) => [k, typeof v === 'object' ? Math.round(v.int) : v])
      )
    const resource = resources.get(key) ?? {
      attributes: plain(sp.resource),
      droppedAttributesCount: 0,
    }
    resources.set(key, resource)
    return {
      name: sp.name,
      kind: sp.kind - 1,
      spanContext: () => ({ traceId: sp.traceId, spanId: sp.spanId, traceFlags: 1 }),
      parentSpanContext:
        sp.parentId !== null
          ? { traceId: sp.traceId, spanId: sp.parentId, traceFlags: 1 }
          : undefined,
      startTime: hr(sp.startS),
      endTime: hr(sp.endS),
      status: { code: 0 },
      attributes: plain(sp.attrs),
      links: [],
      events: [],
      duration: [0, 0],
      ended: true,
      resource,
      instrumentationScope: { name: sp.scope },
      droppedAttributesCount: 0,
      droppedEventsCount: 0,
      droppedLinksCount: 0,
    }
  })
  const bytes = ProtobufTraceSerializer.serializeRequest(readable as never)
  if (bytes === undefined) {
    throw new Error('the OTel serializer returned nothing')
  }
  return bytes
}

/** Files (name → content) holding every request's spans in the scenario's trace format. */
export function writeTraces(s: Scenario, reqs: Req[], rng: Rng): Map<string, string | Uint8Array> {
  const files = new Map<string, string | Uint8Array>()
  const naming = drawNaming(rng)
  const perExport = s.traceFormat === 'jsonl' ? 40 : 600
  const lines: string[] = []
  for (let i = 0; i < reqs.length; i += perExport) {
    const spans = reqs.slice(i, i + perExport).flatMap((r) => spansOf(s, r, naming, rng))
    const part = String(i / perExport).padStart(3, '0')
    if (s.traceFormat === 'jsonl') {
      lines.push(JSON.stringify(toJsonRequest(s, spans)))
    } else if (s.traceFormat === 'json') {
      files.set(`traces-${part}.json`, JSON.stringify(toJsonRequest(s, spans), null, 1))
    } else {
      files.set(`traces-${part}.pb`, toProtobuf(s, spans))
    }
  }
  if (lines.length > 0) {
    files.set('traces.jsonl', `${lines.join('\n')}\n`)
  }
  return files
}
