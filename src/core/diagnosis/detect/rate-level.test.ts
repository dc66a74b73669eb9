/**
 * The requests per step of an excess window against the rest are counted over the steps the data
 * covers (demand-onset.ts `trafficLevel`, read by excess-facts.ts). A window wider than the data
 * (a server asked for the last hour that holds thirty minutes) has steps no request could fall
 * in: counted, they read as a lower rate outside the excess window, and a level traffic as a rise.
 */
import { describe, expect, it } from 'vitest'
import { asMicros } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { buildContext } from '../frame/context.js'
import { generateRun, inputOfRun } from '../testing/fault-gen.js'
import { trafficLevel } from './demand-onset.js'
import { excessFacts } from './excess-facts.js'
import { scanExcess } from './excess-scan.js'

describe('trafficLevel', () => {
  // Ten empty steps (no data yet), then 20 steps of 100 requests, then 10 of 150.
  const traffic = Float64Array.from({ length: 40 }, (_, k) => (k < 10 ? 0 : k < 30 ? 100 : 150))

  it('counts the rest over the steps the data covers, not the empty steps before it', () => {
    const level = trafficLevel(traffic, 30, 39)
    expect(level?.rateOut).toBe(100)
    expect(level?.rateIn).toBe(150)
    expect(level?.level).toBeCloseTo(1.5, 9)
  })

  it('counts an empty step between requests as the zero it is', () => {
    const gap = Float64Array.from(traffic, (v, k) => (k === 20 ? 0 : v))
    expect(trafficLevel(gap, 30, 39)?.rateOut).toBeCloseTo(1900 / 20, 9)
  })

  it('is null when a side covers no step of the data: unknown, not zero', () => {
    expect(trafficLevel(traffic, 0, 39)).toBeNull()
    expect(trafficLevel(traffic, 0, 9)).toBeNull()
    expect(trafficLevel(new Float64Array(40), 10, 19)).toBeNull()
  })
})

describe('an excess window in a diagnosis window wider than the data', () => {
  it(
    'reads level traffic as level, however many empty steps the window adds',
    () => {
      // 30 minutes of level traffic, a node twice as slow over the last half, diagnosed over the
      // hour that ends with the data.
      const run = generateRun({
        seed: 4301,
        minutes: 30,
        perMinute: 240,
        client: false,
        gateway: true,
        metrics: false,
        events: false,
        faults: [{ cause: 'node.degraded', magnitude: 3, windowShare: 0.5 }],
      })
      const input = inputOfRun(run)
      const wide = {
        ...input,
        window: { fromUs: asMicros(run.window.fromUs - 30 * 60_000_000), toUs: run.window.toUs },
      }
      const ctx = buildContext(wide)
      const facts = excessFacts(ctx, scanExcess(ctx.frame, ctx.grid), null).filter(
        (x) => x.anomaly.buckets !== null
      )
      expect(facts.length).toBeGreaterThan(0)
      for (const x of facts) {
        // Counted over the hour, the rest's thirty empty minutes made this 1.5–3×.
        expect(x.facts.rateLevel).toBeGreaterThan(0.85)
        expect(x.facts.rateLevel).toBeLessThan(1.15)
      }
    },
    // Generates and scans 7 200 requests: seconds on a busy machine.
    120_000
  )
})

describe("queue saturation's requests per step in a diagnosis window wider than the data", () => {
  it(
    'prints the rest at the rate the data shows, not diluted by the empty steps',
    () => {
      // 30 minutes of data with a surge over the last half, diagnosed over the hour that ends
      // with the data: the thirty empty minutes before it are no lower rate.
      const run = generateRun({
        seed: 4302,
        minutes: 30,
        perMinute: 240,
        client: false,
        gateway: true,
        metrics: true,
        events: false,
        faults: [{ cause: 'engine.queue_saturation', magnitude: 2, windowShare: 0.5 }],
      })
      const input = inputOfRun(run)
      const narrow = diagnose(input).diagnosis
      const wide = diagnose({
        ...input,
        window: { fromUs: asMicros(run.window.fromUs - 30 * 60_000_000), toUs: run.window.toUs },
      }).diagnosis
      // The window's rate over the rest's (the steps of an hour are wider than a half hour's, so
      // the counts per step differ; their ratio does not).
      const level = (d: typeof narrow): number => {
        const e = d.findings
          .find((f) => f.cause === 'engine.queue_saturation')
          ?.evidence.findLast((x) => x.metric === 'requests_per_step' && /^traffic /.test(x.text))
        expect(e).toBeDefined()
        return Number(e!.observed) / Number(e!.baseline)
      }
      const a = level(narrow)
      expect(a).toBeGreaterThan(1.2)
      // Counted over the hour, the rest read at about half its rate and the rise twice as large.
      expect(level(wide)).toBeGreaterThan(0.85 * a)
      expect(level(wide)).toBeLessThan(1.15 * a)
    },
    // Two diagnoses of 7 200 requests: seconds on a busy machine.
    300_000
  )
})
