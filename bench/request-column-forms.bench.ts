/**
 * What DuckDB's side of a request write costs by the form of the `requests` columns: the same
 * rows written into tables that store some columns narrower, in one process, so a schema change
 * can be sized before it is built. The rows are a store's own (`--source`, for example the file
 * `tokenline import` wrote), copied once into an in-memory TEMP table; each variant then writes
 * them into a fresh table of a fresh file in transactions of `--rows` (4 096, the import's request
 * writes), commits each (the WAL), and checkpoints at the end (the close), with DuckDB on one
 * thread as the import runs it. The CPU of the whole process is counted per request.
 *
 * The rows go in as the store's request writes do (`appendInChunks`): data chunks of 2 048 rows
 * through one appender per write, `flushSync`, `COMMIT`. The chunks are read from the TEMP table
 * before the clock starts, so the JavaScript fill (ADR 0430 sized it) is not counted.
 *
 * Variants (each against `as stored` in the same round; order reversed every other round):
 *   as stored        the table as `schema.ts` makes it
 *   doubles as BIGINT  every DOUBLE column as BIGINT (a bound: `tpot_us` is not integral)
 *   dimensions once  the eight dimension columns (model … gateway) as one INTEGER naming a row
 *                    of a table of distinct dimension sets (written apart, not counted)
 *   trace id as 2 UBIGINT  the 32-hex-digit trace id as two 8-byte integers (16 bytes, fixed)
 *   all three        the three above together
 *   set columns only the columns with a value in some row (a bound, as ADR 0401's `non-null`)
 *
 *   nice -n 10 npx tsx bench/request-column-forms.bench.ts --source store.duckdb --rounds 5
 *   ... --copies 200 # the source's rows written that many times over (each copy an hour later,
 *                    # its trace ids changed), for a store of a few hundred captured requests
 *   ... --reads 10   # instead: the read side of `dimensions once`. The source's rows copied 10
 *                    # times (each copy an hour later) into one table as stored, and into a table
 *                    # with `dimension_set` beside a table of the sets, read through a view that
 *                    # joins them; queries shaped as the store's reads, alternating, CPU ms each
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { DuckDBDataChunk, DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api'
import { intArg } from './cli-args.js'

/** The host's load averages (1, 5, 15 min), printed beside every table. */
const loadLine = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

const DIMENSIONS = ['model', 'version', 'replica', 'node', 'tenant', 'route', 'region', 'gateway']

function flagValue(name: string): string | undefined {
  const i = process.argv.indexOf(name)
  return i === -1 ? undefined : process.argv[i + 1]
}

interface Column {
  name: string
  type: string
}

interface Variant {
  name: string
  /** The target table's columns and the expression of the TEMP source that fills each. */
  columns: { name: string; type: string; expr: string }[]
}

async function columnsOf(c: DuckDBConnection): Promise<Column[]> {
  const r = await c.runAndReadAll(
    `SELECT column_name, data_type FROM information_schema.columns
     WHERE table_name = 'requests' AND table_catalog = 'src' ORDER BY ordinal_position`
  )
  return r.getRows().map(([name, type]) => ({ name: String(name), type: String(type) }))
}

function variants(cols: Column[], setColumns: Set<string>): Variant[] {
  const plain = (col: Column): Variant['columns'][number] => ({ ...col, expr: col.name })
  const build = (
    name: string,
    opts: { bigint?: boolean; dims?: boolean; traceId?: boolean; onlySet?: boolean }
  ): Variant => {
    const out: Variant['columns'] = []
    for (const col of cols) {
      if (opts.onlySet === true && !setColumns.has(col.name)) {
        continue
      }
      if (opts.dims === true && DIMENSIONS.includes(col.name)) {
        if (col.name === DIMENSIONS[0]) {
          out.push({ name: 'dimension_set', type: 'INTEGER', expr: 'dimension_set' })
        }
        continue
      }
      if (opts.traceId === true && col.name === 'trace_id') {
        out.push({ name: 'trace_hi', type: 'UBIGINT', expr: 'trace_hi' })
        out.push({ name: 'trace_lo', type: 'UBIGINT', expr: 'trace_lo' })
        continue
      }
      if (opts.bigint === true && col.type === 'DOUBLE') {
        out.push({ name: col.name, type: 'BIGINT', expr: `CAST(${col.name} AS BIGINT)` })
        continue
      }
      out.push(plain(col))
    }
    return { name, columns: out }
  }
  return [
    build('as stored', {}),
    build('doubles as BIGINT', { bigint: true }),
    build('dimensions once', { dims: true }),
    build('trace id as 2 UBIGINT', { traceId: true }),
    build('all three', { bigint: true, dims: true, traceId: true }),
    build('set columns only', { onlySet: true }),
  ]
}

