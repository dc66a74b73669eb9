/**
 * A row-wise fill of a `requests` data chunk, measured against the store's `fillChunk` with
 * `REQUEST_COLUMNS` and rejected (ADR 0422): the fill alone cost ~0.7–0.8× as much, ~0.08 µs
 * per span, which the request-writes stage of `bench/ingest-cost` cannot resolve. Kept for
 * `bench/request-fill.bench.ts`; not a benchmark itself (no `.bench.ts`). Assumes a
 * little-endian host (the slots' words are written in the host's byte order).
 */
import duckdb from '@duckdb/node-bindings'
import { BOOLEAN, INTEGER, VARCHAR, type DuckDBDataChunk } from '@duckdb/node-api'
import { DIMENSIONS, type RequestTimeline, type StageName } from '../src/core/model/request.js'
import { CHUNK_ROWS, setInt64 } from '../src/storage/duckdb/chunk-append.js'
import { REQUEST_COLUMNS } from '../src/storage/duckdb/request-chunks.js'
import { REQUEST_STAGES_ADDED, REQUEST_STAGES_V1 } from '../src/storage/duckdb/schema.js'

/*
 * `fillChunk` reads a chunk column by column through
 * `REQUEST_COLUMNS`' getters: 50 calls per request from one call site (so none is inlined), the
 * stage getters' `stages[name]` lookups sharing one inline cache across 21 names, and each short
 * string written byte by byte in every row, though a write's models, replicas and TTFT sources
 * repeat. Here one loop reads each request once and writes every column's slot straight into
 * typed arrays in DuckDB's vector layout (the host's byte order, which DuckDB reads), and a
 * string seen before in the chunk's column takes a copy of that row's 16-byte slot. The columns
 * and their order are `REQUEST_COLUMNS`' (`bench/request-fill.bench.ts --check` compares the
 * two fills' stored rows).
 */

const COLUMNS = REQUEST_COLUMNS.length
const TRACE_ID = 0
const START_US = 1
const END_US = 2
const DIM_0 = 3
const STAGE_V1_0 = DIM_0 + DIMENSIONS.length
const AFTER_V1 = STAGE_V1_0 + REQUEST_STAGES_V1.length
const DOWNSTREAM_NAME = AFTER_V1
const TTFT_US = AFTER_V1 + 1
const TTFT_SOURCE = AFTER_V1 + 2
const TPOT_US = AFTER_V1 + 3
const ITL_MAX_US = AFTER_V1 + 4
const E2E_US = AFTER_V1 + 5
const INPUT_TOKENS = AFTER_V1 + 6
const OUTPUT_TOKENS = AFTER_V1 + 7
const CACHED_TOKENS = AFTER_V1 + 8
const STATUS = AFTER_V1 + 9
const ERROR_TYPE = AFTER_V1 + 10
const RETRIES = AFTER_V1 + 11
const CONNECTION_REUSED = AFTER_V1 + 12
const TLS_RESUMED = AFTER_V1 + 13
const HAS_CLIENT = AFTER_V1 + 14
const HAS_GATEWAY = AFTER_V1 + 15
const HAS_ENGINE = AFTER_V1 + 16
const SPAN_COUNT = AFTER_V1 + 17
const STAGE_ADDED_0 = AFTER_V1 + 18
const STAGES: readonly StageName[] = [...REQUEST_STAGES_V1, ...REQUEST_STAGES_ADDED]
const STAGE_COLUMN: readonly number[] = STAGES.map((_, k) =>
  k < REQUEST_STAGES_V1.length ? STAGE_V1_0 + k : STAGE_ADDED_0 + k - REQUEST_STAGES_V1.length
)
const STAGE_COLUMN_OF: ReadonlyMap<string, number> = new Map(
  STAGES.map((name, k) => [name, STAGE_COLUMN[k] as number])
)

