import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import {
  busySpells,
  joinSpells,
  calibrateToCounters,
  denoisedRates,
  loopSteps,
  oneBusySpell,
  ratesInData,
  type BusySpell,
} from './fit.js'
import type { ObservedRequests } from './observed.js'

/** Per-minute counts of Poisson arrivals at `ratePerSec(minute)`. */
function counts(minutes: number, ratePerSec: (m: number) => number, seed: number): number[] {
  const rng = createRng(seed)
  return Array.from({ length: minutes }, (_, m) => {
    let c = 0
    for (let t = rng.exp(1 / ratePerSec(m)); t < 60; t += rng.exp(1 / ratePerSec(m))) {
      c++
    }
    return c
  })
}

const widths20 = new Array<number>(20).fill(60)

const sd = (v: number[]): number => {
  const mean = v.reduce((a, b) => a + b, 0) / v.length
  return Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / v.length)
}

describe('denoisedRates', () => {
  const widths = new Array<number>(20).fill(60)

  it('takes the counting noise out of a steady rate', () => {
    const c = counts(20, () => 1.5, 3)
    const { ratePerSec, weight } = denoisedRates(c, widths)
    // Raw per-minute rates swing by Poisson's sqrt(90)/60 ≈ 0.16 req/s; the rate itself does not.
    expect(sd(c.map((x) => x / 60))).toBeGreaterThan(0.08)
    expect(sd(ratePerSec)).toBeLessThan(0.5 * sd(c.map((x) => x / 60)))
    expect(weight).toBeLessThan(0.3)
    const total = ratePerSec.reduce((a, b) => a + b * 60, 0)
    expect(total / c.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 1)
  })

  it('keeps a change of rate well above the counting noise', () => {
    const c = counts(20, (m) => (m < 10 ? 0.7 : 2.8), 4)
    const { ratePerSec, weight } = denoisedRates(c, widths)
    const before = ratePerSec.slice(0, 8).reduce((a, b) => a + b, 0) / 8
    const after = ratePerSec.slice(12).reduce((a, b) => a + b, 0) / 8
    expect(after / before).toBeGreaterThan(3)
    expect(weight).toBeGreaterThan(0.5)
  })

  it('says per bin how much of its own count it kept (the share its mix is drawn from itself)', () => {
    const steady = denoisedRates(
      counts(20, () => 1.5, 3),
      widths
    )
    const jump = denoisedRates(
      counts(20, (m) => (m < 10 ? 0.7 : 2.8), 4),
      widths
    )
    expect(steady.keep).toHaveLength(20)
    expect(steady.keep.reduce((a, b) => a + b, 0) / 20).toBeCloseTo(steady.weight, 10)
    expect(Math.max(...steady.keep)).toBeLessThan(0.3)
    expect(Math.min(...jump.keep)).toBeGreaterThan(0.5)
  })
})

describe('denoisedRates, one level up', () => {
  const rel = (v: number[]): number => sd(v) / (v.reduce((a, b) => a + b, 0) / v.length)

  it('does not run the chance wander of a steady window’s neighbourhoods as a real swing', () => {
    // Eleven minutes at 1.4 req/s wander about ±3 % by chance; the rate itself is constant.
    let wander = 0
    for (let seed = 1; seed <= 8; seed++) {
      wander += rel(
        denoisedRates(
          counts(20, () => 1.4, seed),
          widths20
        ).ratePerSec
      )
    }
    expect(wander / 8).toBeLessThan(0.02)
  })

  it('keeps a slow drift of the rate that its count cannot explain', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const { ratePerSec } = denoisedRates(
        counts(40, (m) => 1 + m / 40, seed),
        new Array<number>(40).fill(60)
      )
      expect(ratePerSec[39]! / ratePerSec[0]!).toBeGreaterThan(1.4)
    }
  })
})

describe('ratesInData', () => {
  it('does not read the empty minutes past the data as a burst of the minutes inside it', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const c = [...counts(20, () => 1.4, seed), 0, 0]
      const w = new Array<number>(22).fill(60)
      // Set against their neighbours, the two empty minutes made every minute keep its noise.
      expect(denoisedRates(c, w).weight).toBeGreaterThan(0.7)
      const { ratePerSec, weight, keep } = ratesInData(c, w)
      expect(weight).toBeLessThan(0.4)
      expect(ratePerSec.slice(20)).toEqual([0, 0])
      expect(keep).toHaveLength(22)
      const total = ratePerSec.reduce((a, b) => a + b * 60, 0)
      expect(total / c.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 1)
    }
  })
})

