import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '../storage/memory/memory-store.js'
import { parseDurationMs, parseFilters, parseWindow } from './params.js'

describe('parseDurationMs', () => {
  it.each([
    ['30m', 1_800_000],
    ['90s', 90_000],
    ['1.5h', 5_400_000],
    ['7d', 604_800_000],
    ['250ms', 250],
    ['45', 45_000],
    ['0s', null],
    ['-5m', null],
    ['5 minutes', null],
    ['', null],
  ])('%s → %s', (text, ms) => {
    expect(parseDurationMs(text)).toBe(ms)
  })
})

describe('parseWindow', () => {
  const store = createMemoryStore()
  const now = Date.parse('2025-10-09T12:00:00Z')

  it('defaults to the last 30 minutes', async () => {
    expect(await parseWindow({}, now, store)).toEqual({
      fromUs: (now - 1_800_000) * 1000,
      toUs: now * 1000,
    })
  })

  it('reads RFC 3339 with microseconds and epoch milliseconds', async () => {
    expect(
      await parseWindow({ from: ['2025-10-09T11:00:00.123456Z'], to: [String(now)] }, now, store)
    ).toEqual({
      fromUs: Date.parse('2025-10-09T11:00:00Z') * 1000 + 123456,
      toUs: now * 1000,
    })
  })

  it('is open for window=all on an empty store', async () => {
    expect(await parseWindow({ window: ['all'] }, now, store)).toEqual({})
  })

  it('refuses since together with from', async () => {
    await expect(
      parseWindow({ since: ['5m'], from: [String(now - 1000)] }, now, store)
    ).rejects.toThrow('since must be left out when from is given')
  })
})

describe('parseFilters', () => {
  it('collects repeated and comma-separated values per dimension, ignoring others', () => {
    expect(parseFilters({ replica: ['a', 'b,c'], model: ['m'], colour: ['red'] })).toEqual({
      model: ['m'],
      replica: ['a', 'b', 'c'],
    })
  })
})