/** Bytes of one column's values in the scratch (a VARCHAR slot is the widest, 16 bytes). */
const REGION = CHUNK_ROWS * 16
/** Validity bytes of one column. */
const VALIDITY = CHUNK_ROWS / 8
/** Bytes per value of each column in its vector. */
const VALUE_BYTES: readonly number[] = REQUEST_COLUMNS.map((c) =>
  c.type === VARCHAR ? 16 : c.type === BOOLEAN ? 1 : c.type === INTEGER ? 4 : 8
)
const STRING_COLUMNS: readonly number[] = REQUEST_COLUMNS.flatMap((c, k) =>
  c.type === VARCHAR ? [k] : []
)
/** `from` marks: the slot is written inline; the value is null. */
const INLINE = -1
const NULL_SLOT = -2

interface RequestScratch {
  buffer: ArrayBuffer
  f64: Float64Array
  i32: Int32Array
  u32: Uint32Array
  u8: Uint8Array
  view: DataView
  validityBuffer: ArrayBuffer
  validity: Uint8Array
  /** A validity of all rows NULL, for a column with no value in the chunk. */
  noneBuffer: ArrayBuffer
  present: Int32Array
  /** Per string column and row: where its slot comes from (a row, INLINE or NULL_SLOT). */
  from: Int32Array
  /** Per string column: the row each value was first written at, in this chunk. */
  firstRow: Map<string, number>[]
  /** Per string column: how many values went to DuckDB to lay out. */
  assigned: Int32Array
  vectors: duckdb.Vector[]
}

/**
 * One scratch for the process: a chunk is filled and copied into its vectors without yielding
 * (`ChunkFill`), so no two fills share it at once.
 */
let shared: RequestScratch | undefined

function requestScratch(): RequestScratch {
  if (shared === undefined) {
    const buffer = new ArrayBuffer(COLUMNS * REGION)
    const validityBuffer = new ArrayBuffer(COLUMNS * VALIDITY)
    shared = {
      buffer,
      f64: new Float64Array(buffer),
      i32: new Int32Array(buffer),
      u32: new Uint32Array(buffer),
      u8: new Uint8Array(buffer),
      view: new DataView(buffer),
      validityBuffer,
      validity: new Uint8Array(validityBuffer),
      noneBuffer: new ArrayBuffer(VALIDITY),
      present: new Int32Array(COLUMNS),
      from: new Int32Array(COLUMNS * CHUNK_ROWS),
      firstRow: REQUEST_COLUMNS.map(() => new Map<string, number>()),
      assigned: new Int32Array(COLUMNS),
      vectors: [],
    }
  }
  return shared
}

function setNull(s: RequestScratch, column: number, row: number): void {
  const at = column * VALIDITY + (row >> 3)
  s.validity[at] = (s.validity[at] as number) & ~(1 << (row & 7))
}

function setDouble(s: RequestScratch, column: number, row: number, value: number | null): void {
  if (value === null || value === undefined) {
    s.f64[(column * REGION) / 8 + row] = 0
    setNull(s, column, row)
  } else {
    s.f64[(column * REGION) / 8 + row] = value
    s.present[column] = (s.present[column] as number) + 1
  }
}

function setInt32(s: RequestScratch, column: number, row: number, value: number | null): void {
  if (value === null || value === undefined) {
    s.i32[(column * REGION) / 4 + row] = 0
    setNull(s, column, row)
  } else {
    s.i32[(column * REGION) / 4 + row] = value
    s.present[column] = (s.present[column] as number) + 1
  }
}

function setBoolean(s: RequestScratch, column: number, row: number, value: boolean | null): void {
  if (value === null || value === undefined) {
    s.u8[column * REGION + row] = 0
    setNull(s, column, row)
  } else {
    s.u8[column * REGION + row] = value === true ? 1 : 0
    s.present[column] = (s.present[column] as number) + 1
  }
}

function setBigint(s: RequestScratch, column: number, row: number, value: number): void {
  setInt64(s.view, column * REGION + row * 8, value)
  s.present[column] = (s.present[column] as number) + 1
}

