/**
 * The test builders: spans, whole request traces and request timelines (jaeger-ui's
 * `makeMinimalTrace` idea), for unit tests, store conformance, integration tests and benchmarks.
 * Everything is deterministic: ids come from counters and the trace id, times from options.
 */
import {
  DIMENSIONS,
  STAGE_NAMES,
  type Dimension,
  type RequestTimeline,
  type StageName,
} from '../request.js'
import type { Attributes, Span } from '../span.js'
import { SPAN_KIND, STATUS_CODE } from '../span.js'
import { asMicros, type Micros } from '../units.js'

/** 2023-11-14T22:13:20Z in epoch µs: a fixed, readable default start time. */
export const DEFAULT_START_US = asMicros(1_700_000_000_000_000)

let spanCounter = 0
let traceCounter = 0

function hex(n: number, digits: number): string {
  return n.toString(16).padStart(digits, '0').slice(-digits)
}

/** Hex id of `digits` digits from a number (trace ids: 32, span ids: 16). */
export function hexId(n: number, digits: number): string {
  return n.toString(16).padStart(digits, '0')
}

/** A fresh, deterministic 32-hex-digit trace id. */
export function nextTraceId(): string {
  traceCounter += 1
  return `7e57${hex(traceCounter, 28)}`
}

/** A fresh, deterministic 16-hex-digit span id. */
export function nextSpanId(): string {
  spanCounter += 1
  return `5a${hex(spanCounter, 14)}`
}

/**
 * One span with sensible defaults (an INTERNAL root span lasting 1 ms); any field can be
 * overridden.
 */
export function makeSpan(overrides: Partial<Span> = {}): Span {
  const startUs = overrides.startUs ?? DEFAULT_START_US
  return {
    traceId: overrides.traceId ?? '7e570000000000000000000000000001',
    spanId: overrides.spanId ?? nextSpanId(),
    parentSpanId: null,
    name: 'span',
    kind: SPAN_KIND.INTERNAL,
    startUs,
    endUs: asMicros(startUs + 1000),
    statusCode: STATUS_CODE.UNSET,
    statusMessage: null,
    attributes: {},
    resource: {},
    scopeName: 'test',
    scopeVersion: null,
    events: [],
    ...overrides,
  }
}

/**
 * A span with every field set, null where a value can be, and values JSON changes on the way
 * (−0, NaN, nulls in a list, an integer-like key, quotes, a newline, non-ASCII): what a store
 * must give back as it was given. Times are `t0` + a fraction of a µs, so rounding shows.
 */
export function makeEveryFieldSpan(t0: number, overrides: Partial<Span> = {}): Span {
  return makeSpan({
    name: 'llm ☃ "quoted"',
    kind: 3,
    startUs: asMicros(t0 + 0.4),
    endUs: asMicros(t0 + 999.6),
    statusCode: 2,
    statusMessage: 'failed\nbadly',
    attributes: {
      s: 'x"y',
      i: 42,
      f: 0.25,
      neg: -0,
      nan: Number.NaN,
      t: true,
      no: false,
      none: null,
      list: ['a', 1, null],
      map: { k: [1, 2] },
      '10': 'integer-like key',
    },
    scopeName: 'vllm.tracing.otel',
    scopeVersion: '0.1',
    events: [{ timeUs: asMicros(t0 + 5), name: 'first token', attributes: { n: 1 } }],
    ...overrides,
  })
}

/** A request timeline with every dimension, stage and measure `null` unless overridden. */
export function makeRequest(
  overrides: Partial<Omit<RequestTimeline, 'dims' | 'stages'>> & {
    traceId: string
    dims?: Partial<Record<Dimension, string | null>>
    stages?: Partial<Record<StageName, number | null>>
  }
): RequestTimeline {
  const dims = Object.fromEntries(DIMENSIONS.map((d) => [d, null])) as Record<
    Dimension,
    string | null
  >
  const stages = Object.fromEntries(STAGE_NAMES.map((s) => [s, null])) as Record<
    StageName,
    Micros | null
  >
  const { dims: dimOverrides, stages: stageOverrides, ...rest } = overrides
  return {
    startUs: DEFAULT_START_US,
    endUs: asMicros(DEFAULT_START_US + 1_000_000),
    downstreamName: null,
    ttftUs: null,
    ttftSource: null,
    tpotUs: null,
    itlMaxUs: null,
    e2eUs: null,
    inputTokens: null,
    outputTokens: null,
    cachedTokens: null,
    status: null,
    errorType: null,
    retries: null,
    connectionReused: null,
    tlsResumed: null,
    hasClient: false,
    hasGateway: false,
    hasEngine: false,
    spanCount: 0,
    ...rest,
    dims: { ...dims, ...dimOverrides },
    stages: { ...stages, ...(stageOverrides as Partial<Record<StageName, Micros | null>>) },
  }
}

