import { describe, expect, it } from 'vitest'
import type { Micros } from '../model/units.js'
import { quantileSorted } from '../stats/quantile.js'
import { createRng } from '../stats/seeded-random.js'
import { bucketOf, bucketQuantile, makeGrid } from './buckets.js'

/** The definition: each bucket's finite values where the mask is 1, sorted, at rank q. */
function byDefinition(
  grid: ReturnType<typeof makeGrid>,
  timesUs: Float64Array,
  values: Float64Array,
  q: number,
  mask: Uint8Array | undefined,
  minCount: number
): { values: number[]; counts: number[] } {
  const lists: number[][] = Array.from({ length: grid.count }, () => [])
  values.forEach((v, i) => {
    const b = bucketOf(grid, timesUs[i] as number)
    if (v === v && (mask === undefined || mask[i] === 1) && b >= 0) {
      lists[b]!.push(v)
    }
  })
  return {
    values: lists.map((l) =>
      l.length >= minCount ? quantileSorted(Float64Array.from(l).sort(), q) : NaN
    ),
    counts: lists.map((l) => l.length),
  }
}

describe('per-bucket quantiles', () => {
  it('match each bucket sorted on its own: NaNs, masks, times outside the grid, minCount 0', () => {
    const rng = createRng(334)
    const grid = makeGrid(0 as Micros, (30 * 60_000_000) as Micros)
    for (let round = 0; round < 40; round++) {
      const n = Math.floor(rng.next() * 2_000)
      // Some times fall before and after the grid; some buckets stay empty.
      const timesUs = Float64Array.from({ length: n }, () => (rng.next() * 1.2 - 0.1) * 1.8e9)
      const values = Float64Array.from({ length: n }, () =>
        rng.next() < 0.1 ? NaN : Math.floor(rng.next() * 50)
      )
      const mask =
        round % 2 === 0 ? undefined : Uint8Array.from({ length: n }, () => +(rng.next() < 0.7))
      const minCount = round % 4
      const q = [0.5, 0.9, 0.99][round % 3] as number
      const got = bucketQuantile(grid, timesUs, values, q, mask, minCount)
      const want = byDefinition(grid, timesUs, values, q, mask, minCount)
      expect([...got.values]).toEqual(want.values)
      expect([...got.counts]).toEqual(want.counts)
    }
  })

  it('found by selection, give the value the sort puts at the rank: -0 before +0, infinities, ties', () => {
    const rng = createRng(367)
    const grid = makeGrid(0 as Micros, (30 * 60_000_000) as Micros)
    const pool = [-0, 0, -0, 0, -1, 1, Infinity, -Infinity]
    for (let round = 0; round < 60; round++) {
      const n = Math.floor(rng.next() * 3_000)
      const timesUs = Float64Array.from({ length: n }, () => rng.next() * 1.8e9)
      const values = Float64Array.from({ length: n }, () =>
        rng.next() < 0.7 ? (pool[Math.floor(rng.next() * pool.length)] as number) : rng.next() - 0.5
      )
      const q = [0.5, 0.9, 0.99, 0.01][round % 4] as number
      const got = bucketQuantile(grid, timesUs, values, q)
      const want = byDefinition(grid, timesUs, values, q, undefined, 3)
      want.values.forEach((v, b) => expect(Object.is(got.values[b], v)).toBe(true))
    }
  })
})
