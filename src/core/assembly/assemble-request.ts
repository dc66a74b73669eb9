/**
 * Turns the spans of one trace into a request timeline (CONTRACT §4). Pure and cheap: it runs
 * once per request at ingest. docs/timeline.md explains every stage and measure.
 *
 * ```
 * client   |dns|con|tls|snd|~~~~~~~~~~~~~~~~~~~~~~~~ client span ~~~~~~~~~~~~~~~~~~~~~~~~~~~~|
 * gateway                  ·net·|auth|rl|route|======= upstream =======|·|·net·
 * engine                                          |fe|queue|prefill|decode|      stream = client end
 *                                                                      └───────────────┘  − engine end
 * ```
 */
import type { RequestTimeline, StageName, TtftSource } from '../model/request.js'
import { SPAN_KIND, STATUS_CODE, type Span } from '../model/span.js'
import { asMicros, type Micros } from '../model/units.js'
import {
  readBoolean,
  readCount,
  readNumber,
  readSecondsAsMicros,
  readString,
} from './attributes.js'
import { classifySpans, type ClassifiedTrace } from './classify-spans.js'
import { readDimensions } from './dimensions.js'
import { paintSelfTime, type LabeledInterval } from './paint.js'
import {
  ATTR_DB_SYSTEM,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_LATENCY_E2E,
  ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_DECODE,
  ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_INFERENCE,
  ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_PREFILL,
  ATTR_GEN_AI_LATENCY_TIME_IN_QUEUE,
  ATTR_GEN_AI_LATENCY_TIME_TO_FIRST_TOKEN,
  ATTR_GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK,
  ATTR_GEN_AI_SERVER_TIME_TO_FIRST_TOKEN,
  ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_CACHED_TOKENS,
  ATTR_GEN_AI_USAGE_COMPLETION_TOKENS,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  ATTR_GEN_AI_USAGE_PROMPT_TOKENS,
  ATTR_HTTP_REQUEST_RESEND_COUNT,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_TLS_RESUMED,
  ATTR_TOKENLINE_CLIENT_CONNECT,
  ATTR_TOKENLINE_CLIENT_DNS,
  ATTR_TOKENLINE_CLIENT_ITL_MAX,
  ATTR_TOKENLINE_CLIENT_SEND,
  ATTR_TOKENLINE_CLIENT_TLS,
  ATTR_TOKENLINE_CLIENT_TPOT,
  ATTR_TOKENLINE_CONNECTION_REUSED,
} from '../otlp/semconv.js'

/** Something the assembly had to correct because of clock skew or inconsistent data. */
export type AssemblyNote =
  | {
      code: 'negative_clamped'
      /** The stage that came out negative and was set to 0. */
      field: StageName
      /** The raw (negative) value, µs. */
      rawUs: Micros
    }
  | {
      code: 'clock_skew_adjusted'
      /** The span whose host clock was shifted onto its caller's clock. */
      spanId: string
      /** The shift applied, µs. */
      shiftUs: Micros
    }

export interface AssemblyResult {
  request: RequestTimeline
  notes: AssemblyNote[]
}

/**
 * Assembles one request from all stored spans of one trace.
 * Returns `null` when no span is recognised (no engine, gateway entry or client span).
 * Durations in the result are µs; see docs/timeline.md for each derivation.
 */
export function assembleRequest(spans: readonly Span[]): RequestTimeline | null {
  return assembleRequestWithNotes(spans)?.request ?? null
}

