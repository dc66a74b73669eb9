/**
 * One seeded run at a time by two source trees, alternating run by run in one process on one
 * fit of a stored window: finer-grained than `bench/whatif-runs.bench.ts` (whole batches of 10
 * runs a tree), so a shift in the host's load lands on both trees of a pair. Each pair runs the
 * same seed at `--load` (1.5x unless given) with the default cap, the order reversed every other
 * pair; prints each pair's CPU ratio (this ÷ base), the median and spread, and whether every
 * pair's figures were the same JSON.
 *
 *   BENCH_BASE_TREE=<a checkout of the tree to compare with> [BENCH_REQUESTS=200000] \
 *     node --expose-gc --import tsx bench/whatif-run-pairs.bench.ts [--pairs 12] [--load 1.5x]
 */
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as ChangesModule from '../src/sim/twin/changes.js'
import type * as ParseModule from '../src/sim/twin/parse.js'
import type * as PredictModule from '../src/sim/twin/predict.js'
import type { TwinFit } from '../src/sim/twin/fit.js'
import { fitWhatIfStore } from './whatif-store.js'
import { argAfter, loadAverage, log, pairedTrees } from './cli-args.js'

const N = Number(process.env.BENCH_REQUESTS ?? 1_000_000)
const PAIRS = Number(argAfter('--pairs') ?? 12)
const LOAD = argAfter('--load') ?? '1.5x'

interface Tree {
  name: string
  /** One seeded run's figures as JSON. */
  run: (seed: number) => string
}

async function loadTree(name: string, root: string, fit: TwinFit): Promise<Tree> {
  const at = (p: string): string => pathToFileURL(join(root, p)).href
  const changes = (await import(at('src/sim/twin/changes.ts'))) as typeof ChangesModule
  const parse = (await import(at('src/sim/twin/parse.ts'))) as typeof ParseModule
  const predict = (await import(at('src/sim/twin/predict.ts'))) as typeof PredictModule
  const applied = changes.applyChanges(fit, parse.parseChanges({ load: LOAD }))
  if (!applied.ok) {
    throw new Error(applied.reasons.join('; '))
  }
  const sample = predict.ownSampleOf(fit)
  return {
    name,
    run: (seed) =>
      JSON.stringify(predict.runOnce(fit, applied.cluster, applied.plan, seed, sample, null)),
  }
}

async function main(): Promise<void> {
  const { base, gc } = pairedTrees()
  const fit = await fitWhatIfStore(N, log)
  const trees = [
    await loadTree('base', resolve(base), fit),
    await loadTree('this', process.cwd(), fit),
  ]
  // One run each first, so that both trees' buffers are written before any pair is timed.
  for (const t of trees) {
    t.run(1000)
  }
  log(`${N} requests, one seeded run at ${LOAD} a turn, ${PAIRS} pairs`)
  const ratios: number[] = []
  let same = true
  for (let p = 0; p < PAIRS; p++) {
    const order = p % 2 === 0 ? trees : [trees[1]!, trees[0]!]
    const seed = 1001 + (p >> 1)
    const took = new Map<string, { cpu: number; json: string }>()
    for (const t of order) {
      gc()
      const c = process.cpuUsage()
      const json = t.run(seed)
      const u = process.cpuUsage(c)
      took.set(t.name, { cpu: (u.user + u.system) / 1e6, json })
    }
    const a = took.get('base')!
    const b = took.get('this')!
    same &&= a.json === b.json
    ratios.push(b.cpu / a.cpu)
    log(
      `pair ${p} (${order[0]!.name} first, seed ${seed}): base ${a.cpu.toFixed(3)} s, this ${b.cpu.toFixed(3)} s CPU, ratio ${(b.cpu / a.cpu).toFixed(3)}; same figures ${a.json === b.json}; load average ${loadAverage()}`
    )
  }
  const sorted = ratios.slice().sort((x, y) => x - y)
  log(
    `CPU ratio ${sorted[0]!.toFixed(3)}–${sorted.at(-1)!.toFixed(3)}, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)}, lower in ${ratios.filter((x) => x < 1).length} of ${ratios.length}; same figures in every pair: ${same}`
  )
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
