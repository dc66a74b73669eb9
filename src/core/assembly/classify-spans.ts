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
  /** Parent links and depths of the trace's spans. */
  index: TraceIndex
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

/** Below this many spans, parent links are found by scanning (cheaper than building a Map). */
const SCAN_LIMIT = 24

/**
 * Parent and depth of every span, by index. Built once per trace; -1 = no parent in the trace.
 */
export class TraceIndex {
  readonly spans: readonly Span[]
  // Plain arrays: for the handful of spans of a typical trace they allocate faster than typed arrays.
  readonly parent: number[]
  readonly depth: number[]
  readonly engine: number[]
  #positions: Map<Span, number> | null = null

  constructor(spans: readonly Span[]) {
    const n = spans.length
    this.spans = spans
    this.parent = new Array<number>(n).fill(-1)
    this.depth = new Array<number>(n).fill(0)
    this.engine = new Array<number>(n).fill(0)
    if (n <= SCAN_LIMIT) {
      for (let i = 0; i < n; i++) {
        const pid = (spans[i] as Span).parentSpanId
        if (pid !== null) {
          for (let j = 0; j < n; j++) {
            if (j !== i && (spans[j] as Span).spanId === pid) {
              this.parent[i] = j
              break
            }
          }
        }
      }
    } else {
      const byId = new Map<string, number>()
      for (let i = 0; i < n; i++) {
        byId.set((spans[i] as Span).spanId, i)
      }
      for (let i = 0; i < n; i++) {
        const pid = (spans[i] as Span).parentSpanId
        const j = pid === null ? undefined : byId.get(pid)
        if (j !== undefined && j !== i) {
          this.parent[i] = j
        }
      }
    }
    for (let i = 0; i < n; i++) {
      let d = 0
      // Bounded by the span count so a parent cycle in bad data cannot loop forever.
      for (let p = this.parent[i] as number; p >= 0 && d < n; p = this.parent[p] as number) {
        d++
      }
      this.depth[i] = d
      this.engine[i] = isEngineSpan(spans[i] as Span) ? 1 : 0
    }
  }

  indexOf(span: Span): number {
    const n = this.spans.length
    if (n <= SCAN_LIMIT) {
      return this.spans.indexOf(span)
    }
    if (this.#positions === null) {
      this.#positions = new Map()
      for (let i = 0; i < n; i++) {
        this.#positions.set(this.spans[i] as Span, i)
      }
    }
    return this.#positions.get(span) ?? -1
  }

  isOuter(a: number, b: number): boolean {
    const da = this.depth[a] as number
    const db = this.depth[b] as number
    return (
      da < db || (da === db && (this.spans[a] as Span).startUs < (this.spans[b] as Span).startUs)
    )
  }

  isAncestor(ancestor: number, of: number): boolean {
    const n = this.spans.length
    let p = this.parent[of] as number
    for (let guard = 0; p >= 0 && guard < n; guard++) {
      if (p === ancestor) {
        return true
      }
      p = this.parent[p] as number
    }
    return false
  }

  /** Depth of a span of this trace (0 = root or orphan). */
  depthOf(span: Span): number {
    const i = this.indexOf(span)
    return i < 0 ? 0 : (this.depth[i] as number)
  }

  /** The parent span when it is part of the trace. */
  parentOf(span: Span): Span | undefined {
    const i = this.indexOf(span)
    const p = i < 0 ? -1 : (this.parent[i] as number)
    return p < 0 ? undefined : this.spans[p]
  }

  hasServerAbove(i: number): boolean {
    const n = this.spans.length
    let p = this.parent[i] as number
    for (let guard = 0; p >= 0 && guard < n; guard++) {
      if (this.isForeignServer(p)) {
        return true
      }
      p = this.parent[p] as number
    }
    return false
  }

  isForeignServer(i: number): boolean {
    return (this.spans[i] as Span).kind === SERVER && this.engine[i] === 0
  }
}