/** Like {@link assembleRequest}, also returning what was clamped. */
export function assembleRequestWithNotes(spans: readonly Span[]): AssemblyResult | null {
  const first = spans[0]
  if (first === undefined) {
    return null
  }
  const c = classifySpans(spans)
  const { engine, gateway, client } = c
  if (engine === null && gateway === null && client === null) {
    return null
  }
  const notes: AssemblyNote[] = []

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

  const stages = emptyStages()
  const ea = engine?.attributes
  const engineDurUs = engine === null ? null : engine.endUs - engine.startUs

  // Client phases (probe attributes, seconds).
  const ca = client?.attributes
  if (ca !== undefined) {
    stages['client.dns'] = readSecondsAsMicros(ca, ATTR_TOKENLINE_CLIENT_DNS)
    stages['client.connect'] = readSecondsAsMicros(ca, ATTR_TOKENLINE_CLIENT_CONNECT)
    stages['client.tls'] = readSecondsAsMicros(ca, ATTR_TOKENLINE_CLIENT_TLS)
    stages['client.send'] = readSecondsAsMicros(ca, ATTR_TOKENLINE_CLIENT_SEND)
  }

  // network: what the client saw minus what the gateway saw (durations only: no cross-clock).
  if (client !== null && gateway !== null) {
    const phasesUs =
      (stages['client.dns'] ?? 0) +
      (stages['client.connect'] ?? 0) +
      (stages['client.tls'] ?? 0) +
      (stages['client.send'] ?? 0)
    const clientDur = client.endUs - client.startUs
    const gatewayDur = gateway.endUs - gateway.startUs
    stages.network = nonNegative(notes, 'network', clientDur - phasesUs - gatewayDur)
  }

  // Gateway steps, upstream and downstream: self time on the gateway's clock, clipped to the entry.
  let downstreamName: string | null = null
  if (gateway !== null) {
    const intervals: LabeledInterval<StageName>[] = []
    for (const step of c.steps) {
      intervals.push(labeled(step.span, step.stage, c))
    }
    for (const s of c.upstream) {
      intervals.push(labeled(s, 'gateway.upstream', c))
    }
    for (const s of c.downstream) {
      intervals.push(labeled(s, 'downstream', c))
    }
    const painted = new Map<StageName, number>()
    paintSelfTime(intervals, gateway.startUs, gateway.endUs, painted)
    for (const step of c.steps) {
      stages[step.stage] = asMicros(painted.get(step.stage) ?? 0)
    }
    if (c.upstream.length > 0) {
      // The engine's own time is inside the upstream call; subtract its duration (its own
      // clock) rather than its position, so host clock offsets cannot leak in.
      const engineInside = engineDurUs !== null && c.engineInUpstream
      const upstreamUs = painted.get('gateway.upstream') ?? 0
      stages['gateway.upstream'] = nonNegative(
        notes,
        'gateway.upstream',
        upstreamUs - (engineInside ? engineDurUs : 0)
      )
    }
    if (c.downstream.length > 0) {
      stages.downstream = asMicros(painted.get('downstream') ?? 0)
      downstreamName = nameDownstream(c.downstream)
    }
  }

  // Engine stages (float seconds on the engine span).
  let engineTtftUs: Micros | null = null
  let engineE2eUs: Micros | null = null
  if (ea !== undefined) {
    const queue = readSecondsAsMicros(ea, ATTR_GEN_AI_LATENCY_TIME_IN_QUEUE)
    let prefill = readSecondsAsMicros(ea, ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_PREFILL)
    let decode = readSecondsAsMicros(ea, ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_DECODE)
    const inference = readSecondsAsMicros(ea, ATTR_GEN_AI_LATENCY_TIME_IN_MODEL_INFERENCE)
    if (inference !== null) {
      // inference = prefill + decode, so either one follows from the other.
      if (prefill === null && decode !== null) {
        prefill = nonNegative(notes, 'engine.prefill', inference - decode)
      } else if (decode === null && prefill !== null) {
        decode = nonNegative(notes, 'engine.decode', inference - prefill)
      }
    }
    engineTtftUs = readSecondsAsMicros(ea, ATTR_GEN_AI_LATENCY_TIME_TO_FIRST_TOKEN)
    engineE2eUs = readSecondsAsMicros(ea, ATTR_GEN_AI_LATENCY_E2E)
    stages['engine.queue'] = queue
    stages['engine.prefill'] = prefill
    stages['engine.decode'] = decode
    if (engineTtftUs !== null && queue !== null && prefill !== null) {
      stages['engine.frontend'] = nonNegative(
        notes,
        'engine.frontend',
        engineTtftUs - queue - prefill
      )
    }
  }

  // stream: client last chunk − engine end. The one stage that compares two hosts' clocks.
  if (client !== null && engine !== null) {
    const shiftUs = skewShiftToClient(c, client, engine, spans.length, notes)
    stages.stream = nonNegative(notes, 'stream', client.endUs - (engine.endUs + shiftUs))
  }

  // TTFT: client, else gateway, else engine.
  let ttftUs: Micros | null = null
  let ttftSource: TtftSource | null = null
  const clientTtft =
    ca === undefined ? null : readSecondsAsMicros(ca, ATTR_GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK)
  const gatewayTtft = gateway === null ? null : readGatewayTtft(gateway)
  if (clientTtft !== null) {
    ttftUs = clientTtft
    ttftSource = 'client'
  } else if (gatewayTtft !== null) {
    ttftUs = gatewayTtft
    ttftSource = 'gateway'
  } else if (engineTtftUs !== null) {
    ttftUs = engineTtftUs
    ttftSource = 'engine'
  }

  // Tokens: the engine's own counts first, then the gateway's call, then the client's.
  const tokenSources = [engine, c.upstream[c.upstream.length - 1] ?? null, gateway, client]
  const outputTokens = firstCount(tokenSources, [
    ATTR_GEN_AI_USAGE_COMPLETION_TOKENS,
    ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  ])
  const inputTokens = firstCount(tokenSources, [
    ATTR_GEN_AI_USAGE_PROMPT_TOKENS,
    ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ])
  const cachedTokens = firstCount(tokenSources, [
    ATTR_GEN_AI_USAGE_CACHED_TOKENS,
    ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS,
  ])

  let tpotUs = ca === undefined ? null : readSecondsAsMicros(ca, ATTR_TOKENLINE_CLIENT_TPOT)
  if (
    tpotUs === null &&
    stages['engine.decode'] !== null &&
    outputTokens !== null &&
    outputTokens >= 2
  ) {
    tpotUs = asMicros(Math.round(stages['engine.decode'] / (outputTokens - 1)))
  }

  let e2eUs: Micros | null = null
  if (client !== null) {
    e2eUs = asMicros(client.endUs - client.startUs)
  } else if (gateway !== null) {
    e2eUs = asMicros(gateway.endUs - gateway.startUs)
  } else if (engineE2eUs !== null) {
    e2eUs = engineE2eUs
  } else if (engineDurUs !== null) {
    e2eUs = asMicros(engineDurUs)
  }

  const outcome = readOutcome(c)

  const request: RequestTimeline = {
    traceId: first.traceId,
    startUs,
    endUs,
    dims: readDimensions(c),
    stages,
    downstreamName,
    ttftUs,
    ttftSource,
    tpotUs,
    itlMaxUs: ca === undefined ? null : readSecondsAsMicros(ca, ATTR_TOKENLINE_CLIENT_ITL_MAX),
    e2eUs,
    inputTokens,
    outputTokens,
    cachedTokens,
    status: outcome.status,
    errorType: outcome.errorType,
    retries: readRetries(c),
    connectionReused: ca === undefined ? null : readBoolean(ca, ATTR_TOKENLINE_CONNECTION_REUSED),
    tlsResumed: ca === undefined ? null : readBoolean(ca, ATTR_TLS_RESUMED),
    hasClient: client !== null,
    hasGateway: gateway !== null,
    hasEngine: engine !== null,
    spanCount: spans.length,
  }
  return { request, notes }
}

