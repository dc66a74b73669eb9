import type { z } from 'zod'
import { authHeaders, currentToken, tokenAfter401 } from './auth-token.js'
import { buildUrl, type Params } from './build-url.js'
import { takeEarly } from './early.js'
import {
  type Concentration,
  ConcentrationSchema,
  DiagnosisSchema,
  type DiagnosisJson,
  DimensionsSchema,
  EventsSchema,
  HealthSchema,
  HeatmapSchema,
  MetricsSchema,
  PercentilesSchema,
  RequestDetailSchema,
  RequestsSchema,
  SeriesSchema,
  StagesSchema,
  TrafficSchema,
} from './schemas.js'

export { buildUrl, type Params }

/** An API failure with the server's error code when it sent one. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string

  constructor(status: number, code: string, message: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
  }
}

/** Per watched signal, the answers still on their way (see `answersOf`). */
const watched = new WeakMap<AbortSignal, Set<Promise<unknown>>>()

/**
 * Resolves once every request asked with `signal` from this call on has its answer in (its body
 * read, before validation and before any panel draws it), and no further one was asked for a
 * task: requests that an answer leads to (the metric series after the metric list) count too.
 * The dashboard asks its second wave then, not after the charts have painted (ADR 0272).
 */
export function answersOf(signal: AbortSignal): Promise<void> {
  const pending = new Set<Promise<unknown>>()
  watched.set(signal, pending)
  return (async () => {
    for (;;) {
      // One task later: the requests a just-settled answer leads to have been asked by then.
      await new Promise((resolve) => setTimeout(resolve, 0))
      if (pending.size === 0) {
        watched.delete(signal)
        return
      }
      await Promise.allSettled([...pending])
    }
  })()
}

async function getJson<T>(
  schema: z.ZodType<T>,
  path: string,
  params: Params,
  signal?: AbortSignal
): Promise<T> {
  return (await getJsonAndHeaders(schema, path, params, signal)).body
}

async function getJsonAndHeaders<T>(
  schema: z.ZodType<T>,
  path: string,
  params: Params,
  signal?: AbortSignal
): Promise<{ body: T; headers: Headers }> {
  const url = buildUrl(path, params)
  const send = (): Promise<Response> =>
    fetch(url, { signal, headers: { accept: 'application/json', ...authHeaders() } })
  // Taken before the first await: the entry script's request of this URL, if it sent one.
  const early = takeEarly(url)
  const sent = early === undefined ? currentToken() : early.sent
  const answer = (async () => {
    let res = early === undefined ? await send() : await adopt(early.response, send, signal)
    if (res.status === 401 && tokenAfter401(sent)) {
      res = await send()
    }
    // No content (a `stale=kept` ask with nothing held) reads as null: only a nullable schema takes it.
    const body: unknown = res.status === 204 ? null : await res.json().catch(() => null)
    return { res, body }
  })()
  const pending = signal === undefined ? undefined : watched.get(signal)
  if (pending !== undefined) {
    pending.add(answer)
    answer.then(
      () => pending.delete(answer),
      () => pending.delete(answer)
    )
  }
  const { res, body } = await answer
  if (!res.ok) {
    const err = (body as { error?: { code?: string; message?: string } } | null)?.error
    throw new ApiError(
      res.status,
      err?.code ?? `HTTP_${res.status}`,
      err?.message ?? `${url}: ${res.status}`
    )
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    throw new ApiError(
      res.status,
      'RESPONSE_INVALID',
      `${path}: unexpected response (${parsed.error.message.slice(0, 300)})`
    )
  }
  return { body: parsed.data, headers: res.headers }
}

/**
 * An early request's answer, as the page's own fetch would give it: refused with an `AbortError`
 * once `signal` aborts, asked again when the early request failed.
 */
