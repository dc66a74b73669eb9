/**
 * Recognises the sources of one trace (CONTRACT §1): engine, gateway entry, gateway steps,
 * upstream and downstream calls, and the client span. See docs/timeline.md for the rules and the
 * few places where they are made precise.
 */
import { SPAN_KIND, type Span } from '../model/span.js'
import { readString } from './attributes.js'
import { matchGatewayStep, type GatewayStepStage } from './gateway-steps.js'
import {
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_HOST_NAME,
  ATTR_K8S_POD_NAME,
  ATTR_PREFIX_GEN_AI_LATENCY,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVICE_INSTANCE_ID,
  ATTR_URL_FULL,
  ATTR_URL_PATH,
  SCOPE_TOKENLINE_PROBE,
  SPAN_NAME_LLM_REQUEST,
} from '../otlp/semconv.js'

export interface GatewayStep {
  span: Span
  stage: GatewayStepStage
}

/** The spans of one trace, by the role they play in the request. */
export interface ClassifiedTrace {
  /** The engine span the timeline uses (the one with latency attributes that ended last). */
  engine: Span | null
  engineSpans: Span[]
  gateway: Span | null
  steps: GatewayStep[]
  /** Upstream call attempts (several when the gateway retried). */
  upstream: Span[]
  downstream: Span[]
  /**
   * Whether the engine's work happened inside an upstream call: the engine span lies below one,
   * or an upstream call's `server.address` names the engine's replica.
   */
  engineInUpstream: boolean
  client: Span | null
  clientIsProbe: boolean
  /** Depth of a span in the trace tree (0 = root or orphan). */
  depthOf(span: Span): number
  /** The parent span when it is part of the trace. */
  parentOf(span: Span): Span | undefined
}

const { SERVER, CLIENT, INTERNAL } = SPAN_KIND

/** Whether the span is an engine span: named `llm_request`, or carrying a `gen_ai.latency.*` attribute. */
export function isEngineSpan(span: Span): boolean {
  if (span.name === SPAN_NAME_LLM_REQUEST) {
    return true
  }
  for (const key in span.attributes) {
    if (key.startsWith(ATTR_PREFIX_GEN_AI_LATENCY)) {
      return true
    }
  }
  return false
}

function hasLatencyAttrs(span: Span): boolean {
  for (const key in span.attributes) {
    if (key.startsWith(ATTR_PREFIX_GEN_AI_LATENCY)) {
      return true
    }
  }
  return false
}

