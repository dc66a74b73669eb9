/**
 * Where the dashboard's diagnosis of the bench window goes, per stage, at several sample caps:
 * the request count, the columnar scan of the sample (store), the frame build, the metric and
 * event reads, and the pure diagnosis. The baseline of the same run is a plain `count(*)` of the
 * window through the same store (`scanRequestColumns` with no fields read would not do: it still
 * runs the dictionary statement).
 *
 *   npx tsx bench/dashboard-diagnosis.bench.ts [--requests 1000000] [--samples 250000,50000,25000]
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { loadWindow } from '../src/core/diagnosis/frame/load-window.js'
import { diagnose } from '../src/core/diagnosis/diagnose.js'
import { T0_US } from '../src/core/diagnosis/testing/make-timeline.js'
import { asMicros } from '../src/core/model/units.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { BENCH_MINUTES, benchStore } from './dashboard-store.js'

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '250000,50000,25000' },
    rounds: { type: 'string', default: '2' },
  },
})
const N = Number(args.requests)
const path = await benchStore(N, false, (l) => process.stdout.write(`${l}\n`))
const store = await createDuckDbStore({ path })
const fromUs = T0_US
const toUs = asMicros(T0_US + BENCH_MINUTES * 60_000_000)
const cpu = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

try {
  for (let round = 0; round < Number(args.rounds); round++) {
    let t = performance.now()
    let c = cpu()
    await store.aggregateRequests({ fromUs, toUs, measures: [] })
    const base = { ms: performance.now() - t, cpu: cpu() - c }
    process.stdout.write(
      `round ${round + 1}, load ${(await import('node:os')).loadavg()[0]?.toFixed(1)}: baseline count ${base.ms.toFixed(0)} ms wall, ${base.cpu.toFixed(0)} ms CPU\n`
    )
    for (const cap of args.samples.split(',').map(Number)) {
      t = performance.now()
      c = cpu()
      const load = await loadWindow(store, { fromUs, toUs, filters: {}, sample: cap })
      const loadMs = performance.now() - t
      const loadCpu = cpu() - c
      t = performance.now()
      c = cpu()
      const result = diagnose({
        window: load.window,
        frame: load.frame,
        resources: load.resources,
        events: load.events,
        slos: null,
      })
      const diagMs = performance.now() - t
      const diagCpu = cpu() - c
      process.stdout.write(
        `  sample ≤ ${cap}: read ${load.frame.n} of ${load.total}; load ${loadMs.toFixed(0)} ms wall (${loadCpu.toFixed(0)} CPU, ×${(loadMs / base.ms).toFixed(1)}), diagnose ${diagMs.toFixed(0)} ms wall (${diagCpu.toFixed(0)} CPU, ×${(diagMs / base.ms).toFixed(1)}); findings ${result.diagnosis.findings.map((f) => `${f.cause}:${String(f.scope.value)}`).join(', ')}\n`
      )
    }
  }
} finally {
  await store.close()
}
