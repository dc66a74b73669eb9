/**
 * What the samples panel's first page costs the store: the slowest 20 of the bench window of N
 * requests by each latency measure (`queryRequests`, an `ORDER BY … LIMIT` in DuckDB with its
 * count), wall and process CPU (DuckDB's threads included), median of several rounds. The
 * baseline of the same run is a count of the window (`aggregateRequests` with no measure).
 *
 *   npx tsx bench/dashboard-samples.bench.ts [--requests 1000000] [--rounds 5]
 */
import { cpuUsage } from 'node:process'
import { performance } from 'node:perf_hooks'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { T0_US } from '../src/core/diagnosis/testing/make-timeline.js'
import type { Micros } from '../src/core/model/units.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { BENCH_MINUTES, benchStore } from './dashboard-store.js'

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '5' },
  },
})
const path = await benchStore(Number(args.requests), false, (l) => process.stdout.write(`${l}\n`))
const store = await createDuckDbStore({ path })
const window = {
  fromUs: T0_US as Micros,
  toUs: (T0_US + BENCH_MINUTES * 60_000_000) as Micros,
}

async function timed(work: () => Promise<unknown>): Promise<{ ms: number; cpuMs: number }> {
  const c = cpuUsage()
  const t = performance.now()
  await work()
  const used = cpuUsage(c)
  return { ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000 }
}
const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN

try {
  const count: { ms: number; cpuMs: number }[] = []
  const sorts = new Map<string, { ms: number; cpuMs: number }[]>()
  for (let i = 0; i < Number(args.rounds); i++) {
    count.push(await timed(() => store.aggregateRequests({ ...window, measures: [] })))
    for (const measure of ['ttft', 'tpot', 'e2e'] as const) {
      const t = await timed(() =>
        store.queryRequests({ ...window, sortBy: measure, sortDir: 'desc', limit: 20 })
      )
      sorts.set(measure, [...(sorts.get(measure) ?? []), t])
    }
  }
  const base = { ms: median(count.map((x) => x.ms)), cpu: median(count.map((x) => x.cpuMs)) }
  process.stdout.write(
    `${args.requests} requests, load ${loadavg()[0]?.toFixed(1)}, median of ${args.rounds}; count of the window (baseline) ${base.ms.toFixed(0)} ms wall, ${base.cpu.toFixed(0)} ms CPU\n`
  )
  for (const [measure, xs] of sorts) {
    const ms = median(xs.map((x) => x.ms))
    const cpu = median(xs.map((x) => x.cpuMs))
    process.stdout.write(
      `  slowest 20 by ${measure}: ${ms.toFixed(0)} ms wall (×${(ms / base.ms).toFixed(1)}), ${cpu.toFixed(0)} ms CPU (×${(cpu / base.cpu).toFixed(1)})\n`
    )
  }
} finally {
  await store.close()
}
