/**
 * Column-wise appends: rows go to DuckDB a column at a time in data chunks of up to 2048 rows
 * (`appendDataChunk`) instead of one Appender call per value plus one per row (ADR 0056, 0102).
 *
 * Each column is laid out here in DuckDB's own vector format and crosses into native code as one
 * buffer copy per chunk (ADR 0108). Written by hand because the driver's vector classes make one
 * native call per string value, and spans repeat most of theirs: a body's spans share one
 * resource and scope, a trace's spans one trace id, a request batch its model, replica and
 * region. A VARCHAR slot (`string_t`, 16 bytes) holds a string of up to 12 bytes inline, and a
 * longer one as length, 4-byte prefix and a pointer into the vector's own string heap; so
 *   - a short ASCII string is written inline, with no native call;
 *   - a longer string is handed to DuckDB once per chunk (`vector_assign_string_element`) and
 *     every later row with the same value gets a copy of that slot, pointing at the same bytes.
 * DuckDB copies the strings out of the chunk when it is appended, so shared slots are safe for
 * the chunk's lifetime, which ends with this function. A short string that is not ASCII is handed
 * to DuckDB like a long one (it does the UTF-8 encoding).
 *
 * A column that is NULL in every row of a chunk (most of a request's 21 stage columns) gets only
 * its validity bits: DuckDB reads no value of a NULL row (ADR 0398).
 *
 * Runs inside the caller's transaction, so acknowledged = committed is unchanged.
 */
import duckdb, { type Vector } from '@duckdb/node-bindings'
import {
  DuckDBDataChunk,
  DuckDBTypeId,
  type DuckDBConnection,
  type DuckDBType,
} from '@duckdb/node-api'
import { AppError } from '../../core/errors.js'

/** Rows per chunk: DuckDB's vector size (a chunk cannot hold more). */
export const CHUNK_ROWS = 2048

/** Bytes of one VARCHAR slot (`duckdb_string_t`) and of its inline part. */
const SLOT = 16
const INLINE_MAX = 12

/** One table column: its type and how a row gives its value (null for SQL NULL). */
export interface ChunkColumn<T> {
  type: DuckDBType
  value: (row: T) => string | number | bigint | boolean | null
  /**
   * VARCHAR only: the values rarely repeat within a batch (span ids, attribute JSON), so each
   * goes to DuckDB without first being looked up among the chunk's earlier values: for a unique
   * string the lookup (hashing it, growing the map) costs more than it could save.
   */
  distinct?: boolean
}

/** How one column's values are laid out in its vector. */
export type Layout = 'varchar' | 'boolean' | 'int32' | 'int64' | 'double'

const LAYOUT_BYTES: Record<Layout, number> = {
  varchar: SLOT,
  boolean: 1,
  int32: 4,
  int64: 8,
  double: 8,
}

export function layoutOf(type: DuckDBType): Layout {
  switch (type.typeId) {
    case DuckDBTypeId.VARCHAR:
      return 'varchar'
    case DuckDBTypeId.BOOLEAN:
      return 'boolean'
    case DuckDBTypeId.INTEGER:
      return 'int32'
    case DuckDBTypeId.BIGINT:
      return 'int64'
    case DuckDBTypeId.DOUBLE:
      return 'double'
    default:
      throw new AppError('STORE_UNSUPPORTED', `no chunk layout for column type ${type.toString()}`)
  }
}

/**
 * Buffers reused from chunk to chunk (their contents are copied into the vector each time). One
 * set per call, so concurrent appends on other connections never share them.
 */
export interface Scratch {
  buffer: ArrayBuffer
  data: Uint8Array
  view: DataView
  validity: Uint8Array
  validityBuffer: ArrayBuffer
  /** Row at which each long string of the current column was first given to DuckDB. */
  firstRow: Map<string, number>
  /** Per row of the current column: where its slot comes from (a row, INLINE or NULL_SLOT). */
  from: Int32Array
}

/** `from` marks: the value is written inline here; the value is null. */
const INLINE = -1
const NULL_SLOT = -2

