/**
 * The twin's read alone (`loadTwinWindow`: the store's scan, the column copy and the metrics'
 * reads) of the stored `whatif` bench window: this tree's against another checkout's, in one
 * process, alternating, the order reversed every other round. Each read opens the store afresh,
 * as the CLI does once; wall and CPU (the process's, DuckDB's threads included) per read, and the
 * window's bytes compared (columns by their bits, the metrics as JSON).
 *
 *   npx tsx bench/whatif-read.bench.ts --against ../other [--rounds 6]
 *   BENCH_REQUESTS=200000 npx tsx bench/whatif-read.bench.ts --against ../other
 */
import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import type { DiagnosisReader } from '../src/core/diagnosis/frame/read-port.js'
import { loadTwinWindow, type TwinWindow } from '../src/sim/twin/load.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { whatIfStore } from './whatif-store.js'
import { argAfter, endWithHashes, loadAverage, log, spread } from './cli-args.js'

const N = Number(process.env.BENCH_REQUESTS ?? 1_000_000)
const ROUNDS = Number(argAfter('--rounds') ?? 6)

type Load = (
  store: DiagnosisReader,
  window: { fromUs: number; toUs: number }
) => Promise<TwinWindow>

function windowHash(w: TwinWindow): string {
  const h = createHash('sha256')
  h.update(
    JSON.stringify({ ...w, metrics: [...w.metrics] }, (_, v: unknown) =>
      ArrayBuffer.isView(v)
        ? createHash('sha256')
            .update(new Uint8Array(v.buffer, v.byteOffset, v.byteLength))
            .digest('hex')
        : v
    )
  )
  return h.digest('hex').slice(0, 16)
}

async function timed(
  load: Load,
  db: string
): Promise<{ cpuMs: number; wallMs: number; hash: string }> {
  const c = process.cpuUsage()
  const t = performance.now()
  const store = await createDuckDbStore({ path: db })
  let w: TwinWindow
  try {
    const extent = await store.extent()
    if (extent === null) {
      throw new Error(`${db} holds no requests`)
    }
    w = await load(store, { fromUs: extent.startUs, toUs: extent.endUs + 1 })
  } finally {
    await store.close()
  }
  const wallMs = performance.now() - t
  const u = process.cpuUsage(c)
  return { cpuMs: (u.user + u.system) / 1000, wallMs, hash: windowHash(w) }
}

async function main(): Promise<void> {
  const db = await whatIfStore(N, false, log)
  const against = argAfter('--against')
  if (against === undefined) {
    throw new Error('--against DIR: the checkout to compare with')
  }
  const other = (
    (await import(pathToFileURL(resolve(against, 'src/sim/twin/load.ts')).href)) as {
      loadTwinWindow: Load
    }
  ).loadTwinWindow
  const walls: { mine: number[]; theirs: number[]; ratios: number[] } = {
    mine: [],
    theirs: [],
    ratios: [],
  }
  const cpuRatios: number[] = []
  const hashes = new Set<string>()
  for (let round = 0; round < ROUNDS; round++) {
    const before = loadAverage()
    const otherFirst = round % 2 === 0
    const first = await timed(otherFirst ? other : loadTwinWindow, db)
    const second = await timed(otherFirst ? loadTwinWindow : other, db)
    const [o, m] = otherFirst ? [first, second] : [second, first]
    hashes.add(o.hash).add(m.hash)
    walls.theirs.push(o.wallMs)
    walls.mine.push(m.wallMs)
    walls.ratios.push(m.wallMs / o.wallMs)
    cpuRatios.push(m.cpuMs / o.cpuMs)
    log(
      `round ${round + 1} (${otherFirst ? 'other' : 'this'} first): other ${o.wallMs.toFixed(0)} ms wall (${o.cpuMs.toFixed(0)} CPU), this ${m.wallMs.toFixed(0)} ms wall (${m.cpuMs.toFixed(0)} CPU), wall ratio ${(m.wallMs / o.wallMs).toFixed(3)}, CPU ratio ${(m.cpuMs / o.cpuMs).toFixed(3)}; ${o.hash} ${m.hash}; load average ${before}`
    )
  }
  log(`this tree: ${spread(walls.mine)} ms wall; other: ${spread(walls.theirs)} ms wall`)
  log(
    `wall ratio this/other: ${spread(walls.ratios, 3)}, lower in ${walls.ratios.filter((r) => r < 1).length} of ${ROUNDS}; CPU ratio ${spread(cpuRatios, 3)}`
  )
  endWithHashes(hashes, 'window')
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
