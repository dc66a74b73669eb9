/**
 * `scanRequestColumns` of the DuckDB store. Two statements in one read transaction (so they see
 * the same data): the first counts the rows and lists each text field's distinct values; the
 * second selects only the asked-for columns in start order, with NULL numbers already NaN, flags
 * already -1/0/1 and text already replaced by its dictionary code (a join against the list the
 * first statement returned). The result is copied chunk by chunk into typed arrays: no row
 * objects and no JS strings per row.
 */
import { listValue, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api'
import type {
  RequestColumnQuery,
  RequestColumns,
  RequestFlagField,
  RequestNumberField,
  RequestTextField,
} from '../../core/model/query.js'
import { fieldColumn, validateColumnQuery } from '../query/request-columns.js'
import { inTransaction, toNumber } from './connection.js'
import { requestWhere } from './sql.js'

/** Reads the query's fields of the matching requests (run on the reader connection, behind its queue). */
export async function queryRequestColumns(
  reader: DuckDBConnection,
  query: RequestColumnQuery
): Promise<RequestColumns> {
  const fields = validateColumnQuery(query)
  const where = requestWhere(query)
  let out: RequestColumns = { n: 0, numbers: {}, flags: {}, texts: {} }
  await inTransaction(reader, async () => {
    const dictSql = [
      'count(*) AS n',
      ...fields.texts.map((f, i) => {
        const col = fieldColumn(f)
        return `coalesce(list(DISTINCT ${col}) FILTER (WHERE ${col} IS NOT NULL), []) AS d${i}`
      }),
    ].join(', ')
    const head = (
      await reader.runAndReadAll(`SELECT ${dictSql} FROM requests ${where.sql}`, where.params)
    ).getRowsJS()[0]
    const n = toNumber(head?.[0] ?? 0)
    const dictionaries = fields.texts.map((_, i) => (head?.[i + 1] ?? []) as string[])
    out = emptyColumns(n, fields.numbers, fields.flags, fields.texts, dictionaries)
    const columnCount = fields.numbers.length + fields.flags.length + fields.texts.length
    if (n === 0 || columnCount === 0) {
      return
    }
    await readRows(reader, query, fields, dictionaries, out)
  })
  return out
}

function emptyColumns(
  n: number,
  numbers: readonly RequestNumberField[],
  flags: readonly RequestFlagField[],
  texts: readonly RequestTextField[],
  dictionaries: string[][]
): RequestColumns {
  const out: RequestColumns = { n, numbers: {}, flags: {}, texts: {} }
  for (const f of numbers) {
    out.numbers[f] = new Float64Array(n)
  }
  for (const f of flags) {
    out.flags[f] = new Int8Array(n)
  }
  texts.forEach((f, i) => {
    out.texts[f] = { codes: new Int32Array(n), values: dictionaries[i] as string[] }
  })
  return out
}

async function readRows(
  reader: DuckDBConnection,
  query: RequestColumnQuery,
  fields: ReturnType<typeof validateColumnQuery>,
  dictionaries: string[][],
  out: RequestColumns
): Promise<void> {
  const where = requestWhere(query)
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
      for (let i = 0; i < count; i++) {
        target[row + i] = vector.getItem(i) as number
      }
    }
    row += count
  }
}