/** Sorts the spans of one trace into roles. Does not mutate its input. */
export function classifySpans(spans: readonly Span[]): ClassifiedTrace {
  const byId = new Map<string, Span>()
  for (const s of spans) {
    byId.set(s.spanId, s)
  }
  const parentOf = (s: Span): Span | undefined =>
    s.parentSpanId === null ? undefined : byId.get(s.parentSpanId)

  const depths = new Map<Span, number>()
  const depthOf = (s: Span): number => {
    const known = depths.get(s)
    if (known !== undefined) {
      return known
    }
    let depth = 0
    let p = parentOf(s)
    // Bounded by the span count so a parent cycle in bad data cannot loop forever.
    while (p !== undefined && depth < spans.length) {
      depth++
      p = parentOf(p)
    }
    depths.set(s, depth)
    return depth
  }
  const isOuter = (a: Span, b: Span): boolean => {
    const da = depthOf(a)
    const db = depthOf(b)
    return da < db || (da === db && a.startUs < b.startUs)
  }

  // 1. Engine spans.
  const engineSpans: Span[] = []
  const engineSet = new Set<Span>()
  let engine: Span | null = null
  for (const s of spans) {
    if (isEngineSpan(s)) {
      engineSpans.push(s)
      engineSet.add(s)
      if (
        engine === null ||
        rankEngine(s) > rankEngine(engine) ||
        (rankEngine(s) === rankEngine(engine) && s.endUs > engine.endUs)
      ) {
        engine = s
      }
    }
  }

  // Non-engine SERVER spans, and every span that has one below it.
  const servers: Span[] = []
  const hasServerBelow = new Set<Span>()
  for (const s of spans) {
    if (s.kind === SERVER && !engineSet.has(s)) {
      servers.push(s)
      let p = parentOf(s)
      for (let guard = 0; p !== undefined && guard < spans.length; guard++) {
        if (hasServerBelow.has(p)) {
          break
        }
        hasServerBelow.add(p)
        p = parentOf(p)
      }
    }
  }
  const hasServerAbove = (s: Span): boolean => {
    let p = parentOf(s)
    for (let guard = 0; p !== undefined && guard < spans.length; guard++) {
      if (p.kind === SERVER && !engineSet.has(p)) {
        return true
      }
      p = parentOf(p)
    }
    return false
  }

  // 2. Client span: the probe's, else the outermost GenAI client span made by an application
  // (not from inside a server, unless a server span sits below it).
  let client: Span | null = null
  let clientIsProbe = false
  for (const s of spans) {
    if (s.kind === CLIENT && s.scopeName === SCOPE_TOKENLINE_PROBE) {
      if (!clientIsProbe || client === null || isOuter(s, client)) {
        client = s
        clientIsProbe = true
      }
    }
  }
  if (client === null) {
    for (const s of spans) {
      if (
        s.kind === CLIENT &&
        readString(s.attributes, ATTR_GEN_AI_OPERATION_NAME) !== null &&
        (hasServerBelow.has(s) || !hasServerAbove(s)) &&
        (client === null || isOuter(s, client))
      ) {
        client = s
      }
    }
  }

  // 3. Gateway entry: the outermost non-engine SERVER span (below the client span when there is one).
  let gateway: Span | null = null
  const clientId = client?.spanId
  const isBelowClient = (s: Span): boolean => {
    let p = parentOf(s)
    for (let guard = 0; p !== undefined && guard < spans.length; guard++) {
      if (p.spanId === clientId) {
        return true
      }
      p = parentOf(p)
    }
    return false
  }
  if (client !== null && hasServerBelow.has(client)) {
    for (const s of servers) {
      if (isBelowClient(s) && (gateway === null || isOuter(s, gateway))) {
        gateway = s
      }
    }
  }
  if (gateway === null) {
    for (const s of servers) {
      if (gateway === null || isOuter(s, gateway)) {
        gateway = s
      }
    }
  }

  // 4. Steps, upstream and downstream calls: spans in the gateway's own process below its entry.
  const steps: GatewayStep[] = []
  const upstream: Span[] = []
  const downstream: Span[] = []
  let engineInUpstream = false
  if (gateway !== null) {
    const replicas = replicaNames(engineSpans)
    const engineReplicas = engine === null ? [] : replicaNames([engine])
    const engineParents = new Set<string>()
    for (const e of engineSpans) {
      if (e.parentSpanId !== null) {
        engineParents.add(e.parentSpanId)
      }
    }
    const calls: { span: Span; belowStep: boolean }[] = []
    for (const s of spans) {
      if (s === gateway || s === client || (s.kind !== INTERNAL && s.kind !== CLIENT)) {
        continue
      }
      const path = pathToGateway(s, gateway, parentOf, spans.length)
      if (path === null || path.crossedClient) {
        continue
      }
      if (s.kind === INTERNAL) {
        const stage = matchGatewayStep(s.name)
        if (stage !== null) {
          steps.push({ span: s, stage })
        }
      } else if (s.scopeName !== SCOPE_TOKENLINE_PROBE) {
        calls.push({ span: s, belowStep: path.belowStep })
      }
    }
    // Contract rules: the engine's parent, or a call to a replica.
    const rest: { span: Span; belowStep: boolean }[] = []
    for (const call of calls) {
      const address = readString(call.span.attributes, ATTR_SERVER_ADDRESS)
      const toEngineReplica = address !== null && matchesReplica(address, engineReplicas)
      if (
        engineParents.has(call.span.spanId) ||
        toEngineReplica ||
        (address !== null && matchesReplica(address, replicas))
      ) {
        upstream.push(call.span)
        engineInUpstream ||= toEngineReplica
      } else {
        rest.push(call)
      }
    }
    // Added rules (docs/timeline.md): other attempts of the same inference call (retries to
    // replicas without engine spans), and, when nothing matched, the gateway's GenAI or
    // inference-API call. Calls made inside a step (a guardrail's own model call) stay downstream.
    const upstreamPaths = new Set<string>()
    for (const u of upstream) {
      const path = urlPathOf(u)
      if (path !== null) {
        upstreamPaths.add(path)
      }
    }
    const noneMatched = upstream.length === 0
    for (const call of rest) {
      const s = call.span
      let isUpstream = false
      if (!call.belowStep) {
        const path = urlPathOf(s)
        if (noneMatched) {
          isUpstream =
            readString(s.attributes, ATTR_GEN_AI_OPERATION_NAME) !== null ||
            readString(s.attributes, ATTR_GEN_AI_REQUEST_MODEL) !== null ||
            (path !== null && INFERENCE_PATH.test(path))
        } else {
          isUpstream = path !== null && upstreamPaths.has(path)
        }
      }
      if (isUpstream) {
        upstream.push(s)
      } else {
        downstream.push(s)
      }
    }
    upstream.sort((a, b) => a.startUs - b.startUs)
  }

  if (engine !== null && upstream.length > 0 && !engineInUpstream) {
    const upstreamIds = new Set(upstream.map((u) => u.spanId))
    let p = parentOf(engine)
    for (let guard = 0; p !== undefined && guard < spans.length; guard++) {
      if (upstreamIds.has(p.spanId)) {
        engineInUpstream = true
        break
      }
      p = parentOf(p)
    }
  }

  return {
    engine,
    engineSpans,
    engineInUpstream,
    gateway,
    steps,
    upstream,
    downstream,
    client,
    clientIsProbe,
    depthOf,
    parentOf,
  }
}

