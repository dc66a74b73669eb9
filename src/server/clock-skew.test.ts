import { describe, expect, it } from 'vitest'
import { makeSpan } from '../core/model/testing/builders.js'
import { asMicros } from '../core/model/units.js'
import { createClockSkewTracker } from './clock-skew.js'

const HOUR_MS = 3_600_000

function spanOf(service: string, endMs: number) {
  return makeSpan({
    resource: { 'service.name': service },
    startUs: asMicros((endMs - 500) * 1000),
    endUs: asMicros(endMs * 1000),
  })
}

describe('createClockSkewTracker', () => {
  it('estimates each producer offset from its freshest span and shows those past the threshold', () => {
    const skew = createClockSkewTracker(60_000)
    const now = 1_800_000_000_000
    skew.observe([spanOf('ahead', now + HOUR_MS - 1000), spanOf('ahead', now + 10)], now)
    skew.observe([spanOf('behind', now - HOUR_MS), spanOf('on-time', now - 200)], now)
    skew.observeRejects([
      {
        path: 'resourceSpans[0]',
        reason:
          'endTimeUnixNano must not be later than … (the server clock plus ingest.maxFutureSkewMs)',
      },
      { path: 'resourceSpans[1]', reason: 'traceId must be 16 bytes' },
    ])
    const report = skew.report()
    expect(report.spans_rejected_future).toBe(1)
    expect(report.producers).toEqual([
      { service: 'behind', estimated_skew_ms: -HOUR_MS, seen_at_ms: now },
      { service: 'ahead', estimated_skew_ms: HOUR_MS - 1000, seen_at_ms: now },
    ])
  })
})
