/**
 * Engine roles of one trace: the engine span (`llm_request` or `gen_ai.latency.*`) and the
 * engine's own API server (vLLM's FastAPI `POST /v1/chat/completions` SERVER span), which is the
 * engine's frontend, not a gateway.
 *
 * ```
 * engine process  |POST /v1/chat/completions (frontend) ·······························|
 *                   |fastapi.*|  |llm_request: fe|queue|prefill|decode··············|
 * ```
 */
import { SPAN_KIND, type Span } from '../model/span.js'
import { nativeEngineOf } from './native-engines.js'
import { hasLatencyAttrs, processKey, type TraceIndex } from './trace-index.js'

export interface EngineRoles {
  /** The engine span the timeline uses (the one with latency attributes that ended last). */
  engine: Span | null
  engineSpans: Span[]
  /** The engine's API-server span (outermost one), or `null`. */
  frontend: Span | null
}

/** Resource keys only the vLLM process sets (its tracer provider shares one resource). */
const VLLM_RESOURCE_PREFIX = 'vllm.'

/**
 * Finds the engine and its frontend, and marks every frontend span in `ix` so the gateway
 * finder skips them.
 */
export function findEngineRoles(ix: TraceIndex): EngineRoles {
  const { spans } = ix
  const n = spans.length
  const engineSpans: Span[] = []
  const engineProcesses = new Set<string>()
  let engineI = -1
  for (let i = 0; i < n; i++) {
    if (ix.engine[i] !== 1) {
      continue
    }
    const s = spans[i] as Span
    engineSpans.push(s)
    const key = processKey(s)
    if (key !== null) {
      engineProcesses.add(key)
    }
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

  let frontendI = -1
  for (let i = 0; i < n; i++) {
    const s = spans[i] as Span
    if (s.kind !== SPAN_KIND.SERVER || ix.engine[i] === 1) {
      continue
    }
    const key = processKey(s)
    if ((key !== null && engineProcesses.has(key)) || isVllmProcess(s)) {
      ix.frontend[i] = 1
      if (frontendI < 0 || ix.isOuter(i, frontendI)) {
        frontendI = i
      }
    }
  }
  return {
    engine: engineI < 0 ? null : (spans[engineI] as Span),
    engineSpans,
    frontend: frontendI < 0 ? null : (spans[frontendI] as Span),
  }
}

/** Whether a span was emitted by a vLLM process (its resource carries `vllm.*` keys). */
export function isVllmProcess(s: Span): boolean {
  for (const key in s.resource) {
    if (key.startsWith(VLLM_RESOURCE_PREFIX)) {
      return true
    }
  }
  return false
}

/** Spans with latency attributes (or SGLang's / TGI's request span) outrank a bare `llm_request`. */
function rankEngine(s: Span): number {
  return hasLatencyAttrs(s) || nativeEngineOf(s) !== null ? 1 : 0
}
