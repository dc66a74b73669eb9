/**
 * The seeded runs of `whatif --load 1.5x` alone (the fit check's 5 replays and the prediction's
 * runs at 1.5x), by two source trees in one process: the stored window is loaded and fitted
 * once, then each round runs both trees' runs on that fit, alternating, the order reversed every
 * other round. Each tree's runs start as a command's do, with no run buffers left from before (a
 * full collection first). Prints CPU and wall per tree, the minor page faults (first writes of
 * fresh memory) and whether both trees' predictions are the same JSON.
 *
 *   BENCH_BASE_TREE=<a checkout of the tree to compare with> [BENCH_REQUESTS=200000] \
 *     node --expose-gc --import tsx bench/whatif-runs.bench.ts [--rounds 6] [--threads 2]
 */
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { setImmediate as turn } from 'node:timers/promises'
import type * as ChangesModule from '../src/sim/twin/changes.js'
import type * as ParseModule from '../src/sim/twin/parse.js'
import type * as PredictModule from '../src/sim/twin/predict.js'
import type * as WhatifModule from '../src/sim/twin/whatif.js'
import type * as PoolModule from '../src/sim/node/run-pool.js'
import type { TwinFit } from '../src/sim/twin/fit.js'
import { fitWhatIfStore } from './whatif-store.js'
import { argAfter, loadAverage, log, pairedTrees } from './cli-args.js'

const N = Number(process.env.BENCH_REQUESTS ?? 1_000_000)
const ROUNDS = Number(argAfter('--rounds') ?? 6)
const THREADS = Number(argAfter('--threads') ?? 1)

interface Tree {
  name: string
  applyChanges: typeof ChangesModule.applyChanges
  parseChanges: typeof ParseModule.parseChanges
  predictRuns: typeof PredictModule.predictRuns
  predictChangeRuns: typeof WhatifModule.predictChangeRuns
  runPooled: typeof PoolModule.runPooled
}

async function loadTree(name: string, root: string): Promise<Tree> {
  const at = (p: string): string => pathToFileURL(join(root, p)).href
  const changes = (await import(at('src/sim/twin/changes.ts'))) as typeof ChangesModule
  const parse = (await import(at('src/sim/twin/parse.ts'))) as typeof ParseModule
  const predict = (await import(at('src/sim/twin/predict.ts'))) as typeof PredictModule
  const whatif = (await import(at('src/sim/twin/whatif.ts'))) as typeof WhatifModule
  const pool = (await import(at('src/sim/node/run-pool.ts'))) as typeof PoolModule
  return {
    name,
    applyChanges: changes.applyChanges,
    parseChanges: parse.parseChanges,
    predictRuns: predict.predictRuns,
    predictChangeRuns: whatif.predictChangeRuns,
    runPooled: pool.runPooled,
  }
}

/** The fit check's replays and the prediction at 1.5x, as the CLI asks for them. */
async function runs(tree: Tree, fit: TwinFit): Promise<string> {
  const same = tree.applyChanges(fit, {})
  if (!same.ok) {
    throw new Error(same.reasons.join('; '))
  }
  const check = await tree.runPooled(
    tree.predictRuns(fit, same.cluster, same.plan, { runs: 5, seed: 1 }),
    THREADS
  )
  const changes = tree.parseChanges({ load: '1.5x' })
  const applied = tree.applyChanges(fit, changes)
  if (!applied.ok) {
    throw new Error(applied.reasons.join('; '))
  }
  const p = await tree.runPooled(
    tree.predictChangeRuns(fit, changes, applied, { runs: 5, seed: 1 }),
    THREADS
  )
  return JSON.stringify({ check, p })
}

async function main(): Promise<void> {
  const { base, gc } = pairedTrees()
  const trees = [await loadTree('base', resolve(base)), await loadTree('this', process.cwd())]
  const fit = await fitWhatIfStore(N, log)
  log(`${N} requests, ${THREADS} thread(s), ${ROUNDS} rounds`)
  const ratios: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? trees : [trees[1]!, trees[0]!]
    const took = new Map<string, { cpu: number; wall: number; faults: number; json: string }>()
    for (const tree of order) {
      gc()
      await turn()
      gc()
      const c = process.cpuUsage()
      const f = process.resourceUsage().minorPageFault
      const t = performance.now()
      const json = await runs(tree, fit)
      const wall = (performance.now() - t) / 1000
      const u = process.cpuUsage(c)
      took.set(tree.name, {
        cpu: (u.user + u.system) / 1e6,
        wall,
        faults: process.resourceUsage().minorPageFault - f,
        json,
      })
    }
    const a = took.get('base')!
    const b = took.get('this')!
    ratios.push(b.cpu / a.cpu)
    log(
      `round ${r} (${order[0]!.name} first): base ${a.cpu.toFixed(2)} s CPU ${a.wall.toFixed(2)} s wall ${a.faults} faults; this ${b.cpu.toFixed(2)} s CPU ${b.wall.toFixed(2)} s wall ${b.faults} faults; CPU ratio ${(b.cpu / a.cpu).toFixed(3)}, wall ratio ${(b.wall / a.wall).toFixed(3)}; same JSON ${a.json === b.json}; load average ${loadAverage()}`
    )
  }
  const sorted = ratios.slice().sort((x, y) => x - y)
  log(
    `CPU ratio ${sorted[0]!.toFixed(3)}–${sorted.at(-1)!.toFixed(3)}, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)}, lower in ${ratios.filter((x) => x < 1).length} of ${ratios.length}`
  )
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
