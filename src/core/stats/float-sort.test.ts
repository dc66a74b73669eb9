import { describe, expect, it } from 'vitest'
import { RADIX_FROM, sortFloats } from './float-sort.js'
import { createRng } from './seeded-random.js'

/** Bit for bit: `toEqual` sees -0 and +0 as equal, the sort's order does not. */
function sameBits(a: Float64Array, b: Float64Array): boolean {
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length * 2)
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length * 2)
  return x.length === y.length && x.every((v, i) => v === y[i])
}

describe('the radix sort of doubles', () => {
  it("orders values as Float64Array#sort does, bit for bit, on both sides of the radix's size", () => {
    const rng = createRng(495)
    const tiny = Number.MIN_VALUE
    for (let round = 0; round < 48; round++) {
      const n =
        round % 3 === 0 ? Math.floor(rng.next() * RADIX_FROM) : RADIX_FROM + rng.int(0, 60_000)
      const kind = round % 6
      const values = Float64Array.from({ length: n }, () => {
        const u = rng.next()
        switch (kind) {
          case 0: // latencies in whole µs: the low digits all zero, passes skipped
            return Math.round(Math.exp(8 + rng.normal() * 2))
          case 1: // signed, with zeros of both signs, infinities and subnormals
            return u < 0.1
              ? -0
              : u < 0.2
                ? 0
                : u < 0.22
                  ? -Infinity
                  : u < 0.24
                    ? Infinity
                    : u < 0.3
                      ? (rng.next() - 0.5) * 1000 * tiny
                      : (rng.next() - 0.5) * 1e6
          case 2: // few distinct values: long runs of equal keys
            return Math.floor(u * 4) - 2
          case 3: // one value everywhere: every pass skipped
            return 7.25
          case 4: // spread over many binades
            return Math.exp(rng.normal() * 30) * (u < 0.5 ? -1 : 1)
          default: // sorted or reversed runs
            return u
        }
      })
      if (kind === 5) {
        values.sort()
        if (round % 2 === 1) {
          values.reverse()
        }
      }
      const want = Float64Array.from(values).sort()
      expect(sameBits(sortFloats(Float64Array.from(values)), want)).toBe(true)
    }
  })

  it('sorts a view in place and leaves the rest of its buffer', () => {
    const rng = createRng(4951)
    const whole = Float64Array.from({ length: RADIX_FROM + 5_006 }, () => rng.normal())
    const before = Float64Array.from(whole)
    const part = whole.subarray(3, RADIX_FROM + 3)
    const want = Float64Array.from(part).sort()
    expect(sortFloats(part)).toBe(part)
    expect(sameBits(part, want)).toBe(true)
    expect(sameBits(whole.subarray(0, 3), before.subarray(0, 3))).toBe(true)
    expect(sameBits(whole.subarray(RADIX_FROM + 3), before.subarray(RADIX_FROM + 3))).toBe(true)
  })
})
