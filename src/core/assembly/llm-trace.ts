/**
 * Which traces are LLM requests (CONTRACT §5: "`requests` counts LLM calls only"). A trace is an
 * LLM request when its spans say so: an engine span, any `gen_ai.*` attribute, the probe's span,
 * or an entry, engine API-server span or upstream call on an inference path (or a route the
 * project configured). Health checks, model listings, metric scrapes and other services' traces
 * are not.
 */
import type { Span } from '../model/span.js'
import { readString } from './attributes.js'
import {
  ATTR_HTTP_ROUTE,
  ATTR_HTTP_TARGET_OLD,
  ATTR_HTTP_URL_OLD,
  ATTR_URL_FULL,
  ATTR_URL_PATH,
  SCOPE_TOKENLINE_PROBE,
} from '../otlp/semconv.js'

/** OpenAI-compatible and native inference endpoints (vLLM, SGLang, TGI, Anthropic-style). */
export const INFERENCE_PATH =
  /\/(chat\/completions|completions|generate|generate_stream|messages|embeddings|responses)$/

export interface LlmRouteOptions {
  /**
   * Extra routes whose requests are LLM requests even without GenAI attributes: an exact
   * `http.route` / `url.path`, or a prefix ending in `*` (`/api/llm/*`).
   */
  llmRoutes?: readonly string[]
}

/** Whether any span of the trace says it is an LLM call; see the module comment. */
export function isLlmTrace(
  spans: readonly Span[],
  roles: {
    engine: Span | null
    frontend: Span | null
    gateway: Span | null
    upstream: readonly Span[]
  },
  options: LlmRouteOptions = {}
): boolean {
  if (roles.engine !== null || roles.upstream.length > 0) {
    return true
  }
  for (const s of spans) {
    if (s.scopeName === SCOPE_TOKENLINE_PROBE || hasGenAiAttribute(s)) {
      return true
    }
  }
  for (const s of [roles.gateway, roles.frontend]) {
    if (s !== null && isLlmRoute(s, options.llmRoutes ?? [])) {
      return true
    }
  }
  return false
}

function hasGenAiAttribute(s: Span): boolean {
  for (const key in s.attributes) {
    if (key.startsWith('gen_ai.')) {
      return true
    }
  }
  return false
}

function isLlmRoute(s: Span, configured: readonly string[]): boolean {
  const route = readString(s.attributes, ATTR_HTTP_ROUTE)
  const path = urlPathOf(s)
  for (const p of [route, path]) {
    if (p === null) {
      continue
    }
    if (INFERENCE_PATH.test(p)) {
      return true
    }
    for (const c of configured) {
      if (c.endsWith('*') ? p.startsWith(c.slice(0, -1)) : p === c) {
        return true
      }
    }
  }
  return false
}

/**
 * The path of a call from `url.path` or `url.full` (or the older `http.target` / `http.url`),
 * without query or trailing slash.
 */
export function urlPathOf(s: Span): string | null {
  let path =
    readString(s.attributes, ATTR_URL_PATH) ?? readString(s.attributes, ATTR_HTTP_TARGET_OLD)
  if (path === null) {
    const full =
      readString(s.attributes, ATTR_URL_FULL) ?? readString(s.attributes, ATTR_HTTP_URL_OLD)
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