/**
 * Writes `value` inline into slot `at` (a `u32` index) when it is ASCII of at most 12 bytes, as
 * length and three words of bytes, zero past the end (as DuckDB's `string_t` leaves them).
 */
function writeInline(u32: Uint32Array, at: number, value: string): boolean {
  const length = value.length
  if (length > 12) {
    return false
  }
  let w1 = 0
  let w2 = 0
  let w3 = 0
  for (let k = 0; k < length; k++) {
    const code = value.charCodeAt(k)
    if (code > 0x7f) {
      return false
    }
    const shifted = code << ((k & 3) * 8)
    if (k < 4) {
      w1 |= shifted
    } else if (k < 8) {
      w2 |= shifted
    } else {
      w3 |= shifted
    }
  }
  u32[at] = length
  u32[at + 1] = w1
  u32[at + 2] = w2
  u32[at + 3] = w3
  return true
}

/**
 * Slot `row` of string column `column`: a repeat within the chunk is marked to copy its first
 * row's slot, a short ASCII value is written inline, any other goes to DuckDB (once per chunk
 * unless `distinct`).
 */
function setString(
  s: RequestScratch,
  column: number,
  row: number,
  value: string | null,
  distinct: boolean
): void {
  const mark = column * CHUNK_ROWS + row
  if (value === null || value === undefined) {
    s.from[mark] = NULL_SLOT
    setNull(s, column, row)
    return
  }
  s.present[column] = (s.present[column] as number) + 1
  if (!distinct) {
    const first = s.firstRow[column]?.get(value)
    if (first !== undefined) {
      s.from[mark] = first
      return
    }
    s.firstRow[column]?.set(value, row)
  }
  if (writeInline(s.u32, (column * REGION) / 4 + row * 4, value)) {
    s.from[mark] = INLINE
    return
  }
  duckdb.vector_assign_string_element(s.vectors[column] as duckdb.Vector, row, value)
  s.assigned[column] = (s.assigned[column] as number) + 1
  s.from[mark] = row
}

/** The slots of `vector`'s first `n` rows as DuckDB laid them out, as words. */
function nativeSlots(vector: duckdb.Vector | undefined, n: number): Uint32Array {
  const bytes = duckdb.vector_get_data(vector as duckdb.Vector, n * 16)
  return bytes.byteOffset % 4 === 0
    ? new Uint32Array(bytes.buffer, bytes.byteOffset, n * 4)
    : new Uint32Array(bytes.slice().buffer)
}

/** Completes string column `column`'s slots: DuckDB's own and the repeats' copies. */
function finishStrings(s: RequestScratch, column: number, n: number): void {
  const u32 = s.u32
  const base = (column * REGION) / 4
  const marks = column * CHUNK_ROWS
  const laid = s.assigned[column] === 0 ? undefined : nativeSlots(s.vectors[column], n)
  for (let r = 0; r < n; r++) {
    const from = s.from[marks + r] as number
    const at = base + r * 4
    if (from === INLINE) {
      continue
    }
    if (from === NULL_SLOT) {
      u32[at] = 0
      u32[at + 1] = 0
      u32[at + 2] = 0
      u32[at + 3] = 0
    } else if (from === r) {
      const own = laid as Uint32Array
      u32[at] = own[r * 4] as number
      u32[at + 1] = own[r * 4 + 1] as number
      u32[at + 2] = own[r * 4 + 2] as number
      u32[at + 3] = own[r * 4 + 3] as number
    } else {
      const source = base + from * 4
      u32[at] = u32[source] as number
      u32[at + 1] = u32[source + 1] as number
      u32[at + 2] = u32[source + 2] as number
      u32[at + 3] = u32[source + 3] as number
    }
  }
}