/** Clamps a derived duration at 0, noting the clamp; `null` stays `null`. */
function nonNegative(notes: AssemblyNote[], field: StageName, us: number | null): Micros | null {
  if (us === null) {
    return null
  }
  if (us < 0) {
    notes.push({ code: 'negative_clamped', field, rawUs: asMicros(us) })
    return asMicros(0)
  }
  return asMicros(us)
}

/** A literal (not a loop over STAGE_NAMES) so every timeline shares one object shape. */
function emptyStages(): Record<StageName, Micros | null> {
  return {
    'client.dns': null,
    'client.connect': null,
    'client.tls': null,
    'client.send': null,
    network: null,
    'gateway.queue': null,
    'gateway.auth': null,
    'gateway.ratelimit': null,
    'gateway.route': null,
    'gateway.guardrail': null,
    'gateway.upstream': null,
    downstream: null,
    'engine.frontend': null,
    'engine.queue': null,
    'engine.prefill': null,
    'engine.decode': null,
    stream: null,
  }
}

function labeled(s: Span, label: StageName, c: ClassifiedTrace): LabeledInterval<StageName> {
  return { startUs: s.startUs, endUs: s.endUs, depth: c.index.depthOf(s), label }
}

/**
 * How far to move the engine span to put it on the client's clock. Walking from the client span
 * down to the engine span, a SERVER span (another process) that does not fit inside its caller is
 * moved to the middle of the caller, as jaeger-ui's clock-skew adjustment does; moves add up.
 *
 * ```
 * client   |------------------------------|         client   |------------------------------|
 * upstream     |----------------------|       →     upstream     |----------------------|
 * engine                  |------------------|      engine          |------------------|
 *                         (host clock ahead)                        (centred: shift < 0)
 * ```
 */
