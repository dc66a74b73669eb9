/**
 * `tokenline whatif --db FILE --load 1.5x --format json` end to end on a stored window of 1M
 * requests (issue 26: fit plus a prediction under 30 s), where `bench/whatif-scale.bench.ts` times
 * the twin alone on a window made in memory. The store (`bench/whatif-store.ts`) is built once and
 * kept in the temp folder.
 *
 *   npx tsx bench/whatif-store.bench.ts                  # the CLI, timed as a child process
 *   npx tsx bench/whatif-store.bench.ts --phases         # the same work in-process, by phase
 *   BENCH_REQUESTS=200000 npx tsx bench/whatif-store.bench.ts [--fresh] [--out FILE]
 *   npx tsx bench/whatif-store.bench.ts [--phases] --threads 1   # the seeded runs serially
 *   npx tsx bench/whatif-store.bench.ts [--phases] --runs 5      # five runs, none stopped early
 *
 * The CLI's CPU time and peak RSS come from `/usr/bin/time` (the child's own and its children's);
 * `--out FILE` keeps its JSON, whose bytes two versions that give the same figures share.
 * `--phases` splits the CLI's work as `whatif` does it: the store's scan, the column copy
 * (`observedFromColumns`) and the metrics read (together `loadTwinWindow`), the fit, the fit
 * check's replays and the prediction's runs.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { DiagnosisReader } from '../src/core/diagnosis/frame/read-port.js'
import { applyChanges } from '../src/sim/twin/changes.js'
import { fitTwin } from '../src/sim/twin/fit.js'
import { loadTwinWindow } from '../src/sim/twin/load.js'
import { parseChanges } from '../src/sim/twin/parse.js'
import { poolThreads, runPooled } from '../src/sim/node/run-pool.js'
import { predictRuns } from '../src/sim/twin/predict.js'
import { DEFAULT_RUNS, fewestRunsOf, predictChangeRuns } from '../src/sim/twin/whatif.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { whatIfStore } from './whatif-store.js'
import { argAfter, loadAverage, log } from './cli-args.js'

const N = Number(process.env.BENCH_REQUESTS ?? 1_000_000)
/** `--threads N` as the CLI takes it (ADR 0454); 1 when not given. */
const threadsArg = argAfter('--threads')
const THREADS = poolThreads(threadsArg === undefined ? undefined : Number(threadsArg))
/** `--runs N` as the CLI takes it; without it, the CLI's default (ADR 0530). */
const runsArg = argAfter('--runs')
const RUNS: { runs: number; fewestRuns?: number } =
  runsArg === undefined ? DEFAULT_RUNS : { runs: Number(runsArg) }

function timeCli(db: string): void {
  const out = argAfter('--out') ?? join(tmpdir(), `tokenline-whatif-bench-${N}.json`)
  const before = `load average ${loadAverage()}`
  const started = performance.now()
  const r = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      '%U %S %e %M',
      'node',
      '--import',
      'tsx',
      'src/cli/main.ts',
      'whatif',
      '--db',
      db,
      '--load',
      '1.5x',
      '--format',
      'json',
      '--threads',
      String(THREADS),
      ...(runsArg === undefined ? [] : ['--runs', runsArg]),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 30 }
  )
  const wallMs = performance.now() - started
  const after = `load average ${loadAverage()}`
  // Exit 4 is a refusal, still a whole run of the fit check; anything else is a failure.
  if (r.status !== 0 && r.status !== 4) {
    throw new Error(`whatif exited ${r.status}: ${r.stderr}`)
  }
  writeFileSync(out, r.stdout)
  const last = r.stderr.trim().split('\n').at(-1) ?? ''
  const [user, sys, wall, rssKb] = last.split(' ').map(Number)
  const report = JSON.parse(r.stdout) as { refused: unknown; fit: { ok: boolean } }
  log(
    `whatif --load 1.5x on ${N} stored requests: ${(user! + sys!).toFixed(1)} s CPU (${user!.toFixed(1)} user + ${sys!.toFixed(1)} sys), ${wall!.toFixed(1)} s wall (${(wallMs / 1000).toFixed(1)} s with the spawn), peak RSS ${(rssKb! / 1024).toFixed(0)} MB; fit ${report.fit.ok ? 'ok' : 'refused'}, exit ${r.status}; output sha256 ${createHash('sha256').update(readFileSync(out)).digest('hex').slice(0, 16)} → ${out}; ${THREADS} thread(s), ${before}, after: ${after}`
  )
}

async function phases(db: string): Promise<void> {
  const cpuMs = (u: NodeJS.CpuUsage): number => (u.user + u.system) / 1000
  const phase = async <T>(name: string, f: () => T | Promise<T>): Promise<T> => {
    const t = performance.now()
    const c = process.cpuUsage()
    const v = await f()
    log(
      `${name}: ${(cpuMs(process.cpuUsage(c)) / 1000).toFixed(1)} s CPU (the process, DuckDB's and the run pool's threads included), ${((performance.now() - t) / 1000).toFixed(1)} s wall; load average ${loadAverage()}`
    )
    return v
  }
  const store = await createDuckDbStore({ path: db })
  try {
    const extent = await store.extent()
    if (extent === null) {
      throw new Error(`${db} holds no requests`)
    }
    // The scan's own time, inside loadTwinWindow: the rest is the column copy and the metrics.
    let scanMs = 0
    const reader: DiagnosisReader = {
      ...store,
      scanRequestColumns: async (q) => {
        const t = performance.now()
        const columns = await store.scanRequestColumns(q)
        scanMs += performance.now() - t
        return columns
      },
    }
    const w = await phase('loadTwinWindow', () =>
      loadTwinWindow(reader, { fromUs: extent.startUs, toUs: extent.endUs + 1 })
    )
    log(`  of which the store's scan: ${(scanMs / 1000).toFixed(1)} s wall`)
    const fitted = await phase('fit', () => fitTwin(w))
    if (!fitted.ok) {
      throw new Error(fitted.reasons.join('; '))
    }
    const fit = fitted.fit
    const replayed = await phase('fit check (its replays)', () => {
      const same = applyChanges(fit, {})
      if (!same.ok) {
        throw new Error(same.reasons.join('; '))
      }
      const fewest = fewestRunsOf(RUNS.fewestRuns)
      return runPooled(
        predictRuns(fit, same.cluster, same.plan, {
          runs: RUNS.runs,
          seed: 1,
          ...(fewest !== undefined ? { fewest } : {}),
        }),
        THREADS
      )
    })
    log(`  ${replayed.runs} replays`)
    await phase('prediction at 1.5x', async () => {
      const changes = parseChanges({ load: '1.5x' })
      const applied = applyChanges(fit, changes)
      if (!applied.ok) {
        throw new Error(applied.reasons.join('; '))
      }
      const { prediction: p, unseenCap } = await runPooled(
        predictChangeRuns(fit, changes, applied, { ...RUNS, seed: 1 }),
        THREADS
      )
      log(
        `  ${p.runs} runs, ${p.sampling?.runs ?? 0} added for the window's sample, ${p.stepLawReach?.refits ?? 0} law refits${unseenCap !== null ? `, the least cap's ${unseenCap.runs} runs` : ''}`
      )
    })
  } finally {
    await store.close()
  }
}

async function main(): Promise<void> {
  log(`${THREADS} thread(s) for the seeded runs (--threads)`)
  const db = await whatIfStore(N, process.argv.includes('--fresh'), log)
  if (process.argv.includes('--phases')) {
    await phases(db)
  } else {
    timeCli(db)
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
