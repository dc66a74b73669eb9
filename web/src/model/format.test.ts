import { describe, expect, it } from 'vitest'
import { formatInteger } from './format.js'

describe('formatInteger', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [25_000, '25,000'],
    [999_999, '999,999'],
    [1_000_000, '1,000,000'],
    [1_234_567_890, '1,234,567,890'],
    [-1234, '-1,234'],
    [1234.4, '1,234'],
  ])('%d → %s', (n, text) => {
    expect(formatInteger(n)).toBe(text)
  })

  it("writes every count as toLocaleString('en-US') does", () => {
    for (const n of [1, 12, 123, 1234, 12_345, 123_456, 1_234_567, 98_765_432, 2 ** 40]) {
      expect(formatInteger(n)).toBe(n.toLocaleString('en-US'))
      expect(formatInteger(-n)).toBe((-n).toLocaleString('en-US'))
    }
  })

  it('says – for an unknown count, never 0', () => {
    expect(formatInteger(null)).toBe('–')
    expect(formatInteger(undefined)).toBe('–')
    expect(formatInteger(Number.NaN)).toBe('–')
  })
})
