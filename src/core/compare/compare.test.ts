import { describe, expect, it } from 'vitest'
import type { RequestColumns } from '../model/query.js'
import { createSeededRandom } from '../stats/seeded-random.js'
import { compareWindows } from './compare.js'
import { measureEffect } from './effect.js'

const MINUTE_US = 60_000_000
const BEFORE = { fromUs: 0, toUs: 10 * MINUTE_US }
const AFTER = { fromUs: 10 * MINUTE_US, toUs: 20 * MINUTE_US }

/**
 * Ten minutes a side at `perMinute` requests, evenly spread, each of 500 prompt and 200 output
 * tokens, with latencies drawn around `ms` (±10 %).
 */
function side(
  fromUs: number,
  perMinute: number,
  ms: number,
  rnd: () => number
): { start: number; ms: number }[] {
  const out: { start: number; ms: number }[] = []
  for (let m = 0; m < 10; m++) {
    for (let k = 0; k < perMinute; k++) {
      out.push({
        start: fromUs + m * MINUTE_US + (k * MINUTE_US) / perMinute,
        ms: ms * (0.9 + 0.2 * rnd()),
      })
    }
  }
  return out
}

function columnsOf(rows: { start: number; ms: number }[]): RequestColumns {
  const us = Float64Array.from(rows, (r) => r.ms * 1000)
  return {
    n: rows.length,
    numbers: {
      start: Float64Array.from(rows, (r) => r.start),
      ttft: us,
      tpot: Float64Array.from(rows, (r) => (r.ms * 1000) / 50),
      e2e: us,
      input_tokens: new Float64Array(rows.length).fill(500),
      output_tokens: new Float64Array(rows.length).fill(200),
    },
    flags: {},
    texts: {},
  }
}

function pair(beforePerMinute: number, beforeMs: number, afterPerMinute: number, afterMs: number) {
  const rnd = createSeededRandom(7)
  const rows = [
    ...side(BEFORE.fromUs, beforePerMinute, beforeMs, rnd),
    ...side(AFTER.fromUs, afterPerMinute, afterMs, rnd),
  ]
  return compareWindows(columnsOf(rows), BEFORE, AFTER, { dimensions: false })
}

describe('compareWindows and a traffic change inside one traffic cell', () => {
  // 88 and 66 requests a minute fall in the same half-octave cell (64–90.5): the normalisation
  // gives every request a weight of 1, and nothing in the cells tells the two loads apart.
  it('does not credit a gain to anything else when the after window had a quarter less traffic', () => {
    const r = pair(88, 1000, 66, 800)
    expect(r.workload.coverage).toBe(1)
    // What the cells left between them is read on the minutes' shrunk rates (ADR 0534): ten
    // minutes a side at exactly 88 and 66 vary less than Poisson draws would, so part of the
    // step is read as noise; the windows' own rates still say 25 %, and the note uses those.
    expect(r.workload.matchedTrafficChange).toBeLessThan(-0.05)
    expect(r.workload.matchedTrafficChange).toBeGreaterThan(-0.25)
    // The effect itself is there, and reported: a fifth faster, its interval below zero.
    expect(r.measures.ttft.p50.change).toBeLessThan(-0.15)
    expect(r.measures.ttft.p50.interval![1]).toBeLessThan(0)
    for (const m of ['ttft', 'tpot', 'e2e'] as const) {
      expect(r.measures[m].verdict).toBe('no clear change')
    }
    expect(r.verdict).toBe('no clear change')
    // A verdict taken back rests on nothing.
    expect(r.measures.ttft.restsOn).toEqual([])
    expect(r.notes.join('\n')).toMatch(/the after window had 25 % less traffic .* not credited/)
  })

  it('does not blame a loss on anything else when the after window had a third more traffic', () => {
    const r = pair(66, 800, 88, 1000)
    expect(r.verdict).toBe('no clear change')
    expect(r.notes.join('\n')).toMatch(/the after window had 33 % more traffic .* not blamed/)
  })

  it('keeps a gain made despite more traffic, and a loss despite less', () => {
    expect(pair(66, 1000, 88, 800).verdict).toBe('improved')
    expect(pair(88, 800, 66, 1000).verdict).toBe('regressed')
  })

  it('keeps the verdict of a change at the same traffic', () => {
    const gain = pair(80, 1000, 80, 800)
    expect(gain.verdict).toBe('improved')
    expect(gain.measures.ttft.restsOn).toContain('p50')
    expect(pair(80, 800, 80, 1000).verdict).toBe('regressed')
  })
})

