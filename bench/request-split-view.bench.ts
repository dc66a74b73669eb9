/**
 * ADR 0401's read-side check of a `requests` split in two (rejected): rewrites a DuckDB file's
 * `requests` table as two tables and a view of the old name, so the dashboard benches read it
 * unchanged. The columns set in fewer than 5 % of the rows are the rare ones; rows with a rare
 * value stay in `request_rows_wide` (every column), the others go to `request_rows` (the common
 * columns only), and `requests` becomes `request_rows_wide UNION ALL BY NAME request_rows`
 * (each row in one table, so no join). Run it on a copy of the dashboard benches' store, then
 * point the bench at the copy's folder:
 *
 *   cp "$TMPDIR/tokenline-dashboard-bench-1000000.duckdb" split/
 *   npx tsx bench/request-split-view.bench.ts split/tokenline-dashboard-bench-1000000.duckdb
 *   TMPDIR=split npx tsx bench/dashboard.bench.ts
 */
import { DuckDBInstance } from '@duckdb/node-api'

const path = process.argv[2]
if (path === undefined) {
  throw new Error('usage: request-split-view.bench.ts FILE.duckdb')
}
const instance = await DuckDBInstance.create(path)
const c = await instance.connect()
const step = Number(
  (await c.runAndReadAll('SELECT max(version) FROM schema_migrations')).getRowsJS()[0]?.[0] ?? 0
)
if (step >= 9) {
  // Since step 9 `requests` is a view of `request_rows` and the dimension sets (ADR 0492): the
  // split below rewrites the table of step 8 and reuses that name.
  throw new Error(`${path} is at schema step ${step}; this bench rewrites a file of step 8`)
}
const names = (
  await c.runAndReadAll(
    "SELECT column_name FROM duckdb_columns() WHERE table_name = 'requests' ORDER BY column_index"
  )
)
  .getRowsJS()
  .map((row) => String(row[0]))
const [total, ...counts] = (
  await c.runAndReadAll(
    `SELECT count(*), ${names.map((n) => `count("${n}")`).join(', ')} FROM requests`
  )
).getRowsJS()[0] as bigint[]
const rare = names.filter((_, i) => Number(counts[i]) < Number(total) * 0.05)
const common = names.filter((n) => !rare.includes(n))
const anyRare = rare.map((n) => `"${n}" IS NOT NULL`).join(' OR ')
await c.run('BEGIN')
await c.run('ALTER TABLE requests RENAME TO request_rows_wide')
await c.run(
  `CREATE TABLE request_rows AS SELECT ${common.map((n) => `"${n}"`).join(', ')} FROM request_rows_wide WHERE NOT (${anyRare}) ORDER BY start_us`
)
await c.run(`DELETE FROM request_rows_wide WHERE NOT (${anyRare})`)
await c.run(
  'CREATE VIEW requests AS SELECT * FROM request_rows_wide UNION ALL BY NAME SELECT * FROM request_rows'
)
await c.run('COMMIT')
await c.run('CHECKPOINT')
const [narrow, wide] = (
  await c.runAndReadAll(
    'SELECT (SELECT count(*) FROM request_rows), (SELECT count(*) FROM request_rows_wide)'
  )
).getRowsJS()[0] as bigint[]
console.log(
  `${total} requests: ${narrow} in request_rows (${common.length} columns), ${wide} in request_rows_wide; rare columns (${rare.length}): ${rare.join(', ')}`
)
c.closeSync()
instance.closeSync()