export function newScratch(): Scratch {
  const buffer = new ArrayBuffer(CHUNK_ROWS * SLOT)
  const validityBuffer = new ArrayBuffer(CHUNK_ROWS / 8)
  return {
    buffer,
    data: new Uint8Array(buffer),
    view: new DataView(buffer),
    validity: new Uint8Array(validityBuffer),
    validityBuffer,
    firstRow: new Map(),
    from: new Int32Array(CHUNK_ROWS),
  }
}

/** True when `value` fits a slot inline: ASCII (one byte per character) of at most 12 bytes. */
function fitsInline(value: string): boolean {
  if (value.length > INLINE_MAX) {
    return false
  }
  for (let k = 0; k < value.length; k++) {
    if (value.charCodeAt(k) > 0x7f) {
      return false
    }
  }
  return true
}

/**
 * Writes `value` (one that `fitsInline`) into slot `row`. The slot's unused bytes are zeroed, as
 * DuckDB's own `string_t` constructor leaves them.
 */
function writeInline(scratch: Scratch, row: number, value: string): void {
  const length = value.length
  const at = row * SLOT
  const data = scratch.data
  for (let k = 0; k < length; k++) {
    data[at + 4 + k] = value.charCodeAt(k)
  }
  data.fill(0, at + 4 + length, at + SLOT)
  scratch.view.setUint32(at, length, true)
}

/**
 * Writes one column's values for `n` rows: each string that does not fit inline goes to DuckDB
 * (once per chunk unless `distinct`), everything else is laid out in `scratch`.
 */
function fillStrings(
  vector: Vector,
  values: readonly (string | null)[],
  n: number,
  distinct: boolean,
  scratch: Scratch
): void {
  const { firstRow, from } = scratch
  firstRow.clear()
  // Pass 1: decide where each row's slot comes from; hand DuckDB what only it can lay out.
  let assigned = 0
  for (let r = 0; r < n; r++) {
    const value = values[r]
    if (value === null || value === undefined) {
      from[r] = NULL_SLOT
    } else if (fitsInline(value)) {
      from[r] = INLINE
    } else {
      const first = distinct ? undefined : firstRow.get(value)
      if (first === undefined) {
        duckdb.vector_assign_string_element(vector, r, value)
        if (!distinct) {
          firstRow.set(value, r)
        }
        assigned++
        from[r] = r
      } else {
        from[r] = first
      }
    }
  }
  // Pass 2: read back the slots DuckDB wrote, then fill every other row here.
  const data = scratch.data
  if (assigned > 0) {
    data.set(duckdb.vector_get_data(vector, n * SLOT))
  }
  for (let r = 0; r < n; r++) {
    const source = from[r] as number
    if (source === INLINE) {
      writeInline(scratch, r, values[r] as string)
    } else if (source === NULL_SLOT) {
      data.fill(0, r * SLOT, (r + 1) * SLOT)
    } else if (source !== r) {
      data.copyWithin(r * SLOT, source * SLOT, (source + 1) * SLOT)
    }
  }
}

/** Writes one non-string column's values for `n` rows into `scratch`. */
function fillFixed(layout: Layout, values: readonly unknown[], n: number, scratch: Scratch): void {
  const view = scratch.view
  for (let r = 0; r < n; r++) {
    const value = values[r]
    if (value === null || value === undefined) {
      continue
    }
    switch (layout) {
      case 'boolean':
        view.setUint8(r, value === true ? 1 : 0)
        break
      case 'int32':
        view.setInt32(r * 4, value as number, true)
        break
      case 'double':
        view.setFloat64(r * 8, value as number, true)
        break
      case 'int64':
        setInt64(view, r * 8, value as number | bigint)
        break
      default:
        break
    }
  }
}

/** Little-endian int64 without allocating a BigInt when the value is a safe integer. */
export function setInt64(view: DataView, at: number, value: number | bigint): void {
  if (typeof value === 'bigint') {
    view.setBigInt64(at, value, true)
    return
  }
  const whole = Math.round(value)
  if (!Number.isSafeInteger(whole)) {
    view.setBigInt64(at, BigInt(whole), true)
    return
  }
  const high = Math.floor(whole / 0x1_0000_0000)
  view.setUint32(at, whole - high * 0x1_0000_0000, true)
  view.setInt32(at + 4, high, true)
}

