import { describe, expect, it } from 'vitest'
import { countAtOrBelow, countBelow } from './sorted.js'

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