describe('calibrateToCounters', () => {
  const source = 'prefix cache hit/query counters'
  // Only the columns calibrateToCounters reads.
  const window = (prompts: number[]): ObservedRequests =>
    ({
      n: prompts.length,
      promptTokens: Float64Array.from(prompts),
      cachedTokens: new Float64Array(prompts.length).fill(NaN),
      replica: new Int32Array(prompts.length),
    }) as unknown as ObservedRequests

  it('scales the estimated cached tokens to the hit rate the counters measured, hits kept apart', () => {
    const rng = createRng(5)
    const prompts = Array.from({ length: 400 }, () => Math.round(rng.lognormal(6500, 0.35)))
    const o = window(prompts)
    // Read back from prefill times with a law a few per cent steep: every request looks ~8 %
    // cached, and one in ten really hit half its prompt.
    const cached = Float64Array.from(prompts, (p, i) => p * (i % 10 === 0 ? 0.54 : 0.08))
    calibrateToCounters(o, cached, [{ value: 0.07, source }])
    const total = cached.reduce((a, b) => a + b, 0) / prompts.reduce((a, b) => a + b, 0)
    expect(total).toBeCloseTo(0.07, 3)
    expect(cached[0]! / prompts[0]!).toBeGreaterThan(0.4)
    expect(cached[1]! / prompts[1]!).toBeLessThan(0.03)
  })

  it('leaves the estimate alone without counters, and never makes tokens negative', () => {
    const o = window([1000, 2000])
    const cached = Float64Array.from([100, 300])
    calibrateToCounters(o, cached, [{ value: null, source: 'unknown: assumed 0' }])
    expect(Array.from(cached)).toEqual([100, 300])
    calibrateToCounters(o, cached, [{ value: 0, source }])
    expect(cached[0]).toBeCloseTo(0, 3)
    expect(cached[1]).toBeCloseTo(0, 3)
    expect(Math.min(...cached)).toBeGreaterThanOrEqual(0)
  })

  it('finds the factor a plain bisection of 40 halvings finds, bit for bit (ADR 0517)', () => {
    // The halvings decided from a bracket must be the ones the passes over the rows would make:
    // windows with prompts clamped at one computed token and at none cached, a replica whose
    // counters say almost everything hit, and rows estimated past their prompt.
    const plain = (o: ObservedRequests, cached: Float64Array, rate: number): Float64Array => {
      const prompts = o.promptTokens
      const computed = Float64Array.from(prompts, (p, i) => p - cached[i]!)
      const target = rate * prompts.reduce((a, b) => a + b, 0)
      const cachedAt = (k: number): number => {
        let c = 0
        for (let j = 0; j < prompts.length; j++) {
          c += prompts[j]! - Math.min(prompts[j]!, Math.max(1, k * computed[j]!))
        }
        return c
      }
      let lo = 1 / 64
      let hi = 64
      for (let step = 0; step < 40; step++) {
        const mid = Math.sqrt(lo * hi)
        if (cachedAt(mid) > target) {
          lo = mid
        } else {
          hi = mid
        }
      }
      const k = Math.sqrt(lo * hi)
      return Float64Array.from(prompts, (p, j) => p - Math.min(p, Math.max(1, k * computed[j]!)))
    }
    for (let seed = 1; seed <= 120; seed++) {
      const rng = createRng(seed)
      const n = 20 + Math.floor(rng.next() * 2000)
      const prompts = Array.from({ length: n }, () =>
        Math.floor(1 + rng.next() * (rng.next() < 0.5 ? 8000 : 20))
      )
      const o = window(prompts)
      const cached = Float64Array.from(prompts, (p) =>
        Math.floor(p * rng.next() * (rng.next() < 0.3 ? 1 : 0.2))
      )
      if (seed % 5 === 0) {
        cached[0] = prompts[0]! + 3
      }
      const rate = seed % 9 === 0 ? 0.999 : rng.next() * 0.6
      const want = plain(o, cached, rate)
      calibrateToCounters(o, cached, [{ value: rate, source }])
      expect(Buffer.from(cached.buffer).equals(Buffer.from(want.buffer)), `seed ${seed}`).toBe(true)
    }
  })

  it('reads no cached token anywhere when the counters counted no hit', () => {
    // Two CPU vLLM replicas recorded serving ~200-token prompts: `vllm:prefix_cache_hits_total`
    // and `vllm:prompt_tokens_cached_total` stayed 0 over 104k queried tokens, while prefill times
    // dominated by the host's noise read a third of the requests back as all but 1 token cached.
    // No factor up to 64 turns 1 computed token into 200, so the old calibration left 41 % of the
    // prompt tokens cached against counters that said none.
    const prompts = Array.from({ length: 300 }, (_, i) => 120 + (i % 7) * 30)
    const o = window(prompts)
    const cached = Float64Array.from(prompts, (p, i) => (i % 3 === 0 ? p - 1 : p * 0.2))
    calibrateToCounters(o, cached, [{ value: 0, source }])
    expect(Math.max(...cached)).toBe(0)
  })
})

