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
})
