/**
 * API fuzz soak: ≥ 100k seeded fuzzed calls of every UI/API route (src/server/testing/api-fuzz.ts)
 * through the real app (no socket) over a memory store holding 50 requests of exporter-shaped traffic.
 * Reports crashes (a throw out of the app), 5xx answers, slow answers (> 1 s), the status mix,
 * throughput, the peak RSS, and the ratio of fuzzed-call throughput to a baseline of plain
 * `GET /api/health` calls measured in the same run. Exits 1 on any crash or 5xx.
 *
 *   npx tsx bench/api-fuzz.bench.ts                # 100k calls
 *   BENCH_CALLS=20000 npx tsx bench/api-fuzz.bench.ts
 */
import { createSilentLogger } from '../src/core/logger.js'
import { decodeTraces } from '../src/core/otlp/decode-traces.js'
import { createIngestPipeline } from '../src/ingest/pipeline/pipeline.js'
import { createApp } from '../src/server/app.js'
import { createMemoryStore } from '../src/storage/memory/memory-store.js'
import { makeLlmTraceRequest } from '../src/core/otlp/testing/make-llm-request.js'
import { mulberry32 } from '../src/core/stats/testing/mulberry32.js'
import { emptyTally, fuzzCall, runFuzzCall } from '../src/server/testing/api-fuzz.js'

const CALLS = Number(process.env.BENCH_CALLS ?? 100_000)
const BASELINE_CALLS = 5000
const SLOW_MS = 1000
const FIRST_MS = 1_760_000_000_000
const NOW_MS = FIRST_MS + 10 * 60 * 1000

async function main(): Promise<void> {
  const store = createMemoryStore()
  const ingest = createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: () => NOW_MS,
    sweepIntervalMs: 0,
  })
  await ingest.submitSpans(decodeTraces(makeLlmTraceRequest(50)).spans)
  await ingest.flush()
  const app = createApp({
    store,
    ingest,
    logger: createSilentLogger(),
    now: () => NOW_MS,
    limits: { maxBodyBytes: 1 << 20 },
    version: 'bench',
  })
  const call = (path: string, init: RequestInit): Response | Promise<Response> =>
    app.request(path, init)

  const baseline = emptyTally()
  let started = performance.now()
  for (let i = 0; i < BASELINE_CALLS; i++) {
    await runFuzzCall(call, { method: 'GET', path: '/api/health', headers: {} }, baseline, SLOW_MS)
  }
  const baselinePerS = BASELINE_CALLS / ((performance.now() - started) / 1000)

  const rnd = mulberry32(1)
  const tally = emptyTally()
  let crashes = 0
  let peakRss = process.memoryUsage().rss
  started = performance.now()
  for (let i = 0; i < CALLS; i++) {
    const c = fuzzCall(rnd, NOW_MS)
    try {
      await runFuzzCall(call, c, tally, SLOW_MS)
    } catch (err) {
      crashes++
      if (crashes <= 3) {
        process.stdout.write(`crash on ${c.method} ${c.path}: ${String(err)}\n`)
      }
    }
    if (i % 1000 === 0) {
      peakRss = Math.max(peakRss, process.memoryUsage().rss)
    }
  }
  const seconds = (performance.now() - started) / 1000
  const perS = CALLS / seconds
  await ingest.close()

  const mix = Object.entries(tally.byStatus)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ')
  process.stdout.write(
    [
      `fuzzed calls      ${CALLS} in ${seconds.toFixed(1)} s (${Math.round(perS)}/s)`,
      `crashes           ${crashes}`,
      `5xx answers       ${tally.serverErrors.length}`,
      `slow (> ${SLOW_MS} ms)   ${tally.slow.length}; slowest ${tally.maxMs.toFixed(0)} ms`,
      `status mix        ${mix}`,
      `peak RSS          ${(peakRss / 1048576).toFixed(0)} MiB`,
      `baseline          GET /api/health ${Math.round(baselinePerS)}/s; fuzzed/baseline ${(perS / baselinePerS).toFixed(2)}`,
      '(figures from a shared 2-core machine)',
      '',
    ].join('\n')
  )
  for (const e of tally.serverErrors.slice(0, 3)) {
    process.stdout.write(`5xx ${e.status} ${e.call.method} ${e.call.path}: ${e.body}\n`)
  }
  for (const s of tally.slow.slice(0, 3)) {
    process.stdout.write(`slow ${Math.round(s.ms)} ms ${s.call.method} ${s.call.path}\n`)
  }
  process.exitCode = crashes > 0 || tally.serverErrors.length > 0 ? 1 : 0
}

await main()
