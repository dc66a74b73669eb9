/**
 * A cold start's window ends where the young replica matches its peers, not after its first
 * five minutes: a warm-up that decays over a quarter of an hour keeps its users waiting as long.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'

const MIN_US = 60_000_000
const MINUTES = 40
const JOIN_MIN = 10
/** The young replica's slowdown decays by e every this many minutes (1 + 9 e^(−age/τ)). */
const TAU_MIN = 5

/**
 * 150 requests a minute round-robin over five replicas, a sixth (r5) joining at minute 10 whose
 * prefill is `1 + amplitude e^(−age/τ)` times its peers' (ages in minutes).
 */
function warmingReplica(seed: number, amplitude: number, tauMin: number): RequestTimeline[] {
  const rng = createTestRng(seed)
  const out: RequestTimeline[] = []
  const perMinute = 150
  let rr = 0
  for (let m = 0; m < MINUTES; m++) {
    const live = m >= JOIN_MIN ? 6 : 5
    for (let k = 0; k < perMinute; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / perMinute) * MIN_US)
      const replica = `r${rr++ % live}`
      const ageMin = (startUs - T0_US) / MIN_US - JOIN_MIN
      const slow = replica === 'r5' ? 1 + amplitude * Math.exp(-ageMin / tauMin) : 1
      const noise = (): number => 0.8 + 0.4 * rng()
      out.push(
        makeTimeline({
          startUs,
          dims: { replica, node: `n${Number(replica.slice(1)) >> 1}` },
          stagesMs: {
            'engine.queue': 5 * noise(),
            'engine.prefill': 60 * noise() * slow,
            'engine.decode': 2000 * noise(),
          },
          tpotMs: 10 * noise(),
        })
      )
    }
  }
  return out
}

/**
 * ```
 * r5 TTFT / peers'   ·········· 10 6.7 4.6 3.2 2.3 1.8 1.5 1.3 1.2 1.1 1.1 1.0 …
 *                    0        10 (joins)                         ~30        40 min
 * ```
 */
const decayingColdStart = (): RequestTimeline[] => warmingReplica(7, 9, TAU_MIN)

describe('replica.cold_start: the window ends where the replica is warm', () => {
  it('a warm-up over a quarter of an hour is not cut at its first five minutes', () => {
    const { diagnosis } = diagnose(minutesInput(decayingColdStart(), MINUTES))
    const cold = diagnosis.findings.find((f) => f.cause === 'replica.cold_start')!
    expect(cold.scope).toEqual({ dimension: 'replica', value: 'r5' })
    const joinUs = T0_US + JOIN_MIN * MIN_US
    const startUs = microsFromIso(cold.window!.start)!
    const endUs = microsFromIso(cold.window!.end)!
    expect(Math.abs(startUs - joinUs)).toBeLessThan(MIN_US)
    // 1.5× its peers 15 minutes in, 1.16× at 20, 1.06× at 25.
    expect(endUs - joinUs).toBeGreaterThanOrEqual(13 * MIN_US)
    expect(endUs - joinUs).toBeLessThanOrEqual(24 * MIN_US)
  })
})

/**
 * A warm-up that decays too slowly to settle within the data (the contract suite's exponential:
 * e-folding over a third of the declared fault): at the data's end the replica is still about
 * 1.4× its peers, many noise units of its per-minute ratio.
 *
 * ```
 * r5 TTFT / peers'   ·········· 21 17 14 11 9.2 … 2.1 1.9 1.8 … 1.4 (data ends, still falling)
 *                    0        10 (joins)                                    40 min
 * ```
 */
const slowWarmUp = (): RequestTimeline[] => warmingReplica(11, 20, 8)

describe('replica.cold_start: a warm-up still falling when the data ends', () => {
  it('stays cold through its last step instead of ending where a segmentation cut the decay', () => {
    const { diagnosis } = diagnose(minutesInput(slowWarmUp(), MINUTES))
    const cold = diagnosis.findings.find((f) => f.cause === 'replica.cold_start')!
    expect(cold.scope).toEqual({ dimension: 'replica', value: 'r5' })
    // 1 + 20 e^(−30/8) ≈ 1.47× at the last minute: its per-minute ratio to its peers moves by
    // about 0.03 in logarithms, so 0.39 is still cold.
    expect(microsFromIso(cold.window!.end)).toBe(T0_US + MINUTES * MIN_US)
  })
})
