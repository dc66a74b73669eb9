import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestMockServer } from '../../src/mock-server/testing/test-mock-server.js'
import type { RunningMockServer } from '../../src/mock-server/server.js'
import { runLoadInWorkers } from '../../src/probe/worker-pool.js'

describe('probe --workers: load in several threads, results merged per request', () => {
  let server: RunningMockServer | undefined
  beforeAll(async () => {
    server = await startTestMockServer({
      defaultOutputTokens: 4,
      fixed: { ttftMs: 20, itlMs: 5 },
    })
  })
  afterAll(async () => server?.close())

  it('runs the whole budget across 2 threads and puts every reading on this thread’s clock', async () => {
    const before = performance.now()
    const outcome = await runLoadInWorkers({
      workers: 2,
      client: {
        url: new URL(`${server?.url}/v1/chat/completions`),
        timeoutMs: 10_000,
        connectTimeoutMs: 5000,
      },
      workload: {
        model: 'm',
        api: 'chat',
        inputLen: { kind: 'fixed', n: 4 },
        outputLen: { kind: 'fixed', n: 4 },
        sharedPrefixTokens: 0,
        prefixGroups: 1,
        turns: 1,
        dataset: null,
        seed: 1,
      },
      plan: {
        mode: { kind: 'concurrency', concurrency: 3 },
        maxRequests: 9,
        durationMs: null,
        drainGraceMs: 1000,
      },
      signal: new AbortController().signal,
    })
    const after = performance.now()
    expect(outcome.results).toHaveLength(9)
    expect(outcome.results.every((r) => r.error === null)).toBe(true)
    expect(new Set(outcome.results.map((r) => r.traceId)).size).toBe(9)
    for (const r of outcome.results) {
      // a worker's own clock starts near 0; shifted, its readings fall inside this call
      expect(r.marks.sentAtMs).toBeGreaterThan(before)
      expect(r.marks.endAtMs).toBeLessThan(after)
      expect(r.contentArrivalsAtMs[0]).toBeGreaterThan(r.marks.sentAtMs + 15)
    }
    expect(outcome.startedAtMs).toBeGreaterThan(before)
    expect(outcome.endedAtMs).toBeLessThanOrEqual(after)
  }, 30_000)
})