/** `ChunkFill` of the `requests` table: the same values as `fillChunk` with `REQUEST_COLUMNS`. */
export function fillRequestChunk(chunk: DuckDBDataChunk, part: readonly RequestTimeline[]): void {
  const s = requestScratch()
  const n = part.length
  chunk.rowCount = n
  s.validity.fill(0xff)
  for (const c of STAGE_COLUMN) {
    s.validity.fill(0, c * VALIDITY, (c + 1) * VALIDITY)
    s.f64.fill(0, (c * REGION) / 8, (c * REGION) / 8 + n)
  }
  s.present.fill(0)
  s.assigned.fill(0)
  for (let c = 0; c < COLUMNS; c++) {
    s.vectors[c] = duckdb.data_chunk_get_vector(chunk.chunk, c)
  }
  for (const c of STRING_COLUMNS) {
    s.firstRow[c]?.clear()
  }
  for (let r = 0; r < n; r++) {
    const q = part[r] as RequestTimeline
    setString(s, TRACE_ID, r, q.traceId, true)
    setBigint(s, START_US, r, q.startUs)
    setBigint(s, END_US, r, q.endUs)
    const dims = q.dims
    for (let d = 0; d < DIMENSIONS.length; d++) {
      setString(s, DIM_0 + d, r, dims[DIMENSIONS[d] as (typeof DIMENSIONS)[number]], false)
    }
    // Most of a request's stages are null: their slots and validity were cleared for the chunk,
    // and only the ones with a value are looked up by name.
    const stages = q.stages as Record<string, number | null>
    for (const name in stages) {
      const value = stages[name]
      if (value !== null && value !== undefined) {
        const column = STAGE_COLUMN_OF.get(name)
        if (column !== undefined) {
          s.f64[(column * REGION) / 8 + r] = value
          const at = column * VALIDITY + (r >> 3)
          s.validity[at] = (s.validity[at] as number) | (1 << (r & 7))
          s.present[column] = (s.present[column] as number) + 1
        }
      }
    }
    setString(s, DOWNSTREAM_NAME, r, q.downstreamName, false)
    setDouble(s, TTFT_US, r, q.ttftUs)
    setString(s, TTFT_SOURCE, r, q.ttftSource, false)
    setDouble(s, TPOT_US, r, q.tpotUs)
    setDouble(s, ITL_MAX_US, r, q.itlMaxUs)
    setDouble(s, E2E_US, r, q.e2eUs)
    setDouble(s, INPUT_TOKENS, r, q.inputTokens)
    setDouble(s, OUTPUT_TOKENS, r, q.outputTokens)
    setDouble(s, CACHED_TOKENS, r, q.cachedTokens)
    setInt32(s, STATUS, r, q.status === null ? null : Math.round(q.status))
    setString(s, ERROR_TYPE, r, q.errorType, false)
    setInt32(s, RETRIES, r, q.retries === null ? null : Math.round(q.retries))
    setBoolean(s, CONNECTION_REUSED, r, q.connectionReused)
    setBoolean(s, TLS_RESUMED, r, q.tlsResumed)
    setBoolean(s, HAS_CLIENT, r, q.hasClient)
    setBoolean(s, HAS_GATEWAY, r, q.hasGateway)
    setBoolean(s, HAS_ENGINE, r, q.hasEngine)
    setInt32(s, SPAN_COUNT, r, q.spanCount)
  }
  const validityBytes = Math.ceil(n / 64) * 8
  for (let c = 0; c < COLUMNS; c++) {
    const vector = s.vectors[c] as duckdb.Vector
    if (s.present[c] === 0) {
      // NULL in every row: only the validity goes to DuckDB (ADR 0398).
      duckdb.vector_ensure_validity_writable(vector)
      duckdb.copy_data_to_vector_validity(vector, 0, s.noneBuffer, 0, validityBytes)
      continue
    }
    if (REQUEST_COLUMNS[c]?.type === VARCHAR) {
      finishStrings(s, c, n)
    }
    duckdb.copy_data_to_vector(vector, 0, s.buffer, c * REGION, n * (VALUE_BYTES[c] as number))
    if (s.present[c] !== n) {
      duckdb.vector_ensure_validity_writable(vector)
      duckdb.copy_data_to_vector_validity(vector, 0, s.validityBuffer, c * VALIDITY, validityBytes)
    }
  }
}