function cpuMs(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

async function chunksOf(c: DuckDBConnection, v: Variant): Promise<DuckDBDataChunk[]> {
  const exprs = v.columns.map((col) => `CAST(${col.expr} AS ${col.type})`).join(', ')
  const result = await c.run(`SELECT ${exprs} FROM src_rows ORDER BY i`)
  const types = result.columnTypes()
  const chunks: DuckDBDataChunk[] = []
  for (;;) {
    const chunk = await result.fetchChunk()
    if (chunk === null || chunk.rowCount === 0) {
      return chunks
    }
    // A scan can hand out dictionary or constant vectors; the store's writes append flat ones
    // (`fillChunk`), so each chunk is written again as flat vectors of the same values.
    const flat = DuckDBDataChunk.create(types, chunk.rowCount)
    flat.setColumns(chunk.getColumns())
    chunks.push(flat)
  }
}

/**
 * The store's way in (`appendInChunks`): per write one transaction, one appender, its chunks
 * appended, `flushSync`, `COMMIT`; the chunks are filled before (ADR 0430 sized the fill).
 */
async function runVariant(
  c: DuckDBConnection,
  v: Variant,
  chunks: DuckDBDataChunk[],
  rows: number,
  batch: number
): Promise<{ writeUs: number; checkpointUs: number }> {
  await c.run('DROP TABLE IF EXISTS t')
  await c.run(`CREATE TABLE t (${v.columns.map((col) => `${col.name} ${col.type}`).join(', ')})`)
  await c.run('CHECKPOINT')
  const perWrite = Math.max(1, Math.round(batch / (chunks[0]?.rowCount ?? batch)))
  const start = cpuMs()
  for (let at = 0; at < chunks.length; at += perWrite) {
    await c.run('BEGIN')
    const appender = await c.createAppender('t')
    for (const chunk of chunks.slice(at, at + perWrite)) {
      appender.appendDataChunk(chunk)
    }
    appender.flushSync()
    appender.closeSync()
    await c.run('COMMIT')
  }
  const written = cpuMs()
  await c.run('CHECKPOINT')
  const done = cpuMs()
  return {
    writeUs: ((written - start) * 1000) / rows,
    checkpointUs: ((done - written) * 1000) / rows,
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? NaN
}

const READS: [string, string][] = [
  [
    'percentiles by replica',
    `SELECT replica AS grp, quantile_disc(e2e_us, [0.5, 0.9, 0.99]) AS q, count(e2e_us) AS n
     FROM R WHERE start_us >= $lo AND start_us < $hi GROUP BY ALL ORDER BY grp`,
  ],
  [
    'filtered by model and tenant',
    `SELECT count(*) AS n, avg(ttft_us) AS ttft FROM R
     WHERE model = $model AND tenant = $tenant AND start_us >= $lo AND start_us < $hi`,
  ],
  [
    'heatmap buckets',
    `SELECT start_us // 30000000 AS b, quantile_disc(e2e_us, 0.99) AS p99, count(*) AS n
     FROM R WHERE start_us >= $lo AND start_us < $hi GROUP BY ALL ORDER BY b`,
  ],
  [
    'dimensions of a window',
    `SELECT model, version, replica, node, tenant, route, region, gateway, count(*) AS n
     FROM R WHERE start_us >= $lo AND start_us < $hi GROUP BY ALL ORDER BY ALL`,
  ],
  ['one trace', `SELECT * FROM R WHERE trace_id = $trace`],
]

async function reads(source: string, dir: string, copies: number, rounds: number): Promise<void> {
  const inst = await DuckDBInstance.create(join(dir, 'reads.duckdb'), { threads: '1' })
  const c = await inst.connect()
  await c.run(`ATTACH '${source.replaceAll("'", "''")}' AS src (READ_ONLY)`)
  const dimList = DIMENSIONS.join(', ')
  await c.run(
    `CREATE TABLE wide AS SELECT r.* REPLACE (r.start_us + k * 3600000000 AS start_us,
       r.end_us + k * 3600000000 AS end_us, r.trace_id || k::VARCHAR AS trace_id)
     FROM src.requests r, range(${copies}) t(k)`
  )
  await c.run(`CREATE TABLE dimension_sets AS
     SELECT row_number() OVER ()::INTEGER AS dimension_set, * FROM (SELECT DISTINCT ${dimList} FROM wide)`)
  await c.run(`CREATE TABLE narrow AS SELECT w.* EXCLUDE (${dimList}), d.dimension_set
     FROM wide w JOIN dimension_sets d USING (${dimList})`)
  await c.run(`CREATE VIEW joined AS SELECT n.* EXCLUDE (dimension_set), d.* EXCLUDE (dimension_set)
     FROM narrow n JOIN dimension_sets d USING (dimension_set)`)
  // Read from the file's compressed row groups, as the store's reads are.
  await c.run('CHECKPOINT')
  const one = (
    await c.runAndReadAll(
      'SELECT model, tenant, trace_id, min(start_us) FROM wide GROUP BY ALL LIMIT 1'
    )
  ).getRows()[0]!
  const lo = Number((await c.runAndReadAll('SELECT min(start_us) FROM wide')).getRows()[0]![0])
  const params = {
    model: String(one[0]),
    tenant: String(one[1]),
    trace: String(one[2]),
    lo: BigInt(lo + 3600000000),
    hi: BigInt(lo + 3600000000 * (copies - 1)),
  }
  const n = Number((await c.runAndReadAll('SELECT count(*) FROM wide')).getRows()[0]![0])
  console.log(
    `${n} requests (${copies} copies), ${(await c.runAndReadAll('SELECT count(*) FROM dimension_sets')).getRows()[0]![0]} dimension sets; load average ${loadLine()}`
  )
  const times = new Map<string, number[]>()
  for (let round = -1; round < rounds; round++) {
    const tables = round % 2 === 0 ? ['wide', 'joined'] : ['joined', 'wide']
    for (const [name, sql] of READS) {
      const answers: string[] = []
      for (const table of tables) {
        const prepared = await c.prepare(sql.replaceAll('FROM R', `FROM ${table}`))
        const wanted = Object.fromEntries(
          Object.entries(params).filter(([k]) => sql.includes(`$${k}`))
        )
        prepared.bind(wanted)
        const start = cpuMs()
        const r = await prepared.runAndReadAll()
        const ms = cpuMs() - start
        answers.push(JSON.stringify(r.getRowObjectsJson(), (_, v: unknown) => v, 0))
        if (round >= 0) {
          const key = `${name}|${table}`
          times.set(key, [...(times.get(key) ?? []), ms])
        }
      }
      if (name !== 'one trace' && answers[0] !== answers[1]) {
        throw new Error(`${name}: the two tables answered differently`)
      }
    }
  }
  const fmt = (xs: number[]): string =>
    `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`
  console.log(`CPU ms per query, median (range) of ${rounds} rounds: as stored | through the join`)
  for (const [name] of READS) {
    console.log(
      `${name.padEnd(30)} ${fmt(times.get(`${name}|wide`)!)} | ${fmt(times.get(`${name}|joined`)!)}`
    )
  }
  console.log(`load average after: ${loadLine()}`)
  c.closeSync()
  inst.closeSync()
}

async function main(): Promise<void> {
  const source = flagValue('--source')
  if (source === undefined) {
    throw new Error('--source <store.duckdb> is required (a store with requests)')
  }
  const rounds = intArg('--rounds', 5)
  const batch = intArg('--rows', 4096)
  const copies = intArg('--copies', 1)
  const dir = await mkdtemp(join(tmpdir(), 'tokenline-column-forms-'))
  try {
    if (process.argv.includes('--reads')) {
      await reads(source, dir, intArg('--reads', 10), rounds)
      return
    }
    const inst = await DuckDBInstance.create(join(dir, 'forms.duckdb'), { threads: '1' })
    const c = await inst.connect()
    await c.run(`ATTACH '${source.replaceAll("'", "''")}' AS src (READ_ONLY)`)
    const cols = await columnsOf(c)
    const dimList = DIMENSIONS.join(', ')
    // The source rows, numbered, with the narrower forms computed once (not counted).
    await c.run(
      `CREATE TEMP TABLE src_rows AS
       SELECT (row_number() OVER () - 1)::BIGINT AS i, r.*,
              dense_rank() OVER (ORDER BY ${dimList})::INTEGER AS dimension_set,
              ('0x' || substr(r.trace_id, 1, 16))::UBIGINT AS trace_hi,
              ('0x' || substr(r.trace_id, 17, 16))::UBIGINT AS trace_lo
       FROM (SELECT s.* REPLACE (
               CASE WHEN k = 0 THEN s.trace_id
                    ELSE lpad(printf('%x', k), 8, '0') || substr(s.trace_id, 9) END AS trace_id,
               s.start_us + k * 3600000000 AS start_us, s.end_us + k * 3600000000 AS end_us)
             FROM src.requests s, range(${copies}) t(k)) r`
    )
    const rows = Number((await c.runAndReadAll('SELECT count(*) FROM src_rows')).getRows()[0]![0])
    const setColumns = new Set<string>()
    for (const col of cols) {
      const n = (await c.runAndReadAll(`SELECT count(${col.name}) FROM src_rows`)).getRows()[0]![0]
      if (Number(n) > 0) {
        setColumns.add(col.name)
      }
    }
    const vs = variants(cols, setColumns)
    const chunks = new Map<string, DuckDBDataChunk[]>()
    for (const v of vs) {
      chunks.set(v.name, await chunksOf(c, v))
    }
    console.log(
      `${rows} requests from ${source} (${copies} ${copies === 1 ? 'copy' : 'copies'}), ${cols.length} columns (${setColumns.size} set), writes of ${batch}; load average ${loadLine()}`
    )
    const results = new Map<string, { write: number[]; checkpoint: number[]; delta: number[] }>()
    // A warm-up round of every variant, not counted.
    for (const v of vs) {
      await runVariant(c, v, chunks.get(v.name)!, rows, batch)
    }
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? vs : [...vs].reverse()
      const byName = new Map<string, number>()
      for (const v of order) {
        const r = await runVariant(c, v, chunks.get(v.name)!, rows, batch)
        byName.set(v.name, r.writeUs + r.checkpointUs)
        const acc = results.get(v.name) ?? { write: [], checkpoint: [], delta: [] }
        acc.write.push(r.writeUs)
        acc.checkpoint.push(r.checkpointUs)
        results.set(v.name, acc)
      }
      const base = byName.get('as stored')!
      for (const v of vs) {
        results.get(v.name)!.delta.push(byName.get(v.name)! - base)
      }
    }
    console.log(
      `CPU µs per request, median (range) of ${rounds} rounds; "vs as stored" is the same round's difference`
    )
    for (const v of vs) {
      const r = results.get(v.name)!
      const total = r.write.map((w, i) => w + r.checkpoint[i]!)
      const fmt = (xs: number[]): string =>
        `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`
      console.log(
        `${v.name.padEnd(22)} cols ${String(v.columns.length).padStart(2)}  writes ${fmt(r.write)}  checkpoint ${fmt(r.checkpoint)}  total ${fmt(total)}  vs as stored ${fmt(r.delta)}`
      )
    }
    console.log(`load average after: ${loadLine()}`)
    c.closeSync()
    inst.closeSync()
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
