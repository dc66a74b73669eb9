/**
 * A closed loop that steps its clients or pauses mid-window (ADR 0476), on windows the twin's own
 * engine made: two closed loops of known clients and think time run one after the other, read
 * back as a store holds them. Read over the whole span, a window whose loop stepped from 4
 * clients to 8, or paused for ten minutes, held requests in flight that swung far more than a
 * loop's: both read as open loops, whose rate the minutes' neighbours smeared across the step
 * and into the pause.
 */
import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { loopClients } from './engine.js'
import { applyChanges } from './changes.js'
import { fitTwin, type TwinFit } from './fit.js'
import { closedLoopStretches, runDetailed } from './predict.js'
import {
  joinObserved,
  lognormalTokens,
  observedFromRun,
  runClosed,
  uncappedCluster,
} from './testing/observed-run.js'

const T0 = 1_750_000_000_000_000
const REPLICAS = ['vllm-0', 'vllm-1']
const CLUSTER = uncappedCluster(REPLICAS, {
  decodeBaseUs: 7000,
  perDecodeSeqUs: 15,
  perKvTokenUs: 0.04,
  prefillBaseUs: 1200,
  perPrefillTokenUs: 35,
})
const THINK_US = 50_000

/** Loops of `users` clients one after another over [fromUs, untilUs), as one window. */
function phasedFit(
  phases: { users: number; fromUs: number; untilUs: number }[],
  windowUs: number
): TwinFit {
  const rng = createRng(11)
  let requests = null
  for (const p of phases) {
    const count = 40_000
    const run = runClosed({
      cluster: CLUSTER,
      users: p.users,
      thinkUs: THINK_US,
      fromUs: p.fromUs,
      untilUs: p.untilUs,
      prompt: lognormalTokens(rng, count, 300, 0.6, 8),
      output: lognormalTokens(rng, count, 100, 0.6, 2, 512),
      rng: rng.fork(`run ${p.fromUs}`),
    })
    const o = observedFromRun({ ...run, replicas: REPLICAS, offsetUs: T0 })
    requests = requests === null ? o : joinObserved(requests, o)
  }
  const fitted = fitTwin({
    fromUs: T0,
    toUs: T0 + windowUs,
    requests: requests!,
    total: requests!.n,
    metrics: new Map(),
  })
  if (!fitted.ok) {
    throw new Error(fitted.reasons.join('; '))
  }
  return fitted.fit
}

/** The replay's requests sent in [fromUs, toUs) (µs from the window's start), seeds 1–3. */
function replayed(fit: TwinFit, ranges: [number, number][]): number[][] {
  const same = applyChanges(fit, {})
  if (!same.ok) {
    throw new Error(same.reasons.join('; '))
  }
  return [1, 2, 3].map((seed) => {
    const { res } = runDetailed(fit, same.cluster, same.plan, seed)
    return ranges.map(([from, to]) => {
      let c = 0
      for (let k = 0; k < res.ran; k++) {
        c += res.arriveUs[k]! >= from && res.arriveUs[k]! < to ? 1 : 0
      }
      return c
    })
  })
}

function observedIn(fit: TwinFit, from: number, to: number): number {
  let c = 0
  for (let i = 0; i < fit.observed.n; i++) {
    const t = fit.observed.queuedUs[i]! - T0
    c += t >= from && t < to ? 1 : 0
  }
  return c
}

const SLOW = 120_000

