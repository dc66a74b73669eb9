import { describe, expect, it } from 'vitest'
import { createRng } from './seeded-random.js'
import { countAtOrBelow, countBelow, sortByKey } from './sorted.js'

describe('countBelow', () => {
  it('counts the values below v, ties not included, at both ends', () => {
    const xs = [1, 2, 2, 2, 5, 9]
    expect(countBelow(xs, 0)).toBe(0)
    expect(countBelow(xs, 2)).toBe(1)
    expect(countBelow(xs, 2.5)).toBe(4)
    expect(countBelow(xs, 9)).toBe(5)
    expect(countBelow(xs, 10)).toBe(6)
    expect(countBelow(Float64Array.from([]), 3)).toBe(0)
  })
})

describe('countAtOrBelow', () => {
  it('counts the values at or below v, ties included, at both ends', () => {
    const xs = [1, 2, 2, 2, 5, 9]
    expect(countAtOrBelow(xs, 0)).toBe(0)
    expect(countAtOrBelow(xs, 2)).toBe(4)
    expect(countAtOrBelow(xs, 2.5)).toBe(4)
    expect(countAtOrBelow(xs, 9)).toBe(6)
    expect(countAtOrBelow(xs, 10)).toBe(6)
    expect(countAtOrBelow(Float64Array.from([]), 3)).toBe(0)
  })
})

describe('sortByKey', () => {
  const bySort = (items: Int32Array, keys: ArrayLike<number>): number[] =>
    Array.from(Int32Array.from(items).sort((a, b) => keys[a]! - keys[b]!))

  it('orders items as the stable comparator sort does: ties, nearly sorted keys, every size', () => {
    const rng = createRng(5)
    for (const n of [0, 1, 2, 23, 24, 25, 48, 49, 100, 1000, 5000]) {
      // Few distinct keys (many ties), and arrivals jittered out of order (nearly sorted).
      const ties = Float64Array.from({ length: n }, () => Math.floor(rng.next() * 7))
      const jittered = Float64Array.from({ length: n }, (_, i) => i * 10 + rng.next() * 40)
      for (const keys of [ties, jittered]) {
        const items = Int32Array.from({ length: n }, (_, i) => i)
        expect(Array.from(sortByKey(items, keys))).toEqual(bySort(items, keys))
      }
      // A subset of rows, not 0 … n − 1, sorted by the keys of the whole.
      const rows = Int32Array.from({ length: Math.floor(n / 2) }, (_, k) => n - 1 - 2 * k)
      expect(Array.from(sortByKey(Int32Array.from(rows), ties))).toEqual(bySort(rows, ties))
    }
  })

  it('runs the comparator sort itself where a key is NaN', () => {
    const keys = [3, NaN, 1, 2, NaN, 0]
    const items = Int32Array.from(keys, (_, i) => i)
    expect(Array.from(sortByKey(Int32Array.from(items), keys))).toEqual(bySort(items, keys))
  })
})

describe('sortByKey on keys nearly in order', () => {
  const bySort = (items: Int32Array, keys: ArrayLike<number>): number[] =>
    Array.from(Int32Array.from(items).sort((a, b) => keys[a]! - keys[b]!))

  it('gives the stable order whether the insertion pass finishes or hands over to the merges', () => {
    const rng = createRng(24)
    for (let round = 0; round < 60; round++) {
      const n = 1 + Math.floor(rng.next() * 3000)
      // Arrivals a few places out of order with ties (the insertion pass finishes), some far
      // out of place, and from round 20 a shuffled tail (it stops part way and the merges run).
      const keys = Float64Array.from({ length: n }, (_, i) => Math.floor(i / 3) + rng.int(0, 4))
      for (let k = 0; k < round % 7; k++) {
        keys[rng.int(0, n - 1)] = rng.int(0, n)
      }
      if (round >= 20) {
        for (let i = Math.floor(n * rng.next()); i < n; i++) {
          keys[i] = rng.int(0, 50)
        }
      }
      const items = Int32Array.from({ length: n }, (_, i) => i)
      expect(Array.from(sortByKey(Int32Array.from(items), keys))).toEqual(bySort(items, keys))
    }
  })
})
