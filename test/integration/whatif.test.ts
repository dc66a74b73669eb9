/**
 * The twin end to end on simulated telemetry read back from a store: it fits, reproduces the
 * window, predicts with intervals that move the right way, and refuses what it cannot do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulateIntoStore } from '../../src/sim/node/into-store.js'
import { loadTwinWindow, type TwinWindow } from '../../src/sim/twin/load.js'
import { runWhatIf } from '../../src/sim/twin/whatif.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import type { SpanStore } from '../../src/storage/span-store.js'

let store: SpanStore
let window: TwinWindow

beforeAll(async () => {
  store = createMemoryStore()
  const run = await simulateIntoStore(store, {
    scenario: 'healthy',
    seed: 1,
    durationMs: 120_000,
    ratePerSec: 6,
  })
  window = await loadTwinWindow(store, { fromUs: run.startUs, toUs: run.endUs + 60_000_000 })
}, 60_000)

afterAll(async () => {
  await store.close()
})

describe('whatif on a simulated window', () => {
  it('fits and replays the window within the tolerances', () => {
    const r = runWhatIf(window, { changes: {}, runs: 3, seed: 1 })
    expect(r.fit.reasons).toEqual([])
    expect(r.fit.ok).toBe(true)
    const ttft = r.fit.replay!.ttft
    expect(Math.abs(ttft.p50.error!)).toBeLessThan(0.1)
    expect(Math.abs(ttft.p99.error!)).toBeLessThan(0.2)
    expect(r.fit.model!.routing.policy).toBe('least_loaded')
    expect(r.fit.model!.replicas).toHaveLength(4)
  })

  it('predicts each percentile with the range of its seeded runs around it', () => {
    const r = runWhatIf(window, { changes: { loadFactor: 2 }, runs: 3, seed: 1 })
    expect(r.refused).toBeNull()
    for (const m of ['ttft', 'tpot', 'e2e'] as const) {
      for (const q of ['p50', 'p95', 'p99'] as const) {
        const e = r.predicted![m][q]
        expect(e.value).not.toBeNull()
        expect(e.interval![0]).toBeLessThanOrEqual(e.value!)
        expect(e.interval![1]).toBeGreaterThanOrEqual(e.value!)
      }
    }
  })

  it('predicts a slower decode at twice the load, and a faster one with fewer requests per replica', () => {
    const at = (changes: Parameters<typeof runWhatIf>[1]['changes']): number =>
      runWhatIf(window, { changes, runs: 3, seed: 1 }).predicted!.tpot.p50.value!
    const base = at({})
    expect(at({ loadFactor: 2 })).toBeGreaterThan(base)
    expect(at({ loadFactor: 2, replicasDelta: 4 })).toBeLessThan(at({ loadFactor: 2 }))
  })

  it('refuses a change it cannot model, by name', () => {
    const r = runWhatIf(window, { changes: { routing: 'prefix-aware' }, runs: 2, seed: 1 })
    expect(r.predicted).toBeNull()
    expect(r.refused!.reasons.join(' ')).toMatch(/prefix-aware routing/)
    const c = runWhatIf(window, {
      changes: { removeCause: ['network.high_rtt'] },
      runs: 2,
      seed: 1,
    })
    expect(c.refused!.reasons.join(' ')).toMatch(/cannot take this cause away/)
  })

  it('refuses a window with too few requests', () => {
    const small: TwinWindow = {
      ...window,
      requests: { ...window.requests, n: 50 },
    }
    const r = runWhatIf(small, { changes: {}, runs: 2, seed: 1 })
    expect(r.refused!.reasons[0]).toMatch(/at least 200 requests/)
  })

  it('refuses a fit whose replay misses the window (stages no step law explains)', () => {
    // Scramble prefill times across requests: prompt size no longer says how long prefill took.
    const o = window.requests
    const prefillUs = Float64Array.from(
      o.prefillUs,
      (_, i) => o.prefillUs[(i * 7919) % o.n]! * (i % 10 === 0 ? 12 : 1)
    )
    const ttftUs = Float64Array.from(o.ttftUs, (v, i) => v - o.prefillUs[i]! + prefillUs[i]!)
    const scrambled: TwinWindow = { ...window, requests: { ...o, prefillUs, ttftUs } }
    const r = runWhatIf(scrambled, { changes: { loadFactor: 1.5 }, runs: 2, seed: 1 })
    expect(r.fit.ok).toBe(false)
    expect(r.predicted).toBeNull()
    expect(r.refused!.reasons.join(' ')).toMatch(/replayed window's P\d\d/)
  })
})
