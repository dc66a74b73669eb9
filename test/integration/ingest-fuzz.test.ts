/**
 * Seeded fuzzing of the ingest edges (a few thousand cases; `bench/ingest-fuzz.bench.ts` runs
 * 100k+): OTLP/HTTP bodies through the real app, pipeline and DuckDB store, and import files
 * through the importer. No case may crash, answer 5xx (other than 503 overload) or answer
 * anything but a valid OTLP response or Status.
 */
import { describe, expect, it } from 'vitest'
import { createSilentLogger } from '../../src/core/logger.js'
import { bytesSource, importSource } from '../../src/ingest/import/import.js'
import { decodeRpcStatus, decodeTraceResponse } from '../../src/ingest/otlp/protobuf.js'
import { createIngestPipeline } from '../../src/ingest/pipeline/pipeline.js'
import { createOtlpApp } from '../../src/server/otlp-app.js'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import {
  checkOtlpAnswer,
  makeFuzzFile,
  makeFuzzRequest,
} from '../../src/ingest/testing/fuzz-inputs.js'
import { mulberry32 } from '../../src/core/stats/testing/mulberry32.js'
import { createTestSink } from '../../src/ingest/testing/sinks.js'

const SEED = 20261201

describe('ingest fuzzing (seeded)', () => {
  it(
    '2,500 OTLP/HTTP bodies: no crash, no 5xx but 503, every answer a valid OTLP response',
    { timeout: 60_000 },
    async () => {
      // The real DuckDB store: a value that passes decode but not the store (int64) shows up.
      const store = await createDuckDbStore({ path: ':memory:' })
      const ingest = createIngestPipeline({
        store,
        logger: createSilentLogger(),
        now: Date.now,
        sweepIntervalMs: 0,
        quietMs: 0,
      })
      const app = createOtlpApp({
        ingest,
        logger: createSilentLogger(),
        limits: { maxBodyBytes: 1 << 20 },
      })
      const rng = mulberry32(SEED)
      const failures: string[] = []
      const statuses = new Map<number, number>()
      for (let i = 0; i < 2500; i++) {
        const req = makeFuzzRequest(rng, i)
        const res = await app.request(req.path, {
          method: 'POST',
          headers: req.headers,
          body: req.body.slice(),
        })
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        const problem = checkOtlpAnswer(
          res.status,
          res.headers.get('content-type'),
          new Uint8Array(await res.arrayBuffer()),
          decodeRpcStatus,
          decodeTraceResponse
        )
        if (problem !== null) {
          failures.push(`case ${i} (${req.label}): ${problem}`)
        }
        if (i % 500 === 499) {
          await ingest.flush()
        }
      }
      await ingest.close()
      await store.close()
      expect(failures.slice(0, 10)).toEqual([])
      // The mix reaches past the first check: stored batches, partial rejects and 400s all occur.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(500)
      expect(statuses.get(400) ?? 0).toBeGreaterThan(200)
    }
  )

  it(
    '600 OpenMetrics and events files with bad lines: never a throw, counts add up',
    { timeout: 60_000 },
    async () => {
      const rng = mulberry32(SEED + 1)
      const store = createMemoryStore()
      const sink = createTestSink(store)
      let stored = 0
      for (let i = 0; i < 600; i++) {
        const file = makeFuzzFile(rng, i)
        const summary = await importSource(
          bytesSource(file.name, file.bytes, 1_760_000_000_000),
          sink
        )
        expect(summary.stored.samples).toBe(summary.read.samples)
        expect(summary.stored.events).toBe(summary.read.events)
        for (const r of summary.rejects) {
          expect(r.file).toBe(file.name)
        }
        stored += summary.stored.samples + summary.stored.events
      }
      expect(stored).toBeGreaterThan(600 * 5)
    }
  )
})
