/**
 * Per-request bounds of the query API: how long a window may be, how many buckets, rows and
 * filter values one answer may hold, and how much memory a diagnosis frame may take. Every bound
 * is a config key (`api.*`, docs/config.md); exceeding one is a 400 that names the key, never an
 * unbounded allocation.
 */
import { DEFAULTS } from '../config/defaults.js'
import type { ResolvedConfig } from '../config/schema.js'
import { AppError } from '../core/errors.js'
import {
  FRAME_FLAG_FIELDS,
  FRAME_NUMBER_FIELDS,
  FRAME_TEXT_FIELDS,
} from '../core/diagnosis/frame/frame.js'
import type { DimensionFilters } from '../core/model/query.js'
import type { Micros } from '../core/model/units.js'
import type { SpanStore } from '../storage/span-store.js'
import { aggregateThroughRollup } from '../storage/rollup/request-rollup.js'

export type ApiLimits = ResolvedConfig['api']

/** The defaults of `api.*` (a test app that names no limits gets these). */
export const DEFAULT_API_LIMITS: ApiLimits = DEFAULTS.api

/** The limits of an app's deps: the given ones over the defaults. */
export function apiLimitsOf(deps: { limits?: Partial<ApiLimits> }): ApiLimits {
  return { ...DEFAULT_API_LIMITS, ...definedOnly(deps.limits ?? {}) }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** A duration for messages: `90d`, `36h`, `15m`, `42s`, `250ms` (the largest whole unit). */
export function formatDurationMs(ms: number): string {
  if (!Number.isFinite(ms)) {
    return String(ms)
  }
  const units: [string, number][] = [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ]
  for (const [unit, size] of units) {
    if (Math.abs(ms) >= size) {
      const value = ms / size
      return `${Number.isInteger(value) ? value : value.toFixed(1)}${unit}`
    }
  }
  return `${ms}ms`
}

/** The error for a request over one of the limits: 400, naming the config key. */
export function overLimit(
  what: string,
  key: keyof ApiLimits,
  limit: string,
  actual: string,
  hint = ''
): AppError {
  return new AppError(
    'QUERY_INVALID',
    `${what} must be at most ${limit} (limit api.${key}; actual: ${actual})${hint}`
  )
}

/** Columns of the diagnosis frame, and the bytes one cell is counted as (a float64 or a reference). */
export const DIAGNOSIS_FRAME_COLUMNS =
  FRAME_NUMBER_FIELDS.length + FRAME_FLAG_FIELDS.length + FRAME_TEXT_FIELDS.length
const BYTES_PER_CELL = 8

/** The most requests whose diagnosis frame fits `api.maxDiagnosisBytes`. */
export function diagnosisRowBudget(limits: ApiLimits): number {
  return Math.floor(limits.maxDiagnosisBytes / (DIAGNOSIS_FRAME_COLUMNS * BYTES_PER_CELL))
}

/**
 * Refuses a diagnosis (or concentration) whose frame would pass `api.maxDiagnosisBytes`: counts
 * the window's requests first (one count in the store), so the frame is never built. A diagnosis
 * reads at most about `sample` of them (its hash sample, ADR 0100), so only those count.
 * Returns the window's count.
 */
export async function checkDiagnosisBudget(
  store: SpanStore,
  query: { fromUs?: Micros; toUs?: Micros; filters: DimensionFilters },
  limits: ApiLimits,
  sample = Infinity
): Promise<number> {
  // A count, from the rollup's buckets when it keeps them: a page of one row would sort them all.
  const counted = await aggregateThroughRollup(store, { ...query, measures: [] })
  const page = { total: counted.reduce((n, row) => n + row.count, 0) }
  const rows = Math.min(page.total, sample)
  const bytes = rows * DIAGNOSIS_FRAME_COLUMNS * BYTES_PER_CELL
  if (bytes > limits.maxDiagnosisBytes) {
    const maxRows = diagnosisRowBudget(limits)
    const read = rows < page.total ? ` (a sample of ${rows} of them is read)` : ''
    throw new AppError(
      'QUERY_INVALID',
      `the window holds ${page.total} requests${read}; a diagnosis frame of ${DIAGNOSIS_FRAME_COLUMNS} columns for them needs ~${Math.ceil(bytes / 1048576)} MiB, more than the diagnosis memory budget of ${Math.floor(limits.maxDiagnosisBytes / 1048576)} MiB (limit api.maxDiagnosisBytes, about ${maxRows} requests): narrow the window or add filters`
    )
  }
  return page.total
}
