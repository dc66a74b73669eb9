/**
 * Memory the request rollup (ADR 0210) holds: V8 heap after a full GC, before and after filling
 * its buckets over the bench window of N requests (bench/dashboard-store.ts), per entry of each
 * kind and at the entry cap. Counts entries first (one kind at a time: `aggregate` fills counts
 * and sums, `percentiles` fills histograms), then fills filter sets (one tenant each) until the cap
 * holds. The baseline of the same run is the heap of the open store before any rollup read.
 *
 *   npx tsx --expose-gc bench/dashboard-rollup-memory.bench.ts [--requests 1000000]
 */
import { parseArgs } from 'node:util'
import { T0_US } from '../src/core/diagnosis/testing/make-timeline.js'
import type { Micros } from '../src/core/model/units.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { requestRollupOf, type RequestRollup } from '../src/storage/rollup/request-rollup.js'
import { BENCH_MINUTES, benchStore } from './dashboard-store.js'

const { values: args } = parseArgs({
  options: { requests: { type: 'string', default: '1000000' } },
})
const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) {
  throw new Error('run with --expose-gc: the heap is read after a full collection')
}
const path = await benchStore(Number(args.requests), false, (l) => process.stdout.write(`${l}\n`))
const store = await createDuckDbStore({ path })
const rollup = requestRollupOf(store) as RequestRollup
const fromUs = T0_US as Micros
const toUs = (T0_US + BENCH_MINUTES * 60_000_000) as Micros
const heap = (): number => {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}
const KiB = 1024
const entries = (): number => rollup.stats.bucketsFilled

try {
  const base = heap()
  // Counts and sums of every 5 s bucket of the hour (no step: the finest base, 720 buckets).
  await rollup.aggregate({ fromUs, toUs, measures: [] })
  const aggEntries = entries()
  const afterAgg = heap()
  await rollup.percentiles({ fromUs, toUs, measures: ['ttft'], quantiles: [0.5] })
  const histEntries = entries() - aggEntries
  const afterHist = heap()
  const perAgg = (afterAgg - base) / aggEntries
  const perHist = (afterHist - afterAgg) / histEntries
  process.stdout.write(
    `${args.requests} requests over ${BENCH_MINUTES} min; store open, heap ${(base / KiB / KiB).toFixed(1)} MiB (baseline)\n` +
      `  counts and sums: ${aggEntries} entries, +${((afterAgg - base) / KiB).toFixed(0)} KiB, ${perAgg.toFixed(0)} bytes per entry\n` +
      `  histograms: ${histEntries} entries, +${((afterHist - afterAgg) / KiB).toFixed(0)} KiB, ${perHist.toFixed(0)} bytes per entry (${(Number(args.requests) / histEntries).toFixed(0)} requests per 5 s bucket)\n` +
      `  the default view (both kinds): +${((afterHist - base) / KiB / KiB).toFixed(2)} MiB, ×${((afterHist - base) / base).toFixed(2)} the open store's heap\n`
  )
  // Fill to the cap with one tenant's view after another (both kinds each).
  for (let t = 0; t < 5; t++) {
    const filters = { tenant: [`t${t}`] }
    await rollup.aggregate({ fromUs, toUs, measures: [], filters })
    await rollup.percentiles({ fromUs, toUs, measures: ['ttft'], quantiles: [0.5], filters })
  }
  const full = heap()
  process.stdout.write(
    `  at the cap (6000 entries, the unfiltered hour and five tenants' hours read, least recent dropped): +${((full - base) / KiB / KiB).toFixed(2)} MiB\n`
  )
} finally {
  await store.close()
}
