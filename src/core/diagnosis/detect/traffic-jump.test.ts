import { describe, expect, it } from 'vitest'
import { asMicros } from '../../model/units.js'
import type { BucketGrid } from '../../timeline/buckets.js'
import { poissonSteps as poissonStepsOf } from '../testing/make-timeline.js'
import { demandOnset, risenTraffic } from './demand-onset.js'
import { jumpAcross, jumpedShare, trafficJump } from './traffic-jump.js'

const grid: BucketGrid = { fromUs: asMicros(0), stepUs: asMicros(30_000_000), count: 60 }

/** Requests per half-minute step over the grid: Poisson around `rate(step)`. */
const poissonSteps = (seed: number, rate: (step: number) => number): Float64Array =>
  poissonStepsOf(seed, grid.count, rate)

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1)

/** Traffic that moves `ratio`× from step `from` to the end, along a line or a half cosine. */
const drift =
  (ratio: number, from: number, shape: 'line' | 'cosine') =>
  (k: number): number => {
    const t = Math.max(0, (k + 0.5 - from) / (grid.count - from))
    const s = shape === 'line' ? t : (1 - Math.cos(Math.PI * t)) / 2
    return 120 * (1 + (ratio - 1) * s)
  }

describe('trafficJump', () => {
  it('reads a step as the whole rise and a drift through the point as none of it', () => {
    const step = trafficJump(
      Float64Array.from({ length: 60 }, (_, k) => (k >= 20 ? 160 : 120)),
      20,
      0,
      59
    )
    expect(step!.jump).toBeCloseTo(40, 6)
    const line = trafficJump(
      Float64Array.from({ length: 60 }, (_, k) => 120 + 2 * k + (k % 2)),
      20,
      0,
      59
    )
    expect(Math.abs(line!.jump)).toBeLessThan(1)
    // A drift that starts at the point bends there; the two lines still meet.
    const bend = trafficJump(
      Float64Array.from({ length: 60 }, (_, k) => 120 + Math.max(0, 3 * (k - 20)) + (k % 2)),
      20,
      0,
      59
    )
    expect(Math.abs(bend!.jump)).toBeLessThan(2)
  })

  it('is null with fewer than two steps on a side', () => {
    expect(trafficJump(Float64Array.from([120, 160, 160]), 1, 0, 2)).toBeNull()
  })
})

describe('jumpAcross: the jump across a step a change began inside of (ADR 0389)', () => {
  // A level 120 → 160 reached inside step 20: the step itself is a third of the way up.
  const partway = Float64Array.from({ length: 60 }, (_, k) =>
    k > 20 ? 160 + (k % 2) : k === 20 ? 133 : 120 + (k % 2)
  )

  it('reads the whole rise where the step read from itself falls short of it', () => {
    const rise = 160 - 120
    const across = jumpAcross(partway, 20, 0, 59)
    expect(across!.jump).toBeCloseTo(40, 0)
    expect(jumpedShare(rise, across)).toBeCloseTo(1, 6)
    expect(trafficJump(partway, 20, 0, 59)!.jump).toBeLessThan(40)
  })

  it('still reads a drift through the step as no jump', () => {
    const line = Float64Array.from({ length: 60 }, (_, k) => 120 + 2 * k + (k % 2))
    expect(Math.abs(jumpAcross(line, 20, 0, 59)!.jump)).toBeLessThan(1)
    const bend = Float64Array.from(
      { length: 60 },
      (_, k) => 120 + Math.max(0, 3 * (k - 20)) + (k % 2)
    )
    expect(Math.abs(jumpAcross(bend, 20, 0, 59)!.jump)).toBeLessThan(2)
  })
})

describe('the demand onset of a drift', () => {
  it.each([
    ['straight to 2× from the start', drift(2, 0, 'line')],
    ['flat, then straight to 2× from mid-run', drift(2, 30, 'line')],
    ['flat, then a half cosine to 1.75× from 40 %', drift(1.75, 24, 'cosine')],
    ['a half cosine to 2.5× over the whole data', drift(2.5, 0, 'cosine')],
  ])('%s: the scan finds a level past chance, but no jump at its start', (_, rate) => {
    for (const seed of SEEDS) {
      const onset = demandOnset(poissonSteps(seed, rate), grid)
      expect(onset).not.toBeNull()
      // Most read 0; a cosine's steepening reads up to 0.41 on 40 seeds, still under half.
      expect(onset!.jumped).toBeLessThan(0.5)
    }
  })

  it('a 1.175× step that holds from a quarter in to the end: the rise at once, mostly', () => {
    // The step a quadratic trend through the whole data took for a drift (ADR 0286). Under
    // Poisson counts its shortfall is a unit normal, and the scan's own start strays on a few
    // seeds: 19 of these 20 read at least half of the rise as the jump (ADR 0292).
    let jumped = 0
    for (const seed of SEEDS) {
      const onset = demandOnset(
        poissonSteps(seed, (k) => (k >= 15 ? 141 : 120)),
        grid
      )
      jumped += (onset!.jumped ?? 0) >= 0.5 ? 1 : 0
    }
    expect(jumped).toBeGreaterThanOrEqual(18)
  })

  it('a 1.5× step on top of a rising drift is a jump on its own', () => {
    for (const seed of SEEDS) {
      const onset = demandOnset(
        poissonSteps(seed, (k) => drift(2, 0, 'line')(k) * (k >= 40 ? 1.5 : 1)),
        grid
      )
      expect(onset!.from).toBe(40)
      expect(onset!.jumped).toBe(1)
    }
  })
})