/**
 * Shape of a full vLLM-served request, all durations in µs. The trace is laid out like this
 * (client probe → gateway → engine; widths not to scale):
 *
 * ```
 * client  |dns|conn|tls|---------------------------------------------------------------|
 * gateway      networkIn |auth|rl|route|[retrieval][failed attempts]-- upstream ---|tail| networkOut
 * engine                                |fe|queue|prefill|decode..............|
 *                                       ^ engine start      upstreamTail ^
 * ```
 */
export interface VllmTraceOptions {
  traceId?: string
  startUs?: Micros
  /** Which sources emit spans (default: all three). */
  client?: boolean
  gateway?: boolean
  engine?: boolean
  /** Client connection phases (µs, default 0 = reused connection). */
  dnsUs?: number
  connectUs?: number
  tlsUs?: number
  /** Client request start → gateway entry start (µs, default 2000; after dns/connect/tls). */
  networkInUs?: number
  /** Gateway entry end → client last chunk (µs, default 1000). */
  networkOutUs?: number
  authUs?: number
  ratelimitUs?: number
  routeUs?: number
  /** A downstream retrieval CLIENT call after the route step (µs, default 0 = no call). */
  retrievalUs?: number
  /** Upstream attempts to another replica that failed with 503 before the one that worked. */
  failedAttempts?: number
  /** Duration of each failed attempt (µs, default 5000). */
  failedAttemptUs?: number
  /** Upstream CLIENT span start → engine span start (µs, default 500). */
  upstreamConnectUs?: number
  /** Engine span end → upstream CLIENT span end (µs, default 200). */
  upstreamTailUs?: number
  /** Upstream span end → gateway entry end (µs, default 100). */
  gatewayTailUs?: number
  /** Engine stages (µs). */
  frontendUs?: number
  queueUs?: number
  prefillUs?: number
  decodeUs?: number
  inputTokens?: number
  outputTokens?: number
  /** SGLang-style `gen_ai.usage.cached_tokens` on the engine span (omitted when undefined). */
  cachedTokens?: number
  /** Use SGLang attribute names (`input_tokens`/`output_tokens`) instead of vLLM's. */
  sglang?: boolean
  model?: string
  version?: string
  pod?: string
  node?: string
  tenant?: string
  route?: string
  region?: string
  gatewayInstance?: string
  status?: number
  errorType?: string
  retries?: number
  connectionReused?: boolean
  tlsResumed?: boolean
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

/**
 * Builds one request trace shaped like a probe → gateway (auth, rate limit, route) → upstream
 * → vLLM `llm_request` deployment. Returns the spans parent-first.
 */
export function makeVllmTrace(options: VllmTraceOptions = {}): Span[] {
  const o = {
    client: true,
    gateway: true,
    engine: true,
    dnsUs: 0,
    connectUs: 0,
    tlsUs: 0,
    networkInUs: 2000,
    networkOutUs: 1000,
    authUs: 500,
    ratelimitUs: 200,
    routeUs: 300,
    retrievalUs: 0,
    failedAttempts: 0,
    failedAttemptUs: 5000,
    upstreamConnectUs: 500,
    upstreamTailUs: 200,
    gatewayTailUs: 100,
    frontendUs: 3000,
    queueUs: 20_000,
    prefillUs: 50_000,
    decodeUs: 1_270_000,
    inputTokens: 512,
    outputTokens: 128,
    sglang: false,
    model: 'meta-llama/Llama-3.1-8B-Instruct',
    version: '0.6.3',
    pod: 'vllm-0',
    node: 'gpu-node-1',
    tenant: 'team-a',
    route: '/v1/chat/completions',
    region: 'eu-west-1',
    gatewayInstance: 'gateway-0',
    status: 200,
    retries: 0,
    connectionReused: true,
    tlsResumed: false,
    ...definedOnly(options),
  }
  const traceId = o.traceId ?? nextTraceId()
  const t0 = o.startUs ?? DEFAULT_START_US
  const secs = (us: number): number => us / 1_000_000
  const at = (offsetUs: number): Micros => asMicros(t0 + offsetUs)

  const clientSetupUs = o.dnsUs + o.connectUs + o.tlsUs
  const gwStart = clientSetupUs + o.networkInUs
  const retrievalStart = gwStart + o.authUs + o.ratelimitUs + o.routeUs
  const firstAttemptStart = retrievalStart + o.retrievalUs
  const upStart = firstAttemptStart + o.failedAttempts * o.failedAttemptUs
  const engStart = upStart + o.upstreamConnectUs
  const engTtftUs = o.frontendUs + o.queueUs + o.prefillUs
  const engE2eUs = engTtftUs + o.decodeUs
  const engEnd = engStart + engE2eUs
  const upEnd = engEnd + o.upstreamTailUs
  const gwEnd = upEnd + o.gatewayTailUs
  const clientEnd = gwEnd + o.networkOutUs
  const backPathUs = o.upstreamTailUs + o.gatewayTailUs + o.networkOutUs
  const clientTtftUs = engStart + engTtftUs + backPathUs

  const ids = {
    client: `c1${traceId.slice(-14)}`,
    gateway: `a1${traceId.slice(-14)}`,
    auth: `a2${traceId.slice(-14)}`,
    ratelimit: `a3${traceId.slice(-14)}`,
    route: `a4${traceId.slice(-14)}`,
    upstream: `a5${traceId.slice(-14)}`,
    engine: `e1${traceId.slice(-14)}`,
  }
  const failed = o.status >= 400 || o.errorType !== undefined
  const errorAttrs: Attributes = o.errorType === undefined ? {} : { 'error.type': o.errorType }
  const spans: Span[] = []

  if (o.client) {
    const outputTokens = o.outputTokens
    spans.push(
      makeSpan({
        traceId,
        spanId: ids.client,
        name: `chat ${o.model}`,
        kind: SPAN_KIND.CLIENT,
        startUs: at(0),
        endUs: at(clientEnd),
        statusCode: failed ? STATUS_CODE.ERROR : STATUS_CODE.UNSET,
        scopeName: 'tokenline.probe',
        resource: { 'service.name': 'tokenline-probe', 'cloud.region': o.region },
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.request.model': o.model,
          'gen_ai.usage.input_tokens': o.inputTokens,
          'gen_ai.usage.output_tokens': outputTokens,
          'gen_ai.response.time_to_first_chunk': secs(clientTtftUs),
          'http.request.method': 'POST',
          'url.full': `https://gateway.example.com${o.route}`,
          'server.address': 'gateway.example.com',
          'server.port': 443,
          'http.response.status_code': o.status,
          'network.protocol.version': '1.1',
          'http.request.resend_count': o.retries,
          'tls.resumed': o.tlsResumed,
          'tokenline.connection.reused': o.connectionReused,
          'tokenline.client.dns': secs(o.dnsUs),
          'tokenline.client.connect': secs(o.connectUs),
          'tokenline.client.tls': secs(o.tlsUs),
          'tokenline.client.ttfb': secs(clientTtftUs),
          'tokenline.client.tpot': secs(o.decodeUs / Math.max(1, outputTokens - 1)),
          'tokenline.client.itl.max': secs(2 * (o.decodeUs / Math.max(1, outputTokens - 1))),
          'tokenline.client.chunks': outputTokens,
          ...errorAttrs,
        },
      })
    )
  }

