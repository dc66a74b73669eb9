/**
 * What the two large reads of stored requests cost, the read alone and the columns' build: the
 * diagnosis' (its frame's fields, a hash sample of 250 000, then `frameFromColumns`) and the
 * twin's (`TWIN_FIELDS`, the whole window, then `observedFromColumns`), over the store's whole
 * extent. CPU of the process (DuckDB's threads included) and wall, per round, the two reads'
 * order reversed every other round; medians with their range and the load averages.
 *
 * Open a copy: a store of an older schema is migrated by the first open. To compare two builds,
 * run it from each in alternation on the same copy (ADR 0498).
 *
 *   nice -n 10 npx tsx bench/request-column-read.bench.ts --db copy.duckdb [--rounds 5] [--only twin]
 */
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import {
  FRAME_FLAG_FIELDS,
  FRAME_NUMBER_FIELDS,
  FRAME_TEXT_FIELDS,
  frameFromColumns,
} from '../src/core/diagnosis/frame/frame.js'
import { DIAGNOSIS_SAMPLE } from '../src/core/diagnosis/run-diagnosis.js'
import type { RequestColumnQuery } from '../src/core/model/query.js'
import type { Micros } from '../src/core/model/units.js'
import { observedFromColumns, TWIN_FIELDS } from '../src/sim/twin/observed.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    only: { type: 'string' },
  },
})
if (args.db === undefined) {
  throw new Error('give --db FILE (a copy: an older schema is migrated when opened)')
}
const store = await createDuckDbStore({ path: args.db })
const cpu = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const loadLine = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

try {
  const extent = await store.extent()
  if (extent === null) {
    throw new Error('the store holds no requests')
  }
  const window = { fromUs: extent.startUs, toUs: (extent.endUs + 1) as Micros }
  const reads: Record<string, { query: RequestColumnQuery; build: (c: never) => unknown }> = {
    diagnosis: {
      query: {
        ...window,
        fields: [...FRAME_NUMBER_FIELDS, ...FRAME_FLAG_FIELDS, ...FRAME_TEXT_FIELDS],
        sample: DIAGNOSIS_SAMPLE,
      },
      build: frameFromColumns,
    },
    twin: { query: { ...window, fields: TWIN_FIELDS }, build: observedFromColumns },
  }
  const names = Object.keys(reads).filter((k) => args.only === undefined || k === args.only)
  const seen: Record<string, { read: number[]; build: number[]; wall: number[] }> = {}
  for (let round = 0; round < Number(args.rounds); round++) {
    const order = round % 2 === 0 ? names : [...names].reverse()
    for (const name of order) {
      const { query, build } = reads[name] as (typeof reads)[string]
      const c0 = cpu()
      const t0 = performance.now()
      const columns = await store.scanRequestColumns(query)
      const c1 = cpu()
      build(columns as never)
      const c2 = cpu()
      const wall = performance.now() - t0
      const s = (seen[name] ??= { read: [], build: [], wall: [] })
      s.read.push(c1 - c0)
      s.build.push(c2 - c1)
      s.wall.push(wall)
      console.log(
        `round ${round} ${name}: ${columns.n} rows, read ${(c1 - c0).toFixed(0)} CPU-ms, build ${(c2 - c1).toFixed(0)}, wall ${wall.toFixed(0)} ms; load ${loadLine()}`
      )
    }
  }
  const median = (xs: number[]): string => {
    const s = [...xs].sort((a, b) => a - b)
    return `${(s[Math.floor(s.length / 2)] as number).toFixed(0)} (${(s[0] as number).toFixed(0)}–${(s[s.length - 1] as number).toFixed(0)})`
  }
  for (const [name, s] of Object.entries(seen)) {
    console.log(
      `${name}: read ${median(s.read)} CPU-ms, build ${median(s.build)}, wall ${median(s.wall)} ms`
    )
  }
  console.log(`load ${loadLine()}`)
} finally {
  await store.close()
}
