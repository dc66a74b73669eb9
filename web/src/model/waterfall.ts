import type { StageName, TtftSource } from '../../../src/core/model/request.js'
import { STAGE_COLORS } from './stages.js'

/** The span fields the waterfall needs (a subset of the API's SpanJson). */
export interface WaterfallSpan {
  span_id: string
  parent_span_id: string | null
  name: string
  kind: number
  start_ms: number
  end_ms: number
  attributes: Record<string, unknown>
  resource: Record<string, unknown>
  scope_name?: string | null | undefined
}

export type SpanLayer =
  'client' | 'gateway' | 'gateway.step' | 'upstream' | 'downstream' | 'engine' | 'other'

export interface WaterfallSegment {
  stage: StageName
  /** Offset from the trace start (ms). */
  startMs: number
  durationMs: number
  color: string
}

export interface WaterfallRow {
  spanId: string
  name: string
  service: string
  depth: number
  layer: SpanLayer
  startMs: number
  durationMs: number
  color: string
  /** Engine phases inside the engine span (queue, prefill, frontend, decode). */
  segments: WaterfallSegment[]
  /** On the path that decides the time to first token. */
  critical: boolean
  attributes: Record<string, unknown>
}

export interface WaterfallLayout {
  rows: WaterfallRow[]
  totalMs: number
  /** TTFT instant as an offset from the trace start (ms), when known. */
  ttftMs: number | null
}

const KIND_SERVER = 2
const KIND_CLIENT = 3

const LAYER_COLORS: Record<SpanLayer, string> = {
  client: STAGE_COLORS['client.send'],
  gateway: '#6a5acd',
  'gateway.step': STAGE_COLORS['gateway.route'],
  upstream: STAGE_COLORS['gateway.upstream'],
  downstream: STAGE_COLORS.downstream,
  engine: STAGE_COLORS['engine.decode'],
  other: '#5c6370',
}

function num(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}

/** CONTRACT §1: an engine span is `llm_request` SERVER or carries a `gen_ai.latency.*` attribute. */
export function isEngineSpan(span: WaterfallSpan): boolean {
  return (
    (span.name === 'llm_request' && span.kind === KIND_SERVER) ||
    Object.keys(span.attributes).some((k) => k.startsWith('gen_ai.latency.'))
  )
}

/** The gateway step a span name stands for (CONTRACT §1 name rules), or null. */
export function gatewayStepStage(name: string): StageName | null {
  const n = name.toLowerCase()
  if (n.includes('auth')) {
    return 'gateway.auth'
  }
  if (/rate[\s._-]*limit/.test(n)) {
    return 'gateway.ratelimit'
  }
  if (n.includes('guardrail') || n.includes('moderation')) {
    return 'gateway.guardrail'
  }
  if (n.includes('queue') || n.includes('admission')) {
    return 'gateway.queue'
  }
  if (n.includes('route') || n.includes('router') || n.includes('select')) {
    return 'gateway.route'
  }
  return null
}

function engineSegments(span: WaterfallSpan, t0: number): WaterfallSegment[] {
  const sec = (key: string) => num(span.attributes[`gen_ai.latency.${key}`])
  const queueS = sec('time_in_queue')
  const prefillS = sec('time_in_model_prefill')
  const decodeS = sec('time_in_model_decode')
  const ttftS = sec('time_to_first_token')
  const segs: WaterfallSegment[] = []
  let at = span.start_ms - t0
  const push = (stage: StageName, seconds: number | null) => {
    if (seconds === null || seconds <= 0) {
      return
    }
    segs.push({ stage, startMs: at, durationMs: seconds * 1000, color: STAGE_COLORS[stage] })
    at += seconds * 1000
  }
  push('engine.queue', queueS)
  push('engine.prefill', prefillS)
  if (ttftS !== null) {
    push('engine.frontend', ttftS - (queueS ?? 0) - (prefillS ?? 0))
  }
  push('engine.decode', decodeS)
  // The span's time no latency attribute covers: drawn as its own grey segment, never hidden.
  const restS = (span.end_ms - span.start_ms) / 1000 - (at - (span.start_ms - t0)) / 1000
  if (segs.length > 0 && restS * 1000 >= 0.05) {
    push('engine.unattributed', restS)
  }
  return segs
}

/** The span a TTFT of this source is counted from (CONTRACT §4), or `null`. */
function ttftOriginSpan(spans: readonly WaterfallSpan[], source: TtftSource): WaterfallSpan | null {
  const byId = new Map(spans.map((s) => [s.span_id, s]))
  const depth = (s: WaterfallSpan) => {
    let d = 0
    for (let p = s.parent_span_id; p !== null && d < spans.length; d++) {
      p = byId.get(p)?.parent_span_id ?? null
    }
    return d
  }
  const outermost = (keep: (s: WaterfallSpan) => boolean) => {
    let best: WaterfallSpan | null = null
    for (const s of spans) {
      if (
        keep(s) &&
        (best === null ||
          depth(s) < depth(best) ||
          (depth(s) === depth(best) && s.start_ms < best.start_ms))
      ) {
        best = s
      }
    }
    return best
  }
  switch (source) {
    case 'client':
      return outermost(
        (s) => s.scope_name === 'tokenline.probe' || (s.kind === KIND_CLIENT && isGenAiCall(s))
      )
    case 'gateway':
      return outermost((s) => s.kind === KIND_SERVER && !isEngineSpan(s))
    case 'engine':
      return outermost(isEngineSpan)
  }
}

function isGenAiCall(s: WaterfallSpan): boolean {
  return (
    s.attributes['gen_ai.operation.name'] !== undefined ||
    s.attributes['gen_ai.response.time_to_first_chunk'] !== undefined
  )
}

