/**
 * `scanRequestColumns` of the ClickHouse store. The first statement counts the rows and lists
 * each text field's distinct values; the second selects only the asked-for columns in start
 * order as `RowBinary`, every column fixed-width: numbers Float64 with NULL already NaN, flags
 * Int8 -1/0/1, text Int32 dictionary codes (the position in the first statement's list). The
 * bytes are copied straight into typed arrays: no row objects, no per-row strings in Node.
 */
import type { RequestColumnQuery, RequestColumns } from '../span-store.js'
import { fieldColumn, validateColumnQuery, type FieldsByKind } from '../query/request-columns.js'
import type { ClickHouseExecutor } from './executor.js'
import { requestWhere, strArray, toNum } from './sql.js'

/** Attempts when rows arrive between the two statements (ClickHouse has no read snapshot). */
const ATTEMPTS = 3

/** Reads the query's fields of the matching requests. */
export async function queryRequestColumns(
  exec: ClickHouseExecutor,
  requests: string,
  query: RequestColumnQuery
): Promise<RequestColumns> {
  const fields = validateColumnQuery(query)
  const where = requestWhere(query)
  for (let attempt = 1; ; attempt++) {
    const head = [
      'count() AS n',
      ...fields.texts.map((f, i) => `groupUniqArray(${fieldColumn(f)}) AS d${i}`),
    ]
    const [row] = await exec.rows(`SELECT ${head.join(', ')} FROM ${requests} FINAL ${where}`)
    const n = toNum(row?.['n'] ?? 0)
    const dictionaries = fields.texts.map((_, i) => (row?.[`d${i}`] ?? []) as string[])
    const out = emptyColumns(n, fields, dictionaries)
    const width = fields.numbers.length * 8 + fields.flags.length + fields.texts.length * 4
    if (n === 0 || width === 0) return out
    const bytes = await exec.binary(
      `SELECT ${selectList(fields, dictionaries).join(', ')} FROM ${requests} FINAL ${where}
       ORDER BY start_us, trace_id`
    )
    if (bytes.length === n * width) {
      copyRows(bytes, fields, out)
      return out
    }
    // Rows were written between the two statements: the dictionaries may miss a value.
    if (attempt >= ATTEMPTS) {
      throw new Error(
        `expected ${n} request rows, read ${Math.floor(bytes.length / width)}: requests kept changing during ${ATTEMPTS} reads`
      )
    }
  }
}

function selectList(fields: FieldsByKind, dictionaries: string[][]): string[] {
  const select: string[] = []
  for (const f of fields.numbers) select.push(`ifNull(toFloat64(${fieldColumn(f)}), nan)`)
  for (const f of fields.flags) {
    const c = fieldColumn(f)
    select.push(`toInt8(multiIf(isNull(${c}), -1, assumeNotNull(${c}), 1, 0))`)
  }
  fields.texts.forEach((f, i) => {
    const dictionary = dictionaries[i] as string[]
    select.push(
      dictionary.length === 0
        ? 'toInt32(-1)'
        : `toInt32(toInt64(indexOf(${strArray(dictionary)}, ${fieldColumn(f)})) - 1)`
    )
  })
  return select
}

function emptyColumns(n: number, fields: FieldsByKind, dictionaries: string[][]): RequestColumns {
  const out: RequestColumns = { n, numbers: {}, flags: {}, texts: {} }
  for (const f of fields.numbers) out.numbers[f] = new Float64Array(n)
  for (const f of fields.flags) out.flags[f] = new Int8Array(n)
  fields.texts.forEach((f, i) => {
    out.texts[f] = { codes: new Int32Array(n), values: dictionaries[i] as string[] }
  })
  return out
}

/** De-interleaves fixed-width little-endian rows into the typed arrays. */
function copyRows(bytes: Uint8Array, fields: FieldsByKind, out: RequestColumns): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const numbers = fields.numbers.map((f) => out.numbers[f] as Float64Array)
  const flags = fields.flags.map((f) => out.flags[f] as Int8Array)
  const texts = fields.texts.map((f) => (out.texts[f] as { codes: Int32Array }).codes)
  let offset = 0
  for (let row = 0; row < out.n; row++) {
    for (const target of numbers) {
      target[row] = view.getFloat64(offset, true)
      offset += 8
    }
    for (const target of flags) {
      target[row] = view.getInt8(offset)
      offset += 1
    }
    for (const target of texts) {
      target[row] = view.getInt32(offset, true)
      offset += 4
    }
  }
}
