/**
 * `scanRequestColumns` of the ClickHouse store. For a sampled scan the first statement counts
 * every matching row (which sets the sample: a `PREWHERE` on a hash of the trace id). The next
 * lists each text field's distinct values and counts each column's values (a column with none is
 * not selected); it reads without `FINAL`, so it may see replaced versions too: a superset, which
 * costs nothing but spares the merge (three quarters of that statement's time at 10 M rows). The
 * last selects those columns of the newest versions (`FINAL`) in start order in ClickHouse's
 * `Native` format, every column fixed-width: numbers Float64 with NULL already NaN, flags Int8
 * -1/0/1, text Int32 dictionary codes (the position in the previous statement's list, -2 for a
 * value it did not see: rows written in between, and the scan reads again). Native is columnar
 * block by block, so each block's column is one byte copy into its typed array: no row objects,
 * no per-row strings, no per-value reads in Node.
 */
import { AppError } from '../../core/errors.js'
import {
  SAMPLE_BUCKETS,
  sampleBucketsKept,
  type RequestColumnQuery,
  type RequestColumns,
} from '../../core/model/query.js'
import {
  emptyRequestColumns,
  fieldColumn,
  validateColumnQuery,
  type FieldsByKind,
} from '../query/request-columns.js'
import type { ClickHouseExecutor } from './executor.js'
import { requestWhere, strArray, toNum } from './sql.js'

/** Attempts when rows arrive between the statements (ClickHouse has no read snapshot). */
const ATTEMPTS = 3

/** Code of a text value missing from the dictionary the scan read first. */
const UNSEEN = -2

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
    if (query.sampleBuckets !== undefined) {
      prewhere = `PREWHERE cityHash64(trace_id) % ${SAMPLE_BUCKETS} < ${Math.max(0, Math.floor(query.sampleBuckets))}`
    } else if (query.sample !== undefined) {
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
    const [row] = await exec.rows(`SELECT ${head.join(', ')} FROM ${requests} ${prewhere} ${where}`)
    const dictionaries = fields.texts.map((_, i) => (row?.[`d${i}`] ?? []) as string[])
    // A column with no value in these rows is not read: it stays NaN / -1.
    const read: FieldsByKind = {
      numbers: fields.numbers.filter((_, i) => toNum(row?.[`c${i}`] ?? 0) > 0),
      flags: fields.flags.filter((_, i) => toNum(row?.[`g${i}`] ?? 0) > 0),
      texts: fields.texts.filter((_, i) => (dictionaries[i] as string[]).length > 0),
    }
    if (toNum(row?.['n'] ?? 0) === 0) {
      return emptyRequestColumns(0, fields, dictionaries, total)
    }
    const readDictionaries = read.texts.map(
      (f) => dictionaries[fields.texts.indexOf(f)] as string[]
    )
    const select = selectList(read, readDictionaries)
    const bytes = await exec.binary(
      // One column at least, so the rows are counted when nothing else is read.
      `SELECT ${select.length > 0 ? select.join(', ') : 'toInt8(0)'}
       FROM ${requests} FINAL ${prewhere} ${where}
       ORDER BY start_us, trace_id`,
      'Native'
    )
    const n = countNativeRows(bytes)
    const out = emptyRequestColumns(n, fields, dictionaries, total)
    const codes = read.texts.map((f) => (out.texts[f] as { codes: Int32Array }).codes)
    const targets = [
      ...read.numbers.map((f) => out.numbers[f] as Float64Array),
      ...read.flags.map((f) => out.flags[f] as Int8Array),
      ...codes,
    ]
    copyNativeColumns(bytes, targets.length > 0 ? targets : [new Int8Array(n)])
    if (!codes.some((c) => c.includes(UNSEEN))) {
      return out
    }
    if (attempt >= ATTEMPTS) {
      throw new AppError(
        'STORE_UNAVAILABLE',
        `expected the request rows' text values to stay put, but new ones arrived during ${ATTEMPTS} reads`
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
    const c = fieldColumn(f)
    const dictionary = dictionaries[i] as string[]
    select.push(
      `toInt32(multiIf(isNull(${c}), -1, (indexOf(${strArray(dictionary)}, assumeNotNull(${c})) AS k${i}) > 0, toInt64(k${i}) - 1, ${UNSEEN}))`
    )
  })
  return select
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
 * Walks a `Native` result's blocks (column count, row count, then per column its name, type and
 * data), calling `column` for each column's data; it returns the data's length. Returns the rows.
 */
function walkNative(
  bytes: Uint8Array,
  column: (c: number, type: string, rows: number, row: number, at: number) => number
): number {
  const at = { pos: 0 }
  let row = 0
  while (at.pos < bytes.length) {
    const columns = readVarUInt(bytes, at)
    const rows = readVarUInt(bytes, at)
    for (let c = 0; c < columns; c++) {
      const nameLength = readVarUInt(bytes, at)
      at.pos += nameLength
      const typeLength = readVarUInt(bytes, at)
      const type = new TextDecoder().decode(bytes.subarray(at.pos, at.pos + typeLength))
      at.pos += typeLength
      at.pos += column(c, type, rows, row, at.pos)
    }
    row += rows
  }
  return row
}

const WIDTH: Record<string, number> = { Int8: 1, Int32: 4, Float64: 8 }

/** Rows in a `Native` result of fixed-width columns. */
function countNativeRows(bytes: Uint8Array): number {
  return walkNative(bytes, (c, type, rows) => {
    const width = WIDTH[type]
    if (width === undefined) {
      throw nativeError(`column ${c} is ${type}`)
    }
    return rows * width
  })
}

/** Copies a `Native` result into the typed arrays (sized by {@link countNativeRows}), column i into `targets[i]`. */
function copyNativeColumns(
  bytes: Uint8Array,
  targets: (Float64Array | Int8Array | Int32Array)[]
): void {
  const views = targets.map((t) => new Uint8Array(t.buffer, t.byteOffset, t.byteLength))
  walkNative(bytes, (c, type, rows, row, at) => {
    const target = targets[c]
    if (!target || type !== NATIVE_TYPE[target.BYTES_PER_ELEMENT]) {
      throw nativeError(`column ${c} is ${type}`)
    }
    const width = target.BYTES_PER_ELEMENT
    const length = rows * width
    ;(views[c] as Uint8Array).set(bytes.subarray(at, at + length), row * width)
    return length
  })
}