/** Sorts the spans of one trace into roles. Does not mutate its input. */
export function classifySpans(spans: readonly Span[]): ClassifiedTrace {
  const ix = new TraceIndex(spans)
  const n = spans.length

  // 1. Engine spans.
  const engineSpans: Span[] = []
  let engineI = -1
  for (let i = 0; i < n; i++) {
    if (ix.engine[i] === 1) {
      const s = spans[i] as Span
      engineSpans.push(s)
      if (engineI < 0) {
        engineI = i
      } else {
        const best = spans[engineI] as Span
        const rs = rankEngine(s)
        const rb = rankEngine(best)
        if (rs > rb || (rs === rb && s.endUs > best.endUs)) {
          engineI = i
        }
      }
    }
  }
  const engine = engineI < 0 ? null : (spans[engineI] as Span)

  // Non-engine SERVER spans, and every span that has one below it.
  let serverCount = 0
  const serverBelow = new Array<number>(n).fill(0)
  for (let i = 0; i < n; i++) {
    if (ix.isForeignServer(i)) {
      serverCount++
      let p = ix.parent[i] as number
      for (let guard = 0; p >= 0 && guard < n && serverBelow[p] === 0; guard++) {
        serverBelow[p] = 1
        p = ix.parent[p] as number
      }
    }
  }
  // 2. Client span: the probe's, else the outermost GenAI client span made by an application
  // (not from inside a server, unless a server span sits below it).
  let clientI = -1
  let clientIsProbe = false
  for (let i = 0; i < n; i++) {
    const s = spans[i] as Span
    if (s.kind === CLIENT && s.scopeName === SCOPE_TOKENLINE_PROBE) {
      if (clientI < 0 || ix.isOuter(i, clientI)) {
        clientI = i
        clientIsProbe = true
      }
    }
  }
  if (clientI < 0) {
    for (let i = 0; i < n; i++) {
      const s = spans[i] as Span
      if (
        s.kind === CLIENT &&
        readString(s.attributes, ATTR_GEN_AI_OPERATION_NAME) !== null &&
        (serverBelow[i] === 1 || serverCount === 0 || !ix.hasServerAbove(i)) &&
        (clientI < 0 || ix.isOuter(i, clientI))
      ) {
        clientI = i
      }
    }
  }
  const client = clientI < 0 ? null : (spans[clientI] as Span)

  // 3. Gateway entry: the outermost non-engine SERVER span (below the client span when there is one).
  let gatewayI = -1
  if (serverCount > 0) {
    if (clientI >= 0 && serverBelow[clientI] === 1) {
      for (let i = 0; i < n; i++) {
        if (
          ix.isForeignServer(i) &&
          ix.isAncestor(clientI, i) &&
          (gatewayI < 0 || ix.isOuter(i, gatewayI))
        ) {
          gatewayI = i
        }
      }
    }
    if (gatewayI < 0) {
      for (let i = 0; i < n; i++) {
        if (ix.isForeignServer(i) && (gatewayI < 0 || ix.isOuter(i, gatewayI))) {
          gatewayI = i
        }
      }
    }
  }
  const gateway = gatewayI < 0 ? null : (spans[gatewayI] as Span)

  // 4. Steps, upstream and downstream calls: spans in the gateway's own process below its entry.
  const steps: GatewayStep[] = []
  const upstream: Span[] = []
  const downstream: Span[] = []
  let engineInUpstream = false
  if (gateway !== null) {
    const calls: { i: number; belowStep: boolean }[] = []
    for (let i = 0; i < n; i++) {
      const s = spans[i] as Span
      if (i === gatewayI || i === clientI || (s.kind !== INTERNAL && s.kind !== CLIENT)) {
        continue
      }
      const path = pathToGateway(ix, i, gatewayI)
      if (path === NOT_UNDER || (path & CROSSED_CLIENT) !== 0) {
        continue
      }
      if (s.kind === INTERNAL) {
        const stage = matchGatewayStep(s.name)
        if (stage !== null) {
          steps.push({ span: s, stage })
        }
      } else if (s.scopeName !== SCOPE_TOKENLINE_PROBE) {
        calls.push({ i, belowStep: (path & BELOW_STEP) !== 0 })
      }
    }
    if (calls.length > 0) {
      const replicas = replicaNames(engineSpans)
      const engineReplicas = engine === null ? [] : replicaNames([engine])
      // Contract rules: the engine's parent, or a call to a replica.
      const rest: { i: number; belowStep: boolean }[] = []
      for (const call of calls) {
        const s = spans[call.i] as Span
        const address = readString(s.attributes, ATTR_SERVER_ADDRESS)
        const toEngineReplica = address !== null && matchesReplica(address, engineReplicas)
        if (
          isEngineParent(ix, call.i) ||
          toEngineReplica ||
          (address !== null && matchesReplica(address, replicas))
        ) {
          upstream.push(s)
          engineInUpstream ||= toEngineReplica
        } else {
          rest.push(call)
        }
      }
      // Added rules (docs/timeline.md): other attempts of the same inference call (retries to
      // replicas without engine spans), and, when nothing matched, the gateway's GenAI or
      // inference-API call. Calls made inside a step (a guardrail's own model call) stay downstream.
      if (rest.length > 0) {
        const upstreamPaths: string[] = []
        for (const u of upstream) {
          const path = urlPathOf(u)
          if (path !== null) {
            upstreamPaths.push(path)
          }
        }
        const noneMatched = upstream.length === 0
        for (const call of rest) {
          const s = spans[call.i] as Span
          let isUpstream = false
          if (!call.belowStep) {
            const path = urlPathOf(s)
            if (noneMatched) {
              isUpstream =
                readString(s.attributes, ATTR_GEN_AI_OPERATION_NAME) !== null ||
                readString(s.attributes, ATTR_GEN_AI_REQUEST_MODEL) !== null ||
                (path !== null && INFERENCE_PATH.test(path))
            } else {
              isUpstream = path !== null && upstreamPaths.includes(path)
            }
          }
          if (isUpstream) {
            upstream.push(s)
          } else {
            downstream.push(s)
          }
        }
      }
      if (upstream.length > 1) {
        upstream.sort((a, b) => a.startUs - b.startUs)
      }
    }
  }

  if (engineI >= 0 && upstream.length > 0 && !engineInUpstream) {
    for (const u of upstream) {
      if (ix.isAncestor(ix.indexOf(u), engineI)) {
        engineInUpstream = true
        break
      }
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
    index: ix,
  }
}

function isEngineParent(ix: TraceIndex, i: number): boolean {
  for (let j = 0; j < ix.spans.length; j++) {
    if (ix.engine[j] === 1 && ix.parent[j] === i) {
      return true
    }
  }
  return false
}

const NOT_UNDER = -1
const CROSSED_CLIENT = 1
const BELOW_STEP = 2

/**
 * Walks from span `i` up to the gateway entry. `NOT_UNDER` when the path leaves the gateway's
 * process (meets another SERVER span or an engine span) or never reaches the entry; else flags.
 */
function pathToGateway(ix: TraceIndex, i: number, gatewayI: number): number {
  let flags = 0
  let p = ix.parent[i] as number
  for (let guard = 0; p >= 0 && guard < ix.spans.length; guard++) {
    if (p === gatewayI) {
      return flags
    }
    const s = ix.spans[p] as Span
    if (s.kind === SERVER || s.kind === SPAN_KIND.CONSUMER || ix.engine[p] === 1) {
      return NOT_UNDER
    }
    if (s.kind === CLIENT) {
      flags |= CROSSED_CLIENT
    } else if (
      s.kind === INTERNAL &&
      (flags & BELOW_STEP) === 0 &&
      matchGatewayStep(s.name) !== null
    ) {
      flags |= BELOW_STEP
    }
    p = ix.parent[p] as number
  }
  return NOT_UNDER
}

/** Spans with latency attributes outrank a bare `llm_request` span. */
function rankEngine(s: Span): number {
  return hasLatencyAttrs(s) ? 1 : 0
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
