/**
 * What the request rollup (ADR 0210) adds to ingest: the write path's call that forgets the
 * touched buckets, timed against the store's own `upsertRequests` of the same 512-request
 * batches in the same run (an in-memory DuckDB store, new traces as ingest writes them), and the
 * replacing upsert with and without the `RETURNING` the rollup needs.
 *
 *   npx tsx bench/dashboard-rollup-cost.bench.ts [--batches 200]
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { createTestRng, makeTimeline, T0_US } from '../src/core/diagnosis/testing/make-timeline.js'
import type { RequestTimeline } from '../src/core/model/request.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { requestRollupOf } from '../src/storage/rollup/request-rollup.js'

const { values: args } = parseArgs({
  options: {
    batches: { type: 'string', default: '200' },
    // Only the replacing upsert, for a checkout without the rollup (the before of ADR 0210).
    'replace-only': { type: 'boolean', default: false },
  },
})
const BATCHES = Number(args.batches)
const BATCH = 512

const rng = createTestRng(3)
const batches: RequestTimeline[][] = Array.from({ length: BATCHES }, (_, b) =>
  Array.from({ length: BATCH }, (_, i) =>
    makeTimeline({
      // About 1 000 requests per second of data: each batch spans half a second.
      startUs: T0_US + (b * BATCH + i) * 1000 + Math.floor(rng() * 5_000_000),
      stagesMs: { 'engine.prefill': 40 * rng(), 'engine.decode': 1000 * rng() },
    })
  )
)

const store = await createDuckDbStore({ path: ':memory:' })
if (args['replace-only']) {
  for (const batch of batches) {
    await store.upsertRequests(batch, { newTraces: true })
  }
  await replacing()
  await store.close()
  process.exit(0)
}
const rollup = requestRollupOf(store)
if (!rollup) {
  throw new Error('the DuckDB store keeps no rollup')
}
// The rollup holds the whole hour, as after a dashboard look, so every forget finds entries.
await rollup.warm(T0_US, T0_US + 3600e6)

let upsertMs = 0
let forgetMs = 0
const cpu0 = process.cpuUsage()
for (const batch of batches) {
  const t0 = performance.now()
  await store.upsertRequests(batch, { newTraces: true })
  const t1 = performance.now()
  // The same call the write path makes after its commit (already made once inside the upsert).
  rollup.invalidate(batch.map((r) => r.startUs))
  forgetMs += performance.now() - t1
  upsertMs += t1 - t0
}
const cpu = process.cpuUsage(cpu0)
const spans = BATCHES * BATCH
const us = (ms: number): string => ((ms * 1000) / spans).toFixed(3)
process.stdout.write(
  `${spans} requests in ${BATCHES} batches of ${BATCH}\n` +
    `  upsertRequests (newTraces, forget included): ${us(upsertMs)} µs/request wall\n` +
    `  rollup forget alone:                         ${us(forgetMs)} µs/request wall (×${(forgetMs / upsertMs).toFixed(4)} of the upsert)\n` +
    `  process CPU over the loop: ${(((cpu.user + cpu.system) / spans) * 1).toFixed(2)} µs/request\n`
)

await replacing()
await store.close()

/** The replacing upsert (traces written again): its delete returns the old starts now. */
async function replacing(): Promise<void> {
  const again = batches.slice(0, 20)
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  for (const batch of again) {
    await store.upsertRequests(batch)
  }
  const cpu = process.cpuUsage(c0)
  const n = again.length * BATCH
  process.stdout.write(
    `  replacing upsert: ${(((performance.now() - t0) * 1000) / n).toFixed(2)} µs/request wall, ${((cpu.user + cpu.system) / n).toFixed(2)} µs/request process CPU over ${again.length} batches\n`
  )
}
