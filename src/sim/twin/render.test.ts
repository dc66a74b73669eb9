import { describe, expect, it } from 'vitest'
import { rateRange } from './render.js'

describe('rateRange', () => {
  it('leaves out the minutes before the first arrival and after the last one', () => {
    // The window ends at the last request's end, seconds after the last arrival: its last bin
    // holds no arrival and the fit gives it no rate.
    expect(rateRange([0, 5.9, 5.28, 5.77, 0])).toBe('5.28–5.90')
  })

  it('keeps a quiet minute inside the data', () => {
    expect(rateRange([5.9, 0, 5.77])).toBe('0.00–5.90')
  })

  it('prints – when no minute had an arrival', () => {
    expect(rateRange([0, 0])).toBe('–')
    expect(rateRange([])).toBe('–')
  })
})
