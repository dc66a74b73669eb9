/**
 * Request measures besides stages (CONTRACT §4): TTFT and where it was measured, TPOT, E2E,
 * tokens, status and error type, retries.
 */
import type { TtftSource } from '../model/request.js'
import { STATUS_CODE, type Span } from '../model/span.js'
import { asMicros, type Micros } from '../model/units.js'
import { readCount, readNumber, readSecondsAsMicros, readString } from './attributes.js'
import type { ClassifiedTrace } from './classify-spans.js'
import { durationOf } from './notes.js'
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
 * TTFT: the client span's `gen_ai.response.time_to_first_chunk`, else that attribute on any
 * span of the trace (outermost first: an SDK span the client rule did not pick), then the
 * gateway's, then the engine's.
 */
export function readTtft(
  c: ClassifiedTrace,
  engineTtftUs: Micros | null
): { ttftUs: Micros | null; ttftSource: TtftSource | null } {
  const client =
    (c.client === null
      ? null
      : readSecondsAsMicros(c.client.attributes, ATTR_GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK)) ??
    outermostSeconds(c, ATTR_GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK)
  if (client !== null) {
    return { ttftUs: client, ttftSource: 'client' }
  }
  const gateway =
    (c.gateway === null ? null : readGatewayTtft(c.gateway)) ??
    outermostSeconds(c, ATTR_GEN_AI_SERVER_TIME_TO_FIRST_TOKEN)
  if (gateway !== null) {
    return { ttftUs: gateway, ttftSource: 'gateway' }
  }
  if (engineTtftUs !== null) {
    return { ttftUs: engineTtftUs, ttftSource: 'engine' }
  }
  return { ttftUs: null, ttftSource: null }
}

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
