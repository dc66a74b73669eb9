/**
 * The fields of `SpanStore.scanRequestColumns`: which kind of column each one is, the SQL column
 * behind it, how to read it off a request object, and query validation shared by the adapters.
 */
import { AppError } from '../../core/errors.js'
import type { RequestTimeline } from '../../core/model/request.js'
import { DIMENSIONS } from '../../core/model/request.js'
import type {
  RequestColumnQuery,
  RequestColumns,
  RequestField,
  RequestFlagField,
  RequestNumberField,
  RequestTextField,
} from '../../core/model/query.js'
import { REQUEST_MEASURES, SAMPLE_BUCKETS } from '../../core/model/query.js'
import { measureColumn } from './request-fields.js'
import { validateRequestQuery } from './validate.js'

export const REQUEST_NUMBER_FIELDS: readonly RequestNumberField[] = [
  ...REQUEST_MEASURES,
  'end',
  'status',
  'span_count',
]
export const REQUEST_FLAG_FIELDS: readonly RequestFlagField[] = [
  'connection_reused',
  'tls_resumed',
  'has_client',
  'has_gateway',
  'has_engine',
]
export const REQUEST_TEXT_FIELDS: readonly RequestTextField[] = [
  ...DIMENSIONS,
  'downstream_name',
  'ttft_source',
  'error_type',
]

const NUMBER_SET: ReadonlySet<string> = new Set(REQUEST_NUMBER_FIELDS)
const FLAG_SET: ReadonlySet<string> = new Set(REQUEST_FLAG_FIELDS)
const TEXT_SET: ReadonlySet<string> = new Set(REQUEST_TEXT_FIELDS)

/** The query's fields split by column kind, each once, in the order first asked for. */
export interface FieldsByKind {
  numbers: RequestNumberField[]
  flags: RequestFlagField[]
  texts: RequestTextField[]
}

/**
 * The columns of `n` rows, every value "missing" (number NaN, flag -1, text code -1), each text
 * field with its dictionary, and `total` when the scan was sampled: the SQL stores start from it
 * and overwrite the columns they read. The columns `written` names are left zeroed, not filled:
 * the caller writes each of them whole (and fills what it did not reach, `fillMissingFrom`); on
 * 1M rows filling them first was a pass over every column for nothing (ADR 0470).
 */
export function emptyRequestColumns(
  n: number,
  fields: FieldsByKind,
  dictionaries: readonly string[][],
  total: number | null,
  written?: FieldsByKind
): RequestColumns {
  const out: RequestColumns = { n, numbers: {}, flags: {}, texts: {} }
  if (total !== null) {
    out.total = total
  }
  for (const f of fields.numbers) {
    const column = new Float64Array(n)
    out.numbers[f] = written?.numbers.includes(f) === true ? column : column.fill(NaN)
  }
  for (const f of fields.flags) {
    const column = new Int8Array(n)
    out.flags[f] = written?.flags.includes(f) === true ? column : column.fill(-1)
  }
  fields.texts.forEach((f, i) => {
    const codes = new Int32Array(n)
    out.texts[f] = {
      codes: written?.texts.includes(f) === true ? codes : codes.fill(-1),
      values: dictionaries[i] as string[],
    }
  })
  return out
}

/**
 * The rows from `row` on of the columns `written` names set to "missing", as
 * `emptyRequestColumns` would have left them: a scan that returned fewer rows than it counted.
 */
export function fillMissingFrom(out: RequestColumns, written: FieldsByKind, row: number): void {
  if (row >= out.n) {
    return
  }
  for (const f of written.numbers) {
    out.numbers[f]?.fill(NaN, row)
  }
  for (const f of written.flags) {
    out.flags[f]?.fill(-1, row)
  }
  for (const f of written.texts) {
    out.texts[f]?.codes.fill(-1, row)
  }
}

