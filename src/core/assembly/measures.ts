/**
 * Request measures besides stages (CONTRACT §4): TTFT and where it was measured, TPOT, E2E,
 * tokens, status and error type, retries.
 */
import type { TtftSource } from '../model/request.js'
import { SPAN_KIND, STATUS_CODE, type Span } from '../model/span.js'
import { asMicros, type Micros } from '../model/units.js'
import { readCount, readNumber, readSecondsAsMicros, readString } from './attributes.js'
import type { ClassifiedTrace } from './classify-spans.js'
import { durationOf, type AssemblyNote } from './notes.js'
import { skewShiftToClient } from './skew.js'
import type { TraceIndex } from './trace-index.js'
import {
  ATTR_ERROR_TYPE,
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
  ATTR_HTTP_STATUS_CODE_OLD,
} from '../otlp/semconv.js'

/**
 * TTFT, counted from where the request entered the outermost tier the data has (CONTRACT §4):
 *
 * - `client`: the client span's own `gen_ai.response.time_to_first_chunk`.
 * - `gateway`: counted from the gateway entry's start: its `gen_ai.server.time_to_first_token`
 *   or first-token event; else a `time_to_first_chunk` on the gateway's upstream call, offset by
 *   that call's start (span start + time_to_first_chunk − entry start; one process, one clock);
 *   else the engine's first token placed on the entry's clock (engine start, moved onto the
 *   entry's clock as `stream` does, + engine TTFT).
 * - `engine`: the engine's own TTFT, when no tier above it says more.
 *
 * ```
 * gateway  |auth|rl|··wait··|==== upstream call ====|     TTFT (gateway) = upstream start
 *          ^entry start      ^      ^first chunk          + time_to_first_chunk − entry start
 *          └────────────── TTFT ────┘
 * ```
 */
export function readTtft(
  c: ClassifiedTrace,
  engineTtftUs: Micros | null,
  notes: AssemblyNote[]
): { ttftUs: Micros | null; ttftSource: TtftSource | null } {
  if (c.client !== null) {
    const v = readSecondsAsMicros(c.client.attributes, ATTR_GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK)
    if (v !== null) {
      return { ttftUs: v, ttftSource: 'client' }
    }
  }
  if (c.gateway !== null) {
    const v =
      readGatewayTtft(c.gateway) ??
      chunkFromEntry(c, c.gateway) ??
      engineFirstTokenFromEntry(c, c.gateway, engineTtftUs, notes)
    if (v !== null) {
      return { ttftUs: v, ttftSource: 'gateway' }
    }
  } else {
    const v = outermostSeconds(c, ATTR_GEN_AI_SERVER_TIME_TO_FIRST_TOKEN)
    if (v !== null) {
      return { ttftUs: v, ttftSource: 'gateway' }
    }
  }
  if (engineTtftUs !== null) {
    return { ttftUs: engineTtftUs, ttftSource: 'engine' }
  }
  return { ttftUs: null, ttftSource: null }
}

/**
 * A first chunk recorded in the entry's own process, from the entry's start: on the upstream
 * call (the last attempt that has one: an earlier one failed or was retried), else on the
 * outermost other span below the entry (an app's chain span). `null` when none recorded one.
 */
function chunkFromEntry(c: ClassifiedTrace, entry: Span): Micros | null {
  const key = ATTR_GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK
  let at: Span | null = null
  for (let i = c.upstream.length - 1; i >= 0 && at === null; i--) {
    const u = c.upstream[i] as Span
    if (readSecondsAsMicros(u.attributes, key) !== null) {
      at = u
    }
  }
  const ix = c.index
  const entryI = ix.indexOf(entry)
  for (let i = 0, best = -1; i < ix.spans.length && at === null; i++) {
    const s = ix.spans[i] as Span
    if (
      readSecondsAsMicros(s.attributes, key) !== null &&
      inProcessBelow(ix, i, entryI) &&
      (best < 0 || ix.isOuter(i, best))
    ) {
      best = i
      at = s
    }
  }
  const chunkUs = at === null ? null : readSecondsAsMicros(at.attributes, key)
  return at === null || chunkUs === null
    ? null
    : asMicros(Math.max(0, at.startUs + chunkUs - entry.startUs))
}

