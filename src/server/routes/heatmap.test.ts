import { describe, expect, it } from 'vitest'
import type { Micros } from '../../core/model/units.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import { makeRequest, hexId } from '../../core/model/testing/builders.js'
import { heatmapGrid } from './heatmap.js'

const us = (n: number): Micros => n as Micros

/** Bins (start µs, ttft µs) pairs with the memory store, then lays out the grid. */
async function grid(points: [number, number][], columns: number, bins: number, stepUs = 10) {
  const store = createMemoryStore()
  await store.upsertRequests(
    points.map(([t, v], i) =>
      makeRequest({ traceId: hexId(i + 1, 32), startUs: us(t), ttftUs: us(v) })
    )
  )
  const histogram = await store.histogramRequests({ measure: 'ttft', stepUs: us(stepUs), bins })
  return heatmapGrid(histogram, 0, stepUs, columns, bins)
}

describe('heatmapGrid', () => {
  it('places values in log-spaced buckets per column; the last bound is the maximum', async () => {
    // column:   0     0     1      1       2
    // value µs: 1000  2000  10000  100000  100000
    const { boundsUs, counts } = await grid(
      [
        [0, 1000],
        [5, 2000],
        [10, 10000],
        [12, 100000],
        [25, 100000],
      ],
      3,
      2
    )
    expect(boundsUs[0]).toBeCloseTo(10000)
    expect(boundsUs[1]).toBe(100000)
    expect(counts).toEqual([
      [2, 0],
      [1, 1],
      [0, 1],
    ])
  })

  it('handles a window where every value is the same or zero', async () => {
    const same = await grid(
      [
        [0, 500],
        [1, 500],
      ],
      1,
      4
    )
    expect(same.counts[0]!.reduce((a, b) => a + b, 0)).toBe(2)
    expect(await grid([[0, 0]], 2, 4)).toEqual({ boundsUs: [], counts: [[], []] })
  })

  it('ignores cells outside the columns', async () => {
    const { counts } = await grid(
      [
        [-5, 1],
        [100, 2],
      ],
      2,
      2
    )
    expect(counts.flat().reduce((a, b) => a + b, 0)).toBe(0)
  })
})
