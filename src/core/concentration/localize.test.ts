import { describe, expect, it } from 'vitest'
import type { CategoricalColumn } from './find-concentration.js'
import { localize } from './localize.js'

function column(dimension: string, values: string[], pick: (i: number) => number, n: number) {
  return { dimension, values, codes: Int32Array.from({ length: n }, (_, i) => pick(i)) }
}

describe('localize (Adtributor explanatory power + surprise)', () => {
  const n = 1200
  const region = column('region', ['us', 'eu', 'ap'], (i) => i % 3, n)
  const replica = column('replica', ['r0', 'r1', 'r2', 'r3'], (i) => i % 4, n)
  const tenant = column('tenant', ['a', 'b'], (i) => Math.floor(i / 7) % 2, n)
  const columns: CategoricalColumn[] = [region, replica, tenant]
  const all = new Uint8Array(n).fill(1)

  it('names the one region that carries the excess', () => {
    const excess = Float64Array.from({ length: n }, (_, i) => (i % 3 === 1 ? 130_000 : 0))
    const { best } = localize(columns, excess, all)
    expect(best?.dimensions).toEqual(['region'])
    expect(best?.values).toEqual(['eu'])
    expect(best!.explanatoryPower).toBeCloseTo(1, 5)
  })

  it('names a pair when only the combination is slow', () => {
    const excess = Float64Array.from({ length: n }, (_, i) =>
      i % 3 === 1 && i % 4 === 2 ? 300_000 : 0
    )
    const { best } = localize(columns, excess, all)
    expect(best?.dimensions).toEqual(['region', 'replica'])
    expect(best?.values).toEqual(['eu', 'r2'])
  })

  it('names nothing when every request pays the same', () => {
    const excess = new Float64Array(n).fill(50_000)
    expect(localize(columns, excess, all).best).toBeNull()
  })

  it('is not moved by one stuck request', () => {
    const excess = Float64Array.from({ length: n }, (_, i) => (i % 3 === 1 ? 100_000 : 0))
    excess[4] = 60_000_000 // replica r0, region eu: one request stuck for a minute
    const { best } = localize(columns, excess, all)
    expect(best?.values).toEqual(['eu'])
  })
})
