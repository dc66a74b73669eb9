import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { LaneIntegrals } from './lane-integrals.js'

type Added = [from: number, to: number, perUs: number][]

/** ∫ over [a, b) of the densities added to one lane, summed interval by interval. */
function bruteIntegral(added: Added, a: number, b: number): number {
  let total = 0
  for (const [from, to, perUs] of added) {
    total += perUs * Math.max(0, Math.min(b, to) - Math.max(a, from))
  }
  return total
}

function bruteDensity(added: Added, t: number): number {
  let total = 0
  for (const [from, to, perUs] of added) {
    total += from <= t && t < to ? perUs : 0
  }
  return total
}

describe('LaneIntegrals', () => {
  it('reads every lane exactly at any instants, with no grid to round them to', () => {
    const rng = createRng(11)
    const lanes = 6
    const lane = new LaneIntegrals(lanes, 4)
    const added: Added[] = Array.from({ length: lanes }, () => [])
    for (let k = 0; k < 400; k++) {
      const l = Math.floor(rng.next() * lanes)
      const from = rng.range(0, 10_000)
      const to = from + rng.range(0.001, 2_000)
      const perUs = rng.range(-1, 5)
      lane.add(l, from, to, perUs)
      added[l]!.push([from, to, perUs])
    }
    // Some intervals share an end, as a step's requests do.
    lane.add(2, 500, 700, 1)
    lane.add(2, 700, 900, 1)
    added[2]!.push([500, 700, 1], [700, 900, 1])
    for (let k = 0; k < 300; k++) {
      const l = Math.floor(rng.next() * lanes)
      const a = rng.range(-500, 12_500)
      const b = a + rng.range(0, 3_000)
      expect(lane.integral(l, a, b)).toBeCloseTo(bruteIntegral(added[l]!, a, b), 6)
      expect(lane.densityAt(l, a)).toBeCloseTo(bruteDensity(added[l]!, a), 9)
    }
    expect(lane.densityAt(2, 700)).toBeCloseTo(bruteDensity(added[2]!, 700), 9)
    const times = Float64Array.from({ length: 200 }, () => rng.range(-100, 12_100)).sort()
    const out = new Float64Array(times.length)
    for (let l = 0; l < lanes; l++) {
      lane.densitiesAt(l, times, out)
      times.forEach((t, j) => expect(out[j]).toBe(lane.densityAt(l, t)))
    }
    expect(lane.fromUs).toBe(Math.min(...added.flat().map((x) => x[0])))
  })

  it("reads the least lane and each instant's own lane as one lane at a time does, bit for bit", () => {
    const rng = createRng(13)
    const lanes = 5
    const lane = new LaneIntegrals(lanes * 2, 4)
    for (let k = 0; k < 600; k++) {
      // Whole microseconds, so that changes and instants fall together.
      const from = Math.round(rng.range(0, 10_000))
      lane.add(
        Math.floor(rng.next() * lanes) * 2 + 1,
        from,
        from + Math.round(rng.range(1, 900)),
        1
      )
    }
    const ids = Array.from({ length: lanes }, (_, q) => q * 2 + 1)
    const times = Float64Array.from({ length: 500 }, () => Math.round(rng.range(-50, 10_500)))
    times.sort()
    const owner = Int32Array.from(times, () => Math.floor(rng.next() * lanes))
    const least = new Float64Array(times.length).fill(-7)
    const own = new Float64Array(times.length).fill(-7)
    lane.leastAndOwnAt(ids, times, owner, least, own)
    const held = new Float64Array(times.length)
    const wantLeast = new Float64Array(times.length).fill(Infinity)
    const wantOwn = new Float64Array(times.length)
    ids.forEach((id, q) => {
      lane.densitiesAt(id, times, held)
      for (let j = 0; j < times.length; j++) {
        wantLeast[j] = Math.min(wantLeast[j]!, held[j]!)
        if (owner[j] === q) {
          wantOwn[j] = held[j]!
        }
      }
    })
    expect(least).toEqual(wantLeast)
    expect(own).toEqual(wantOwn)
    // Not all one value: the lanes differ at the instants read.
    expect(new Set(least).size).toBeGreaterThan(2)
    expect(own.some((d, j) => d > least[j]!)).toBe(true)
  })

  it('keeps a short interval inside a long window its own', () => {
    const lane = new LaneIntegrals(3)
    lane.add(1, 0, 20_000_000_000, 0.5)
    lane.add(1, 10_000_000_023, 10_000_000_027, 2)
    expect(lane.integral(1, 10_000_000_020, 10_000_000_030)).toBeCloseTo(5 + 8, 6)
    expect(lane.densityAt(1, 10_000_000_025)).toBe(2.5)
    expect(lane.integral(0, 0, 100)).toBe(0)
    expect(lane.densityAt(2, 5)).toBe(0)
    expect(() => lane.add(0, 1, 2, 1)).toThrow()
  })

  it('rebuilds only the lanes it is told to, reading as a whole rebuild does, bit for bit', () => {
    const rng = createRng(12)
    const lanes = 4
    const draw = (): Added[] =>
      Array.from({ length: lanes }, () =>
        Array.from({ length: 150 }, () => {
          const from = Math.round(rng.range(0, 10_000))
          return [from, from + Math.round(rng.range(1, 2_000)), rng.range(0.1, 5)]
        })
      )
    const before = draw()
    const after = draw()
    const rebuilt = (l: number): boolean => l === 2
    // Lane 2 changes and no longer holds the earliest and latest instants: the kept lanes do.
    before[2]!.push([-50, 20_000, 1])
    const now = before.map((added, l) => (rebuilt(l) ? after[l]! : added))
    const first = new LaneIntegrals(lanes)
    before.forEach((added, l) => added.forEach(([a, b, v]) => first.add(l, a, b, v)))
    const whole = new LaneIntegrals(lanes)
    now.forEach((added, l) => added.forEach(([a, b, v]) => whole.add(l, a, b, v)))
    expect(first.integral(0, 0, 1)).toBeGreaterThanOrEqual(0)
    const kept = LaneIntegrals.keeping(first, rebuilt)
    now[2]!.forEach(([a, b, v]) => kept.add(2, a, b, v))
    const misused = LaneIntegrals.keeping(first, rebuilt)
    misused.add(1, 0, 1, 1)
    expect(() => misused.integral(1, 0, 1)).toThrow()
    for (let k = 0; k < 300; k++) {
      const l = k % lanes
      const a = rng.range(-500, 12_500)
      const b = a + rng.range(0, 3_000)
      expect(kept.integral(l, a, b)).toBe(whole.integral(l, a, b))
      expect(kept.densityAt(l, a)).toBe(whole.densityAt(l, a))
    }
    expect([first.fromUs, first.toUs]).toEqual([-50, 20_000])
    expect([kept.fromUs, kept.toUs]).toEqual([whole.fromUs, whole.toUs])
    expect(kept.fromUs).toBeGreaterThan(-50)
  })

  it('takes the sort of an ordered lane again where a rebuild adds the same instants, bit for bit', () => {
    const rng = createRng(13)
    const lanes = 3
    // Integer instants from a short span: many changes share an instant, where the order in
    // which their steps are summed shows in the densities' last bits.
    const instants = Array.from({ length: 400 }, () => {
      const from = Math.round(rng.range(0, 300))
      return [from, from + Math.round(rng.range(1, 60))] as const
    })
    const steps = (): Added => instants.map(([a, b]) => [a, b, rng.range(0.1, 5) / 3])
    const ordered = (l: number): boolean => l === 1
    const build = (from: LaneIntegrals | null, lane1: Added): LaneIntegrals => {
      const out =
        from === null
          ? new LaneIntegrals(lanes, 16, ordered)
          : LaneIntegrals.keeping(from, ordered, 16)
      for (let l = 0; l < lanes; l++) {
        if (from === null || l === 1) {
          ;(l === 1 ? lane1 : instants.map(([a, b]) => [a, b, l + 1] as const)).forEach(
            ([a, b, v]) => out.add(l, a, b, v)
          )
        }
      }
      return out
    }
    const fresh = (lane1: Added): LaneIntegrals => {
      const out = new LaneIntegrals(lanes)
      lane1.forEach(([a, b, v]) => out.add(1, a, b, v))
      return out
    }
    const first = build(null, steps())
    expect(first.integral(1, 0, 1)).toBeGreaterThanOrEqual(0)
    const again = steps()
    const second = build(first, again)
    expect(second.integral(1, 0, 1)).toBeGreaterThanOrEqual(0)
    const third = steps()
    // Chained: the second build's order serves a third; then instants that moved are sorted.
    const moved: Added = third.map(([a, b, v], k) => (k === 7 ? [a + 13, b + 13, v] : [a, b, v]))
    const cases: [LaneIntegrals, LaneIntegrals][] = [
      [second, fresh(again)],
      [build(second, third), fresh(third)],
      [build(second, moved), fresh(moved)],
    ]
    for (const [rebuilt, whole] of cases) {
      for (let t = -1; t <= 362; t++) {
        expect(rebuilt.densityAt(1, t)).toBe(whole.densityAt(1, t))
        expect(rebuilt.integral(1, t, t + 17.5)).toBe(whole.integral(1, t, t + 17.5))
      }
    }
  })

  it('reads lanes added in any order, or sharing their instants, as each lane built alone, bit for bit', () => {
    const rng = createRng(14)
    // Integer instants from a short span: many changes share an instant, where the order in
    // which their steps are summed shows in the densities' last bits.
    const draw = (): [number, number][] =>
      Array.from({ length: 300 }, () => {
        const from = Math.round(rng.range(0, 200))
        return [from, from + Math.round(rng.range(1, 40))]
      })
    const shared = draw()
    const moved = shared.map(([a, b], k): [number, number] => (k === 150 ? [a, b + 1] : [a, b]))
    const lanesAdded: Added[] = [
      // Lanes 0–2 at the same instants (lane 1 and 2 take lane 0's order), lane 3 not, lane 4
      // at them again after it, lane 5 with one instant moved, lane 6 with one interval fewer
      // (a zero step is not added), lane 7 at lane 6's.
      ...[0, 1, 2].map(() =>
        shared.map(([a, b]): [number, number, number] => [a, b, rng.range(0.1, 5) / 3])
      ),
      draw().map(([a, b]) => [a, b, 1]),
      shared.map(([a, b]) => [a, b, rng.range(0.1, 5) / 3]),
      moved.map(([a, b]) => [a, b, rng.range(0.1, 5) / 3]),
      shared.map(([a, b], k) => [a, b, k === 9 ? 0 : rng.range(0.1, 5) / 3]),
      shared.map(([a, b]) => [a, b, rng.range(0.1, 5) / 3]),
    ]
    const L = lanesAdded.length
    const grouped = new LaneIntegrals(L)
    lanesAdded.forEach((added, l) => added.forEach(([a, b, v]) => grouped.add(l, a, b, v)))
    // The same changes, each lane's in its order, the lanes interleaved.
    const interleaved = new LaneIntegrals(L)
    for (let k = 0; k < shared.length; k++) {
      for (let l = L - 1; l >= 0; l--) {
        const [a, b, v] = lanesAdded[l]![k]!
        interleaved.add(l, a, b, v)
      }
    }
    const alone = lanesAdded.map((added, l) => {
      const one = new LaneIntegrals(L)
      added.forEach(([a, b, v]) => one.add(l, a, b, v))
      return one
    })
    for (let l = 0; l < L; l++) {
      for (let t = -1; t <= 245; t += 0.5) {
        const want = alone[l]!
        expect(grouped.densityAt(l, t)).toBe(want.densityAt(l, t))
        expect(grouped.integral(l, t, t + 17.5)).toBe(want.integral(l, t, t + 17.5))
        expect(interleaved.densityAt(l, t)).toBe(want.densityAt(l, t))
        expect(interleaved.integral(l, t, t + 17.5)).toBe(want.integral(l, t, t + 17.5))
      }
      expect(grouped.integral(l, -1, 250)).toBeCloseTo(bruteIntegral(lanesAdded[l]!, -1, 250), 6)
    }
    // Two neighbouring lanes read together, sharing their instants (0 and 1) or not (2 and 3).
    const pair = new Float64Array(2)
    for (let l = 0; l < L - 1; l++) {
      for (let t = -1; t <= 245; t += 0.5) {
        grouped.integralPair(l, t, t + 17.5, pair)
        expect([...pair]).toEqual([
          alone[l]!.integral(l, t, t + 17.5),
          alone[l + 1]!.integral(l + 1, t, t + 17.5),
        ])
      }
    }
  })
})
