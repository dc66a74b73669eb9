/**
 * Turns the spans of one trace into a request timeline (CONTRACT §4). Pure and cheap: it runs
 * once per request at ingest. docs/timeline.md explains every stage and measure; one module per
 * tier computes them (`stages-client.ts`, `stages-gateway.ts`, `stages-engine.ts`,
 * `measures.ts`).
 *
 * ```
 * client   |dns|con|tls|snd|~~~~~~~~~~~~~~~~~~~~~~~~ client span ~~~~~~~~~~~~~~~~~~~~~~~~~~~~|
 * gateway                  ·net·|auth|rl|route|······|==== upstream ====|·|·net·
 * engine                                          |fe|queue|prefill|decode|      stream = client end
 *                                                                      └───────────────┘  − engine end
 * ```
 * Time a tier's span spends outside its recognised parts (`·`) is its `*.unattributed` stage.
 */
import type { RequestTimeline, StageName } from '../model/request.js'
import type { Span } from '../model/span.js'
import { asMicros, type Micros } from '../model/units.js'
import { readBoolean, readSecondsAsMicros } from './attributes.js'
import { classifySpans } from './classify-spans.js'
import { readDimensions } from './dimensions.js'
import { isLlmTrace, type LlmRouteOptions } from './llm-trace.js'
import { nativeEngineOf } from './native-engines.js'
import { readE2e, readOutcome, readRetries, readTokens, readTtft } from './measures.js'
import { durationOf, nonNegative, type AssemblyNote } from './notes.js'
import { skewShiftToClient } from './skew.js'
import { fillClientStages } from './stages-client.js'
import { fillEngineStages } from './stages-engine.js'
import { fillGatewayStages } from './stages-gateway.js'
import { readNativeStages } from './stages-native.js'
import {
  ATTR_TLS_RESUMED,
  ATTR_TOKENLINE_CLIENT_ITL_MAX,
  ATTR_TOKENLINE_CLIENT_TPOT,
  ATTR_TOKENLINE_CONNECTION_REUSED,
} from '../otlp/semconv.js'

export type { AssemblyNote } from './notes.js'

export interface AssemblyResult {
  request: RequestTimeline
  notes: AssemblyNote[]
}

/** Options of the assembly (configured LLM routes). */
export type AssembleOptions = LlmRouteOptions

/**
 * What became of one trace: a request, or why not (`no_source`: no engine, gateway entry or
 * client span; `not_llm`: recognised spans, but nothing says it is an LLM call — a health
 * check, a metrics scrape, another service).
 */
export type AssemblyOutcome = AssemblyResult | { skipped: 'no_source' | 'not_llm' }

/**
 * Assembles one request from all stored spans of one trace (or of one call whose spans landed
 * in several traces). Returns `null` when the trace is no LLM request.
 * Durations in the result are µs; see docs/timeline.md for each derivation.
 */
export function assembleRequest(
  spans: readonly Span[],
  options?: AssembleOptions
): RequestTimeline | null {
  const out = assembleTrace(spans, options)
  return 'request' in out ? out.request : null
}

/** Like {@link assembleRequest}, also returning what was clamped. */
export function assembleRequestWithNotes(
  spans: readonly Span[],
  options?: AssembleOptions
): AssemblyResult | null {
  const out = assembleTrace(spans, options)
  return 'request' in out ? out : null
}

