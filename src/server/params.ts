/**
 * Query-parameter parsing for the UI/API routes, validated with zod. Every failure is an
 * `AppError('QUERY_INVALID')` whose message names the parameter, what was expected and what
 * arrived, answered as 400.
 */
import { z } from 'zod'
import { AppError } from '../core/errors.js'
import { DIMENSIONS, type Dimension } from '../core/model/request.js'
import { DURATION_EXAMPLES, parseDurationMs } from '../core/model/duration.js'
import { microsFromMillis, type Micros } from '../core/model/units.js'
import { parseInstantUs, resolveWindowText } from '../core/model/window.js'
import type { SpanStore } from '../storage/span-store.js'
import type { DimensionFilters } from '../core/model/query.js'
import { DEFAULT_API_LIMITS, formatDurationMs, overLimit, type ApiLimits } from './limits.js'

/** Raw query: every parameter with all its values (`c.req.queries()`). */
export type RawQuery = Record<string, string[]>

/** The parameters `parseWindow` reads. */
export const WINDOW_PARAMS = ['window', 'since', 'from', 'to'] as const

/** Window used when a request gives no `from`/`to`/`since`/`window`: the last 30 minutes. */
export const DEFAULT_WINDOW_MS = 30 * 60 * 1000

function invalid(name: string, expected: string, actual: unknown): AppError {
  return new AppError(
    'QUERY_INVALID',
    `${name} must be ${expected} (actual: ${actual === undefined ? 'missing' : JSON.stringify(actual)})`
  )
}

/**
 * Refuses a parameter the route does not read. Most routes ignore what they do not know, as
 * Prometheus's API does; on a route whose parameters are changes to predict or windows to set
 * side by side, an ignored `max-num-seqs=64` answers a different question (no change) with a
 * 200, so a name it does not know is a 400 that names the one meant.
 */
export function rejectUnknownParams(query: RawQuery, known: readonly string[]): void {
  const canon = (n: string): string => n.toLowerCase().replace(/-/g, '_')
  for (const name of Object.keys(query)) {
    if (known.includes(name)) {
      continue
    }
    const meant = known.find((k) => canon(k) === canon(name))
    throw new AppError(
      'QUERY_INVALID',
      `unknown parameter ${JSON.stringify(name)}${meant === undefined ? '' : `; did you mean ${meant}?`} (this route reads ${known.join(', ')})`
    )
  }
}

/** The last value of a parameter (a repeated single-valued parameter: last one wins). */
export function lastValue(query: RawQuery, name: string): string | undefined {
  const values = query[name]
  return values === undefined ? undefined : values[values.length - 1]
}

/** All values of a repeatable parameter, also split on commas (`measure=ttft,e2e`), each once. */
export function allValues(query: RawQuery, name: string): string[] {
  const values = (query[name] ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '')
  return [...new Set(values)]
}

/**
 * Parses one single-valued parameter with a zod schema; `undefined` when absent.
 * `expected` is the human description used in the error message.
 */
export function parseParam<T>(
  query: RawQuery,
  name: string,
  schema: z.ZodType<T>,
  expected: string
): T | undefined {
  const raw = lastValue(query, name)
  if (raw === undefined) {
    return undefined
  }
  const result = schema.safeParse(raw)
  if (!result.success) {
    throw invalid(name, expected, raw)
  }
  return result.data
}

/** Parses every value of a repeatable parameter against a set of allowed strings. */
export function parseChoices<T extends string>(
  query: RawQuery,
  name: string,
  allowed: readonly T[]
): T[] {
  const schema = z.enum(allowed as unknown as [T, ...T[]])
  return allValues(query, name).map((value) => {
    const result = schema.safeParse(value)
    if (!result.success) {
      throw invalid(name, `one of ${allowed.join(', ')}`, value)
    }
    return result.data
  })
}

/** A positive duration of the one grammar (core/model/duration.ts), in ms. */
export const durationSchema = z.string().transform((text, ctx) => {
  const ms = parseDurationMs(text)
  if (ms === null || !(ms > 0)) {
    ctx.addIssue({ code: 'custom', message: 'bad duration' })
    return z.NEVER
  }
  return ms
})

/** A step/bucket width parameter (`step=60s`) in µs; `undefined` when absent. */
export function parseStepUs(query: RawQuery, name = 'step'): Micros | undefined {
  const ms = parseParam(
    query,
    name,
    durationSchema,
    `a duration with a unit, e.g. ${DURATION_EXAMPLES}, longer than 0`
  )
  return ms === undefined ? undefined : microsFromMillis(ms)
}

/** A time parameter: RFC 3339 text or epoch milliseconds, in µs. */
export const instantSchema = z.string().transform((text, ctx) => {
  // The same reading as the window resolver's (core/model/window.ts): one grammar for both.
  const us = parseInstantUs(text)
  if (us === null) {
    ctx.addIssue({ code: 'custom', message: 'bad time' })
    return z.NEVER
  }
  return us
})

