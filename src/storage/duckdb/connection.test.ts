import { describe, expect, it } from 'vitest'
import { toNumber, toNumberOrNull } from './connection.js'

describe('numbers read back from DuckDB', () => {
  it('reads a BIGINT (bigint) and a DOUBLE (number) as numbers', () => {
    expect(toNumber(1_733_400_000_000_000n)).toBe(1_733_400_000_000_000)
    expect(toNumber(0n)).toBe(0)
    expect(toNumber(2.5)).toBe(2.5)
  })

  it('refuses a NULL where the caller reads a number, rather than a 0 no row held', () => {
    expect(() => toNumber(null)).toThrow(/expected a number from the store, got null/)
    expect(() => toNumber(undefined)).toThrow(/got undefined/)
    expect(() => toNumber('12')).toThrow(/got string 12/)
  })

  it('keeps a NULL as null where the column may hold none', () => {
    expect(toNumberOrNull(null)).toBeNull()
    expect(toNumberOrNull(undefined)).toBeNull()
    expect(toNumberOrNull(0n)).toBe(0)
  })
})
