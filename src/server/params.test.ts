import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '../storage/memory/memory-store.js'
import { parseFilters, parseStepUs, parseWindow } from './params.js'

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

  it('counts since back from to, else from now', async () => {
    expect(await parseWindow({ since: ['1h'], to: ['2025-10-09T11:00:00Z'] }, now, store)).toEqual({
      fromUs: Date.parse('2025-10-09T10:00:00Z') * 1000,
      toUs: Date.parse('2025-10-09T11:00:00Z') * 1000,
    })
    expect(await parseWindow({ since: ['1h30m'] }, now, store)).toEqual({
      fromUs: (now - 5_400_000) * 1000,
      toUs: now * 1000,
    })
  })

  it('refuses a since or step without a unit, naming the parameter', async () => {
    await expect(parseWindow({ since: ['45'] }, now, store)).rejects.toThrow(
      /since must be a duration with a unit.*\(actual: "45"\)/
    )
    expect(() => parseStepUs({ step: ['60'] })).toThrow(/step must be a duration with a unit/)
    expect(parseStepUs({ step: ['1m'] })).toBe(60_000_000)
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
