/**
 * How well the twin predicts a run it has not seen. Fit on a simulated window at one load, then
 * predict 1.5x load, 2x load and +1 replica, and compare with a held-out run of the same
 * platform (another traffic seed) at that load or size: the simulator is the truth. Prints the
 * error per measure; the goal is P99 TTFT within 20 % and P50 within 10 %.
 *
 *   npx tsx bench/whatif-accuracy.bench.ts
 *   BENCH_SCENARIO=healthy-heavy BENCH_RATE=2 npx tsx bench/whatif-accuracy.bench.ts
 */
import { simulateIntoStore } from '../src/sim/node/into-store.js'
import type { TwinChanges } from '../src/sim/twin/changes.js'
import { fitTwin } from '../src/sim/twin/fit.js'
import { loadTwinWindow, type TwinWindow } from '../src/sim/twin/load.js'
import { observedPercentiles } from '../src/sim/twin/predict.js'
import { runWhatIf } from '../src/sim/twin/whatif.js'
import { createMemoryStore } from '../src/storage/memory/memory-store.js'

const SCENARIO = process.env.BENCH_SCENARIO ?? 'healthy'
const RATE = Number(process.env.BENCH_RATE ?? 10)
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 300_000)
const SEEDS = (process.env.BENCH_SEEDS ?? '1,2,3').split(',').map(Number)

async function windowOf(
  seed: number,
  trafficSeed: number,
  rate: number,
  replicas?: number
): Promise<TwinWindow> {
  const store = createMemoryStore()
  const run = await simulateIntoStore(store, {
    scenario: SCENARIO,
    seed,
    trafficSeed,
    durationMs: DURATION_MS,
    ratePerSec: rate,
    ...(replicas !== undefined ? { replicas } : {}),
  })
  const w = await loadTwinWindow(store, { fromUs: run.startUs, toUs: run.endUs + 120_000_000 })
  await store.close()
  return w
}

const CASES: { label: string; changes: TwinChanges; rate: number; addReplica: boolean }[] = [
  { label: '1x (held-out seed)', changes: {}, rate: RATE, addReplica: false },
  { label: '1.5x load', changes: { loadFactor: 1.5 }, rate: RATE * 1.5, addReplica: false },
  { label: '2x load', changes: { loadFactor: 2 }, rate: RATE * 2, addReplica: false },
  { label: '+1 replica', changes: { replicasDelta: 1 }, rate: RATE, addReplica: true },
  {
    label: '2x load, +1 replica',
    changes: { loadFactor: 2, replicasDelta: 1 },
    rate: RATE * 2,
    addReplica: true,
  },
]

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
    `scenario ${SCENARIO}, ${RATE} req/s, ${DURATION_MS / 1000} s windows, platform seeds ${SEEDS.join(', ')}\n`
  )
  process.stdout.write(
    `${'case'.padEnd(22)}${KEYS.map(([m, q]) => `${m} ${q}`.padEnd(13)).join('')}\n`
  )
  const worst = new Map<string, number>()
  for (const seed of SEEDS) {
    const base = await windowOf(seed, 100, RATE)
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
      const truthWindow = await windowOf(seed, 200, c.rate, c.addReplica ? n + 1 : undefined)
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
        return `${err > 0 ? '+' : ''}${(err * 100).toFixed(1)} %`.padEnd(13)
      })
      process.stdout.write(
        `${`s${seed} ${c.label}`.padEnd(22)}${cells.join('')}  (${(ms / 1000).toFixed(1)} s)\n`
      )
    }
  }
  process.stdout.write('\nworst |error| over the seeds\n')
  for (const c of CASES) {
    const cells = KEYS.map(([m, q]) => {
      const v = worst.get(`${c.label} ${m} ${q}`)
      return (v === undefined ? '–' : `${(v * 100).toFixed(1)} %`).padEnd(13)
    })
    process.stdout.write(`${c.label.padEnd(22)}${cells.join('')}\n`)
  }
}

await main()
