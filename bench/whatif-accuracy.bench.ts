/**
 * How well the twin predicts a run it has not seen. Fit on a simulated window at one load, then
 * predict 1.5x load, 2x load and +1 replica, and compare with a held-out run of the same
 * platform (another traffic seed) at that load or size: the simulator is the truth. Prints the
 * error per measure, and its mean and worst over the platform seeds; the goal is P99 TTFT
 * within 20 % and P50 within 10 %. Without BENCH_RATE each platform keeps its own base rate.
 *
 *   npx tsx bench/whatif-accuracy.bench.ts
 *   BENCH_SCENARIO=healthy-heavy BENCH_SEEDS=1,2,3,4,5 npx tsx bench/whatif-accuracy.bench.ts
 */
import { simulateIntoStore } from '../src/sim/node/into-store.js'
import type { RouterPolicy } from '../src/sim/config.js'
import type { TwinChanges } from '../src/sim/twin/changes.js'
import { fitTwin } from '../src/sim/twin/fit.js'
import { loadTwinWindow, type TwinWindow } from '../src/sim/twin/load.js'
import { observedPercentiles } from '../src/sim/twin/predict.js'
import { runWhatIf } from '../src/sim/twin/whatif.js'
import { createMemoryStore } from '../src/storage/memory/memory-store.js'

const SCENARIO = process.env.BENCH_SCENARIO ?? 'healthy'
const RATE = process.env.BENCH_RATE === undefined ? undefined : Number(process.env.BENCH_RATE)
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 300_000)
const SEEDS = (process.env.BENCH_SEEDS ?? '1,2,3,4,5').split(',').map(Number)
const ONLY = process.env.BENCH_CASES?.split(',')

interface Truth {
  load: number
  addReplica: boolean
  routing?: RouterPolicy
}

async function windowOf(seed: number, trafficSeed: number, truth: Truth, replicas?: number) {
  const store = createMemoryStore()
  const run = await simulateIntoStore(store, {
    scenario: SCENARIO,
    seed,
    trafficSeed,
    durationMs: DURATION_MS,
    ...(RATE === undefined ? {} : { ratePerSec: RATE }),
    loadFactor: truth.load,
    ...(truth.routing === undefined ? {} : { routing: truth.routing }),
    ...(replicas !== undefined ? { replicas } : {}),
  })
  const w = await loadTwinWindow(store, { fromUs: run.startUs, toUs: run.endUs + 120_000_000 })
  await store.close()
  return w satisfies TwinWindow
}

type Case = { label: string; changes: TwinChanges } & Truth
const CASES = (
  [
    { label: '1x (held-out seed)', changes: {}, load: 1, addReplica: false },
    { label: '1.5x load', changes: { loadFactor: 1.5 }, load: 1.5, addReplica: false },
    { label: '2x load', changes: { loadFactor: 2 }, load: 2, addReplica: false },
    { label: '+1 replica', changes: { replicasDelta: 1 }, load: 1, addReplica: true },
    {
      label: '2x load, +1 replica',
      changes: { loadFactor: 2, replicasDelta: 1 },
      load: 2,
      addReplica: true,
    },
    {
      label: 'round robin',
      changes: { routing: 'round-robin' },
      load: 1,
      addReplica: false,
      routing: 'round_robin',
    },
    {
      label: 'round robin, 1.5x',
      changes: { routing: 'round-robin', loadFactor: 1.5 },
      load: 1.5,
      addReplica: false,
      routing: 'round_robin',
    },
  ] satisfies Case[] as Case[]
).filter((c) => ONLY === undefined || ONLY.includes(c.label))

const KEYS = [
  ['ttft', 'p50'],
  ['ttft', 'p99'],
  ['tpot', 'p50'],
  ['tpot', 'p99'],
  ['queue', 'p50'],
  ['queue', 'p99'],
] as const

async function main(): Promise<void> {
  process.stdout.write(
    `scenario ${SCENARIO}, ${RATE ?? "the platform's own"} req/s, ${DURATION_MS / 1000} s windows, platform seeds ${SEEDS.join(', ')}\n`
  )
  process.stdout.write(
    `${'case'.padEnd(22)}${KEYS.map(([m, q]) => `${m} ${q}`.padEnd(13)).join('')}\n`
  )
  const worst = new Map<string, number>()
  const sums = new Map<string, { sum: number; n: number }>()
  for (const seed of SEEDS) {
    const base = await windowOf(seed, 100, { load: 1, addReplica: false })
    const replicas = fitTwin(base)
    if (!replicas.ok) {
      process.stdout.write(`seed ${seed}: refused: ${replicas.reasons.join('; ')}\n`)
      continue
    }
    const n = replicas.fit.model.replicas.length
    for (const c of CASES) {
      const t0 = performance.now()
      const report = runWhatIf(base, { changes: c.changes, runs: 5, seed: 1 })
      const ms = performance.now() - t0
      if (report.predicted === null) {
        process.stdout.write(
          `seed ${seed} ${c.label}: refused: ${report.refused?.reasons.join('; ')}\n`
        )
        continue
      }
      const truthWindow = await windowOf(seed, 200, c, c.addReplica ? n + 1 : undefined)
      const truthFit = fitTwin(truthWindow)
      if (!truthFit.ok) {
        continue
      }
      const truth = observedPercentiles(truthFit.fit)
      const cells = KEYS.map(([m, q]) => {
        const p = report.predicted![m][q].value
        const t = truth[m][q]
        if (p === null || t === null || t === 0) {
          return '–'.padEnd(13)
        }
        const err = (p - t) / t
        const key = `${c.label} ${m} ${q}`
        worst.set(key, Math.max(worst.get(key) ?? 0, Math.abs(err)))
        const acc = sums.get(key) ?? { sum: 0, n: 0 }
        sums.set(key, { sum: acc.sum + err, n: acc.n + 1 })
        return `${err > 0 ? '+' : ''}${(err * 100).toFixed(1)} %`.padEnd(13)
      })
      process.stdout.write(
        `${`s${seed} ${c.label}`.padEnd(22)}${cells.join('')}  (${(ms / 1000).toFixed(1)} s)\n`
      )
    }
  }
  process.stdout.write('\nmean error / worst |error| over the seeds\n')
  for (const c of CASES) {
    const cells = KEYS.map(([m, q]) => {
      const key = `${c.label} ${m} ${q}`
      const v = worst.get(key)
      const acc = sums.get(key)
      if (v === undefined || acc === undefined) {
        return '–'.padEnd(17)
      }
      const mean = acc.sum / acc.n
      return `${mean > 0 ? '+' : ''}${(mean * 100).toFixed(1)}/${(v * 100).toFixed(1)} %`.padEnd(17)
    })
    process.stdout.write(`${c.label.padEnd(22)}${cells.join('')}\n`)
  }
}

await main()
