/**
 * `scanRequestColumns` of the DuckDB store. Statements in one read transaction (so they see the
 * same data): for a sampled scan, first the count of every matching row (which sets the sample);
 * then the count of the rows read, each column's non-null count (a column with none is not
 * selected) and each text field's distinct values; then only the asked-for columns in start order, with NULL numbers already NaN, flags
 * already -1/0/1 and text already replaced by its dictionary code (a join against the list the
 * first statement returned). The result is copied chunk by chunk into typed arrays: no row
 * objects and no JS strings per row.
 */
import { listValue, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api'
import {
  SAMPLE_BUCKETS,
  sampleBucketsKept,
  type RequestColumnQuery,
  type RequestColumns,
} from '../../core/model/query.js'
import {
  emptyRequestColumns,
  fieldColumn,
  fillMissingFrom,
  validateColumnQuery,
  type FieldsByKind,
} from '../query/request-columns.js'
import { inTransaction, toNumber } from './connection.js'
import { requestWhere, type Where } from './sql.js'

/** Reads the query's fields of the matching requests (run on a reader connection, behind its queue). */
export async function queryRequestColumns(
  reader: DuckDBConnection,
  query: RequestColumnQuery
): Promise<RequestColumns> {
  const fields = validateColumnQuery(query)
  const where = requestWhere(query)
  let out: RequestColumns = { n: 0, numbers: {}, flags: {}, texts: {} }
  await inTransaction(reader, async () => {
    let total: number | null = null
    if (query.sampleBuckets !== undefined) {
      where.sql += ` AND hash(trace_id) % ${SAMPLE_BUCKETS} < ${Math.max(0, Math.floor(query.sampleBuckets))}`
    } else if (query.sample !== undefined) {
      const counted = (
        await reader.runAndReadAll(`SELECT count(*) FROM requests ${where.sql}`, where.params)
      ).getRowsJS()[0]
      total = toNumber(counted?.[0] ?? 0)
      const kept = sampleBucketsKept(total, query.sample)
      if (kept !== null) {
        // DuckDB's own string hash; every version of a trace has the same id, so a trace is in
        // or out whole.
        where.sql += ` AND hash(trace_id) % ${SAMPLE_BUCKETS} < ${kept}`
      }
    }
    // Per column: its non-null count (a column with none is not read: it stays NaN / -1). A
    // text column's distinct values are its histogram's keys (NULLs are not counted): one map per
    // thread, where `list(DISTINCT …)` builds a partitioned hash table per column, which cost
    // 1.6–1.9× as much CPU over the frame's 11 dimension-like columns (ADR 0375).
    const dictSql = [
      'count(*) AS n',
      ...fields.numbers.map((f) => `count(${fieldColumn(f)})`),
      ...fields.flags.map((f) => `count(${fieldColumn(f)})`),
      ...fields.texts.map((f) => `coalesce(map_keys(histogram(${fieldColumn(f)})), [])`),
    ].join(', ')
    const head = (
      await reader.runAndReadAll(`SELECT ${dictSql} FROM requests ${where.sql}`, where.params)
    ).getRowsJS()[0]
    const n = toNumber(head?.[0] ?? 0)
    let at = 1
    const present = {
      numbers: fields.numbers.filter(() => toNumber(head?.[at++] ?? 0) > 0),
      flags: fields.flags.filter(() => toNumber(head?.[at++] ?? 0) > 0),
    }
    const dictionaries = fields.texts.map(() => (head?.[at++] ?? []) as string[])
    const texts = fields.texts.filter((_, i) => (dictionaries[i] as string[]).length > 0)
    const none = present.numbers.length + present.flags.length + texts.length === 0
    const read = n === 0 || (none && query.withBuckets !== true) ? null : { ...present, texts }
    // The columns the statement reads are written whole below: not filled first.
    out = emptyRequestColumns(n, fields, dictionaries, total, read ?? undefined)
    if (query.withBuckets === true) {
      out.buckets = new Int32Array(n)
    }
    if (read === null) {
      return
    }
    await readRows(
      reader,
      where,
      read,
      texts.map((f) => dictionaries[fields.texts.indexOf(f)] as string[]),
      out
    )
  })
  return out
}

async function readRows(
  reader: DuckDBConnection,
  where: Where,
  fields: FieldsByKind,
  dictionaries: string[][],
  out: RequestColumns
): Promise<void> {
  const select: string[] = []
  const targets: (Float64Array | Int8Array | Int32Array)[] = []
  for (const f of fields.numbers) {
    select.push(`coalesce(r.${fieldColumn(f)}::DOUBLE, 'nan'::DOUBLE)`)
    targets.push(out.numbers[f] as Float64Array)
  }
  for (const f of fields.flags) {
    const col = `r.${fieldColumn(f)}`
    select.push(`(CASE WHEN ${col} IS NULL THEN -1 WHEN ${col} THEN 1 ELSE 0 END)::TINYINT`)
    targets.push(out.flags[f] as Int8Array)
  }
  if (out.buckets !== undefined) {
    select.push(`(hash(r.trace_id) % ${SAMPLE_BUCKETS})::INTEGER`)
    targets.push(out.buckets)
  }
  const joins: string[] = []
  const joinParams: DuckDBValue[] = []
  fields.texts.forEach((f, i) => {
    const dictionary = dictionaries[i] as string[]
    targets.push((out.texts[f] as { codes: Int32Array }).codes)
    if (dictionary.length === 0) {
      select.push('-1::INTEGER')
      return
    }
    // Codes are positions in the list the first statement returned: joined as a small table.
    joins.push(
      `LEFT JOIN (SELECT unnest(l) AS v, generate_subscripts(l, 1) - 1 AS c FROM (SELECT ?::VARCHAR[] AS l)) d${i} ON r.${fieldColumn(f)} = d${i}.v`
    )
    joinParams.push(listValue(dictionary))
    select.push(`coalesce(d${i}.c, -1)::INTEGER`)
  })
  const sql = `SELECT ${select.join(', ')} FROM requests r ${joins.join(' ')}
    ${where.sql}
    ORDER BY r.start_us, r.trace_id`
  const result = await reader.stream(sql, [...joinParams, ...where.params])
  let row = 0
  for (;;) {
    const chunk = await result.fetchChunk()
    if (!chunk || chunk.rowCount === 0) {
      break
    }
    const count = Math.min(chunk.rowCount, out.n - row)
    for (let c = 0; c < targets.length; c++) {
      const vector = chunk.getColumnVector(c)
      const target = targets[c] as Float64Array | Int8Array | Int32Array
      const items = vectorItems(vector, target)
      if (items !== null) {
        target.set(items.subarray(0, count), row)
        continue
      }
      for (let i = 0; i < count; i++) {
        target[row + i] = vector.getItem(i) as number
      }
    }
    row += count
  }
  fillMissingFrom(out, fields, row)
}

/**
 * A vector's values as the typed array the driver keeps them in (a view of the chunk), when it
 * is of the target's kind; null otherwise (then each value is read with `getItem`). The driver
 * does not declare the array, so it is looked up and checked, not assumed. Every column of the
 * statement is non-null (NULL numbers are NaN, flags -1, codes -1), so the values need no
 * validity check: `getItem` made one per value, through a 64-bit mask read as BigInts, which
 * cost more than the copy it guarded (ADR 0367).
 */
export function vectorItems(
  vector: unknown,
  target: Float64Array | Int8Array | Int32Array
): Float64Array | Int8Array | Int32Array | null {
  const items = (vector as { items?: unknown }).items
  return items instanceof target.constructor ? (items as typeof target) : null
}
