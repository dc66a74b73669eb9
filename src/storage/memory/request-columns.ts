/**
 * `scanRequestColumns` of the memory store: straight loops from the stored objects into typed
 * arrays. Nothing is cloned: typed arrays and fresh dictionaries cannot alias stored data.
 */
import type { RequestTimeline } from '../../core/model/request.js'
import type { RequestColumnQuery, RequestColumns, TextColumn } from '../span-store.js'
import {
  flagFieldReader,
  numberFieldReader,
  textFieldReader,
  validateColumnQuery,
} from '../query/request-columns.js'
import { compareRequests, matchesFilters } from '../query/request-order.js'

/** True when the rows are already in scan order (start, then trace id): the usual case. */
function inScanOrder(rows: readonly RequestTimeline[]): boolean {
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1] as RequestTimeline
    const b = rows[i] as RequestTimeline
    if (a.startUs > b.startUs || (a.startUs === b.startUs && a.traceId > b.traceId)) return false
  }
  return true
}

/** Reads the query's fields of the matching stored requests into columns. */
export function memoryRequestColumns(
  stored: Iterable<RequestTimeline>,
  query: RequestColumnQuery
): RequestColumns {
  const fields = validateColumnQuery(query)
  const fromUs = query.fromUs ?? Number.NEGATIVE_INFINITY
  const toUs = query.toUs ?? Number.POSITIVE_INFINITY
  const filtered = Object.values(query.filters ?? {}).some((v) => v !== undefined && v.length > 0)
  const rows: RequestTimeline[] = []
  for (const r of stored) {
    if (r.startUs >= fromUs && r.startUs < toUs && (!filtered || matchesFilters(r, query.filters)))
      rows.push(r)
  }
  if (!inScanOrder(rows)) rows.sort(compareRequests('start', 'asc'))
  const n = rows.length
  const out: RequestColumns = { n, numbers: {}, flags: {}, texts: {} }
  for (const field of fields.numbers) {
    const read = numberFieldReader(field)
    const col = new Float64Array(n)
    for (let i = 0; i < n; i++) {
      const v = read(rows[i] as RequestTimeline)
      col[i] = v === null ? NaN : v
    }
    out.numbers[field] = col
  }
  for (const field of fields.flags) {
    const read = flagFieldReader(field)
    const col = new Int8Array(n)
    for (let i = 0; i < n; i++) {
      const v = read(rows[i] as RequestTimeline)
      col[i] = v === null ? -1 : v ? 1 : 0
    }
    out.flags[field] = col
  }
  for (const field of fields.texts) {
    const read = textFieldReader(field)
    const codes = new Int32Array(n)
    const index = new Map<string, number>()
    const values: string[] = []
    for (let i = 0; i < n; i++) {
      const v = read(rows[i] as RequestTimeline)
      if (v === null) {
        codes[i] = -1
        continue
      }
      let code = index.get(v)
      if (code === undefined) {
        code = values.length
        index.set(v, code)
        values.push(v)
      }
      codes[i] = code
    }
    out.texts[field] = { codes, values } satisfies TextColumn
  }
  return out
}