describe('compareWindows at the edges of the data', () => {
  const rnd = createSeededRandom(5)
  const rows = [...side(BEFORE.fromUs, 60, 1000, rnd), ...side(AFTER.fromUs, 60, 1000, rnd)]
  const notesWith = (startUs: number, endUs: number): string =>
    compareWindows(columnsOf(rows), BEFORE, AFTER, {
      dimensions: false,
      data: { startUs, endUs },
    }).notes.join('\n')

  it('says nothing of windows a few seconds wider than the data, as whole chart steps are', () => {
    // 20 min of windows, the data 3 s inside each end: the rates move by 0.5 %.
    expect(notesWith(BEFORE.fromUs + 3e6, AFTER.toUs - 3e6)).not.toMatch(/reaches past the data/)
  })

  it('says so where the data covers a minute less of a window', () => {
    expect(notesWith(BEFORE.fromUs + MINUTE_US, AFTER.toUs)).toMatch(
      /the before window reaches past the data .*its rate is over the 9 min the data covers/
    )
  })
})

describe('measureEffect with resampling blocks', () => {
  // 10 blocks a side of 50 requests that share one latency, as requests in one batch share its
  // step time: 20 independent values in all, whose before and after medians differ by chance.
  const rnd = createSeededRandom(3)
  const n = 1000
  const values = new Float64Array(n)
  const block = new Int32Array(n)
  for (let b = 0; b < 20; b++) {
    const v = 100_000 * (0.8 + 0.4 * rnd())
    for (let k = 0; k < 50; k++) {
      values[b * 50 + k] = v
      block[b * 50 + k] = b
    }
  }
  const isBefore = Uint8Array.from({ length: n }, (_, i) => (i < 500 ? 1 : 0))
  const isAfter = Uint8Array.from({ length: n }, (_, i) => (i >= 500 ? 1 : 0))
  const options = { iterations: 400, seed: 1, rawBefore: isBefore, rawAfter: isAfter }
  const weight = Float64Array.from(isBefore)

  it('gives an interval as wide as the blocks make it, where single requests gave a narrow one', () => {
    const single = measureEffect(values, weight, isAfter, options)
    const blocks = measureEffect(values, weight, isAfter, { ...options, block })
    expect(single.p50.change).toBe(blocks.p50.change)
    const width = (c: typeof single.p50): number => c.interval![1] - c.interval![0]
    expect(width(blocks.p50)).toBeGreaterThan(3 * width(single.p50))
    // Nothing but chance separates the sides: the blocks' interval holds 0.
    expect(blocks.p50.interval![0]).toBeLessThanOrEqual(0)
    expect(blocks.p50.interval![1]).toBeGreaterThanOrEqual(0)
  })

  it("keeps the blocks' spread when a side is larger than its bootstrap sample", () => {
    // 10 000 requests a side in 100 blocks: 40 whole blocks are resampled, their spread scaled.
    const big = 20_000
    const v = new Float64Array(big)
    const b = new Int32Array(big)
    const r = createSeededRandom(5)
    for (let k = 0; k < 200; k++) {
      const x = 100_000 * (0.8 + 0.4 * r())
      for (let j = 0; j < 100; j++) {
        v[k * 100 + j] = x
        b[k * 100 + j] = k
      }
    }
    const before = Uint8Array.from({ length: big }, (_, i) => (i < big / 2 ? 1 : 0))
    const after = Uint8Array.from({ length: big }, (_, i) => (i >= big / 2 ? 1 : 0))
    const o = { iterations: 400, seed: 1, rawBefore: before, rawAfter: after }
    const single = measureEffect(v, Float64Array.from(before), after, o)
    const blocks = measureEffect(v, Float64Array.from(before), after, { ...o, block: b })
    const width = (c: typeof single.p50): number => c.interval![1] - c.interval![0]
    expect(width(blocks.p50)).toBeGreaterThan(3 * width(single.p50))
    expect(blocks.p50.interval![0]).toBeLessThanOrEqual(blocks.p50.change!)
    expect(blocks.p50.interval![1]).toBeGreaterThanOrEqual(blocks.p50.change!)
  })
})

