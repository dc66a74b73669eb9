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
import {
  hasLatencyAttrs,
  processKey,
  ROLE_FRONTEND,
  sameProcess,
  type TraceIndex,
} from './trace-index.js'

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
  let engineI = -1
  let engineCount = 0
  for (let i = 0; i < n; i++) {
    if (!ix.isEngine(i)) {
      continue
    }
    const s = spans[i] as Span
    engineCount++
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

  // Most traces have one engine span: a literal of one, where pushing into `[]` makes room for 17.
  const engineSpans: Span[] = engineCount === 1 ? [spans[engineI] as Span] : []
  for (let i = 0; i < n && engineCount > 1; i++) {
    if (ix.isEngine(i)) {
      engineSpans.push(spans[i] as Span)
    }
  }
  // Engine processes are compared span to span: a trace has one engine span or a few, and a
  // set of their keys cost two string allocations per SERVER span and a Set per trace (ADR 0416).
  // Many engine spans (a long SGLang or TGI trace) get the set back, so the work stays linear.
  const engineProcesses = engineSpans.length > MAX_ENGINE_SCAN ? processKeys(engineSpans) : null
  let frontendI = -1
  for (let i = 0; i < n; i++) {
    const s = spans[i] as Span
    if (s.kind !== SPAN_KIND.SERVER || ix.isEngine(i)) {
      continue
    }
    if (sharesEngineProcess(s, engineSpans, engineProcesses) || isVllmProcess(s)) {
      ix.role[i] = ROLE_FRONTEND
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

/** Above this many engine spans, their process keys go into a set. */
const MAX_ENGINE_SCAN = 8

function processKeys(engineSpans: readonly Span[]): Set<string> {
  const keys = new Set<string>()
  for (const e of engineSpans) {
    const key = processKey(e)
    if (key !== null) {
      keys.add(key)
    }
  }
  return keys
}

function sharesEngineProcess(
  s: Span,
  engineSpans: readonly Span[],
  engineProcesses: Set<string> | null
): boolean {
  if (engineProcesses !== null) {
    const key = processKey(s)
    return key !== null && engineProcesses.has(key)
  }
  for (let j = 0; j < engineSpans.length; j++) {
    if (sameProcess(s, engineSpans[j] as Span)) {
      return true
    }
  }
  return false
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