/** Whether span `i` lies below the entry without crossing into another server or the engine. */
function inProcessBelow(ix: TraceIndex, i: number, entryI: number): boolean {
  let p = ix.parent[i] as number
  if (ix.engine[i] === 1) {
    return false
  }
  for (let guard = 0; p >= 0 && guard < ix.spans.length; guard++) {
    if (p === entryI) {
      return true
    }
    if ((ix.spans[p] as Span).kind === SPAN_KIND.SERVER || ix.engine[p] === 1) {
      return false
    }
    p = ix.parent[p] as number
  }
  return false
}

/**
 * The engine's first token on the entry's clock, or `null` when the engine is neither linked
 * below the entry nor inside its time (then nothing ties the two clocks together).
 */
function engineFirstTokenFromEntry(
  c: ClassifiedTrace,
  entry: Span,
  engineTtftUs: Micros | null,
  notes: AssemblyNote[]
): Micros | null {
  const { engine, index: ix } = c
  if (engine === null || engineTtftUs === null) {
    return null
  }
  let startUs: number = engine.startUs
  if (ix.isAncestor(ix.indexOf(entry), ix.indexOf(engine))) {
    startUs += skewShiftToClient(ix, entry, engine, notes)
  } else if (engine.startUs < entry.startUs || engine.endUs > entry.endUs) {
    return null
  }
  return asMicros(Math.max(0, startUs - entry.startUs + engineTtftUs))
}

/** A seconds attribute from the outermost span of the trace that carries it. */
function outermostSeconds(c: ClassifiedTrace, key: string): Micros | null {
  const ix = c.index
  let best = -1
  let value: Micros | null = null
  for (let i = 0; i < ix.spans.length; i++) {
    const v = readSecondsAsMicros((ix.spans[i] as Span).attributes, key)
    if (v !== null && (best < 0 || ix.isOuter(i, best))) {
      best = i
      value = v
    }
  }
  return value
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

export interface TokenCounts {
  inputTokens: number | null
  outputTokens: number | null
  cachedTokens: number | null
}

/** Tokens: the engine's own counts first, then the gateway's call, the entry, the client's. */
export function readTokens(c: ClassifiedTrace): TokenCounts {
  const sources = [c.engine, c.upstream[c.upstream.length - 1] ?? null, c.gateway, c.client]
  return {
    outputTokens: firstCount(sources, [
      ATTR_GEN_AI_USAGE_COMPLETION_TOKENS,
      ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
    ]),
    inputTokens: firstCount(sources, [
      ATTR_GEN_AI_USAGE_PROMPT_TOKENS,
      ATTR_GEN_AI_USAGE_INPUT_TOKENS,
    ]),
    cachedTokens: firstCount(sources, [
      ATTR_GEN_AI_USAGE_CACHED_TOKENS,
      ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS,
    ]),
  }
}

/** E2E: client span, else gateway entry, else the engine's API server, else the engine. */
export function readE2e(c: ClassifiedTrace, engineE2eUs: Micros | null): Micros | null {
  const outer = c.client ?? c.gateway ?? c.frontend
  if (outer !== null) {
    return asMicros(durationOf(outer))
  }
  if (engineE2eUs !== null) {
    return engineE2eUs
  }
  return c.engine === null ? null : asMicros(durationOf(c.engine))
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

export function readOutcome(c: ClassifiedTrace): {
  status: number | null
  errorType: string | null
} {
  const { client, gateway, engine } = c
  const lastUpstream = c.upstream[c.upstream.length - 1] ?? null
  const ordered = [client, gateway, lastUpstream, c.frontend, engine]
  let status: number | null = null
  for (const s of ordered) {
    if (s === null) {
      continue
    }
    const code =
      readNumber(s.attributes, ATTR_HTTP_RESPONSE_STATUS_CODE) ??
      readNumber(s.attributes, ATTR_HTTP_STATUS_CODE_OLD)
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
export function readRetries(c: ClassifiedTrace): number | null {
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
