/**
 * Seeded API-parameter fuzzing over the real app (memory store, ingest pipeline, SLOs off):
 * a few thousand calls, no 5xx, every answer fast. bench/api-fuzz.bench.ts runs 100k+.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeTraces } from '../../src/core/otlp/decode-traces.js'
import { createApp } from '../../src/server/app.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { mulberry32 } from '../../src/core/stats/testing/mulberry32.js'
import { emptyTally, fuzzCall, runFuzzCall } from '../../src/server/testing/api-fuzz.js'
import { makeDeps, type TestDeps } from '../../src/server/testing/test-deps.js'

const FIRST_MS = 1_760_000_000_000
const NOW_MS = FIRST_MS + 10 * 60 * 1000
const CALLS = 3000
/** Per answer; generous for a shared machine (the bad requests used to take 25–50 s). */
const SLOW_MS = 3000

let deps: TestDeps
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  deps = makeDeps({ nowMs: NOW_MS })
  app = createApp(deps)
  const { spans } = decodeTraces(makeLlmTraceRequest(200))
  await deps.ingest.submitSpans(spans)
  await deps.ingest.flush()
})

afterAll(async () => {
  await deps.ingest.close()
})

describe('fuzzed API parameters', () => {
  it(`answers ${CALLS} seeded calls without a 5xx, each quickly`, async () => {
    const rnd = mulberry32(20251201)
    const tally = emptyTally()
    const started = performance.now()
    for (let i = 0; i < CALLS; i++) {
      await runFuzzCall((p, init) => app.request(p, init), fuzzCall(rnd, NOW_MS), tally, SLOW_MS)
    }
    const totalMs = performance.now() - started
    expect(tally.serverErrors, JSON.stringify(tally.serverErrors.slice(0, 3))).toEqual([])
    expect(tally.slow.map((s) => `${s.call.path} ${Math.round(s.ms)} ms`)).toEqual([])
    expect(tally.calls).toBe(CALLS)
    // Both kinds of answers occur: the fuzzer reaches the handlers, not only the parsers.
    expect(tally.byStatus[200] ?? 0).toBeGreaterThan(CALLS / 10)
    expect(tally.byStatus[400] ?? 0).toBeGreaterThan(CALLS / 10)
    expect(totalMs).toBeLessThan(30_000)
  }, 60_000)
})