/** Like {@link assembleRequestWithNotes}, saying why a trace gave no request. */
export function assembleTrace(
  input: readonly Span[],
  options: AssembleOptions = {}
): AssemblyOutcome {
  const spans = dedupeSpans(input)
  const first = spans[0]
  if (first === undefined) {
    return { skipped: 'no_source' }
  }
  const c = classifySpans(spans)
  const { engine, gateway, client, frontend } = c
  if (engine === null && gateway === null && client === null && frontend === null) {
    return { skipped: 'no_source' }
  }
  if (!isLlmTrace(spans, { engine, frontend, gateway, upstream: c.upstream }, options)) {
    return { skipped: 'not_llm' }
  }
  const notes: AssemblyNote[] = []
  const stages = emptyStages()
  // The engine side as the tiers above see it: its API server when it has one, else the engine.
  const engineSide = frontend ?? engine
  const serverSideUs = engineSide === null ? null : durationOf(engineSide)

  fillClientStages(stages, notes, client, gateway, serverSideUs)
  const downstreamName = fillGatewayStages(stages, notes, c, serverSideUs)
  const nativeKind = engine === null ? null : nativeEngineOf(engine, c.index.parentOf(engine))
  const native =
    engine === null || nativeKind === null ? null : readNativeStages(c.index, engine, nativeKind)
  const { engineTtftUs, engineE2eUs } = fillEngineStages(
    stages,
    notes,
    engine,
    serverSideUs,
    native
  )
  // stream: client last chunk − engine end. The one stage that compares two hosts' clocks.
  if (client !== null && engine !== null) {
    const shiftUs = skewShiftToClient(c.index, client, engine, notes)
    stages.stream = nonNegative(notes, 'stream', client.endUs - (engine.endUs + shiftUs))
  }

  const ca = client?.attributes
  const tokens = readTokens(c)
  let tpotUs = ca === undefined ? null : readSecondsAsMicros(ca, ATTR_TOKENLINE_CLIENT_TPOT)
  const decode = stages['engine.decode']
  if (
    tpotUs === null &&
    decode !== null &&
    tokens.outputTokens !== null &&
    tokens.outputTokens >= 2
  ) {
    tpotUs = asMicros(Math.round(decode / (tokens.outputTokens - 1)))
  }
  const { ttftUs, ttftSource } = readTtft(c, engineTtftUs, notes)
  const outcome = readOutcome(c)
  const range = timeRange(spans)
  // Every field named in one literal, spreads spelled out: each timeline is then allocated whole
  // in its final shape, where a spread adds the fields after it one by one.
  const request: RequestTimeline = {
    traceId: first.traceId,
    startUs: range.startUs,
    endUs: range.endUs,
    dims: readDimensions(c),
    stages,
    downstreamName,
    ttftUs,
    ttftSource,
    tpotUs,
    itlMaxUs: ca === undefined ? null : readSecondsAsMicros(ca, ATTR_TOKENLINE_CLIENT_ITL_MAX),
    e2eUs: readE2e(c, engineE2eUs),
    outputTokens: tokens.outputTokens,
    inputTokens: tokens.inputTokens,
    cachedTokens: tokens.cachedTokens,
    status: outcome.status,
    errorType: outcome.errorType,
    retries: readRetries(c),
    connectionReused: ca === undefined ? null : readBoolean(ca, ATTR_TOKENLINE_CONNECTION_REUSED),
    tlsResumed: ca === undefined ? null : readBoolean(ca, ATTR_TLS_RESUMED),
    hasClient: client !== null,
    hasGateway: gateway !== null,
    hasEngine: engineSide !== null,
    spanCount: spans.length,
  }
  return { request, notes }
}

/**
 * One copy of each span: some exporters send every span twice (vLLM's API server with
 * FastAPI's own exporter), and a retried export repeats a batch. The last copy wins.
 */
export function dedupeSpans(spans: readonly Span[]): readonly Span[] {
  // Runs on every trace: find out cheaply (no allocation for small traces) whether any span
  // repeats before building anything.
  if (!hasDuplicate(spans)) {
    return spans
  }
  const last = new Map<string, number>()
  spans.forEach((s, i) => last.set(`${s.traceId}/${s.spanId}`, i))
  return spans.filter((s, i) => last.get(`${s.traceId}/${s.spanId}`) === i)
}

/** Below this many spans, pairs are compared directly (cheaper than building a Set). */
const DEDUPE_SCAN_LIMIT = 24

function hasDuplicate(spans: readonly Span[]): boolean {
  const n = spans.length
  if (n <= DEDUPE_SCAN_LIMIT) {
    for (let i = 1; i < n; i++) {
      const a = spans[i] as Span
      for (let j = 0; j < i; j++) {
        const b = spans[j] as Span
        if (a.spanId === b.spanId && a.traceId === b.traceId) {
          return true
        }
      }
    }
    return false
  }
  const seen = new Set<string>()
  for (const s of spans) {
    const key = `${s.traceId}/${s.spanId}`
    if (seen.has(key)) {
      return true
    }
    seen.add(key)
  }
  return false
}

function timeRange(spans: readonly Span[]): { startUs: Micros; endUs: Micros } {
  const first = spans[0] as Span
  let startUs = first.startUs
  let endUs = first.endUs
  for (const s of spans) {
    if (s.startUs < startUs) {
      startUs = s.startUs
    }
    if (s.endUs > endUs) {
      endUs = s.endUs
    }
  }
  return { startUs, endUs }
}

/** A literal (not a loop over STAGE_NAMES) so every timeline shares one object shape. */
function emptyStages(): Record<StageName, Micros | null> {
  return {
    'client.dns': null,
    'client.connect': null,
    'client.tls': null,
    'client.send': null,
    'client.unattributed': null,
    network: null,
    'gateway.queue': null,
    'gateway.auth': null,
    'gateway.ratelimit': null,
    'gateway.route': null,
    'gateway.guardrail': null,
    'gateway.upstream': null,
    'gateway.unattributed': null,
    downstream: null,
    'engine.frontend': null,
    'engine.queue': null,
    'engine.prefill': null,
    'engine.decode': null,
    'engine.unattributed': null,
    'gateway.stream': null,
    stream: null,
  }
}