/** Sets the validity bits of `n` rows from `values` (bit set = not null); true if any is null. */
function fillValidity(values: readonly unknown[], n: number, validity: Uint8Array): boolean {
  validity.fill(0xff)
  let anyNull = false
  for (let r = 0; r < n; r++) {
    const value = values[r]
    if (value === null || value === undefined) {
      validity[r >> 3] = (validity[r >> 3] as number) & ~(1 << (r & 7))
      anyNull = true
    }
  }
  return anyNull
}

/**
 * Fills `chunk` with `part` (at most CHUNK_ROWS rows), column by column. Exported for the
 * benches that time the fill apart from DuckDB's append.
 */
export function fillChunk<T>(
  chunk: DuckDBDataChunk,
  columns: readonly ChunkColumn<T>[],
  layouts: readonly Layout[],
  part: readonly T[],
  scratch: Scratch
): void {
  const n = part.length
  chunk.rowCount = n
  const values: (string | number | bigint | boolean | null)[] = new Array(n)
  for (let c = 0; c < columns.length; c++) {
    const { value, distinct } = columns[c] as ChunkColumn<T>
    const layout = layouts[c] as Layout
    let present = 0
    for (let r = 0; r < n; r++) {
      const v = value(part[r] as T)
      values[r] = v
      if (v !== null && v !== undefined) {
        present++
      }
    }
    const vector = duckdb.data_chunk_get_vector(chunk.chunk, c)
    if (present === 0) {
      // NULL in every row (most of a request's stage columns): only the validity goes to DuckDB,
      // which reads no value of a NULL row, so the values' layout and copy are skipped.
      scratch.validity.fill(0)
      duckdb.vector_ensure_validity_writable(vector)
      duckdb.copy_data_to_vector_validity(
        vector,
        0,
        scratch.validityBuffer,
        0,
        Math.ceil(n / 64) * 8
      )
      continue
    }
    const bytes = n * LAYOUT_BYTES[layout]
    if (layout === 'varchar') {
      fillStrings(vector, values as (string | null)[], n, distinct === true, scratch)
    } else {
      scratch.data.fill(0, 0, bytes)
      fillFixed(layout, values, n, scratch)
    }
    duckdb.copy_data_to_vector(vector, 0, scratch.buffer, 0, bytes)
    if (fillValidity(values, n, scratch.validity)) {
      duckdb.vector_ensure_validity_writable(vector)
      duckdb.copy_data_to_vector_validity(
        vector,
        0,
        scratch.validityBuffer,
        0,
        Math.ceil(n / 64) * 8
      )
    }
  }
}

/**
 * Appends `rows` to `table` in data chunks (inside the caller's transaction). `columns` lists
 * every column of the table in table order.
 */
export async function appendInChunks<T>(
  connection: DuckDBConnection,
  table: string,
  columns: readonly ChunkColumn<T>[],
  rows: readonly T[]
): Promise<void> {
  if (rows.length === 0) {
    return
  }
  const types = columns.map((c) => c.type)
  const layouts = types.map(layoutOf)
  const scratch = newScratch()
  const appender = await connection.createAppender(table)
  const chunk = DuckDBDataChunk.create(types, CHUNK_ROWS)
  try {
    for (let at = 0; at < rows.length; at += CHUNK_ROWS) {
      fillChunk(
        chunk,
        columns,
        layouts,
        at === 0 && rows.length <= CHUNK_ROWS ? rows : rows.slice(at, at + CHUNK_ROWS),
        scratch
      )
      appender.appendDataChunk(chunk)
      // The appender has copied the rows: the reset frees the chunk's string heap and keeps its
      // vectors' buffers for the next rows, where a fresh chunk per 2048 rows left each one's
      // memory to the collector's finalizer.
      chunk.reset()
    }
    appender.flushSync()
  } finally {
    try {
      appender.closeSync()
    } catch {
      // Closing after a failed append reports the same failure again.
    }
  }
}