function skewShiftToClient(
  c: ClassifiedTrace,
  client: Span,
  engine: Span,
  spanCount: number,
  notes: AssemblyNote[]
): number {
  const chain: Span[] = [engine]
  let p = c.index.parentOf(engine)
  for (let guard = 0; p !== undefined && p !== client && guard < spanCount; guard++) {
    chain.push(p)
    p = c.index.parentOf(p)
  }
  if (p !== client) {
    return 0
  }
  let shiftUs = 0
  let parent = client
  let parentShiftUs = 0
  for (let i = chain.length - 1; i >= 0; i--) {
    const child = chain[i] as Span
    const parentDur = parent.endUs - parent.startUs
    const childDur = child.endUs - child.startUs
    const start = child.startUs + shiftUs
    const pStart = parent.startUs + parentShiftUs
    const fits = start >= pStart && start + childDur <= pStart + parentDur
    if (!fits && child.kind === SPAN_KIND.SERVER && childDur <= parentDur) {
      const delta = Math.round(pStart + (parentDur - childDur) / 2 - start)
      shiftUs += delta
      notes.push({ code: 'clock_skew_adjusted', spanId: child.spanId, shiftUs: asMicros(delta) })
    }
    parent = child
    parentShiftUs = shiftUs
  }
  return shiftUs
}

function nameDownstream(downstream: readonly Span[]): string {
  let longest = downstream[0] as Span
  for (const s of downstream) {
    if (s.endUs - s.startUs > longest.endUs - longest.startUs) {
      longest = s
    }
  }
  return (
    readString(longest.attributes, ATTR_SERVER_ADDRESS) ??
    readString(longest.attributes, ATTR_DB_SYSTEM_NAME) ??
    readString(longest.attributes, ATTR_DB_SYSTEM) ??
    longest.name
  )
}

const FIRST_TOKEN_EVENT = /first[\s_.-]*(token|chunk)/i

/**
 * Gateway TTFT: `gen_ai.server.time_to_first_token` (s) on the entry span, else the time of a
 * first-token/first-chunk event on it, measured from the entry's start.
 */
function readGatewayTtft(gateway: Span): Micros | null {
  const attr = readSecondsAsMicros(gateway.attributes, ATTR_GEN_AI_SERVER_TIME_TO_FIRST_TOKEN)
  if (attr !== null) {
    return attr
  }
  for (const ev of gateway.events) {
    if (FIRST_TOKEN_EVENT.test(ev.name) && ev.timeUs >= gateway.startUs) {
      return asMicros(ev.timeUs - gateway.startUs)
    }
  }
  return null
}

function firstCount(sources: readonly (Span | null)[], keys: readonly string[]): number | null {
  for (const s of sources) {
    if (s === null) {
      continue
    }
    for (const key of keys) {
      const n = readCount(s.attributes, key)
      if (n !== null) {
        return n
      }
    }
  }
  return null
}

function readOutcome(c: ClassifiedTrace): { status: number | null; errorType: string | null } {
  const { client, gateway, engine } = c
  const lastUpstream = c.upstream[c.upstream.length - 1] ?? null
  const ordered = [client, gateway, lastUpstream, engine]
  let status: number | null = null
  for (const s of ordered) {
    if (s === null) {
      continue
    }
    const code = readNumber(s.attributes, ATTR_HTTP_RESPONSE_STATUS_CODE)
    if (code !== null && code >= 100 && code <= 599) {
      status = Math.round(code)
      break
    }
  }
  for (const s of ordered) {
    if (s === null) {
      continue
    }
    const type = readString(s.attributes, ATTR_ERROR_TYPE)
    if (type !== null) {
      return { status, errorType: type }
    }
  }
  if (status !== null && status >= 400) {
    return { status, errorType: `http_${status}` }
  }
  if (status === null) {
    // No HTTP status anywhere: only an explicit ERROR status on a span says the request failed.
    if (engine !== null && engine.statusCode === STATUS_CODE.ERROR) {
      return { status, errorType: 'engine_error' }
    }
    if (gateway !== null && gateway.statusCode === STATUS_CODE.ERROR) {
      return { status, errorType: 'gateway_error' }
    }
    if (client !== null && client.statusCode === STATUS_CODE.ERROR) {
      return { status, errorType: 'client_error' }
    }
  }
  return { status, errorType: null }
}

/**
 * Retries: the client's `http.request.resend_count` plus the gateway's upstream resends (the
 * highest resend count among attempts, or attempts − 1 when the spans carry no count).
 */
function readRetries(c: ClassifiedTrace): number | null {
  let known = false
  let total = 0
  if (c.client !== null) {
    const n = readCount(c.client.attributes, ATTR_HTTP_REQUEST_RESEND_COUNT)
    if (n !== null) {
      known = true
      total += n
    }
  }
  let upstreamMax: number | null = null
  for (const u of c.upstream) {
    const n = readCount(u.attributes, ATTR_HTTP_REQUEST_RESEND_COUNT)
    if (n !== null && (upstreamMax === null || n > upstreamMax)) {
      upstreamMax = n
    }
  }
  const attempts = c.upstream.length
  if (upstreamMax !== null || attempts > 1) {
    known = true
    total += Math.max(upstreamMax ?? 0, attempts - 1)
  }
  return known ? total : null
}