/** `window=all` (the stored data's extent) or `default` (the last 30 minutes). */
export const windowModeSchema = z.enum(['all', 'default'])

/** A resolved time window in epoch µs; either end may be open only for `window=all` on an empty store. */
export interface Window {
  fromUs?: Micros
  toUs?: Micros
}

function checkWindowLength(window: Window, maxWindowMs: number, what: string, hint = ''): Window {
  if (window.fromUs !== undefined && window.toUs !== undefined) {
    const spanMs = (window.toUs - window.fromUs) / 1000
    if (spanMs > maxWindowMs) {
      throw overLimit(
        what,
        'maxWindowMs',
        formatDurationMs(maxWindowMs),
        formatDurationMs(spanMs),
        hint
      )
    }
  }
  return window
}

/**
 * Resolves the time window of a request: `from`/`to` (RFC 3339 or epoch ms), `since=30m`
 * (back from `to`, else from `nowMs`; core/model/window.ts), `window=all` (the store's data extent), else the last 30 minutes.
 * A window longer than `api.maxWindowMs` is refused (400), whichever way it was given.
 */
export async function parseWindow(
  query: RawQuery,
  nowMs: number,
  store: SpanStore,
  limits: Pick<ApiLimits, 'maxWindowMs'> = DEFAULT_API_LIMITS
): Promise<Window> {
  const windowMode = parseParam(query, 'window', windowModeSchema, 'all or default')
  const text = {
    since: lastValue(query, 'since'),
    from: lastValue(query, 'from'),
    to: lastValue(query, 'to'),
  }
  if (text.since !== undefined || text.from !== undefined || text.to !== undefined) {
    const resolved = resolveWindowText(text, {
      anchorUs: microsFromMillis(nowMs),
      defaultLengthUs: microsFromMillis(DEFAULT_WINDOW_MS),
    })
    if ('problem' in resolved) {
      throw invalid(resolved.problem.name, resolved.problem.expected, resolved.problem.actual)
    }
    const sinceMs = text.since === undefined ? undefined : parseDurationMs(text.since)
    if (sinceMs != null && sinceMs > limits.maxWindowMs) {
      throw overLimit(
        'since',
        'maxWindowMs',
        formatDurationMs(limits.maxWindowMs),
        text.since ?? ''
      )
    }
    return checkWindowLength(resolved.window, limits.maxWindowMs, 'the window (from → to)')
  }
  if (windowMode === 'all') {
    const extent = await store.extent()
    // The window is half-open; one µs past the last end keeps the last item inside.
    return extent === null
      ? {}
      : checkWindowLength(
          { fromUs: extent.startUs, toUs: (extent.endUs + 1) as Micros },
          limits.maxWindowMs,
          'window=all (the span of the stored data)',
          '; give from/to or since instead'
        )
  }
  return { fromUs: microsFromMillis(nowMs - DEFAULT_WINDOW_MS), toUs: microsFromMillis(nowMs) }
}

/**
 * Dimension filters from `model=…&replica=a&replica=b` (repeatable, comma-separated allowed),
 * at most `api.maxFilterValues` distinct values per dimension.
 */
export function parseFilters(
  query: RawQuery,
  limits: Pick<ApiLimits, 'maxFilterValues'> = DEFAULT_API_LIMITS
): DimensionFilters {
  const filters: DimensionFilters = {}
  for (const dim of DIMENSIONS) {
    const values = allValues(query, dim)
    if (values.length > limits.maxFilterValues) {
      throw overLimit(
        `the values of ${dim}`,
        'maxFilterValues',
        String(limits.maxFilterValues),
        `${values.length} values`
      )
    }
    if (values.length > 0) {
      filters[dim as Dimension] = values
    }
  }
  return filters
}

/** An integer parameter within bounds, with a default. */
export function parseIntParam(
  query: RawQuery,
  name: string,
  min: number,
  max: number,
  fallback: number
): number {
  return (
    parseParam(
      query,
      name,
      z.coerce.number().int().min(min).max(max),
      `an integer ${min}..${max}`
    ) ?? fallback
  )
}

/** Throws when a step would cut the window into more than `maxBuckets` (`api.maxBuckets`) buckets. */
export function checkBucketCount(
  fromUs: Micros | undefined,
  toUs: Micros | undefined,
  stepUs: Micros,
  maxBuckets: number
): void {
  if (fromUs !== undefined && toUs !== undefined && (toUs - fromUs) / stepUs > maxBuckets) {
    throw new AppError(
      'QUERY_INVALID',
      `step must cut the window into at most ${maxBuckets} buckets (limit api.maxBuckets; actual: ${Math.ceil((toUs - fromUs) / stepUs)} buckets of ${stepUs / 1000} ms)`
    )
  }
}
