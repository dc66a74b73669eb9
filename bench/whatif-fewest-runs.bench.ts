/**
 * What stopping at three seeded runs where they settle (ADR 0530) does to `whatif`'s answers, on a
 * seeded random grid of windows made by the twin's own engine: replicas, rate, minutes and the
 * change are drawn per case, so the windows run from a few thousand requests to a few hundred
 * thousand. Per case it fits the window, then predicts the change three ways:
 *   - five runs (`--runs 5`, seeds 1…);
 *   - the default: three runs first, five where those do not settle (seeds 1…);
 *   - five runs on other seeds (101…), the yardstick: how far five runs move on seeds alone.
 * It prints whether the default settled, the largest move of any point (every measure's P50, P95
 * and P99) against the five-run answer as a share of its goal (10 % of a P50, 20 % of a P95 or
 * P99), the same for the five runs on other seeds, and whether every default interval holds the
 * five-run point. The fit check's verdict is compared the same way. A held-out window of the same
 * engine at the change (another traffic seed) is the truth: how many of its TTFT and TPOT P50
 * and P99 each answer's intervals hold.
 *
 *   npx tsx bench/whatif-fewest-runs.bench.ts [--cases 12] [--seed 1] [--max-requests 400000]
 */
import { createRng } from '../src/core/stats/seeded-random.js'
import { applyChanges, type TwinChanges } from '../src/sim/twin/changes.js'
import { fitTwin } from '../src/sim/twin/fit.js'
import type { TwinWindow } from '../src/sim/twin/load.js'
import {
  MEASURES,
  QUANTILES,
  observedPercentiles,
  type Prediction,
} from '../src/sim/twin/predict.js'
import {
  lognormalTokens,
  openRunWindow,
  poissonArrivalsUs,
  uncappedCluster,
} from '../src/sim/twin/testing/observed-run.js'
import { checkFit, DEFAULT_RUNS, FIT_TOLERANCE, predictChange } from '../src/sim/twin/whatif.js'
import { intArg, loadAverage, log } from './cli-args.js'

const CASES = intArg('--cases', 12)
const SEED = intArg('--seed', 1)
const MAX_REQUESTS = intArg('--max-requests', 400_000)
const T0 = 1_750_000_000_000_000

const CHANGES: [string, TwinChanges][] = [
  ['1.5x load', { loadFactor: 1.5 }],
  ['2x load', { loadFactor: 2 }],
  ['+1 replica', { replicasDelta: 1 }],
]

/**
 * The largest move of any point between two answers, as a share of its goal, and how many points
 * both answers give (a point withheld for an unknown cap, ADR 0262, is compared nowhere).
 */
function largestMove(a: Prediction, b: Prediction): { share: number; points: number } {
  let share = 0
  let points = 0
  for (const m of MEASURES) {
    for (const [q] of QUANTILES) {
      const x = a.measures[m][q].value
      const y = b.measures[m][q].value
      if (x !== null && y !== null && y > 0) {
        const goal = q === 'p50' ? FIT_TOLERANCE.p50 : FIT_TOLERANCE.p99
        share = Math.max(share, Math.abs(x - y) / y / goal)
        points++
      }
    }
  }
  return { share, points }
}

/** Whether every interval of `a` holds the point of `b`. */
function holdsPoints(a: Prediction, b: Prediction): boolean {
  return MEASURES.every((m) =>
    QUANTILES.every(([q]) => {
      const i = a.measures[m][q].interval
      const v = b.measures[m][q].value
      return i === null || v === null || (i[0] <= v && v <= i[1])
    })
  )
}

const pct = (x: number): string => `${(x * 100).toFixed(2)} %`

/** A window of the twin's own engine: `replicas` of the scale bench's law at `ratePerS`. */
function engineWindow(
  seed: number,
  replicas: number,
  ratePerS: number,
  windowUs: number
): TwinWindow {
  const caseRng = createRng(seed)
  const arriveUs = Float64Array.from(poissonArrivalsUs(caseRng, ratePerS, windowUs))
  return openRunWindow({
    cluster: uncappedCluster(
      Array.from({ length: replicas }, (_, i) => `r${i}`),
      {
        decodeBaseUs: 7000,
        perDecodeSeqUs: 15,
        perKvTokenUs: 0.04,
        prefillBaseUs: 1200,
        perPrefillTokenUs: 35,
      }
    ),
    arriveUs,
    prompt: lognormalTokens(caseRng, arriveUs.length, 700, 0.8, 8),
    output: lognormalTokens(caseRng, arriveUs.length, 180, 0.7, 2, 1024),
    rng: caseRng.fork('run'),
    offsetUs: T0,
    windowUs,
  })
}

/** The TTFT and TPOT P50 and P99 of `truth` that each answer's interval holds, of those it gives. */
function held(p: Prediction, truth: ReturnType<typeof observedPercentiles>): [number, number] {
  let inside = 0
  let asked = 0
  for (const m of ['ttft', 'tpot'] as const) {
    for (const q of ['p50', 'p99'] as const) {
      const i = p.measures[m][q].interval
      const v = truth[m][q]
      if (i !== null && v !== null) {
        asked++
        inside += i[0] <= v && v <= i[1] ? 1 : 0
      }
    }
  }
  return [inside, asked]
}

