import { describe, expect, it } from 'vitest'
import { seriesRise, stepsInOut } from './step-rise.js'

describe('seriesRise', () => {
  it('reads an infinite step as no value, as it reads an unknown one', () => {
    const steps = Float64Array.from([1, 1.2, 0.9, 1.1, 1, 0.8, 1, 3, 3.2, 3.1])
    const withInfinity = Float64Array.from([...steps.slice(0, 7), 3, Infinity, 3.1, Infinity])
    const withNaN = Float64Array.from([...steps.slice(0, 7), 3, NaN, 3.1, NaN])
    const rise = seriesRise(withInfinity, 7, 9)
    expect(rise).toEqual(seriesRise(withNaN, 7, 9))
    expect(rise.inside).toBeCloseTo(3.05, 10)
    expect(Number.isFinite(rise.units)).toBe(true)
  })

  it('keeps the same steps as stepsInOut', () => {
    const series = Float64Array.from([1, NaN, -Infinity, 2, 5, 6])
    expect(stepsInOut(series, 4, 5)).toEqual([
      [5, 6],
      [1, 2],
    ])
  })
})