/** Spans with latency attributes outrank a bare `llm_request` span. */
function rankEngine(s: Span): number {
  return hasLatencyAttrs(s) ? 1 : 0
}

/**
 * Walks from `s` up to the gateway entry. `null` when the path leaves the gateway's process
 * (meets another SERVER span or an engine span) or never reaches the entry.
 */
function pathToGateway(
  s: Span,
  gateway: Span,
  parentOf: (s: Span) => Span | undefined,
  limit: number
): { crossedClient: boolean; belowStep: boolean } | null {
  let crossedClient = false
  let belowStep = false
  let p = parentOf(s)
  for (let guard = 0; p !== undefined && guard < limit; guard++) {
    if (p === gateway) {
      return { crossedClient, belowStep }
    }
    if (p.kind === SERVER || p.kind === SPAN_KIND.CONSUMER || isEngineSpan(p)) {
      return null
    }
    if (p.kind === CLIENT) {
      crossedClient = true
    } else if (p.kind === INTERNAL && !belowStep && matchGatewayStep(p.name) !== null) {
      belowStep = true
    }
    p = parentOf(p)
  }
  return null
}

/** OpenAI-compatible and native inference endpoints (vLLM, SGLang, TGI, Anthropic-style). */
const INFERENCE_PATH =
  /\/(chat\/completions|completions|generate|generate_stream|messages|embeddings)$/

/** The path of a call from `url.path` or `url.full`, without query or trailing slash. */
function urlPathOf(s: Span): string | null {
  let path = readString(s.attributes, ATTR_URL_PATH)
  if (path === null) {
    const full = readString(s.attributes, ATTR_URL_FULL)
    if (full === null) {
      return null
    }
    const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(full)
    path = m?.[1] ?? null
  }
  if (path === null || path === '') {
    return null
  }
  const q = path.search(/[?#]/)
  const clean = q >= 0 ? path.slice(0, q) : path
  return clean.length > 1 && clean.endsWith('/') ? clean.slice(0, -1) : clean
}

function replicaNames(engineSpans: readonly Span[]): string[] {
  const names: string[] = []
  for (const e of engineSpans) {
    for (const key of [ATTR_SERVICE_INSTANCE_ID, ATTR_K8S_POD_NAME, ATTR_HOST_NAME]) {
      const name = readString(e.resource, key) ?? readString(e.attributes, key)
      if (name !== null) {
        names.push(name.toLowerCase())
      }
    }
  }
  return names
}

/** `vllm-0`, `vllm-0.vllm.svc` and `vllm-0.vllm.svc.cluster.local` all name replica `vllm-0`. */
function matchesReplica(address: string, replicas: readonly string[]): boolean {
  const a = address.toLowerCase()
  for (const r of replicas) {
    if (a === r || a.startsWith(`${r}.`)) {
      return true
    }
  }
  return false
}
