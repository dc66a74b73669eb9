/**
 * Window, filter and step parameters of the dashboard's aggregate routes (/api/stages,
 * /api/traffic, /api/dimensions), as docs/api.md defines them for every /api route.
 */
import { AppError } from '../../core/errors.js'
import { DIMENSIONS } from '../../core/model/request.js'
import { asMicros, microsFromIso, microsFromMillis, type Micros } from '../../core/model/units.js'
import type { DimensionFilters, SpanStore } from '../../storage/span-store.js'

export interface DashboardQuery {
  fromUs: Micros
  toUs: Micros
  filters: DimensionFilters
}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** Parses `60s`, `5m`, `1h`, `1d` or plain milliseconds into ms; null when absent. */
export function parseDurationMs(text: string | undefined, name: string): number | null {
  if (text === undefined || text === '') return null
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(text.trim())
  if (!m) {
    throw new AppError('QUERY_INVALID', `${name} must be a duration such as 60s, 5m or 1h (actual: ${JSON.stringify(text)})`)
  }
  const n = Number(m[1])
  const unit = m[2]
  return unit === undefined || unit === 'ms' ? n : n * (UNIT_MS[unit] ?? 1)
}

function parseTime(text: string, name: string): Micros {
  if (/^\d+(\.\d+)?$/.test(text)) return microsFromMillis(Number(text))
  const us = microsFromIso(text)
  if (us === null) {
    throw new AppError('QUERY_INVALID', `${name} must be RFC 3339 or epoch milliseconds (actual: ${JSON.stringify(text)})`)
  }
  return us
}

/**
 * Resolves the window: `from`/`to`, or `since=30m` (relative to `nowMs`), else the whole data
 * extent (`window=all` says so explicitly). An empty store yields an empty window at `nowMs`.
 */
export async function parseDashboardQuery(
  query: (name: string) => string | undefined,
  queries: (name: string) => string[] | undefined,
  store: SpanStore,
  nowMs: number
): Promise<DashboardQuery> {
  const filters: DimensionFilters = {}
  for (const dim of DIMENSIONS) {
    const values = (queries(dim) ?? []).filter((v) => v !== '')
    if (values.length > 0) filters[dim] = values
  }
  const from = query('from')
  const to = query('to')
  const since = parseDurationMs(query('since'), 'since')
  let fromUs: Micros | null = from ? parseTime(from, 'from') : null
  let toUs: Micros | null = to ? parseTime(to, 'to') : null
  if (fromUs === null && since !== null) {
    fromUs = microsFromMillis(nowMs - since)
    toUs = toUs ?? microsFromMillis(nowMs)
  }
  if (fromUs === null || toUs === null) {
    const extent = await store.extent()
    fromUs = fromUs ?? extent?.startUs ?? microsFromMillis(nowMs)
    toUs = toUs ?? (extent ? asMicros(extent.endUs + 1) : microsFromMillis(nowMs))
  }
  if (toUs < fromUs) {
    throw new AppError('QUERY_INVALID', `to must not be before from (from ${from}, to ${to})`)
  }
  return { fromUs, toUs, filters }
}

/** Bucket width in µs from `step` (default: the window split into about 120 buckets, ≥ 1 s). */
export function parseStepUs(text: string | undefined, q: DashboardQuery, maxBuckets = 5000): Micros {
  const spanUs = Math.max(1, q.toUs - q.fromUs)
  const stepMs = parseDurationMs(text, 'step') ?? Math.max(1000, Math.ceil(spanUs / 1000 / 120 / 1000) * 1000)
  if (stepMs < 1) {
    throw new AppError('QUERY_INVALID', `step must be at least 1ms (actual: ${text})`)
  }
  const stepUs = asMicros(Math.round(stepMs * 1000))
  if (spanUs / stepUs > maxBuckets) {
    throw new AppError('QUERY_INVALID', `step ${text} gives more than ${maxBuckets} buckets over this window; use a larger step`)
  }
  return stepUs
}
