/**
 * A KV-pressure window ends with the cache's last full level (ADR 0321). Every cache is full and
 * preempts from minute 10 to minute 20 while the engine queue grows by tens of seconds a minute;
 * afterwards the cache has room again (0.3, against 0.2 before), the preemption counter keeps
 * rising (the backlog's sequences rescheduled), the queue's median is back at zero and a tenth of
 * the requests still queue a few seconds, so the TTFT P90 and P99 stay above their calm level to
 * the end of the data. The window ends at minute 20, not at the data's end. With the queue's
 * median still up for three minutes after the cache emptied (a backlog its users wait in), the
 * window keeps those minutes.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import type { Diagnosis } from '../../model/diagnosis.js'
import type { ResourceSeries } from '../frame/input.js'
import { diagnose } from '../diagnose.js'
import {
  createTestRng,
  kvSeries,
  makeTimeline,
  minutesInput,
  T0_US,
} from '../testing/make-timeline.js'

const PODS = ['r0', 'r1', 'r2', 'r3']
const MINUTES = 30
const PER_MINUTE = 160
const MINUTE_US = 60_000_000
const FULL_FROM = 10
const FULL_TO = 20

function cacheSeries(rng: () => number): ResourceSeries[] {
  return kvSeries(PODS, 30_000_000, MINUTES * 2, (timeUs) => {
    const minute = (timeUs - T0_US) / MINUTE_US
    const full = minute >= FULL_FROM && minute < FULL_TO
    return {
      usage: full ? 0.93 + 0.06 * rng() : (minute < FULL_FROM ? 0.1 : 0.2) + 0.2 * rng(),
      preempted: minute >= FULL_FROM ? 3 : 0,
    }
  })
}

/** `drainMinutes`: minutes after the cache emptied in which every request still queues. */
function run(drainMinutes: number): Diagnosis {
  const rng = createTestRng(23)
  const requests: RequestTimeline[] = []
  for (let i = 0; i < MINUTES * PER_MINUTE; i++) {
    const minute = i / PER_MINUTE
    const startUs = T0_US + Math.floor(minute * MINUTE_US)
    const full = minute >= FULL_FROM && minute < FULL_TO
    const after = minute >= FULL_TO
    const draining = after && minute < FULL_TO + drainMinutes
    const queueMs = full
      ? (minute - FULL_FROM) * 60_000 * (0.9 + 0.2 * rng())
      : draining
        ? 20_000 * (FULL_TO + drainMinutes - minute) * (0.9 + 0.2 * rng())
        : after && rng() < 0.12
          ? 2000 * (0.5 + rng())
          : 0
    requests.push(
      makeTimeline({
        startUs,
        dims: { replica: PODS[i % PODS.length] as string },
        stagesMs: {
          'engine.queue': queueMs,
          'engine.prefill': 30 * (0.8 + 0.4 * rng()),
          'engine.decode': 4000 * (0.8 + 0.4 * rng()) * (after ? 1.05 : 1),
        },
        tpotMs: 20 * (0.9 + 0.2 * rng()) * (after ? 1.05 : 1),
        inputTokens: 1300,
        outputTokens: 200,
      })
    )
  }
  return diagnose(minutesInput(requests, MINUTES, cacheSeries(rng))).diagnosis
}

const kvOf = (d: Diagnosis) => d.findings.find((f) => f.cause === 'engine.kv_cache_pressure')
const minuteOf = (iso: string | undefined): number =>
  iso === undefined ? NaN : Math.round((Date.parse(iso) * 1000 - T0_US) / MINUTE_US)

describe('a KV-pressure window ends with the full cache', () => {
  it('ends where the cache has room again, though the TTFT tail stays up to the end of the data', () => {
    const kv = kvOf(run(0))
    expect(kv).toBeDefined()
    expect(minuteOf(kv?.window?.start)).toBe(FULL_FROM)
    expect(minuteOf(kv?.window?.end)).toBe(FULL_TO)
  })

  it("keeps the minutes a backlog drains in: the queue's median still up after the cache emptied", () => {
    const kv = kvOf(run(3))
    expect(kv).toBeDefined()
    expect(minuteOf(kv?.window?.end)).toBe(FULL_TO + 3)
  })
})