describe('a closed loop that steps or pauses', () => {
  it(
    'runs each stretch of a loop that stepped from 4 clients to 8 with the clients it held',
    () => {
      const fit = phasedFit(
        [
          { users: 4, fromUs: 0, untilUs: 300e6 },
          { users: 8, fromUs: 300e6, untilUs: 600e6 },
        ],
        600e6
      )
      const halves: [number, number][] = [
        [0, 300e6],
        [300e6, 600e6],
      ]
      const seen = halves.map(([f, t]) => observedIn(fit, f, t))
      for (const counts of replayed(fit, halves)) {
        counts.forEach((c, h) => expect(Math.abs(c - seen[h]!) / seen[h]!).toBeLessThan(0.1))
      }
      const a = fit.model.arrival
      expect(a.process).toBe('closed')
      expect(a.stretches?.map((s) => s.users)).toEqual([4, 8])
      // The step is read within a few seconds of where it was.
      expect(Math.abs(a.stretches![0]!.toUs - T0 - 300e6)).toBeLessThan(10e6)
      // Fitted over the clients each stretch held, the think time is the loops' own.
      expect(Math.abs(a.thinkUs! - THINK_US) / THINK_US).toBeLessThan(0.15)
      // `--load 1.5x` scales each stretch's clients by 1.5; `--concurrency 10` asks 10 in each.
      const load = applyChanges(fit, { loadFactor: 1.5 })
      const level = applyChanges(fit, { concurrency: 10 })
      if (!load.ok || !level.ok) {
        throw new Error('changes refused')
      }
      expect(closedLoopStretches(fit, load.plan)?.map((s) => s.users)).toEqual([6, 12])
      expect(closedLoopStretches(fit, level.plan)?.map((s) => s.users)).toEqual([10, 10])
    },
    SLOW
  )

  it(
    'sends nothing while a loop paused for ten minutes, and as much as it did around it',
    () => {
      const fit = phasedFit(
        [
          { users: 4, fromUs: 0, untilUs: 300e6 },
          { users: 4, fromUs: 900e6, untilUs: 1200e6 },
        ],
        1200e6
      )
      const seen = observedIn(fit, 0, 1200e6)
      for (const [all, pause] of replayed(fit, [
        [0, 1200e6],
        [310e6, 890e6],
      ])) {
        expect(Math.abs(all! - seen) / seen).toBeLessThan(0.1)
        expect(pause).toBe(0)
      }
      const a = fit.model.arrival
      expect(a.process).toBe('closed')
      expect(a.stretches?.length).toBe(2)
      expect(Math.abs(a.thinkUs! - THINK_US) / THINK_US).toBeLessThan(0.15)
    },
    SLOW
  )

  // A pause in the first tenth of the span is outside the middle its steadiness is read over: the
  // whole window read as one loop, its clients were run through the pause, and its think time
  // was fitted over it.
  it(
    'sends nothing in a pause after a first short run, which read as one loop',
    () => {
      const fit = phasedFit(
        [
          { users: 4, fromUs: 0, untilUs: 60e6 },
          { users: 4, fromUs: 240e6, untilUs: 2640e6 },
        ],
        2640e6
      )
      const seen = observedIn(fit, 0, 2640e6)
      for (const [all, pause] of replayed(fit, [
        [0, 2640e6],
        [65e6, 235e6],
      ])) {
        expect(Math.abs(all! - seen) / seen).toBeLessThan(0.05)
        expect(pause).toBe(0)
      }
      const a = fit.model.arrival
      expect(a.stretches?.map((s) => s.users)).toEqual([4, 4])
      expect(Math.abs(a.thinkUs! - THINK_US) / THINK_US).toBeLessThan(0.15)
    },
    SLOW
  )

  it('keeps the clients carried across a step and restarts them after a pause', () => {
    const clients = loopClients([
      { fromUs: 0, untilUs: 10, users: 2 },
      { fromUs: 10, untilUs: 20, users: 3 },
      { fromUs: 20, untilUs: 30, users: 1 },
      { fromUs: 50, untilUs: 60, users: 2 },
    ])
    expect(clients).toEqual([
      { fromUs: 0, untilUs: 30 },
      { fromUs: 0, untilUs: 20 },
      { fromUs: 10, untilUs: 20 },
      { fromUs: 50, untilUs: 60 },
      { fromUs: 50, untilUs: 60 },
    ])
  })
})
