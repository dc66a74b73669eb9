import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { IntervalGrid } from './grid.js'

/** ∫ over [a, b) of the densities added to one lane, summed interval by interval. */
function exact(added: [number, number, number][], a: number, b: number): number {
  let total = 0
  for (const [from, to, perUs] of added) {
    total += perUs * Math.max(0, Math.min(b, to) - Math.max(a, from))
  }
  return total
}

describe('IntervalGrid', () => {
  it('reads each lane back on its own where reads fall on bin edges', () => {
    const rng = createRng(11)
    const lanes = 6
    const binUs = 100
    const grid = new IntervalGrid(1000, binUs, 10_000, lanes)
    const added: [number, number, number][][] = Array.from({ length: lanes }, () => [])
    for (let k = 0; k < 300; k++) {
      const lane = Math.floor(rng.next() * lanes)
      const from = 1000 + Math.floor(rng.range(0, 9_000) / binUs) * binUs
      const to = from + Math.ceil(rng.range(1, 2_000) / binUs) * binUs
      const perUs = rng.range(0.1, 5)
      grid.add(lane, from, Math.min(to, 11_000), perUs)
      added[lane]!.push([from, Math.min(to, 11_000), perUs])
    }
    // Bin edges: the grid is exact there whatever the layout of its cells.
    for (let lane = 0; lane < lanes; lane++) {
      for (const [a, b] of [
        [1000, 11_000],
        [1500, 4200],
        [3000, 3100],
        [9900, 11_000],
      ] as const) {
        expect(grid.integral(lane, a, b)).toBeCloseTo(exact(added[lane]!, a, b), 6)
      }
    }
  })

  it('spreads a density added inside one bin over that bin only', () => {
    const grid = new IntervalGrid(0, 10, 100, 3)
    grid.add(1, 23, 27, 2)
    expect(grid.integral(1, 20, 30)).toBeCloseTo(8, 9)
    expect(grid.integral(0, 0, 100)).toBe(0)
    expect(grid.integral(2, 0, 100)).toBe(0)
    expect(grid.densityAt(1, 25)).toBeCloseTo(0.8, 9)
  })
})
