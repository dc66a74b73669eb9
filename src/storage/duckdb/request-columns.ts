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
  type RequestTextField,
} from '../../core/model/query.js'
import {
  emptyRequestColumns,
  fieldColumn,
  fillMissingFrom,
  validateColumnQuery,
  type FieldsByKind,
} from '../query/request-columns.js'
import { inTransaction, toNumber } from './connection.js'
import { DIMENSIONS } from '../../core/model/request.js'
import { requestWhere, type Where } from './sql.js'

const DIMENSION_SET: ReadonlySet<string> = new Set(DIMENSIONS)

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
    // 1.6–1.9× as much CPU over the frame's 11 dimension-like columns (ADR 0375). The eight
    // dimensions are not counted here: they are read as their set's id (see `readRows`).
    const others = fields.texts.filter((f) => !DIMENSION_SET.has(f))
    const dims = fields.texts.filter((f) => DIMENSION_SET.has(f))
    const dictSql = [
      'count(*) AS n',
      ...fields.numbers.map((f) => `count(${fieldColumn(f)})`),
      ...fields.flags.map((f) => `count(${fieldColumn(f)})`),
      ...others.map((f) => `coalesce(map_keys(histogram(${fieldColumn(f)})), [])`),
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
    const otherDictionaries = others.map(() => (head?.[at++] ?? []) as string[])
    const texts = others.filter((_, i) => (otherDictionaries[i] as string[]).length > 0)
    const read =
      n === 0 ||
      (present.numbers.length + present.flags.length + texts.length + dims.length === 0 &&
        query.withBuckets !== true)
        ? null
        : { ...present, texts: [...texts, ...dims] }
    // The dimensions' dictionaries are filled by `readRows` from the sets it meets, the others'
    // from the statement above; the columns the statement reads are written whole below.
    const dictionaries = fields.texts.map((f) =>
      DIMENSION_SET.has(f) ? [] : (otherDictionaries[others.indexOf(f)] as string[])
    )
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
      { ...present, texts },
      texts.map((f) => otherDictionaries[others.indexOf(f)] as string[]),
      dims,
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
  dims: readonly RequestTextField[],
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
  // The dimensions come as the row's set id, mapped to codes here through the sets table (a few
  // rows): one INTEGER per row instead of eight strings joined back and then looked up in eight
  // dictionaries (ADR 0498).
  const sets = dims.length > 0 ? await setCodes(reader, dims, out) : null
  let setIds: Int32Array | null = null
  if (sets !== null) {
    select.push('r.dimension_set')
    setIds = new Int32Array(2048)
  }
  // `requests` with the set id beside: the view's own join (schema.ts), so the same rows.
  const from =
    sets === null ? 'requests r' : 'request_rows r JOIN dimension_sets d ON d.id = r.dimension_set'
  const sql = `SELECT ${select.join(', ')} FROM ${from} ${joins.join(' ')}
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
      copyVector(
        chunk.getColumnVector(c),
        targets[c] as Float64Array | Int8Array | Int32Array,
        row,
        count
      )
    }
    if (sets !== null && setIds !== null) {
      if (setIds.length < count) {
        setIds = new Int32Array(count)
      }
      copyVector(chunk.getColumnVector(targets.length), setIds, 0, count)
      sets.decode(setIds, row, count)
    }
    row += count
  }
  fillMissingFrom(out, { ...fields, texts: [...fields.texts, ...dims] }, row)
}

/** Copies `count` values of a result vector into `target` from `at` on. */
function copyVector(
  vector: unknown,
  target: Float64Array | Int8Array | Int32Array,
  at: number,
  count: number
): void {
  const items = vectorItems(vector, target)
  if (items !== null) {
    target.set(items.subarray(0, count), at)
    return
  }
  const v = vector as { getItem(i: number): unknown }
  for (let i = 0; i < count; i++) {
    target[at + i] = v.getItem(i) as number
  }
}

/**
 * Reads the sets table (in the caller's transaction, so the sets of the rows it reads) and returns
 * the decoder of set ids into the dimensions' codes. A dictionary holds the values of the sets met,
 * in the order met (the rows' start order): a set's codes are made the first time a row names it,
 * so a value no read row has is in no dictionary, as with the histogram it replaces.
 */
async function setCodes(
  reader: DuckDBConnection,
  dims: readonly RequestTextField[],
  out: RequestColumns
): Promise<{ decode(ids: Int32Array, row: number, count: number): void }> {
  const rows = (
    await reader.runAndReadAll(`SELECT id, ${dims.join(', ')} FROM dimension_sets ORDER BY id`)
  ).getRowsJS()
  let maxId = -1
  for (const r of rows) {
    maxId = Math.max(maxId, toNumber(r[0]))
  }
  // Ids only grow and pruned ones are never reused: a table by id stays small unless most ids
  // were pruned, when a map by id is used instead.
  const dense = maxId < Math.max(65_536, 4 * rows.length)
  const slotOf = new Int32Array(dense ? maxId + 1 : 0).fill(-1)
  const slotMap = new Map<number, number>()
  rows.forEach((r, slot) => {
    const id = toNumber(r[0])
    if (dense) {
      slotOf[id] = slot
    } else {
      slotMap.set(id, slot)
    }
  })
  const k = dims.length
  /** Per slot, its k codes once a row named it; -2 before. */
  const codes = new Int32Array(rows.length * k).fill(-2)
  const columns = dims.map((f) => out.texts[f] as { codes: Int32Array; values: string[] })
  const indexes = dims.map(() => new Map<string, number>())
  const meet = (slot: number): void => {
    const r = rows[slot] as unknown[]
    for (let j = 0; j < k; j++) {
      const v = r[j + 1]
      let code = -1
      if (v !== null && v !== undefined) {
        const value = String(v)
        const index = indexes[j] as Map<string, number>
        const col = columns[j] as { values: string[] }
        code = index.get(value) ?? -1
        if (code < 0) {
          code = col.values.length
          index.set(value, code)
          col.values.push(value)
        }
      }
      codes[slot * k + j] = code
    }
  }
  const slots = new Int32Array(2048)
  return {
    decode(ids, row, count) {
      const at = count <= slots.length ? slots : new Int32Array(count)
      for (let i = 0; i < count; i++) {
        const id = ids[i] as number
        const slot = dense ? (slotOf[id] as number) : (slotMap.get(id) as number)
        if (codes[slot * k] === -2) {
          meet(slot)
        }
        at[i] = slot
      }
      for (let j = 0; j < k; j++) {
        const target = (columns[j] as { codes: Int32Array }).codes
        for (let i = 0; i < count; i++) {
          target[row + i] = codes[(at[i] as number) * k + j] as number
        }
      }
    },
  }
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