  if (o.gateway) {
    const gwResource: Attributes = {
      'service.name': 'llm-gateway',
      'service.instance.id': o.gatewayInstance,
    }
    spans.push(
      makeSpan({
        traceId,
        spanId: ids.gateway,
        parentSpanId: o.client ? ids.client : null,
        name: `POST ${o.route}`,
        kind: SPAN_KIND.SERVER,
        startUs: at(gwStart),
        endUs: at(gwEnd),
        statusCode: o.status >= 500 ? STATUS_CODE.ERROR : STATUS_CODE.UNSET,
        scopeName: 'gateway',
        resource: gwResource,
        attributes: {
          'http.request.method': 'POST',
          'http.route': o.route,
          'url.path': o.route,
          'http.response.status_code': o.status,
          'network.protocol.version': '1.1',
          'tenant.id': o.tenant,
          ...errorAttrs,
        },
      })
    )
    const step = (id: string, name: string, startOff: number, durUs: number): void => {
      spans.push(
        makeSpan({
          traceId,
          spanId: id,
          parentSpanId: ids.gateway,
          name,
          kind: SPAN_KIND.INTERNAL,
          startUs: at(startOff),
          endUs: at(startOff + durUs),
          scopeName: 'gateway',
          resource: gwResource,
        })
      )
    }
    step(ids.auth, 'auth', gwStart, o.authUs)
    step(ids.ratelimit, 'rate_limit', gwStart + o.authUs, o.ratelimitUs)
    step(ids.route, 'route', gwStart + o.authUs + o.ratelimitUs, o.routeUs)
    if (o.retrievalUs > 0) {
      spans.push(
        makeSpan({
          traceId,
          spanId: `a6${traceId.slice(-14)}`,
          parentSpanId: ids.gateway,
          name: 'POST /search',
          kind: SPAN_KIND.CLIENT,
          startUs: at(retrievalStart),
          endUs: at(retrievalStart + o.retrievalUs),
          scopeName: 'gateway',
          resource: gwResource,
          attributes: {
            'http.request.method': 'POST',
            'server.address': 'retriever.search.svc',
            'url.full': 'http://retriever.search.svc/search',
            'http.response.status_code': 200,
          },
        })
      )
    }
    for (let i = 0; i < o.failedAttempts; i++) {
      const attemptStart = firstAttemptStart + i * o.failedAttemptUs
      spans.push(
        makeSpan({
          traceId,
          spanId: `b${i.toString(16)}${traceId.slice(-14)}`,
          parentSpanId: ids.gateway,
          name: 'POST',
          kind: SPAN_KIND.CLIENT,
          startUs: at(attemptStart),
          endUs: at(attemptStart + o.failedAttemptUs),
          statusCode: STATUS_CODE.ERROR,
          scopeName: 'gateway',
          resource: gwResource,
          attributes: {
            'http.request.method': 'POST',
            'server.address': `${o.pod}-retry${i}.vllm.svc`,
            'url.full': `http://${o.pod}-retry${i}.vllm.svc:8000${o.route}`,
            'http.response.status_code': 503,
            ...(i > 0 ? { 'http.request.resend_count': i } : {}),
          },
        })
      )
    }
    spans.push(
      makeSpan({
        traceId,
        spanId: ids.upstream,
        parentSpanId: ids.gateway,
        name: 'POST',
        kind: SPAN_KIND.CLIENT,
        startUs: at(upStart),
        endUs: at(upEnd),
        scopeName: 'gateway',
        resource: gwResource,
        attributes: {
          'http.request.method': 'POST',
          'server.address': `${o.pod}.vllm.svc`,
          'server.port': 8000,
          'url.full': `http://${o.pod}.vllm.svc:8000${o.route}`,
          'http.response.status_code': o.status,
          ...(o.failedAttempts > 0 ? { 'http.request.resend_count': o.failedAttempts } : {}),
        },
      })
    )
  }