/**
 * Where the first token lands, as an offset from the trace's first span (ms): TTFT counted
 * from the span its source names (the client span, the gateway entry or the engine span), not
 * from whichever span happens to start first. `null` when the request has no TTFT.
 */
export function ttftInstantMs(
  spans: readonly WaterfallSpan[],
  ttftMs: number | null,
  source: TtftSource | null | undefined,
  requestStartMs: number
): number | null {
  if (ttftMs === null) {
    return null
  }
  const t0 = spans.length > 0 ? Math.min(...spans.map((s) => s.start_ms)) : requestStartMs
  const origin = source === null || source === undefined ? null : ttftOriginSpan(spans, source)
  return (origin === null ? requestStartMs : origin.start_ms) - t0 + ttftMs
}

/** The TTFT label of a request: which tier it was counted from. */
export function ttftLabel(source: TtftSource | null | undefined): string {
  return source === null || source === undefined ? 'TTFT' : `TTFT (${source})`
}

/**
 * Lays out a trace as a waterfall: parents before children, siblings by start time, each span
 * classified by the CONTRACT §1 rules and coloured like its stage.
 *
 * The TTFT critical path is the chain from the root to the engine span, plus every child of a
 * chain span that finishes before the next chain span starts (auth, rate limit, a retrieval call):
 *
 *   client  [==========================================]   critical
 *   gateway   [=======================================]    critical
 *   auth       [==]                                       critical (ends before upstream)
 *   upstream         [================================]   critical
 *   engine            [queue|prefill|decode...........]    critical
 */
export function layoutWaterfall(
  spans: readonly WaterfallSpan[],
  ttftOffsetMs: number | null
): WaterfallLayout {
  if (spans.length === 0) {
    return { rows: [], totalMs: 0, ttftMs: ttftOffsetMs }
  }
  const t0 = Math.min(...spans.map((s) => s.start_ms))
  const t1 = Math.max(...spans.map((s) => s.end_ms))
  const byId = new Map(spans.map((s) => [s.span_id, s]))
  const children = new Map<string | null, WaterfallSpan[]>()
  for (const s of spans) {
    const parent = s.parent_span_id !== null && byId.has(s.parent_span_id) ? s.parent_span_id : null
    const list = children.get(parent) ?? []
    list.push(s)
    children.set(parent, list)
  }
  for (const list of children.values()) {
    list.sort((a, b) => a.start_ms - b.start_ms || a.end_ms - b.end_ms)
  }

  const engine = spans.find(isEngineSpan) ?? null
  // Without engine spans the path ends at the gateway's (last) GenAI upstream call.
  let chainEnd = engine
  if (chainEnd === null) {
    for (const s of spans) {
      const nested = s.parent_span_id !== null && byId.has(s.parent_span_id)
      if (
        s.kind === KIND_CLIENT &&
        nested &&
        isGenAiCall(s) &&
        (chainEnd === null || s.start_ms > chainEnd.start_ms)
      ) {
        chainEnd = s
      }
    }
  }
  const chain: WaterfallSpan[] = []
  for (let s: WaterfallSpan | undefined = chainEnd ?? undefined; s;) {
    chain.unshift(s)
    s = s.parent_span_id !== null ? byId.get(s.parent_span_id) : undefined
  }
  const critical = new Set(chain.map((s) => s.span_id))
  chain.forEach((node, i) => {
    const next = chain[i + 1]
    if (!next) {
      return
    }
    for (const child of children.get(node.span_id) ?? []) {
      if (child.end_ms <= next.start_ms + 1e-6) {
        critical.add(child.span_id)
      }
    }
  })

  const layerOf = (s: WaterfallSpan, depth: number): SpanLayer => {
    if (isEngineSpan(s)) {
      return 'engine'
    }
    if (s.scope_name === 'tokenline.probe' || (s.kind === KIND_CLIENT && depth === 0)) {
      return 'client'
    }
    if (s.kind === KIND_SERVER) {
      return 'gateway'
    }
    if (s.kind === KIND_CLIENT) {
      const kids = children.get(s.span_id) ?? []
      // A GenAI call made by a gateway (LiteLLM-style) is its upstream call even with no
      // engine span below it.
      const isUpstream =
        kids.some(isEngineSpan) ||
        (engine !== null && engine.parent_span_id === s.span_id) ||
        (engine === null && depth > 0 && isGenAiCall(s))
      return isUpstream ? 'upstream' : 'downstream'
    }
    if (gatewayStepStage(s.name) !== null) {
      return 'gateway.step'
    }
    return 'other'
  }

  const rows: WaterfallRow[] = []
  const visit = (s: WaterfallSpan, depth: number) => {
    const layer = layerOf(s, depth)
    const step = layer === 'gateway.step' ? gatewayStepStage(s.name) : null
    rows.push({
      spanId: s.span_id,
      name: s.name,
      service: String(s.resource['service.name'] ?? ''),
      depth,
      layer,
      startMs: s.start_ms - t0,
      durationMs: Math.max(0, s.end_ms - s.start_ms),
      color: step ? STAGE_COLORS[step] : LAYER_COLORS[layer],
      segments: layer === 'engine' ? engineSegments(s, t0) : [],
      critical: critical.has(s.span_id),
      attributes: s.attributes,
    })
    for (const child of children.get(s.span_id) ?? []) {
      visit(child, depth + 1)
    }
  }
  for (const root of children.get(null) ?? []) {
    visit(root, 0)
  }
  return { rows, totalMs: t1 - t0, ttftMs: ttftOffsetMs }
}
