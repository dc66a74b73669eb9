/**
 * The twin's engine alone, two source trees alternating on the same drawn jobs in one process:
 * one fit of a stored window, one draw of the jobs at `--load` (1.5x unless given) by this tree,
 * then each pair runs `runTwin` of both trees on those jobs, the order reversed every other pair.
 * Finer than `bench/whatif-run-pairs.bench.ts` (the whole seeded run, its draw and figures too)
 * where a change is inside the engine. Prints each pair's CPU ratio (this ÷ base), the median,
 * the spread, each two reversed pairs' geometric mean, and whether both trees' outputs were equal.
 *
 *   BENCH_BASE_TREE=<a checkout of the tree to compare with> [BENCH_REQUESTS=200000] \
 *     node --expose-gc --import tsx bench/whatif-engine-pairs.bench.ts [--pairs 16] [--load 1.5x]
 */
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as RandomModule from '../src/core/stats/seeded-random.js'
import type * as EngineModule from '../src/sim/twin/engine.js'
import { applyChanges } from '../src/sim/twin/changes.js'
import { fitTwin, type TwinFit } from '../src/sim/twin/fit.js'
import { loadTwinWindow } from '../src/sim/twin/load.js'
import { parseChanges } from '../src/sim/twin/parse.js'
import { ownSampleOf, runDetailed } from '../src/sim/twin/predict.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { whatIfStore } from './whatif-store.js'
import { argAfter, loadAverage, log, pairedTrees } from './cli-args.js'

const N = Number(process.env.BENCH_REQUESTS ?? 1_000_000)
const PAIRS = Number(argAfter('--pairs') ?? 16)
const LOAD = argAfter('--load') ?? '1.5x'
const SEED = 1001

type Run = () => EngineModule.TwinRunResult

async function loadTree(root: string, cluster: unknown, jobs: unknown): Promise<Run> {
  const at = (p: string): string => pathToFileURL(join(root, p)).href
  const engine = (await import(at('src/sim/twin/engine.ts'))) as typeof EngineModule
  const random = (await import(at('src/core/stats/seeded-random.ts'))) as typeof RandomModule
  return () => {
    // The run's stream as a seeded run forks it: after the jobs' fork.
    const rng = random.createRng(SEED)
    rng.fork('jobs')
    return engine.runTwin(
      cluster as EngineModule.TwinCluster,
      jobs as EngineModule.TwinJobs,
      rng.fork('run')
    )
  }
}

/** The outputs compared whole: every per-job and per-replica array. */
function sameResult(a: EngineModule.TwinRunResult, b: EngineModule.TwinRunResult): boolean {
  if (a.ran !== b.ran || !Object.is(a.spanUs, b.spanUs)) {
    return false
  }
  for (const k of Object.keys(a) as (keyof EngineModule.TwinRunResult)[]) {
    const x = a[k]
    const y = b[k]
    if (ArrayBuffer.isView(x) && ArrayBuffer.isView(y)) {
      const u = x as unknown as ArrayLike<number>
      const v = y as unknown as ArrayLike<number>
      if (u.length !== v.length) {
        return false
      }
      for (let i = 0; i < u.length; i++) {
        if (!Object.is(u[i], v[i])) {
          return false
        }
      }
    }
  }
  return true
}

async function main(): Promise<void> {
  const { base, gc } = pairedTrees()
  const db = await whatIfStore(N, false, log)
  const store = await createDuckDbStore({ path: db })
  let fit: TwinFit
  try {
    const extent = (await store.extent())!
    const w = await loadTwinWindow(store, { fromUs: extent.startUs, toUs: extent.endUs + 1 })
    const fitted = fitTwin(w)
    if (!fitted.ok) {
      throw new Error(fitted.reasons.join('; '))
    }
    fit = fitted.fit
  } finally {
    await store.close()
  }
  const applied = applyChanges(fit, parseChanges({ load: LOAD }))
  if (!applied.ok) {
    throw new Error(applied.reasons.join('; '))
  }
  const { jobs } = runDetailed(fit, applied.cluster, applied.plan, SEED, ownSampleOf(fit))
  const trees = [
    { name: 'base', run: await loadTree(resolve(base), applied.cluster, jobs) },
    { name: 'this', run: await loadTree(process.cwd(), applied.cluster, jobs) },
  ]
  const same = sameResult(trees[0]!.run(), trees[1]!.run())
  log(`${jobs.n} jobs at ${LOAD}, the engine alone, ${PAIRS} pairs; outputs equal: ${same}`)
  const ratios: number[] = []
  for (let p = 0; p < PAIRS; p++) {
    const order = p % 2 === 0 ? trees : [trees[1]!, trees[0]!]
    const cpu = new Map<string, number>()
    for (const t of order) {
      gc()
      const c = process.cpuUsage()
      t.run()
      const u = process.cpuUsage(c)
      cpu.set(t.name, (u.user + u.system) / 1e6)
    }
    const a = cpu.get('base')!
    const b = cpu.get('this')!
    ratios.push(b / a)
    log(
      `pair ${p} (${order[0]!.name} first): base ${a.toFixed(3)} s, this ${b.toFixed(3)} s CPU, ratio ${(b / a).toFixed(3)}; load average ${loadAverage()}`
    )
  }
  const sorted = ratios.slice().sort((x, y) => x - y)
  const both: number[] = []
  for (let p = 0; p + 1 < ratios.length; p += 2) {
    both.push(Math.sqrt(ratios[p]! * ratios[p + 1]!))
  }
  log(
    `CPU ratio ${sorted[0]!.toFixed(3)}–${sorted.at(-1)!.toFixed(3)}, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)}, lower in ${ratios.filter((x) => x < 1).length} of ${ratios.length}; both orders: ${both.map((x) => x.toFixed(3)).join(' ')}`
  )
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
