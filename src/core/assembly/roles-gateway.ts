/**
 * Gateway roles of one trace: the entry (outermost foreign SERVER span), its steps, and its
 * upstream and downstream calls, all in the gateway's own process below the entry.
 *
 * ```
 * gateway  |POST /v1/chat/completions ·······································|
 *            |auth|rl|route|  |retrieval (downstream)|  |POST vllm-0 (upstream)|
 *                                                          |llm_request|  (another process)
 * ```
 */
import { SPAN_KIND, type Span } from '../model/span.js'
import { readString } from './attributes.js'
import { matchGatewayStep, type GatewayStepStage } from './gateway-steps.js'
import { INFERENCE_PATH, urlPathOf } from './llm-trace.js'
import {
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_HOST_NAME,
  ATTR_K8S_POD_NAME,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVICE_INSTANCE_ID,
  SCOPE_TOKENLINE_PROBE,
} from '../otlp/semconv.js'
import type { TraceIndex } from './trace-index.js'

const { SERVER, CLIENT, INTERNAL } = SPAN_KIND

export interface GatewayStep {
  span: Span
  stage: GatewayStepStage
}

export interface GatewayParts {
  steps: GatewayStep[]
  /** Upstream call attempts, by start (several when the gateway retried). */
  upstream: Span[]
  downstream: Span[]
  /** Whether an upstream call's `server.address` names the engine's replica. */
  upstreamNamesEngine: boolean
}

/**
 * The gateway entry: the outermost foreign SERVER span, below the client span when server spans
 * sit below it (so an app's own `POST /ask` span above its GenAI call is not the gateway).
 */
export function findGatewayEntry(
  ix: TraceIndex,
  clientI: number,
  serverBelow: readonly number[],
  serverCount: number
): number {
  let gatewayI = -1
  if (serverCount === 0) {
    return gatewayI
  }
  const n = ix.spans.length
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
  return gatewayI
}

/** Steps, upstream and downstream calls: spans in the gateway's own process below its entry. */
export function findGatewayParts(
  ix: TraceIndex,
  gatewayI: number,
  clientI: number,
  engine: Span | null,
  engineSpans: readonly Span[]
): GatewayParts {
  const { spans } = ix
  const steps: GatewayStep[] = []
  const calls: Call[] = []
  for (let i = 0; i < spans.length; i++) {
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
  const { upstream, downstream, upstreamNamesEngine } = sortCalls(ix, calls, engine, engineSpans)
  return { steps, upstream, downstream, upstreamNamesEngine }
}

interface Call {
  i: number
  belowStep: boolean
}

/**
 * Contract rules first (the engine's parent, or a call to a replica), then the added ones
 * (docs/timeline.md): other attempts of the same inference call, and, when nothing matched, the
 * gateway's GenAI or inference-API call. Calls made inside a step stay downstream.
 */
function sortCalls(
  ix: TraceIndex,
  calls: readonly Call[],
  engine: Span | null,
  engineSpans: readonly Span[]
): Omit<GatewayParts, 'steps'> {
  const upstream: Span[] = []
  const downstream: Span[] = []
  let upstreamNamesEngine = false
  if (calls.length === 0) {
    return { upstream, downstream, upstreamNamesEngine }
  }
  const replicas = replicaNames(engineSpans)
  const engineReplicas = engine === null ? [] : replicaNames([engine])
  const rest: Call[] = []
  for (const call of calls) {
    const s = ix.spans[call.i] as Span
    const address = readString(s.attributes, ATTR_SERVER_ADDRESS)
    const toEngineReplica = address !== null && matchesReplica(address, engineReplicas)
    if (
      isEngineParent(ix, call.i) ||
      toEngineReplica ||
      (address !== null && matchesReplica(address, replicas))
    ) {
      upstream.push(s)
      upstreamNamesEngine ||= toEngineReplica
    } else {
      rest.push(call)
    }
  }
  const upstreamPaths: string[] = []
  for (const u of upstream) {
    const path = urlPathOf(u)
    if (path !== null) {
      upstreamPaths.push(path)
    }
  }
  const noneMatched = upstream.length === 0
  for (const call of rest) {
    const s = ix.spans[call.i] as Span
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
  if (upstream.length > 1) {
    upstream.sort((a, b) => a.startUs - b.startUs)
  }
  return { upstream, downstream, upstreamNamesEngine }
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
