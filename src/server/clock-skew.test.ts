import { describe, expect, it } from 'vitest'
import { makeSpan } from '../core/model/testing/builders.js'
import { asMicros } from '../core/model/units.js'
import { timeOutOfBounds } from '../core/otlp/time-bounds.js'
import { createClockSkewTracker, SHOWN_PRODUCERS } from './clock-skew.js'

const HOUR_MS = 3_600_000

function spanOf(service: string, endMs: number) {
  return makeSpan({
    resource: { 'service.name': service },
    startUs: asMicros((endMs - 500) * 1000),
    endUs: asMicros(endMs * 1000),
  })
}

/** The reject the decoders give a span of `service` ending at `endMs`, past `now` + 1 h. */
function lateReject(service: string | null, endMs: number, now: number) {
  const reason = timeOutOfBounds('endTimeUnixNano', endMs * 1000, (now + HOUR_MS) * 1000)
  return { path: 'resourceSpans[0].scopeSpans[0].spans[0]', reason: reason!, service }
}

describe('createClockSkewTracker', () => {
  it('estimates each producer offset from its freshest span and shows those past the threshold', () => {
    const skew = createClockSkewTracker(60_000)
    const now = 1_800_000_000_000
    skew.observe([spanOf('ahead', now + HOUR_MS - 1000), spanOf('ahead', now + 10)], now)
    skew.observe([spanOf('behind', now - HOUR_MS), spanOf('on-time', now - 200)], now)
    skew.observeRejects(
      [
        lateReject('ahead', now + HOUR_MS + 500, now),
        { path: 'resourceSpans[1]', reason: 'traceId must be 16 bytes', service: 'behind' },
      ],
      now
    )
    const report = skew.report()
    expect(report.spans_rejected_future).toBe(1)
    expect(report.producers).toEqual([
      {
        service: 'ahead',
        estimated_skew_ms: HOUR_MS + 500,
        seen_at_ms: now,
        spans_rejected_future: 1,
      },
      { service: 'behind', estimated_skew_ms: -HOUR_MS, seen_at_ms: now, spans_rejected_future: 0 },
    ])
  })

  it('names a producer whose every span is refused, with its offset and refused count', () => {
    const skew = createClockSkewTracker(60_000)
    const now = 1_800_000_000_000
    for (let batch = 0; batch < 3; batch++) {
      const at = now + batch * 1000
      skew.observe([], at)
      skew.observeRejects(
        [
          lateReject('ahead-2h', at + 2 * HOUR_MS, at),
          lateReject('ahead-2h', at + 2 * HOUR_MS - 5, at),
        ],
        at
      )
    }
    skew.observeRejects([lateReject(null, now + 3 * HOUR_MS, now)], now)
    expect(skew.report()).toEqual({
      spans_rejected_future: 7,
      shown_beyond_ms: 60_000,
      producers: [
        {
          service: null,
          estimated_skew_ms: 3 * HOUR_MS,
          seen_at_ms: now,
          spans_rejected_future: 1,
        },
        {
          service: 'ahead-2h',
          estimated_skew_ms: 2 * HOUR_MS,
          seen_at_ms: now + 2000,
          spans_rejected_future: 6,
        },
      ],
    })
  })

  it('shows a refused producer under the threshold, and at most SHOWN_PRODUCERS, largest first', () => {
    const skew = createClockSkewTracker(10 * HOUR_MS)
    const now = 1_800_000_000_000
    skew.observeRejects(
      Array.from({ length: SHOWN_PRODUCERS + 5 }, (_, i) =>
        lateReject(`p${i}`, now + 2 * HOUR_MS + i * 1000, now)
      ),
      now
    )
    const { producers } = skew.report()
    expect(producers).toHaveLength(SHOWN_PRODUCERS)
    expect(producers[0]).toMatchObject({
      service: `p${SHOWN_PRODUCERS + 4}`,
      spans_rejected_future: 1,
    })
  })
})
