/**
 * At the KV edge one run is one draw of a bimodal figure, for the simulator and the twin alike.
 * This puts the distribution of many seeded twin runs beside many held-out simulator runs,
 * figure by figure, so a bias of the method can be told from the draw of a few seeds.
 *
 *   BENCH_SEEDS=3,5 BENCH_LOAD=2 BENCH_RUNS=20 BENCH_TRUTH_SEEDS=200,201,202,203,204,205 \
 *     npx tsx bench/whatif-edge-runs.bench.ts
 */
import { simulateIntoStore } from '../src/sim/node/into-store.js'
import { applyChanges } from '../src/sim/twin/changes.js'
import { fitTwin } from '../src/sim/twin/fit.js'
import { loadTwinWindow } from '../src/sim/twin/load.js'
import { observedPercentiles, predict } from '../src/sim/twin/predict.js'
import { createMemoryStore } from '../src/storage/memory/memory-store.js'

const SCENARIO = process.env.BENCH_SCENARIO ?? 'healthy-heavy'
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 1_200_000)
const SEEDS = (process.env.BENCH_SEEDS ?? '3,5').split(',').map(Number)
const LOAD = Number(process.env.BENCH_LOAD ?? 2)
const RUNS = Number(process.env.BENCH_RUNS ?? 20)
const TRUTH_SEEDS = (process.env.BENCH_TRUTH_SEEDS ?? '200,201,202,203,204,205')
  .split(',')
  .map(Number)

async function windowOf(seed: number, trafficSeed: number, loadFactor: number) {
  const store = createMemoryStore()
  const run = await simulateIntoStore(store, {
    scenario: SCENARIO,
    seed,
    trafficSeed,
    durationMs: DURATION_MS,
    loadFactor,
  })
  const w = await loadTwinWindow(store, { fromUs: run.startUs, toUs: run.endUs + 120_000_000 })
  await store.close()
  return w
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}
const fmt = (xs: number[]): string =>
  [...xs]
    .sort((a, b) => a - b)
    .map((v) => v.toFixed(0))
    .join(' ')

for (const seed of SEEDS) {
  const fitted = fitTwin(await windowOf(seed, 100, 1))
  if (!fitted.ok) {
    process.stdout.write(`seed ${seed}: refused: ${fitted.reasons.join('; ')}\n`)
    continue
  }
  const applied = applyChanges(fitted.fit, { loadFactor: LOAD })
  if (!applied.ok) {
    continue
  }
  const twin = { p50: [] as number[], p99: [] as number[] }
  for (let k = 0; k < RUNS; k++) {
    const m = predict(fitted.fit, applied.cluster, applied.plan, { runs: 1, seed: 1001 + k })
      .measures.ttft
    twin.p50.push(m.p50.value!)
    twin.p99.push(m.p99.value!)
  }
  const truth = { p50: [] as number[], p99: [] as number[] }
  for (const ts of TRUTH_SEEDS) {
    const f = fitTwin(await windowOf(seed, ts, LOAD))
    if (f.ok) {
      const o = observedPercentiles(f.fit).ttft
      truth.p50.push(o.p50!)
      truth.p99.push(o.p99!)
    }
  }
  for (const q of ['p50', 'p99'] as const) {
    const t = median(truth[q])
    const w = median(twin[q])
    const first5 = median(twin[q].slice(0, 5))
    process.stdout.write(
      `seed ${seed} ${LOAD}x TTFT ${q}: truths (${truth[q].length}) median ${t.toFixed(0)} [${fmt(truth[q])}]; ` +
        `twin (${RUNS} runs) median ${w.toFixed(0)} (${(((w - t) / t) * 100).toFixed(1)} %), first 5 ${first5.toFixed(0)} (${(((first5 - t) / t) * 100).toFixed(1)} %) [${fmt(twin[q])}]\n`
    )
  }
}
