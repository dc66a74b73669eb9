import { describe, expect, it } from 'vitest'
import { microsFromUnixNano } from './units.js'

/** The definition: whole µs of a decimal nanosecond count, through BigInt. */
function reference(text: string): number | null {
  if (!/^\d{1,20}$/.test(text)) {
    return null
  }
  return Number(BigInt(text) / 1000n)
}

describe('microsFromUnixNano of decimal text', () => {
  it.each([
    '1760000000123456789',
    '1760000000123456999',
    '0001760000000123456',
    '1000',
    '999',
    '0',
    '1',
    // µs past 2^53 (year 2255 on): the BigInt path, rounded to the nearest double as before.
    '9007199254740991999',
    '9007199254740993000',
    '9223372036854775807',
    '18446744073709551615',
    '99999999999999999999',
    '',
    '123456789012345678901',
    '-1000',
    '+1000',
    '1e21',
    ' 1000',
    '1760000000123456789\n',
    '١٢٣٤',
  ])('%j', (text) => {
    expect(microsFromUnixNano(text)).toBe(reference(text))
  })
})