log(`load average ${loadAverage()}; ${CASES} cases, grid seed ${SEED}`)
const rng = createRng(SEED).fork('grid')
const rows: {
  requests: number
  settled: boolean
  move: number
  yardstick: number
  heldFive: [number, number]
  heldDefault: [number, number]
}[] = []
for (let c = 0; c < CASES; c++) {
  const replicas = rng.pick([2, 4, 8, 16, 32])
  const perReplica = rng.range(2, 9)
  const minutes = Math.min(
    rng.pick([10, 30, 60, 120, 240]),
    Math.max(5, Math.floor(MAX_REQUESTS / (replicas * perReplica * 60)))
  )
  const [label, changes] = rng.pick(CHANGES)
  const windowUs = minutes * 60e6
  const w = engineWindow(SEED * 1000 + c, replicas, replicas * perReplica, windowUs)
  const requests = w.total
  const started = performance.now()
  const five = checkFit(w, 5, 1)
  const fewest = checkFit(w, DEFAULT_RUNS.runs, 1, DEFAULT_RUNS.fewestRuns)
  const head = `case ${c + 1}: ${replicas} replicas × ${perReplica.toFixed(1)} req/s × ${minutes} min = ${requests} requests, ${label}`
  if (five.fit === null || !five.report.ok || fewest.report.ok !== five.report.ok) {
    log(
      `${head}: fit check ${five.report.ok ? 'ok' : 'refused'} at five, ${fewest.report.ok ? 'ok' : 'refused'} by default${five.report.ok ? '' : ` (${five.report.reasons[0] ?? ''})`}`
    )
    continue
  }
  const applied = applyChanges(five.fit, changes)
  if (!applied.ok) {
    log(`${head}: ${applied.reasons.join('; ')}`)
    continue
  }
  const p5 = predictChange(five.fit, changes, applied, { runs: 5, seed: 1 }).prediction
  const pd = predictChange(five.fit, changes, applied, { ...DEFAULT_RUNS, seed: 1 }).prediction
  const other = predictChange(five.fit, changes, applied, { runs: 5, seed: 101 }).prediction
  // The truth: another draw of the same engine's traffic at the change (ADR 0530's coverage).
  const factor = changes.loadFactor ?? 1
  const truthFit = fitTwin(
    engineWindow(
      SEED * 1000 + c + 500,
      replicas + (changes.replicasDelta ?? 0),
      replicas * perReplica * factor,
      windowUs
    )
  )
  const truth = truthFit.ok ? observedPercentiles(truthFit.fit) : null
  const moved = largestMove(pd, p5)
  const row = {
    requests,
    settled: pd.runs < 5,
    move: moved.share,
    yardstick: largestMove(other, p5).share,
    heldFive: truth === null ? ([0, 0] as [number, number]) : held(p5, truth),
    heldDefault: truth === null ? ([0, 0] as [number, number]) : held(pd, truth),
  }
  rows.push(row)
  log(
    `${head}: default ran ${pd.runs}, largest move ${pct(row.move)} of its goal against five runs (${moved.points} of 12 points given by both); five on other seeds ${pct(row.yardstick)}; default intervals hold the five-run points: ${holdsPoints(pd, p5) ? 'yes' : 'no'}; a held-out window's TTFT and TPOT P50 and P99 inside the intervals: five runs ${row.heldFive[0]} of ${row.heldFive[1]}, default ${row.heldDefault[0]} of ${row.heldDefault[1]} (${((performance.now() - started) / 1000).toFixed(1)} s)`
  )
}
const settled = rows.filter((r) => r.settled)
const worst = (xs: number[]): string => (xs.length === 0 ? '–' : pct(Math.max(...xs)))
log(
  `settled ${settled.length} of ${rows.length} (the smallest settled window: ${settled.length === 0 ? '–' : Math.min(...settled.map((r) => r.requests))} requests; the largest not settled: ${Math.max(0, ...rows.filter((r) => !r.settled).map((r) => r.requests))})`
)
log(
  `largest move of a settled answer: ${worst(settled.map((r) => r.move))} of its goal; five runs on other seeds on the same windows: ${worst(settled.map((r) => r.yardstick))}`
)
log(
  `not settled: largest move ${worst(rows.filter((r) => !r.settled).map((r) => r.move))} (0 is the same answer)`
)
const sum = (xs: [number, number][]): string =>
  `${xs.reduce((a, x) => a + x[0], 0)} of ${xs.reduce((a, x) => a + x[1], 0)}`
log(
  `held-out figures inside the intervals, settled windows: five runs ${sum(settled.map((r) => r.heldFive))}, default ${sum(settled.map((r) => r.heldDefault))}; all windows: five runs ${sum(rows.map((r) => r.heldFive))}, default ${sum(rows.map((r) => r.heldDefault))}`
)
log(`load average ${loadAverage()}`)
