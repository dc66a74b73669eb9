import type { ResolvedRange } from '../model/time-range.js'
import { authHeaders, currentToken } from './auth-token.js'

/** A request the page's entry script sent before the rest of the page had loaded. */
interface Early {
  response: Promise<Response>
  /** The token it went with (`null`: none), for the same 401 rule as the page's own calls. */
  sent: string | null
}

const asked = new Map<string, Early>()

/** The window the entry script resolved a relative view to, and the query it read the view from. */
let resolved: { search: string; range: ResolvedRange } | undefined

/**
 * The data's extent the page's shell was served with (the server's `tokenline-extent` meta, ADR
 * 0289): `null` for a store without data, `undefined` when the shell names none (a server with
 * tokens, an older server, a store that could not say), so the page asks `/api/health`.
 */
export function shellExtent(
  doc: Document = document
): { startMs: number; endMs: number } | null | undefined {
  const content = doc.querySelector('meta[name="tokenline-extent"]')?.getAttribute('content')
  if (content === null || content === undefined) {
    return undefined
  }
  if (content === 'empty') {
    return null
  }
  const [startMs, endMs] = content.split(',').map(Number)
  return startMs !== undefined &&
    endMs !== undefined &&
    Number.isFinite(startMs) &&
    Number.isFinite(endMs)
    ? { startMs, endMs }
    : undefined
}

/**
 * Keeps the window a relative view of `search` was resolved to when its first wave was sent, so
 * that the page draws the window those answers are of (`takeEarlyRange`).
 */
export function keepEarlyRange(search: string, range: ResolvedRange): void {
  resolved = { search, range }
}

/** The window the entry script resolved the view of `search` to, once. */
export function takeEarlyRange(search: string): ResolvedRange | undefined {
  const kept = resolved
  resolved = undefined
  return kept?.search === search ? kept.range : undefined
}

/**
 * Sends a GET of `url` now, as the page's client would (same headers, same token), and keeps its
 * answer for the first call of the same URL (`takeEarly`): the dashboard's first wave leaves
 * while the page's script is still being loaded and compiled (ADR 0280).
 */
export function askEarly(url: string): void {
  if (asked.has(url)) {
    return
  }
  const sent = currentToken()
  const response = fetch(url, { headers: { accept: 'application/json', ...authHeaders() } })
  // Taken or dropped later; a failure then falls back to asking again.
  response.catch(() => undefined)
  asked.set(url, { response, sent })
}

/** The answer of an early request of exactly `url`, once: later calls ask the server again. */
export function takeEarly(url: string): Early | undefined {
  const early = asked.get(url)
  asked.delete(url)
  return early
}

/**
 * Forgets the early requests nobody took (the page's first view asked something else): their
 * bodies are cancelled so that the browser frees them.
 */
export function dropEarly(): void {
  for (const { response } of asked.values()) {
    response.then(
      (res) => res.body?.cancel().catch(() => undefined),
      () => undefined
    )
  }
  asked.clear()
  resolved = undefined
}
