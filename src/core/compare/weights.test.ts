import { describe, expect, it } from 'vitest'
import type { RequestColumns } from '../model/query.js'
import { groupRequests } from './weights.js'

const MINUTE_US = 60_000_000

/** Requests all started in one minute, with the given prompt and output counts (NaN: unknown). */
function columns(counts: readonly [number, number][]): RequestColumns {
  return {
    n: counts.length,
    numbers: {
      start: Float64Array.from(counts, (_, i) => MINUTE_US + i),
      input_tokens: Float64Array.from(counts, ([p]) => p),
      output_tokens: Float64Array.from(counts, ([, o]) => o),
    },
    flags: {},
    texts: {},
  }
}

describe('groupRequests', () => {
  const window = { fromUs: 0, toUs: 10 * MINUTE_US }

  it('keeps a request with unknown token counts out of the cell of one-token requests', () => {
    const g = groupRequests(
      columns([
        [NaN, NaN],
        [1, 1],
        [NaN, NaN],
      ]),
      window,
      window
    )
    expect(g.cell[0]).not.toBe(g.cell[1])
    expect(g.cell[0]).toBe(g.cell[2])
  })

  it('puts the longest known counts below the unknown bucket', () => {
    const g = groupRequests(
      columns([
        [2 ** 30, 2 ** 30],
        [NaN, NaN],
      ]),
      window,
      window
    )
    expect(g.cell[0]).not.toBe(g.cell[1])
  })

  /** Requests started at `startsS` (seconds), all with the same counts. */
  function startedAt(startsS: readonly number[]): RequestColumns {
    return {
      n: startsS.length,
      numbers: {
        start: Float64Array.from(startsS, (t) => t * 1e6),
        input_tokens: new Float64Array(startsS.length).fill(100),
        output_tokens: new Float64Array(startsS.length).fill(50),
      },
      flags: {},
      texts: {},
    }
  }
  /** One request a second from `fromS` to `toS` (seconds). */
  const everySecond = (fromS: number, toS: number): number[] =>
    Array.from({ length: toS - fromS }, (_, i) => fromS + i)
  const steady = (fromS: number, toS: number): RequestColumns => startedAt(everySecond(fromS, toS))
  const cellsOf = (g: { cell: Int32Array }): Set<number> => new Set(g.cell)

  it('reads steady traffic as one cell where the data starts and ends inside a minute', () => {
    // Recorded from 00:45 to 10:20 at one request a second: a clock minute holds 15 or 20 of them.
    const c = steady(45, 620)
    const g = groupRequests(
      c,
      { fromUs: 0, toUs: 300e6 },
      { fromUs: 300e6, toUs: 660e6 },
      { startUs: 45e6, endUs: 619e6 }
    )
    expect(cellsOf(g).size).toBe(1)
  })

  it('reads steady traffic as one cell where the scan starts inside a minute', () => {
    // Windows of 4 min either side of a change at 06:27; the data runs from 00:00 to 20:00.
    const c = steady(147, 627)
    const g = groupRequests(
      c,
      { fromUs: 147e6, toUs: 387e6 },
      { fromUs: 387e6, toUs: 627e6 },
      { startUs: 0, endUs: 1200e6 }
    )
    expect(cellsOf(g).size).toBe(1)
  })

  it('reads a last part of a minute with the minute before it, not scaled to a whole minute', () => {
    // 2 min at one a second, then 5 s holding 1 request: 5 s alone would read as 12 a minute.
    const withTail = startedAt([...everySecond(0, 120), 122])
    const g = groupRequests(withTail, { fromUs: 0, toUs: 60e6 }, { fromUs: 60e6, toUs: 125e6 })
    // (60 + 1) requests over 65 s is 56 a minute: the same half-octave as 60.
    expect(cellsOf(g).size).toBe(1)
  })

  /** `counts[m]` requests spread evenly over the m-th minute from `fromS` (seconds). */
  function perMinute(fromS: number, counts: readonly number[]): number[] {
    return counts.flatMap((c, m) =>
      Array.from({ length: c }, (_, k) => fromS + 60 * m + (60 * k) / c)
    )
  }

  it('reads minutes of one steady rate as one cell though their counts fall either side of an edge', () => {
    // ~68 a minute, drawn: 58 and 61 fall below the cell edge at 64, the rest above it. Matched
    // on their counts, the before window was weighted toward the minutes that shared after's
    // cells (ADR 0534).
    const c = startedAt([...perMinute(0, [78, 58, 72]), ...perMinute(3600, [66, 61, 75])])
    const g = groupRequests(c, { fromUs: 0, toUs: 180e6 }, { fromUs: 3600e6, toUs: 3780e6 })
    expect(cellsOf(g).size).toBe(1)
  })

  it('keeps a doubled rate in cells of its own', () => {
    const c = startedAt([...perMinute(0, [50, 52, 48]), ...perMinute(3600, [100, 98, 102])])
    const g = groupRequests(c, { fromUs: 0, toUs: 180e6 }, { fromUs: 3600e6, toUs: 3780e6 })
    const before = new Set(Array.from(g.cell).filter((_, i) => g.group[i] === 0))
    const after = new Set(Array.from(g.cell).filter((_, i) => g.group[i] === 1))
    expect(before.size).toBe(1)
    expect(after.size).toBe(1)
    expect([...before][0]).not.toBe([...after][0])
    // The shrunk rates stay near the counts: 50 and 100 a minute, within 10 %.
    expect(Math.abs(g.traffic[0]! / 50 - 1)).toBeLessThan(0.1)
    expect(Math.abs(g.traffic[c.n - 1]! / 100 - 1)).toBeLessThan(0.1)
  })

  it("counts a window's minutes over that window, not across the gap to the other one", () => {
    // 2.5 min a side at one a second, an hour apart, with no data between them: a minute counted
    // from the before window's start across its end held 30 requests, and read as a quiet one.
    const c = steady(0, 150)
    const after = steady(3600, 3750)
    const both = startedAt([...everySecond(0, 150), ...everySecond(3600, 3750)])
    expect(c.n + after.n).toBe(both.n)
    const g = groupRequests(
      both,
      { fromUs: 0, toUs: 150e6 },
      { fromUs: 3600e6, toUs: 3750e6 },
      { startUs: 0, endUs: 3750e6 }
    )
    expect(cellsOf(g).size).toBe(1)
  })
})
