/**
 * A cold start's window ends where the young replica matches its peers, not after its first
 * five minutes: a warm-up that decays over a quarter of an hour keeps its users waiting as long.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { sharedDecay } from './replica-cold-start.js'

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
  return replicaJoining(seed, (ageMin) => 1 + amplitude * Math.exp(-ageMin / tauMin))
}

/**
 * The traffic both shapes share: 150 requests a minute round-robin over five replicas, and six
 * from minute 10 on, when r5 joins; each with its age after r5's joining, in minutes.
 */
function joiningArrivals(): { startUs: number; replica: string; ageMin: number }[] {
  const perMinute = 150
  const out: { startUs: number; replica: string; ageMin: number }[] = []
  let rr = 0
  for (let m = 0; m < MINUTES; m++) {
    const live = m >= JOIN_MIN ? 6 : 5
    for (let k = 0; k < perMinute; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / perMinute) * MIN_US)
      out.push({
        startUs,
        replica: `r${rr++ % live}`,
        ageMin: (startUs - T0_US) / MIN_US - JOIN_MIN,
      })
    }
  }
  return out
}

/** The same traffic, r5's prefill `slowAt(age in minutes)` times its peers'. */
function replicaJoining(seed: number, slowAt: (ageMin: number) => number): RequestTimeline[] {
  const rng = createTestRng(seed)
  return joiningArrivals().map(({ startUs, replica, ageMin }) => {
    const slow = replica === 'r5' ? slowAt(ageMin) : 1
    const noise = (): number => 0.8 + 0.4 * rng()
    return makeTimeline({
      startUs,
      dims: { replica, node: `n${Number(replica.slice(1)) >> 1}` },
      stagesMs: {
        'engine.queue': 5 * noise(),
        'engine.prefill': 60 * noise() * slow,
        'engine.decode': 2000 * noise(),
      },
      tpotMs: 10 * noise(),
    })
  })
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
 * A warm-up that decays slowly (the contract suite's exponential: e-folding over a third of the
 * declared fault): at the data's end the replica is still about 1.5× its peers, many noise units
 * of its per-minute ratio, so "back within the noise" never comes; 95 % of its excess is gone
 * three time constants after it joined.
 *
 * ```
 * r5 TTFT / peers'   ·········· 21 17 14 11 9.2 … 2.1 1.9 1.8 … 1.5 (data ends, still falling)
 *                    0        10 (joins)               34 (3τ)   40 min
 * ```
 */
const slowWarmUp = (): RequestTimeline[] => warmingReplica(11, 20, 8)

describe('replica.cold_start: a warm-up that decays towards its peers without reaching them', () => {
  it('ends three fitted time constants after the replica joined, not at the data end', () => {
    const { diagnosis } = diagnose(minutesInput(slowWarmUp(), MINUTES))
    const cold = diagnosis.findings.find((f) => f.cause === 'replica.cold_start')!
    expect(cold.scope).toEqual({ dimension: 'replica', value: 'r5' })
    const settledUs = T0_US + (JOIN_MIN + 3 * 8) * MIN_US
    // A few per cent of error on the fitted τ, tripled: within two minutes, where the old reading
    // ran to the data's end six minutes later.
    const endUs = microsFromIso(cold.window!.end)!
    expect(Math.abs(endUs - settledUs)).toBeLessThanOrEqual(2 * MIN_US)
  })
})

/**
 * The grid's warm-up: the excess falls linearly over four minutes to a tenth of itself and stays
 * there (a replica that settles 1.4× its peers). Its fitted decay is short and the plateau it
 * reaches, not its peers' level, ends it.
 *
 * ```
 * r5 prefill / peers'   ·········· 5 4 3 2 1.4 1.4 1.4 1.4 … 1.4
 *                       0        10 (joins) 14 (settled)        40 min
 * ```
 */
const settlingWarmUp = (): RequestTimeline[] =>
  replicaJoining(13, (age) => 1 + 4 * Math.max(0.1, 1 - age / 4))

describe('replica.cold_start: a warm-up that settles to a plateau', () => {
  it('ends where the plateau starts', () => {
    const { diagnosis } = diagnose(minutesInput(settlingWarmUp(), MINUTES))
    const cold = diagnosis.findings.find((f) => f.cause === 'replica.cold_start')!
    expect(cold.scope).toEqual({ dimension: 'replica', value: 'r5' })
    const plateauUs = T0_US + (JOIN_MIN + 4) * MIN_US
    expect(Math.abs(microsFromIso(cold.window!.end)! - plateauUs)).toBeLessThanOrEqual(MIN_US)
  })
})

describe('sharedDecay', () => {
  it('recovers the time constant and asymptote of a decay towards a level', () => {
    const ages = Array.from({ length: 25 }, (_, k) => k + 0.5)
    const excess = ages.map((x, k) => 0.3 + 4 * Math.exp(-x / 4.3) + (k % 2 === 0 ? 0.02 : -0.02))
    const fit = sharedDecay([{ ages, excess, noise: 0.02 }], 25)!
    expect(fit.tau).toBeGreaterThan(4.1)
    expect(fit.tau).toBeLessThan(4.5)
    expect(fit.levels[0]!.a).toBeCloseTo(0.3, 1)
    expect(fit.levels[0]!.b).toBeCloseTo(4, 1)
  })
})

/**
 * A warm-up seen per output token only (no prefill spans), on an engine whose time per token
 * grows by a tenth per running request. Four sequences per replica: while cold, r5 takes ten
 * times as long per request, fills its four slots and queues; it runs four at a time until that
 * queue drains, its peers about one. Its time per token over theirs falls more slowly than its
 * warm-up does; over theirs at the same batch it falls as the warm-up.
 *
 * ```
 * r5 running   ·········· 4 4 4 4 4 4 4 3 2 2 1 1 …        peers ~1
 * r5 TPOT / peers'        13 12 9 7 5.3 4 3 2.4 …  (at their batch: 9.5 7.9 6.4 …)
 *                    0   10 (joins)       25 (3τ)          40 min
 * ```
 */
function batchingReplicaJoining(seed: number, tauMin: number): RequestTimeline[] {
  const rng = createTestRng(seed)
  const slots = 4
  const free = new Map<string, number[]>()
  return joiningArrivals().map(({ startUs, replica, ageMin }) => {
    const slow = replica === 'r5' ? 1 + 9 * Math.exp(-ageMin / tauMin) : 1
    const slotsFree = free.get(replica) ?? new Array<number>(slots).fill(0)
    free.set(replica, slotsFree)
    const slot = slotsFree.indexOf(Math.min(...slotsFree))
    const runAt = Math.max(startUs, slotsFree[slot] as number)
    const running = slotsFree.filter((end) => end > runAt).length + 1
    const tpotMs = 10 * slow * (1 + 0.1 * running) * (0.9 + 0.2 * rng())
    const decodeMs = 200 * tpotMs
    slotsFree[slot] = runAt + decodeMs * 1000
    return makeTimeline({
      startUs,
      dims: { replica, node: `n${Number(replica.slice(1)) >> 1}` },
      stagesMs: { 'engine.queue': (runAt - startUs) / 1000, 'engine.decode': decodeMs },
      tpotMs,
    })
  })
}

describe("replica.cold_start: a warm-up read per output token, at its peers' batch", () => {
  it('ends three time constants of the warm-up after joining, not of its queue', () => {
    const { diagnosis } = diagnose(minutesInput(batchingReplicaJoining(17, 5), MINUTES))
    const cold = diagnosis.findings.find((f) => f.cause === 'replica.cold_start')!
    expect(cold.scope).toEqual({ dimension: 'replica', value: 'r5' })
    const settledUs = T0_US + (JOIN_MIN + 3 * 5) * MIN_US
    const endUs = microsFromIso(cold.window!.end)!
    expect(Math.abs(endUs - settledUs)).toBeLessThanOrEqual(MIN_US)
  })
})

/**
 * A weak warm-up (1.7× its peers at first, like the contract suite's weakest): its prefill ratio
 * is within three noise units of its peers' after about two time constants, so the noisy end
 * ("back within the noise") comes minutes before most of its excess is gone. Its fit sees no
 * plateau (the replica reaches its peers' speed), so the fitted settling ends it.
 *
 * ```
 * r5 prefill / peers'   ·········· 1.7 1.6 1.5 1.4 1.3 1.2 … 1.06 (3τ) … 1.0
 *                       0        10 (joins)            ~21 (noise)  28 (3τ)   40 min
 * ```
 */
describe('replica.cold_start: a weak warm-up that falls into the noise before it settles', () => {
  it('ends three fitted time constants after joining, not where the noise hides the rest', () => {
    const tauMin = 6
    const { diagnosis } = diagnose(minutesInput(warmingReplica(19, 0.7, tauMin), MINUTES))
    const cold = diagnosis.findings.find((f) => f.cause === 'replica.cold_start')!
    expect(cold.scope).toEqual({ dimension: 'replica', value: 'r5' })
    const settledUs = T0_US + (JOIN_MIN + 3 * tauMin) * MIN_US
    const endUs = microsFromIso(cold.window!.end)!
    expect(Math.abs(endUs - settledUs)).toBeLessThanOrEqual(MIN_US)
  })
})

/**
 * The two ends of the time constants the contract suite draws: a quick warm-up (5× at first,
 * τ 1.5 minutes, settled four and a half minutes after joining) and a slow one (4×, τ 7 minutes,
 * settled 21 minutes after), each read within a minute of its three time constants.
 */
describe('replica.cold_start: quick and slow warm-ups end at their own three time constants', () => {
  it.each([
    { amplitude: 4, tauMin: 1.5, seed: 23 },
    { amplitude: 3, tauMin: 7, seed: 29 },
  ])('amplitude $amplitude, τ $tauMin min', ({ amplitude, tauMin, seed }) => {
    const { diagnosis } = diagnose(minutesInput(warmingReplica(seed, amplitude, tauMin), MINUTES))
    const cold = diagnosis.findings.find((f) => f.cause === 'replica.cold_start')!
    expect(cold.scope).toEqual({ dimension: 'replica', value: 'r5' })
    const joinUs = T0_US + JOIN_MIN * MIN_US
    const endUs = microsFromIso(cold.window!.end)!
    expect(Math.abs(microsFromIso(cold.window!.start)! - joinUs)).toBeLessThan(MIN_US)
    expect(Math.abs(endUs - (joinUs + 3 * tauMin * MIN_US))).toBeLessThanOrEqual(MIN_US)
  })
})

/**
 * A warm-up that falls in a straight line onto its peers' speed over six minutes (3× its peers at
 * first, the simulator's own shape). An exponential fitted to it curves below its peers
 * (its asymptote some standard errors under zero) and reaches them three long time constants
 * after joining, minutes late; a line onto a plateau explains the steps better and ends where the
 * line meets its peers.
 *
 * ```
 * r5 prefill / peers'   ·········· 3 2.7 2.3 2 1.7 1.3 1 1 1 … 1
 *                       0        10 (joins)    16 (at its peers)   40 min
 * ```
 */
describe('replica.cold_start: a straight fall onto its peers', () => {
  it('ends where the line meets its peers, not three fitted time constants after joining', () => {
    const rampMin = 6
    const { diagnosis } = diagnose(
      minutesInput(
        replicaJoining(31, (age) => 1 + 2 * Math.max(0, 1 - age / rampMin)),
        MINUTES
      )
    )
    const cold = diagnosis.findings.find((f) => f.cause === 'replica.cold_start')!
    expect(cold.scope).toEqual({ dimension: 'replica', value: 'r5' })
    const rampEndUs = T0_US + (JOIN_MIN + rampMin) * MIN_US
    expect(Math.abs(microsFromIso(cold.window!.end)! - rampEndUs)).toBeLessThanOrEqual(MIN_US)
  })
})