/** Validates window, filters and fields (`QUERY_INVALID` on an unknown field) and groups the fields. */
export function validateColumnQuery(query: RequestColumnQuery): FieldsByKind {
  validateRequestQuery({
    ...(query.filters ? { filters: query.filters } : {}),
  })
  if (query.sample !== undefined && !(Number.isInteger(query.sample) && query.sample >= 1)) {
    throw new AppError(
      'QUERY_INVALID',
      `expected sample to be a whole number of requests ≥ 1, got ${String(query.sample)}`
    )
  }
  if (!Array.isArray(query.fields)) {
    throw new AppError('QUERY_INVALID', `expected fields to be a list, got ${typeof query.fields}`)
  }
  const out: FieldsByKind = { numbers: [], flags: [], texts: [] }
  for (const field of new Set<RequestField>(query.fields)) {
    if (NUMBER_SET.has(field)) {
      out.numbers.push(field as RequestNumberField)
    } else if (FLAG_SET.has(field)) {
      out.flags.push(field as RequestFlagField)
    } else if (TEXT_SET.has(field)) {
      out.texts.push(field as RequestTextField)
    } else {
      throw new AppError(
        'QUERY_INVALID',
        `expected request fields (${[...REQUEST_NUMBER_FIELDS, ...REQUEST_FLAG_FIELDS, ...REQUEST_TEXT_FIELDS].join(', ')}), got "${String(field)}"`
      )
    }
  }
  return out
}

/**
 * The sample bucket (0 … SAMPLE_BUCKETS − 1) of a trace id in the memory store: FNV-1a over the
 * UTF-16 code units, then murmur3's finaliser so the low bits mix. The SQL stores use their own
 * fast string hash (ClickHouse `cityHash64`, DuckDB `hash`); the sample is deterministic per
 * store, not the same set across stores.
 */
export function traceSampleBucket(traceId: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < traceId.length; i++) {
    h ^= traceId.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return (h >>> 0) % SAMPLE_BUCKETS
}

/** SQL column of a field in the `requests` table. */
export function fieldColumn(field: RequestField): string {
  switch (field) {
    case 'end':
      return 'end_us'
    case 'status':
    case 'span_count':
    case 'connection_reused':
    case 'tls_resumed':
    case 'has_client':
    case 'has_gateway':
    case 'has_engine':
    case 'downstream_name':
    case 'ttft_source':
    case 'error_type':
      return field
  }
  if (TEXT_SET.has(field)) {
    return field
  } // a dimension
  return measureColumn(field as Exclude<RequestNumberField, 'end' | 'status' | 'span_count'>)
}

/** Reads a numeric field off a request object (`null` when missing). */
export function numberFieldReader(
  field: RequestNumberField
): (r: RequestTimeline) => number | null {
  switch (field) {
    case 'end':
      return (r) => r.endUs
    case 'status':
      return (r) => r.status
    case 'span_count':
      return (r) => r.spanCount
    case 'start':
      return (r) => r.startUs
    case 'ttft':
      return (r) => r.ttftUs
    case 'tpot':
      return (r) => r.tpotUs
    case 'itl_max':
      return (r) => r.itlMaxUs
    case 'e2e':
      return (r) => r.e2eUs
    case 'input_tokens':
      return (r) => r.inputTokens
    case 'output_tokens':
      return (r) => r.outputTokens
    case 'cached_tokens':
      return (r) => r.cachedTokens
    case 'retries':
      return (r) => r.retries
  }
  return (r) => r.stages[field] ?? null
}

/** Reads a yes/no field off a request object (`null` when unknown). */
export function flagFieldReader(field: RequestFlagField): (r: RequestTimeline) => boolean | null {
  switch (field) {
    case 'connection_reused':
      return (r) => r.connectionReused
    case 'tls_resumed':
      return (r) => r.tlsResumed
    case 'has_client':
      return (r) => r.hasClient
    case 'has_gateway':
      return (r) => r.hasGateway
    case 'has_engine':
      return (r) => r.hasEngine
  }
}

/** Reads a text field off a request object (`null` when missing). */
export function textFieldReader(field: RequestTextField): (r: RequestTimeline) => string | null {
  switch (field) {
    case 'downstream_name':
      return (r) => r.downstreamName
    case 'ttft_source':
      return (r) => r.ttftSource
    case 'error_type':
      return (r) => r.errorType
  }
  return (r) => r.dims[field] ?? null
}