describe('oneBusySpell (ADR 0477)', () => {
  const T0 = 1_750_000_000_000_000
  /** Requests in the engine over [start, start + duration), µs on the store's clock. */
  const engine = (spans: [number, number][]): ObservedRequests =>
    ({
      n: spans.length,
      queuedUs: Float64Array.from(spans, ([s]) => T0 + s),
      queueUs: Float64Array.from(spans, ([, d]) => d / 4),
      prefillUs: Float64Array.from(spans, ([, d]) => d / 4),
      decodeUs: Float64Array.from(spans, ([, d]) => d / 2),
    }) as unknown as ObservedRequests
  /** The sweep's spells joined where the idle spell between them is at most `gapUs`. */
  const merged = (o: ObservedRequests, gapUs: number): BusySpell[] =>
    joinSpells(busySpells(o), gapUs)

  it('never stands one spell for spells an idle spell longer than the gap parts', () => {
    // Bursts of requests with idle spells drawn around the gap, at every offset against the
    // cells: a spell of one cell's width past a third of the gap must not hide in a marked cell.
    const rng = createRng(41)
    const gapUs = 9_000_000
    let parted = 0
    for (let trial = 0; trial < 400; trial++) {
      const spans: [number, number][] = []
      let t = rng.next() * gapUs
      for (let burst = 0; burst < 4; burst++) {
        let end = t
        for (let k = 0; k < 20; k++) {
          const s = t + rng.next() * 2_000_000
          const d = 100_000 + rng.next() * 1_000_000
          spans.push([s, d])
          end = Math.max(end, s + d)
        }
        t = end + gapUs * (0.3 + rng.next() * 0.9)
      }
      const o = engine(spans)
      const groups = merged(o, gapUs)
      const one = oneBusySpell(o, gapUs)
      if (groups.length > 1) {
        parted++
        expect(one).toBeNull()
      } else if (one !== null) {
        expect(one).toEqual(groups[0])
      }
    }
    expect(parted).toBeGreaterThan(100)
  })

  it('reads a window always busy as one spell, from its first arrival to its last end', () => {
    const spans: [number, number][] = Array.from({ length: 500 }, (_, i) => [
      i * 1_000_000,
      1_500_000 + (i % 3) * 1_000_000,
    ])
    const o = engine(spans)
    const one = oneBusySpell(o, 5_000_000)
    expect(one).toEqual(merged(o, 5_000_000)[0])
    expect(one).toEqual({
      from: T0,
      to: T0 + 499e6 + 2_500_000,
      lastArrival: T0 + 499e6,
      requests: 500,
    })
  })

  it('leaves a request without an engine arrival out, and reads an unknown gap as none', () => {
    const o = engine([
      [0, 2_000_000],
      [1_000_000, 2_000_000],
      [2_000_000, 2_000_000],
    ])
    o.queuedUs[1] = NaN
    expect(oneBusySpell(o, 30_000_000)).toEqual(merged(o, 30_000_000)[0])
    expect(oneBusySpell(o, NaN)).toBeNull()
  })
})

describe('loopSteps', () => {
  /** Samples of the requests in flight: each level held for its seconds, swinging by ±1. */
  const levels = (parts: [number, number][]): Float64Array => {
    const c: number[] = []
    for (const [level, seconds] of parts) {
      for (let s = 0; s < seconds; s++) {
        c.push(level + (s % 3) - 1)
      }
    }
    return Float64Array.from(c)
  }
  const steps = (c: Float64Array): { from: number; to: number }[] | null => {
    const out: { from: number; to: number }[] = []
    const scratch = () => new Float64Array(c.length + 1)
    return loopSteps(c, 0, c.length, scratch(), scratch(), out) ? out : null
  }

  it('cuts at each step of the clients, the later cuts in the window’s own seconds', () => {
    expect(
      steps(
        levels([
          [4, 100],
          [16, 120],
          [8, 90],
        ])
      )
    ).toEqual([
      { from: 0, to: 100 },
      { from: 100, to: 220 },
      { from: 220, to: 310 },
    ])
  })

  it('leaves a part that swings past a loop’s own swing as an open loop', () => {
    const c = levels([[8, 120]])
    for (let s = 0; s < c.length; s += 2) {
      c[s] = c[s]! + 6
    }
    expect(steps(c)).toBeNull()
  })
})