function adopt(
  response: Promise<Response>,
  send: () => Promise<Response>,
  signal: AbortSignal | undefined
): Promise<Response> {
  const answer = response.catch(send)
  if (signal === undefined) {
    return answer
  }
  return new Promise<Response>((resolve, reject) => {
    const abort = (): void => {
      reject(new DOMException('The view was replaced', 'AbortError'))
      // Nobody reads this answer now: let the browser free it.
      answer.then(
        (res) => res.body?.cancel().catch(() => undefined),
        () => undefined
      )
    }
    if (signal.aborted) {
      abort()
      return
    }
    signal.addEventListener('abort', abort, { once: true })
    void answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/** A diagnosis with when it was computed and whether the store may have changed since. */
export interface DatedDiagnosis {
  diagnosis: DiagnosisJson
  /** Epoch ms its run began reading; null when the server did not say. */
  asOfMs: number | null
  stale: boolean
}

/** A concentration with when it was computed and whether the store may have changed since. */
export interface DatedConcentration {
  concentration: Concentration
  asOfMs: number | null
  stale: boolean
}

/** When the answer was computed and whether it may be stale (`tokenline-*` headers). */
function dating(headers: Headers): { asOfMs: number | null; stale: boolean } {
  const asOf = Date.parse(headers.get('tokenline-as-of') ?? '')
  return {
    asOfMs: Number.isFinite(asOf) ? asOf : null,
    stale: headers.get('tokenline-stale') === 'true',
  }
}

async function datedDiagnosis(params: Params, signal?: AbortSignal): Promise<DatedDiagnosis> {
  const { body, headers } = await getJsonAndHeaders(
    DiagnosisSchema,
    '/api/diagnosis',
    params,
    signal
  )
  return { diagnosis: body, ...dating(headers) }
}

async function datedConcentration(
  params: Params,
  signal?: AbortSignal
): Promise<DatedConcentration> {
  const { body, headers } = await getJsonAndHeaders(
    ConcentrationSchema,
    '/api/concentration',
    params,
    signal
  )
  return { concentration: body, ...dating(headers) }
}

/**
 * `params` with `stale=kept`: the answer the server holds for them (current, or the last of the window
 * definition, marked stale), `null` when it holds none; the server never computes one for it, so
 * the page asks it beside its charts (ADR 0407).
 */
async function keptDiagnosis(params: Params, signal?: AbortSignal): Promise<DatedDiagnosis | null> {
  const { body, headers } = await getJsonAndHeaders(
    DiagnosisSchema.nullable(),
    '/api/diagnosis',
    params,
    signal
  )
  return body === null ? null : { diagnosis: body, ...dating(headers) }
}

async function keptConcentration(
  params: Params,
  signal?: AbortSignal
): Promise<DatedConcentration | null> {
  const { body, headers } = await getJsonAndHeaders(
    ConcentrationSchema.nullable(),
    '/api/concentration',
    params,
    signal
  )
  return body === null ? null : { concentration: body, ...dating(headers) }
}

/** The typed query API client. `params` carry the common window and filter parameters. */
export const api = {
  health: (signal?: AbortSignal) => getJson(HealthSchema, '/api/health', {}, signal),
  metrics: (signal?: AbortSignal) => getJson(MetricsSchema, '/api/metrics', {}, signal),
  dimensions: (params: Params, signal?: AbortSignal) =>
    getJson(DimensionsSchema, '/api/dimensions', params, signal),
  percentiles: (params: Params, signal?: AbortSignal) =>
    getJson(PercentilesSchema, '/api/percentiles', params, signal),
  heatmap: (params: Params, signal?: AbortSignal) =>
    getJson(HeatmapSchema, '/api/heatmap', params, signal),
  series: (params: Params, signal?: AbortSignal) =>
    getJson(SeriesSchema, '/api/series', params, signal),
  events: (params: Params, signal?: AbortSignal) =>
    getJson(EventsSchema, '/api/events', params, signal),
  diagnosis: (params: Params, signal?: AbortSignal) =>
    getJson(DiagnosisSchema, '/api/diagnosis', params, signal),
  /**
   * `stale=allow`: the last answer of the view's window definition at once when no current one
   * is ready (ADR 0225); `stale=refresh`: the refresh that answer announced.
   */
  datedDiagnosis: (params: Params, signal?: AbortSignal) => datedDiagnosis(params, signal),
  concentration: (params: Params, signal?: AbortSignal) =>
    getJson(ConcentrationSchema, '/api/concentration', params, signal),
  /** `stale=allow` / `stale=refresh` as for the diagnosis (ADR 0272). */
  datedConcentration: (params: Params, signal?: AbortSignal) => datedConcentration(params, signal),
  keptDiagnosis: (params: Params, signal?: AbortSignal) => keptDiagnosis(params, signal),
  keptConcentration: (params: Params, signal?: AbortSignal) => keptConcentration(params, signal),
  requests: (params: Params, signal?: AbortSignal) =>
    getJson(RequestsSchema, '/api/requests', params, signal),
  request: (traceId: string, signal?: AbortSignal) =>
    getJson(RequestDetailSchema, `/api/requests/${encodeURIComponent(traceId)}`, {}, signal),
  stages: (params: Params, signal?: AbortSignal) =>
    getJson(StagesSchema, '/api/stages', params, signal),
  traffic: (params: Params, signal?: AbortSignal) =>
    getJson(TrafficSchema, '/api/traffic', params, signal),
}
