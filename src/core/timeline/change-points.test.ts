import { describe, expect, it } from 'vitest'
import { makeGrid } from './buckets.js'
import { detectChangePoints, findElevatedSpan } from './change-points.js'
import { asMicros } from '../model/units.js'

function noisy(levels: [number, number][], seed = 1): number[] {
  let s = seed
  const rnd = (): number => {
    s = (s * 16807) % 2147483647
    return s / 2147483647
  }
  return levels.flatMap(([level, len]) =>
    Array.from({ length: len }, () => level * (0.95 + 0.1 * rnd()))
  )
}

describe('detectChangePoints', () => {
  it('finds a step up and back down (base | elevated | base)', () => {
    const series = noisy([
      [100, 15],
      [300, 10],
      [100, 10],
    ])
    const result = detectChangePoints(series)
    expect(result.changes.map((c) => c.index)).toEqual([15, 25])
    const span = findElevatedSpan(result)
    expect(span).toMatchObject({ start: 15, end: 24 })
    expect(span!.ratio).toBeGreaterThan(2.5)
  })

  it('ignores noise and small shifts below the minimum effect', () => {
    expect(detectChangePoints(noisy([[100, 40]])).changes).toEqual([])
    expect(
      detectChangePoints(
        noisy([
          [100, 20],
          [115, 20],
        ])
      ).changes
    ).toEqual([])
    expect(findElevatedSpan(detectChangePoints(noisy([[100, 40]])))).toBeNull()
  })

  it('skips empty buckets (NaN) and maps indices back', () => {
    const series = noisy([
      [100, 12],
      [400, 12],
    ])
    series[3] = NaN
    series[15] = NaN
    const result = detectChangePoints(series)
    expect(result.changes).toHaveLength(1)
    expect(result.changes[0]!.index).toBe(12)
  })

  it('a short pulse in a long window: no single split is large enough, the pair of edges is', () => {
    // A prefix-cache miss rate: 0.38, half as much again for nine steps, back to 0.38. Either
    // edge alone compares the pulse mixed with the base against the base: a 17 % change.
    const series = noisy([
      [0.38, 13],
      [0.58, 9],
      [0.38, 18],
    ])
    const options = { minRelativeChange: 0.2, minSegment: 3 }
    expect(detectChangePoints(series, options).changes).toEqual([])
    const result = detectChangePoints(series, { ...options, pulse: true })
    expect(result.changes.map((c) => c.index)).toEqual([13, 22])
    expect(findElevatedSpan(result, 0.2)).toMatchObject({ start: 13, end: 21 })
    // Against: a flat series or a pulse below the relative change has none either way.
    expect(detectChangePoints(noisy([[0.38, 40]]), { ...options, pulse: true }).changes).toEqual([])
    const small = noisy([
      [0.38, 13],
      [0.43, 9],
      [0.38, 18],
    ])
    expect(detectChangePoints(small, { ...options, pulse: true }).changes).toEqual([])
  })

  it('copes with tiny and empty series', () => {
    expect(detectChangePoints([]).segments).toEqual([])
    expect(detectChangePoints([1, 2]).changes).toEqual([])
  })
})

describe('makeGrid', () => {
  it('uses 60 s steps for long windows and finer steps for short ones', () => {
    expect(makeGrid(asMicros(0), asMicros(3600e6)).stepUs).toBe(60e6)
    expect(makeGrid(asMicros(0), asMicros(300e6)).stepUs).toBe(15e6)
    expect(makeGrid(asMicros(0), asMicros(0)).count).toBe(1)
  })

  it('caps the bucket count with a coarser step in whole minutes', () => {
    // 1990 → 2026: 19 million minutes; the grid must not allocate per minute.
    const grid = makeGrid(asMicros(631152000e6), asMicros(1780000000e6))
    expect(grid.count).toBeLessThanOrEqual(10_080)
    expect(grid.stepUs % 60e6).toBe(0)
    expect(makeGrid(asMicros(0), asMicros(7 * 86400e6)).stepUs).toBe(60e6)
  })
})

describe('findElevatedSpan starts and ends where the level is above its baseline', () => {
  it('a rise that decays (a backlog draining) ends at the decay, not with its segment', () => {
    // 13 calm steps, a queue building over 20, draining over 8, then 20 calm steps. Six cuts are
    // spent on the ramp, so the decay's tail and the calm after it fall into one segment whose
    // mean (1.6) is still far above the baseline (0.1): the span ran to the last step (61).
    const calm = (n: number): number[] => noisy([[0.1, n]], n)
    const ramp = Array.from({ length: 20 }, (_, i) => 0.1 + 260 * ((i + 1) / 20))
    const decay = Array.from({ length: 8 }, (_, i) => 0.1 + 260 * (1 - (i + 1) / 8))
    const series = [...calm(13), ...ramp, ...decay, ...calm(20)]
    const span = findElevatedSpan(detectChangePoints(series))
    expect(span).not.toBeNull()
    // The decay's last elevated step is index 39; index 40 is back at the baseline.
    expect(span!.end).toBeGreaterThanOrEqual(38)
    expect(span!.end).toBeLessThanOrEqual(40)
  })

  it.each([1, 2, 3, 4, 5])(
    'a queue that builds from one step starts at that step, not a calm step before it (seed %i)',
    (seed) => {
      // 12 calm steps, then a queue building from step 12 over six steps, then calm again. A
      // segment needs three steps, and the split on the ramp opened the elevated segment at step
      // 11, still at the baseline: the window started a step before the fault.
      const series = [
        ...noisy([[100, 12]], seed),
        2000,
        10000,
        20000,
        30000,
        40000,
        50000,
        ...noisy([[100, 14]], seed + 7),
      ]
      expect(findElevatedSpan(detectChangePoints(series))).toMatchObject({ start: 12, end: 17 })
    }
  )

  it('a level that stays up to the end of the data still ends there', () => {
    const series = noisy([
      [100, 20],
      [300, 20],
    ])
    expect(findElevatedSpan(detectChangePoints(series))).toMatchObject({ start: 20, end: 39 })
  })
})
