import { describe, expect, it } from 'vitest'
import { HeatmapSchema, PercentilesSchema, StagesSchema } from './schemas.js'

const row = {
  measure: 'ttft',
  group: null,
  bucket_start_ms: 1_748_854_800_000,
  count: 12,
  values_ms: { p50: 10.5, p99: null },
}
const bucket = {
  bucket_start_ms: 1_748_854_800_000,
  count: 3,
  stages: { network: { count: 3, mean_ms: 4.2, p99_ms: null } },
}

describe('response schemas checked row by row', () => {
  it('take well-formed answers as they are', () => {
    expect(PercentilesSchema.parse({ relative_error: 0.01, rows: [row] })).toEqual({
      relative_error: 0.01,
      rows: [row],
    })
    expect(StagesSchema.parse({ step_ms: 15_000, buckets: [bucket] }).buckets).toEqual([bucket])
    const hm = { measure: 'ttft', step_ms: 15_000, times_ms: [0], bounds_ms: [1, 2], counts: [[3]] }
    expect(HeatmapSchema.parse(hm)).toEqual(hm)
  })

  it('refuse a row of the wrong shape, naming what was expected', () => {
    const bad = [
      { ...row, count: '12' },
      { ...row, values_ms: { p50: '10' } },
      { ...row, values_ms: null },
      { ...row, group: 3 },
      { ...row, bucket_start_ms: undefined },
      null,
    ]
    for (const r of bad) {
      const parsed = PercentilesSchema.safeParse({ rows: [row, r] })
      expect(parsed.success).toBe(false)
      expect(parsed.error?.message).toContain('expected an array of percentile rows')
    }
    expect(
      StagesSchema.safeParse({
        step_ms: 1,
        buckets: [{ ...bucket, stages: { network: { count: 3, mean_ms: 'x', p99_ms: null } } }],
      }).success
    ).toBe(false)
    expect(
      HeatmapSchema.safeParse({
        measure: 'ttft',
        step_ms: 1,
        times_ms: [0],
        bounds_ms: [1, 2],
        counts: [[3, null]],
      }).success
    ).toBe(false)
  })
})
