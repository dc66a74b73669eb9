import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { applyChanges } from './changes.js'
import { predict, runsSettled, type FewestRuns, type RunFigures } from './predict.js'
import {
  fitOpenRun,
  openRunWindow,
  type OpenRunInput,
  poissonOpenRun,
  uncappedCluster,
} from './testing/observed-run.js'
import { checkFit, FIT_TOLERANCE, fewestRunsOf } from './whatif.js'

const T0 = 1_750_000_000_000_000
const WINDOW_US = 300_000_000

/** Five minutes at 3 req/s on two replicas of an added law: a window of ~900 requests. */
function smallRun(): OpenRunInput {
  const rng = createRng(5_300)
  const cluster = uncappedCluster(['a', 'b'], {
    decodeBaseUs: 15_000,
    perDecodeSeqUs: 400,
    perKvTokenUs: 0,
    prefillBaseUs: 0,
    perPrefillTokenUs: 80,
    law: 'additive',
  })
  return poissonOpenRun(rng, cluster, {
    ratePerS: 3,
    windowUs: WINDOW_US,
    offsetUs: T0,
    prompt: { median: 400, sigma: 0.6, min: 20 },
    output: { median: 120, sigma: 0.6, min: 4, max: 600 },
  })
}

/** One run's figures with every measure at `ms` for each quantile, TTFT P50 at `ttftP50`. */
function figures(ttftP50: number, ms = 100): RunFigures {
  const at = (v: number): Map<number, number> =>
    new Map([
      [0.5, v * 1000],
      [0.95, ms * 1000],
      [0.99, ms * 1000],
    ])
  return {
    percentiles: { ttft: at(ttftP50), tpot: at(ms), e2e: at(ms), queue: at(ms) },
    utilization: [0.5],
    kvPeak: [NaN],
    preemptionsPerMinute: [NaN],
    runningPeak: [4],
    requests: 1000,
    queueByQuarter: [1, 1, 1, 1],
  }
}

const HELD: FewestRuns = { runs: 3, ...FIT_TOLERANCE }

describe('runs that stop at three where they settle every figure (ADR 0530)', () => {
  it('settles when t · 1.2533 · s / √n is within a tenth of the goal, and not past it', () => {
    // Three runs: t(2) = 4.303, so the bound is 3.114 · s. TTFT P50 100 ms is held to ±10 ms,
    // a tenth of which is 1 ms: s up to 0.321 ms.
    const spread = (d: number): RunFigures[] => [figures(100 - d), figures(100), figures(100 + d)]
    expect(runsSettled(spread(0.32), HELD)).toBe(true)
    expect(runsSettled(spread(0.33), HELD)).toBe(false)
    // Two runs never settle: their t (12.7) reads nothing.
    expect(runsSettled(spread(0).slice(0, 2), HELD)).toBe(false)
  })

  it('holds queue time to a share of TTFT, and small figures to the floor', () => {
    const queue = (q: number[], ttft: number): RunFigures[] =>
      q.map((v) => {
        const f = figures(ttft, ttft)
        f.percentiles.queue = new Map([
          [0.5, v * 1000],
          [0.95, v * 1000],
          [0.99, v * 1000],
        ])
        return f
      })
    // Queue 2–4 ms in a 1 s TTFT: held to ±100 ms at P50, so s = 1 ms settles.
    expect(runsSettled(queue([2, 3, 4], 1000), HELD)).toBe(true)
    // The same queue in a 10 ms TTFT is held to the 5 ms floor: a tenth is 0.5 ms, s = 1 is over.
    expect(runsSettled(queue([2, 3, 4], 10), HELD)).toBe(false)
  })

  it('reads a figure no run has as settled, and one that some runs lack as not', () => {
    const noTpot = (f: RunFigures): RunFigures => ({
      ...f,
      percentiles: { ...f.percentiles, tpot: new Map() },
    })
    const same = [figures(100), figures(100), figures(100)]
    expect(runsSettled(same.map(noTpot), HELD)).toBe(true)
    expect(runsSettled([noTpot(same[0]!), same[1]!, same[2]!], HELD)).toBe(false)
  })

  it('gives the first runs with the seeds a plain prediction of that many gives them', () => {
    const fit = fitOpenRun(smallRun())
    const applied = applyChanges(fit, { loadFactor: 1.5 })
    if (!applied.ok) {
      throw new Error(applied.reasons.join('; '))
    }
    const run = (runs: number, sampling: boolean, fewest?: FewestRuns): string =>
      JSON.stringify(
        predict(fit, applied.cluster, applied.plan, {
          runs,
          seed: 7,
          sampling,
          ...(fewest !== undefined ? { fewest } : {}),
        })
      )
    // Goals no spread can miss: three runs, byte for byte a plain prediction of three (without
    // the window's resamples, whose seeds follow the runs asked for).
    const loose = run(5, false, { runs: 3, p50: 100, p99: 100, floorMs: 1e9 })
    expect(JSON.parse(loose).runs).toBe(3)
    expect(loose).toBe(run(3, false))
    // Goals no spread can meet: the five runs, byte for byte as without the option.
    expect(run(5, true, { runs: 3, p50: 0, p99: 0, floorMs: 0 })).toBe(run(5, true))
  })

  it('makes the fit check replay five times on a window of a few hundred requests', () => {
    const w = openRunWindow(smallRun())
    const fewest = checkFit(w, 5, 1, 3)
    const all = checkFit(w, 5, 1)
    expect(JSON.stringify(fewest.report)).toBe(JSON.stringify(all.report))
    expect(fewestRunsOf(undefined)).toBeUndefined()
    expect(fewestRunsOf(3)).toEqual({ runs: 3, p50: 0.1, p99: 0.2, floorMs: 5 })
  })
})
