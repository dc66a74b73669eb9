import { describe, expect, it } from 'vitest'
import { tpotText } from './request-view.js'

describe('tpotText', () => {
  it.each([
    ['measured', { tpot_ms: 12.5, tpot_estimate_ms: null }, '12.5 ms'],
    ['estimate only, marked', { tpot_ms: null, tpot_estimate_ms: 9.84 }, '≈ 9.84 ms (est.)'],
    ['neither: a dash, never 0', { tpot_ms: null, tpot_estimate_ms: null }, '–'],
    ['an older server without the field', { tpot_ms: null }, '–'],
  ])('%s', (_name, r, expected) => {
    expect(tpotText(r)).toBe(expected)
  })
})
