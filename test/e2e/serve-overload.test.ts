/**
 * A small version of the overload soak (bench/ingest-soak.bench.ts) in the test run: the real
 * server on a DuckDB file, its capacity measured by a few closed-loop exporters, then many more
 * exporters at once. Goodput must not collapse, every answer must come well inside the
 * exporters' 10 s timeout (a refusal rather than a late acknowledgement), every refusal must say
 * when to retry, and every acknowledged span must be stored.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULTS } from '../../src/config/defaults.js'
import { createSilentLogger } from '../../src/core/logger.js'
import { startServer } from '../../src/server/main.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'

const dir = mkdtempSync(join(tmpdir(), 'tokenline-e2e-overload-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const REQUESTS_PER_BATCH = 100
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

interface Tally {
  acked: number[]
  ackedSpans: number
  refusals: number
  refusalsWithoutRetryAfter: number
  other: number
  slowestMs: number
}

describe('serve under overload', () => {
  it('keeps storing, answers every export within the deadline, and loses nothing acknowledged', async () => {
    const server = await startServer(
      {
        ...DEFAULTS,
        server: {
          ...DEFAULTS.server,
          host: '127.0.0.1',
          apiPort: 0,
          otlpPort: 0,
          otlpGrpcPort: -1,
        },
        store: { ...DEFAULTS.store, kind: 'duckdb', path: join(dir, 'overload.duckdb') },
        ingest: { ...DEFAULTS.ingest, memoryLimitBytes: 1024 * 1024 * 1024 },
        log: { level: 'silent' },
      },
      createSilentLogger()
    )
    let next = 0
    const tally: Tally = {
      acked: [],
      ackedSpans: 0,
      refusals: 0,
      refusalsWithoutRetryAfter: 0,
      other: 0,
      slowestMs: 0,
    }
    /** One exporter sending fresh batches back to back until `until`. */
    const exporter = async (until: number, waitOnRefusalMs: number): Promise<void> => {
      while (performance.now() < until) {
        const first = next
        next += REQUESTS_PER_BATCH
        const body = JSON.stringify(makeLlmTraceRequest(REQUESTS_PER_BATCH, first))
        const sent = performance.now()
        const res = await fetch(`${server.otlpUrl}/v1/traces`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        await res.arrayBuffer()
        tally.slowestMs = Math.max(tally.slowestMs, performance.now() - sent)
        if (res.status === 200) {
          tally.acked.push(first)
          tally.ackedSpans += REQUESTS_PER_BATCH * 4
        } else if (res.status === 429 || res.status === 503) {
          tally.refusals++
          if (res.headers.get('retry-after') === null) {
            tally.refusalsWithoutRetryAfter++
          }
          await sleep(waitOnRefusalMs)
        } else {
          tally.other++
        }
      }
    }
    const run = async (clients: number, seconds: number, waitMs: number): Promise<number> => {
      const before = tally.ackedSpans
      const start = performance.now()
      const until = start + seconds * 1000
      await Promise.all(Array.from({ length: clients }, () => exporter(until, waitMs)))
      return (tally.ackedSpans - before) / ((performance.now() - start) / 1000)
    }
    try {
      const capacity = await run(2, 3, 100)
      // Ten times the exporters, each retrying 20 ms after a refusal: far more than it can store.
      const overloaded = await run(20, 4, 20)
      expect(tally.other).toBe(0)
      expect(tally.refusalsWithoutRetryAfter).toBe(0)
      // Generous on a shared, loaded machine: the bench measures the real ratio (≥ 0.8).
      expect(overloaded).toBeGreaterThan(0.3 * capacity)
      expect(tally.slowestMs).toBeLessThan(10_000)
      await server.ingest.flush()
      const stored = (await server.store.stats()).spans
      expect(stored).toBe(tally.ackedSpans)
    } finally {
      await server.close()
    }
  }, 60_000)
})
