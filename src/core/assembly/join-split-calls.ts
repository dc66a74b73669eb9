/**
 * Joins the two halves of one LLM call that landed in two traces. vLLM's API server (FastAPI
 * instrumentation) and its engine span (`llm_request`) only share a trace when the caller sent
 * a `traceparent`; without one each starts its own trace, and one call would count twice (a
 * route without TTFT, and an engine row without route).
 *
 * ```
 * trace A  |POST /v1/chat/completions ······································|  root, engine process P
 * trace B     |llm_request (gen_ai.request.id chatcmpl-…) ·················|    root, engine process P
 *          joined: same process, B inside A on the same host clock, request id fits the route
 * ```
 *
 * A pair is joined when both are roots (no parent: no traceparent was sent), the API-server
 * span is on an inference route and carries no engine span, the engine trace carries no other
 * server or client span, both come from the same process (resource `service.instance.id`, or
 * `host.name` + `vllm.process_id`), the engine span lies inside the API-server span, and the
 * engine's `gen_ai.request.id` (when present) fits the route (`chatcmpl-` ↔ chat completions,
 * `cmpl-` ↔ completions). Among candidates, the closest fit wins (smallest time outside the
 * engine span), each span joined at most once.
 */
import { SPAN_KIND, type Span } from '../model/span.js'
import { readString } from './attributes.js'
import { INFERENCE_PATH, urlPathOf } from './llm-trace.js'
import { isVllmProcess } from './roles-engine.js'
import { isEngineSpan, processKey } from './trace-index.js'
import { ATTR_GEN_AI_REQUEST_ID, ATTR_HTTP_ROUTE } from '../otlp/semconv.js'

interface Half {
  /** Index into the input list of traces. */
  trace: number
  span: Span
  process: string
}

/** One request's spans: a joined pair (API server first) or one trace as given. */
export interface JoinedGroup {
  spans: Span[]
  /** Indexes of the input traces in the group. */
  traces: number[]
  /** A half of a split call that found no partner among the given traces. */
  unpaired: boolean
}

/** Groups the given traces (each a list of spans of one trace id) into requests. */
export function joinSplitCalls(traces: readonly (readonly Span[])[]): JoinedGroup[] {
  const candidates: Half[] = []
  const engines: Half[] = []
  traces.forEach((spans, trace) => {
    const half = splitHalf(spans)
    if (half?.kind === 'frontend') {
      candidates.push({ trace, span: half.span, process: half.process })
    } else if (half?.kind === 'engine') {
      engines.push({ trace, span: half.span, process: half.process })
    }
  })
  // An API server is the engine's when vLLM's resource says so, or it shares an engine's process.
  const engineProcesses = new Set(engines.map((e) => e.process))
  const frontends = candidates.filter(
    (f) => isVllmProcess(f.span) || engineProcesses.has(f.process)
  )
  const pairs: { fe: Half; en: Half; cost: number }[] = []
  for (const fe of frontends) {
    for (const en of engines) {
      if (fe.process !== en.process || !fits(fe.span, en.span)) {
        continue
      }
      const cost = en.span.startUs - fe.span.startUs + (fe.span.endUs - en.span.endUs)
      pairs.push({ fe, en, cost })
    }
  }
  pairs.sort((a, b) => a.cost - b.cost)
  const partner = new Map<number, number>()
  for (const { fe, en } of pairs) {
    if (!partner.has(fe.trace) && !partner.has(en.trace)) {
      partner.set(fe.trace, en.trace)
      partner.set(en.trace, fe.trace)
    }
  }
  const halves = new Set([...frontends, ...engines].map((h) => h.trace))
  const frontendTraces = new Set(frontends.map((f) => f.trace))
  const groups: JoinedGroup[] = []
  traces.forEach((spans, i) => {
    const other = partner.get(i)
    if (other === undefined) {
      groups.push({ spans: [...spans], traces: [i], unpaired: halves.has(i) })
    } else if (frontendTraces.has(i)) {
      groups.push({
        spans: [...spans, ...(traces[other] ?? [])],
        traces: [i, other],
        unpaired: false,
      })
    }
  })
  return groups
}

type SplitHalf = { kind: 'frontend' | 'engine'; span: Span; process: string }

/** Whether a trace is one half of a split call, and which. */
function splitHalf(spans: readonly Span[]): SplitHalf | null {
  let engine: Span | null = null
  let rootServer: Span | null = null
  let other = false
  for (const s of spans) {
    if (isEngineSpan(s)) {
      engine = engine ?? s
    } else if (s.kind === SPAN_KIND.SERVER && s.parentSpanId === null) {
      rootServer = rootServer ?? s
    } else if (s.kind === SPAN_KIND.SERVER || s.kind === SPAN_KIND.CLIENT) {
      other = true
    }
  }
  if (engine !== null) {
    const process = processKey(engine)
    return rootServer === null && !other && engine.parentSpanId === null && process !== null
      ? { kind: 'engine', span: engine, process }
      : null
  }
  if (rootServer === null || other) {
    return null
  }
  const process = processKey(rootServer)
  const route = readString(rootServer.attributes, ATTR_HTTP_ROUTE) ?? urlPathOf(rootServer)
  return process !== null && route !== null && INFERENCE_PATH.test(route)
    ? { kind: 'frontend', span: rootServer, process }
    : null
}

/** The engine span lies inside the API-server span (one host clock), and its id fits the route. */
function fits(fe: Span, en: Span): boolean {
  if (en.startUs < fe.startUs || en.endUs > fe.endUs) {
    return false
  }
  const id = readString(en.attributes, ATTR_GEN_AI_REQUEST_ID)
  const route = readString(fe.attributes, ATTR_HTTP_ROUTE) ?? urlPathOf(fe) ?? ''
  if (id === null) {
    return true
  }
  if (id.startsWith('chatcmpl-')) {
    return route.endsWith('/chat/completions')
  }
  if (id.startsWith('cmpl-')) {
    return route.endsWith('/completions') && !route.endsWith('/chat/completions')
  }
  return true
}
