/**
 * SLO evaluation cost: replaying burn-rate and objective rules minute by minute over a memory
 * store (what `tokenline alerts test` and the server's first pass do), against a baseline
 * measured in the same run: one plain scan of the same requests.
 *
 *   npx tsx bench/slo-evaluate.bench.ts                      # 2 h at 20 req/s (144k requests)
 *   npx tsx bench/slo-evaluate.bench.ts --hours 2 --rate 50
 *   BENCH_HOURS=1 npx tsx bench/slo-evaluate.bench.ts
 */
import { createSilentLogger } from '../src/core/logger.js'
import type { Micros } from '../src/core/model/units.js'
import { MINUTE_US } from '../src/core/slo/types.js'
import { parseSloSettings } from '../src/config/slo.js'
import { createSloEvaluator } from '../src/alerts/evaluator.js'
import { createMemoryStore } from '../src/storage/memory/memory-store.js'
import { createMemorySloStore } from '../src/storage/memory/slo-store.js'
import { makeTimeline } from '../src/core/slo/testing/slo-requests.js'

function numArg(flag: string, env: string, fallback: number): number {
  const i = process.argv.indexOf(flag)
  const raw = i === -1 ? process.env[env] : process.argv[i + 1]
  const n = Number(raw ?? fallback)
  if (!(n > 0)) {
    throw new Error(`${flag} must be a positive number (actual: ${raw})`)
  }
  return n
}

const hours = numArg('--hours', 'BENCH_HOURS', 2)
const rate = numArg('--rate', 'BENCH_RATE', 20)
const T0 = Date.UTC(2025, 0, 1) * 1000
const minutes = Math.round(hours * 60)
const store = createMemoryStore()
const batch = []
for (let m = 0; m < minutes; m++) {
  const slow = m % 90 > 70 ? 0.05 : 0.002
  for (let i = 0; i < rate * 60; i++) {
    batch.push(
      makeTimeline({
        startUs: T0 + m * MINUTE_US + Math.floor((i * MINUTE_US) / (rate * 60)),
        ttftMs: (i * 7919) % 1000 < slow * 1000 ? 1500 : 120 + (i % 200),
        e2eMs: 2000 + (i % 3000),
        tpotMs: 20,
        dims: { model: 'llama', route: '/v1/chat/completions', tenant: `t${i % 5}` },
      })
    )
  }
}
await store.upsertRequests(batch)
const settings = parseSloSettings({
  slo: {
    tiers: [{ name: 'chat', objectives: ['ttft p99 < 800ms', 'e2e p99 < 10s', 'errors < 1%'] }],
  },
  alerts: {
    rules: [
      { name: 'burn', tier: 'chat', objective: 'ttft_p99', burnRate: true },
      { name: 'p99-5m', tier: 'chat', objective: 'ttft_p99', window: '5m' },
      { name: 'e2e-5m', tier: 'chat', objective: 'e2e_p99', window: '5m' },
    ],
  },
})

let t = performance.now()
let n = 0
for await (const b of store.scanRequests({})) {
  n += b.length
}
const scanMs = performance.now() - t

t = performance.now()
const evaluator = await createSloEvaluator({
  store,
  sloStore: createMemorySloStore(),
  settings,
  logger: createSilentLogger(),
  cursorName: null,
})
const instants: Micros[] = []
for (let m = 1; m <= minutes; m++) {
  instants.push((T0 + m * MINUTE_US) as Micros)
}
const transitions = await evaluator.evaluateAt(instants)
const evalMs = performance.now() - t

console.log(
  `requests ${n}, minutes ${minutes}, rules ${settings.rules.length}, transitions ${transitions.length}`
)
console.log(`baseline scan          ${scanMs.toFixed(0)} ms`)
console.log(
  `replay all rules       ${evalMs.toFixed(0)} ms  (${((evalMs / minutes) * 1000).toFixed(0)} µs per minute evaluated)`
)
console.log(`ratio to baseline      ${(evalMs / scanMs).toFixed(2)}×`)
