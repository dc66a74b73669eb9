/**
 * `scanRequestColumns` of the ClickHouse store. For a sampled scan the first statement counts
 * every matching row (which sets the sample: a `PREWHERE` on a hash of the trace id). The next
 * counts the rows read and each column's values (a column with none is not selected) and lists
 * each text field's distinct values; the last selects those columns in start order in
 * ClickHouse's `Native` format, every column fixed-width: numbers Float64 with NULL already NaN,
 * flags Int8 -1/0/1, text Int32 dictionary codes (the position in the previous statement's
 * list). Native is columnar block by block, so each block's column is one byte copy
 * into its typed array: no row objects, no per-row strings, no per-value reads in Node.
 */
import { AppError } from '../../core/errors.js'
import {
  SAMPLE_BUCKETS,
  sampleBucketsKept,
  type RequestColumnQuery,
  type RequestColumns,
} from '../../core/model/query.js'
import { fieldColumn, validateColumnQuery, type FieldsByKind } from '../query/request-columns.js'
import type { ClickHouseExecutor } from './executor.js'
import { requestWhere, strArray, toNum } from './sql.js'

/** Attempts when rows arrive between the statements (ClickHouse has no read snapshot). */
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
    let total: number | null = null
    let prewhere = ''
    if (query.sample !== undefined) {
      const [counted] = await exec.rows(`SELECT count() AS n FROM ${requests} FINAL ${where}`)
      total = toNum(counted?.['n'] ?? 0)
      const kept = sampleBucketsKept(total, query.sample)
      if (kept !== null) {
        // On the replacing key only: every version of a trace has the same hash, so dropping rows
        // before FINAL merges them is safe, and the other columns of dropped rows are not read.
        prewhere = `PREWHERE cityHash64(trace_id) % ${SAMPLE_BUCKETS} < ${kept}`
      }
    }
    const head = [
      'count() AS n',
      ...fields.numbers.map((f, i) => `count(${fieldColumn(f)}) AS c${i}`),
      ...fields.flags.map((f, i) => `count(${fieldColumn(f)}) AS g${i}`),
      ...fields.texts.map((f, i) => `groupUniqArray(${fieldColumn(f)}) AS d${i}`),
    ]
    const [row] = await exec.rows(
      `SELECT ${head.join(', ')} FROM ${requests} FINAL ${prewhere} ${where}`
    )
    const n = toNum(row?.['n'] ?? 0)
    const dictionaries = fields.texts.map((_, i) => (row?.[`d${i}`] ?? []) as string[])
    const out = emptyColumns(n, fields, dictionaries)
    if (total !== null) {
      out.total = total
    }
    // A column with no value in these rows is not read: it stays NaN / -1.
    const read: FieldsByKind = {
      numbers: fields.numbers.filter((_, i) => toNum(row?.[`c${i}`] ?? 0) > 0),
      flags: fields.flags.filter((_, i) => toNum(row?.[`g${i}`] ?? 0) > 0),
      texts: fields.texts.filter((_, i) => (dictionaries[i] as string[]).length > 0),
    }
    const targets = [
      ...read.numbers.map((f) => out.numbers[f] as Float64Array),
      ...read.flags.map((f) => out.flags[f] as Int8Array),
      ...read.texts.map((f) => (out.texts[f] as { codes: Int32Array }).codes),
    ]
    if (n === 0 || targets.length === 0) {
      return out
    }
    const readDictionaries = read.texts.map(
      (f) => dictionaries[fields.texts.indexOf(f)] as string[]
    )
    const bytes = await exec.binary(
      `SELECT ${selectList(read, readDictionaries).join(', ')} FROM ${requests} FINAL ${prewhere} ${where}
       ORDER BY start_us, trace_id`,
      'Native'
    )
    const got = copyNativeColumns(bytes, targets, n)
    if (got === n) {
      return out
    }
    // Rows were written between the statements: the dictionaries may miss a value.
    if (attempt >= ATTEMPTS) {
      throw new AppError(
        'STORE_UNAVAILABLE',
        `expected ${n} request rows, read ${got}: requests kept changing during ${ATTEMPTS} reads`
      )
    }
  }
}

function selectList(fields: FieldsByKind, dictionaries: string[][]): string[] {
  const select: string[] = []
  for (const f of fields.numbers) {
    select.push(`ifNull(toFloat64(${fieldColumn(f)}), nan)`)
  }
  for (const f of fields.flags) {
    const c = fieldColumn(f)
    select.push(`toInt8(multiIf(isNull(${c}), -1, assumeNotNull(${c}), 1, 0))`)
  }
  fields.texts.forEach((f, i) => {
    const dictionary = dictionaries[i] as string[]
    select.push(
      `toInt32(ifNull(toInt64(indexOf(${strArray(dictionary)}, ${fieldColumn(f)})), 0) - 1)`
    )
  })
  return select
}

/** Columns filled with "missing" (NaN, -1); the scan overwrites those it reads. */
function emptyColumns(n: number, fields: FieldsByKind, dictionaries: string[][]): RequestColumns {
  const out: RequestColumns = { n, numbers: {}, flags: {}, texts: {} }
  for (const f of fields.numbers) {
    out.numbers[f] = new Float64Array(n).fill(NaN)
  }
  for (const f of fields.flags) {
    out.flags[f] = new Int8Array(n).fill(-1)
  }
  fields.texts.forEach((f, i) => {
    out.texts[f] = { codes: new Int32Array(n).fill(-1), values: dictionaries[i] as string[] }
  })
  return out
}

const NATIVE_TYPE: Record<number, string> = { 1: 'Int8', 4: 'Int32', 8: 'Float64' }

function nativeError(why: string): AppError {
  return new AppError(
    'STORE_UNAVAILABLE',
    `expected a Native result of fixed-width columns: ${why}`
  )
}

function readVarUInt(bytes: Uint8Array, at: { pos: number }): number {
  let value = 0
  let shift = 1
  for (;;) {
    if (at.pos >= bytes.length) {
      throw nativeError('ends inside a length')
    }
    const byte = bytes[at.pos++] as number
    value += (byte & 0x7f) * shift
    if (byte < 0x80) {
      return value
    }
    shift *= 128
  }
}

/**
 * Copies a `Native` result (blocks of: column count, row count, then per column its name, type
 * and data) into the typed arrays, column i into `targets[i]`. Returns the rows read, or -1 when
 * there were more than `n` (the caller retries).
 */
function copyNativeColumns(
  bytes: Uint8Array,
  targets: (Float64Array | Int8Array | Int32Array)[],
  n: number
): number {
  const views = targets.map((t) => new Uint8Array(t.buffer, t.byteOffset, t.byteLength))
  const at = { pos: 0 }
  let row = 0
  while (at.pos < bytes.length) {
    const columns = readVarUInt(bytes, at)
    const rows = readVarUInt(bytes, at)
    if (row + rows > n) {
      return -1
    }
    for (let c = 0; c < columns; c++) {
      const nameLength = readVarUInt(bytes, at)
      at.pos += nameLength
      const typeLength = readVarUInt(bytes, at)
      const type = new TextDecoder().decode(bytes.subarray(at.pos, at.pos + typeLength))
      at.pos += typeLength
      const target = targets[c]
      if (!target || type !== NATIVE_TYPE[target.BYTES_PER_ELEMENT]) {
        throw nativeError(`column ${c} is ${type}`)
      }
      const width = target.BYTES_PER_ELEMENT
      const length = rows * width
      ;(views[c] as Uint8Array).set(bytes.subarray(at.pos, at.pos + length), row * width)
      at.pos += length
    }
    row += rows
  }
  return row
}