describe('risenTraffic', () => {
  it("counts a drift's late level as no rise, and a step's as its level", () => {
    const drifted = risenTraffic(poissonSteps(7, drift(2, 30, 'line')), grid, 45, 59)
    expect(drifted.level).toBeGreaterThan(1.4)
    expect(drifted.ratio).toBe(1)
    const stepped = risenTraffic(
      poissonSteps(7, (k) => (k >= 45 ? 180 : 120)),
      grid,
      45,
      59
    )
    expect(stepped.ratio).toBeCloseTo(stepped.level!, 6)
  })

  it('a window that begins minutes into a step reads the step it lies in', () => {
    // A queue lags the requests: the latency's window starts four steps after the requests rose.
    const r = risenTraffic(
      poissonSteps(11, (k) => (k >= 40 ? 160 : 120)),
      grid,
      44,
      59
    )
    expect(r.onset?.from).toBe(40)
    expect(r.ratio).toBeCloseTo(r.level!, 6)
  })

  it('jumpedShare: a fall is as counted; a rise whose jump cannot be measured is unknown', () => {
    expect(jumpedShare(-5, null)).toBe(1)
    expect(jumpedShare(10, null)).toBeNull()
  })
})

describe('paced arrivals: a jump without noise (ADR 0297)', () => {
  // Arrivals paced per step put every count exactly on its line: no residual, no noise unit.
  const paced = (rate: (k: number) => number): Float64Array =>
    Float64Array.from({ length: 60 }, (_, k) => rate(k))

  it('a step has its jump and an unknown z, not z = 0', () => {
    const j = trafficJump(
      paced((k) => (k >= 20 ? 160 : 120)),
      20,
      0,
      59
    )
    expect(j!.jump).toBeCloseTo(40, 6)
    expect(j!.se).toBe(0)
    expect(j!.z).toBeNull()
    // The jump is the whole rise: measured as such, not assumed.
    expect(jumpedShare(40, j)).toBeCloseTo(1, 6)
  })

  it('a straight drift is read as the share of its rise that jumped, none, not as all of it', () => {
    const line = paced((k) => 120 + 2 * k)
    const j = trafficJump(line, 40, 0, 59)
    expect(j!.z).toBeNull()
    const rise = 120 + 2 * 49.5 - (120 + 2 * 19.5)
    expect(jumpedShare(rise, j)).toBeCloseTo(0, 6)
    expect(risenTraffic(line, grid, 40, 59).ratio).toBeCloseTo(1, 6)
  })

  it('a step half as large as the level it reaches reads half of it', () => {
    const j = trafficJump(
      paced((k) => (k >= 20 ? 140 : 120)),
      20,
      0,
      59
    )
    expect(jumpedShare(40, j)).toBeCloseTo(0.5, 6)
  })
})

describe('a window that starts with the data (ADR 0297)', () => {
  // The data begins in the middle of a busy spell that ends ten minutes in, and a real step comes
  // later: 200 requests per step, 120 from step 20, 180 from step 40.
  const traffic = poissonSteps(5, (k) => (k < 20 ? 200 : k < 40 ? 120 : 180))

  it('has no measurable jump into it: unknown, and no rise', () => {
    expect(trafficJump(traffic, 0, 0, 19)).toBeNull()
    const edge = risenTraffic(traffic, grid, 0, 19)
    expect(edge.level).toBeGreaterThan(1.2)
    expect(edge.jumped).toBeNull()
    expect(edge.ratio).toBe(1)
  })

  it('the same from the first step that holds requests, after empty steps', () => {
    const late = Float64Array.from(traffic, (v, k) => (k < 4 ? 0 : v))
    const edge = risenTraffic(late, grid, 4, 19)
    expect(edge.jumped).toBeNull()
    expect(edge.ratio).toBe(1)
  })

  it('a window that holds all the data has no level: unknown, not 1', () => {
    const all = risenTraffic(traffic, grid, 0, 59)
    expect(all.level).toBeNull()
    expect(all.jumped).toBeNull()
    expect(all.ratio).toBe(1)
    // Steps beyond the data are no steps of it: a window over the data and empty steps after it
    // is still all of the data.
    const wider = Float64Array.from({ length: 80 }, (_, k) => (k < 60 ? (traffic[k] as number) : 0))
    expect(risenTraffic(wider, { ...grid, count: 80 }, 0, 79).level).toBeNull()
  })

  it('a real step inside the same data is still its whole level', () => {
    const step = risenTraffic(traffic, grid, 40, 59)
    expect(step.level).toBeGreaterThan(1.1)
    expect(step.ratio).toBeCloseTo(step.level!, 6)
  })
})