describe('measureEffect quantiles and Mann–Whitney', () => {
  it('gives the nearest-rank quantiles and the pairs-counted P(after is faster)', () => {
    const rnd = createSeededRandom(11)
    for (let t = 0; t < 40; t++) {
      const n = 20 + Math.floor(rnd() * 300)
      // Few distinct values, so ties are common; some missing.
      const values = Float64Array.from({ length: n }, () =>
        rnd() < 0.05 ? NaN : 1000 * Math.floor(rnd() * 12)
      )
      const isBefore = Uint8Array.from({ length: n }, () => (rnd() < 0.5 ? 1 : 0))
      const isAfter = isBefore.map((x) => 1 - x)
      const weight = Float64Array.from(isBefore, (x) => x * (0.2 + 2 * rnd()))
      const e = measureEffect(values, weight, isAfter, {
        iterations: 20,
        seed: 1,
        rawBefore: isBefore,
        rawAfter: isAfter,
      })
      const side = (mask: Uint8Array): number[] =>
        [...values].filter((v, i) => mask[i] === 1 && v === v)
      const b = side(isBefore)
      const a = side(isAfter)
      const ones = (k: number): number[] => new Array<number>(k).fill(1)
      // Nearest rank on cumulative weight, written out here as the reference.
      const q = (v: number[], w: number[], p: number): number | null => {
        const idx = v.map((_, i) => i).filter((i) => w[i]! > 0 && v[i] === v[i])
        const total = idx.reduce((sum, i) => sum + w[i]!, 0)
        idx.sort((x, y) => v[x]! - v[y]!)
        let acc = 0
        for (const i of idx) {
          acc += w[i]!
          if (acc >= p * total - 1e-9 * total) {
            return v[i]! / 1000
          }
        }
        return idx.length === 0 ? null : v[idx[idx.length - 1]!]! / 1000
      }
      expect(e.before.p50Ms).toBe(q(b, ones(b.length), 0.5))
      expect(e.before.p99Ms).toBe(q(b, ones(b.length), 0.99))
      expect(e.after.p99Ms).toBe(q(a, ones(a.length), 0.99))
      expect(e.p50.beforeMs).toBe(q([...values], [...weight], 0.5))
      expect(e.p99.beforeMs).toBe(q([...values], [...weight], 0.99))
      let faster = 0
      for (const x of b) {
        for (const y of a) {
          faster += y < x ? 1 : y === x ? 0.5 : 0
        }
      }
      expect(e.probabilityFaster).toBeCloseTo(faster / (a.length * b.length), 12)
    }
  })
})

describe('compareWindows on requests far shorter than the window', () => {
  it('compares 1 µs requests over a day without numbering a block per microsecond', () => {
    const day = 86_400_000_000
    const n = 2000
    const rnd = createSeededRandom(5)
    const start = Float64Array.from({ length: n }, (_, i) => (i < n / 2 ? 0 : day) + rnd() * day)
    const us = Float64Array.from({ length: n }, () => 1 + rnd())
    const columns: RequestColumns = {
      n,
      numbers: {
        start,
        ttft: us,
        tpot: us,
        e2e: us,
        input_tokens: new Float64Array(n).fill(100),
        output_tokens: new Float64Array(n).fill(10),
      },
      flags: {},
      texts: {},
    }
    const r = compareWindows(
      columns,
      { fromUs: 0, toUs: day },
      { fromUs: day, toUs: 2 * day },
      { dimensions: false }
    )
    expect(r.measures.e2e.p50.interval).not.toBeNull()
    expect(r.verdict).toBe('no clear change')
  })
})

describe('compareWindows and the P99 of a small window', () => {
  /** `perMinute` requests a minute for ten minutes a side; every 25th is an outlier. */
  function tails(perMinute: number) {
    const rnd = createSeededRandom(13)
    const rows: { start: number; ms: number }[] = []
    for (const [from, outlier] of [
      [BEFORE.fromUs, 5000],
      [AFTER.fromUs, 2000],
    ] as const) {
      side(from, perMinute, 1000, rnd).forEach((r, k) => {
        rows.push(k % 25 === 0 ? { ...r, ms: outlier } : r)
      })
    }
    return compareWindows(columnsOf(rows), BEFORE, AFTER, { dimensions: false })
  }

  it('reads a P99 for a verdict only with ten requests above it on each side', () => {
    // 150 requests a side, 6 of them outliers: the P99 is the second slowest.
    const small = tails(15)
    expect(small.measures.ttft.p99.change).toBeLessThan(-0.5)
    expect(small.measures.ttft.verdict).toBe('no clear change')
    // 1,200 a side: the same fall of the tail is a verdict.
    const large = tails(120)
    expect(large.measures.ttft.p99.change).toBeLessThan(-0.5)
    expect(large.measures.ttft.p99.interval![1]).toBeLessThan(0)
    expect(large.measures.ttft.verdict).toBe('improved')
    // Its tail alone carries it (the median did not move); the small pair's rests on nothing.
    expect(large.measures.ttft.restsOn).toEqual(['p99'])
    expect(small.measures.ttft.restsOn).toEqual([])
  })
})
