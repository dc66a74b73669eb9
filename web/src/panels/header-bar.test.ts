import { describe, expect, it } from 'vitest'
import { parseInputValue, toInputValue } from './header-bar.js'

describe('24-hour UTC time inputs', () => {
  it('writes and reads 24-hour UTC whatever the locale', () => {
    const ms = Date.UTC(2026, 11, 1, 17, 5, 9)
    expect(toInputValue(ms)).toBe('2026-12-01 17:05:09')
    expect(parseInputValue('2026-12-01 17:05:09')).toBe(ms)
    expect(parseInputValue('2026-12-01T17:05')).toBe(Date.UTC(2026, 11, 1, 17, 5))
    expect(parseInputValue(' 2026-12-01 17:05:09 UTC ')).toBe(ms)
  })

  it('refuses 12-hour and other text', () => {
    expect(parseInputValue('12/01/2026, 05:05 PM')).toBeNaN()
    expect(parseInputValue('2026-12-01 5:05 PM')).toBeNaN()
    expect(parseInputValue('')).toBeNaN()
  })
})
