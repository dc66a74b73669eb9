import { describe, expect, it } from 'vitest'
import { dropOldest, setNewest } from './lru.js'

describe('a Map kept as an LRU cache', () => {
  it('drops the key touched longest ago, a refreshed key counting as new', () => {
    const map = new Map<string, number>()
    setNewest(map, 'a', 1, 2)
    setNewest(map, 'b', 2, 2)
    setNewest(map, 'a', 3, 2)
    setNewest(map, 'c', 4, 2)
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ])
  })

  it('trims a map grown past its bound to its newest entries', () => {
    const map = new Map([1, 2, 3, 4, 5].map((k) => [k, k]))
    dropOldest(map, 2)
    expect([...map.keys()]).toEqual([4, 5])
    dropOldest(map, 0)
    expect(map.size).toBe(0)
  })
})