  if (o.engine) {
    const usage: Attributes = o.sglang
      ? {
          'gen_ai.usage.input_tokens': o.inputTokens,
          'gen_ai.usage.output_tokens': o.outputTokens,
        }
      : {
          'gen_ai.usage.prompt_tokens': o.inputTokens,
          'gen_ai.usage.completion_tokens': o.outputTokens,
        }
    if (o.cachedTokens !== undefined) {
      usage['gen_ai.usage.cached_tokens'] = o.cachedTokens
    }
    spans.push(
      makeSpan({
        traceId,
        spanId: ids.engine,
        parentSpanId: o.gateway ? ids.upstream : o.client ? ids.client : null,
        name: 'llm_request',
        kind: SPAN_KIND.SERVER,
        startUs: at(engStart),
        endUs: at(engEnd),
        statusCode: o.status >= 500 ? STATUS_CODE.ERROR : STATUS_CODE.UNSET,
        scopeName: o.sglang ? 'sglang' : 'vllm.llm_engine',
        resource: {
          'service.name': o.sglang ? 'sglang' : 'vllm',
          'service.version': o.version,
          'k8s.pod.name': o.pod,
          'k8s.node.name': o.node,
        },
        attributes: {
          'gen_ai.request.id': `req-${traceId.slice(-8)}`,
          'gen_ai.request.max_tokens': 1024,
          'gen_ai.response.model': o.model,
          ...usage,
          'gen_ai.latency.time_in_queue': secs(o.queueUs),
          'gen_ai.latency.time_to_first_token': secs(engTtftUs),
          'gen_ai.latency.e2e': secs(engE2eUs),
          'gen_ai.latency.time_in_model_prefill': secs(o.prefillUs),
          'gen_ai.latency.time_in_model_decode': secs(o.decodeUs),
          'gen_ai.latency.time_in_model_inference': secs(o.prefillUs + o.decodeUs),
        },
      })
    )
  }
  return spans
}
