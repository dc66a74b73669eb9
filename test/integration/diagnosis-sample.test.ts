/**
 * A diagnosis over more requests than its sample cap reads a hash sample (ADR 0100): the same
 * findings as over every request, with the envelope's request count exact.
 */
import { describe, expect, it } from 'vitest'
import { runDiagnosis } from '../../src/core/diagnosis/run-diagnosis.js'
import { slowReplicaWindow } from '../../src/core/diagnosis/testing/slow-replica-window.js'
import type { RequestTimeline } from '../../src/core/model/request.js'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import type { SpanStore } from '../../src/storage/span-store.js'

const N = 12_000
const MINUTES = 30

/** Eight replicas over half an hour; vllm-3 gets 2.5× slower in the second half. */
function requests(): RequestTimeline[] {
  return [...slowReplicaWindow({ requests: N, minutes: MINUTES, seed: 11 })]
}

async function check(store: SpanStore): Promise<void> {
  await store.upsertRequests(requests())
  const full = (await runDiagnosis(store, { sample: Infinity })).diagnosis
  const sampled = (await runDiagnosis(store, { sample: 4000 })).diagnosis
  await store.close()

  expect(full.requests).toBe(N)
  expect(sampled.requests).toBe(N)
  // The sample's percentiles, within a few per cent of every request's.
  for (const m of ['ttft', 'tpot', 'e2e'] as const) {
    for (const q of ['p50', 'p95', 'p99'] as const) {
      expect(Math.abs(sampled.latency[m][q]! / full.latency[m][q]! - 1)).toBeLessThan(0.05)
    }
  }
  const top = (d: typeof full) => d.findings.map((f) => `${f.cause} ${String(f.scope.value)}`)
  expect(top(full)[0]).toContain('vllm-3')
  expect(top(sampled)[0]).toBe(top(full)[0])
  expect(full.findings.flatMap((f) => f.evidence).some((e) => e.metric === 'sample')).toBe(false)
  const note = sampled.findings[0]?.evidence.find((e) => e.metric === 'sample')
  expect(note?.baseline).toBe(N)
  expect(Number(note?.observed)).toBeGreaterThan(3000)
  expect(Number(note?.observed)).toBeLessThanOrEqual(4500)
  expect(note?.text).toMatch(/^read from a sample of \d+ of 12000 requests/)
  // Under the cap nothing is sampled: the same answer as reading every request.
  const under = await (async () => {
    const again = createMemoryStore()
    await again.upsertRequests(requests())
    return (await runDiagnosis(again, { sample: N })).diagnosis
  })()
  expect(under).toEqual(full)
}

describe('diagnosis over a sample', () => {
  it('memory store: same top finding, exact request count', async () => {
    await check(createMemoryStore())
  })

  it('DuckDB store: same top finding, exact request count', async () => {
    await check(await createDuckDbStore({ path: ':memory:' }))
  })
})
