/**
 * Why the twin's 2× TTFT P99 at the cap misses the stand-in's (issue 26, ADR 0424): the error of
 * the bench's point against the median of the truths, split into parts that add up (logs, so
 * the parts sum to the whole), per low window:
 *
 *   log(point / judge) =  log(point / twin's own median)             (a) the runs' draw
 *                       + log(twin's own median / B)                 (b1) the twin's arrivals at the
 *                                                                         factor, against the truths'
 *                       + log(B / C)                                 (b2) the window's sample of the mix
 *                       + log(C / D)                                 (c) the fitted law against the engine's
 *                       + log(D / truths' median, all)               (e) the twin's engine against the engine
 *                       + log(truths' median, all / judge)           (d) the judge's own draw
 *
 *   twin's own median: the median of the like-for-like point over many run seeds (5 runs each);
 *   B: each truth's own arrivals (at the engine queue), with sizes drawn from the low window's
 *      requests, through the twin's engine under the fitted law and the cap; median over truths;
 *   C: each truth's own arrivals and requests under the fitted law and the cap;
 *   D: the same under the stand-in's own law (base 20 ms, 500 µs a sequence, 100 µs a prompt
 *      token, additive) and the cap;
 *   judge: the median of the first `--truths` phases (the standin bench's judge); "all" adds
 *      `--extra` phases on client seeds from 14000 (never used before) for the population.
 *
 * (d)'s spread is read by drawing `--truths` phases from all of them (bootstrap of the median).
 *
 *   npx tsx bench/whatif-knee.bench.ts                       # 600 s, windows 10000–10003
 *   npx tsx bench/whatif-knee.bench.ts --floor 16 --floor-from 14100 --own-runs 80 --run-seeds 10
 */
import { quantileSorted } from '../src/core/stats/quantile.js'
import { createRng } from '../src/core/stats/seeded-random.js'
import { applyChanges, type TwinChanges } from '../src/sim/twin/changes.js'
import type { TwinFit } from '../src/sim/twin/fit.js'
import { runTwin, type TwinCluster, type TwinJobs } from '../src/sim/twin/engine.js'
import { predict } from '../src/sim/twin/predict.js'
import { predictChange } from '../src/sim/twin/whatif.js'
import { intArg } from './cli-args.js'
import { ENGINE, standInLaw } from './whatif-mock-engine-traffic.js'
import { measured, RATE, type Phase } from './whatif-standin-phase.js'

const PHASE_S = intArg('--phase-s', 600)
const LOW_FROM = intArg('--low-from', 10_000)
const LOW = intArg('--low', 4)
const TRUTHS = intArg('--truths', 30)
const TRUTH_FROM = intArg('--truth-from', 12_000)
const EXTRA = intArg('--extra', 60)
const EXTRA_FROM = intArg('--extra-from', 14_000)
const RUN_SEEDS = intArg('--run-seeds', 10)
const RUNS = intArg('--runs', 5)
const OWN_RUNS = intArg('--own-runs', 80)
const FLOOR_FROM = intArg('--floor-from', 14_100)
const FLOOR = intArg('--floor', 16)

const CHANGES: TwinChanges = { loadFactor: 2, maxNumSeqs: ENGINE.maxBatch }

const sortedOf = (v: ArrayLike<number>): Float64Array => Float64Array.from(v).sort()
const q = (v: ArrayLike<number>, at: number): number => quantileSorted(sortedOf(v), at)
const pct = (x: number): string => `${x > 0 ? '+' : ''}${(x * 100).toFixed(1)} %`
/** A log ratio as a percentage of the ratio (the parts add in logs). */
const lp = (a: number, b: number): number => Math.log(a / b)
const lpct = (x: number): string => pct(Math.exp(x) - 1)

/**
 * A truth's own arrivals at the engine queue through the twin's engine; sizes (and the time
 * outside the engine) from the truth's own rows, or drawn from `sizesFrom`'s rows.
 */
function replayP99(truth: TwinFit, cluster: TwinCluster, sizesFrom: TwinFit | null): number {
  const o = truth.observed
  const order = Array.from({ length: o.n }, (_, i) => i).sort(
    (a, b) => o.queuedUs[a]! - o.queuedUs[b]!
  )
  const n = o.n
  const rng = createRng(truth.observed.n * 7919 + (sizesFrom?.observed.n ?? 0))
  const jobs: TwinJobs = {
    n,
    arriveUs: new Float64Array(n),
    prompt: new Float64Array(n),
    cached: new Float64Array(n),
    output: new Float64Array(n),
    replica: new Int32Array(n).fill(-1),
  }
  const pre = new Float64Array(n)
  order.forEach((i, k) => {
    jobs.arriveUs[k] = o.queuedUs[i]! - truth.model.window.fromUs
    const src = sizesFrom ?? truth
    const so = src.observed
    const j = sizesFrom === null ? i : Math.floor(rng.next() * so.n)
    jobs.prompt[k] = so.promptTokens[j]!
    jobs.cached[k] = Math.min(src.cached[j]!, so.promptTokens[j]! - 1)
    jobs.output[k] = Math.max(1, so.outputTokens[j]!)
    pre[k] = so.ttftUs[j]! - so.queueUs[j]! - so.prefillUs[j]!
  })
  const res = runTwin(cluster, jobs, createRng(1))
  const ttft: number[] = []
  for (let k = 0; k < res.ran; k++) {
    if (res.endUs[k]! === res.endUs[k]!) {
      ttft.push((pre[k]! + res.firstTokenUs[k]! - res.arriveUs[k]!) / 1000)
    }
  }
  return q(ttft, 0.99)
}

async function phases(from: number, count: number, rate: number): Promise<Phase[]> {
  const out: Phase[] = []
  for (let i = 0; i < count; i++) {
    const p = await measured(from + i, rate, 1, PHASE_S)
    if (typeof p === 'string') {
      process.stdout.write(`${p}\n`)
    } else {
      out.push(p)
    }
  }
  return out
}

async function main(): Promise<void> {
  const t0 = Date.now()
  const lows = await phases(LOW_FROM, LOW, RATE)
  const judged = await phases(TRUTH_FROM, TRUTHS, RATE * 2)
  const extra = await phases(EXTRA_FROM, EXTRA, RATE * 2)
  const all = [...judged, ...extra]
  const judge = q(
    judged.map((t) => t.p99),
    0.5
  )
  const pop = q(
    all.map((t) => t.p99),
    0.5
  )
  // The judge's own draw: medians of TRUTHS phases drawn from all of them.
  const brng = createRng(4242)
  const boot: number[] = []
  for (let b = 0; b < 2000; b++) {
    const pick = Array.from(
      { length: TRUTHS },
      () => all[Math.floor(brng.next() * all.length)]!.p99
    )
    boot.push(lp(q(pick, 0.5), pop))
  }
  process.stdout.write(
    `${PHASE_S} s phases; ${lows.length} low windows from client seed ${LOW_FROM}; judge: ${judged.length} truths from ${TRUTH_FROM}, TTFT P99 median ${judge.toFixed(0)} ms; all ${all.length} truths (with ${extra.length} from ${EXTRA_FROM}): median ${pop.toFixed(0)} ms, 10–90 % ${q(
      all.map((t) => t.p99),
      0.1
    ).toFixed(0)}–${q(
      all.map((t) => t.p99),
      0.9
    ).toFixed(
      0
    )} ms; a median of ${TRUTHS} against it, 5–95 %: ${lpct(q(boot, 0.05))} / ${lpct(q(boot, 0.95))} (${((Date.now() - t0) / 1000).toFixed(0)} s)\n`
  )
  const rates = all.map((t) => t.rate)
  const floors: number[] = []
  const sums: Record<string, number[]> = {
    a: [],
    b0: [],
    b1: [],
    b2: [],
    c: [],
    e: [],
    d: [],
    all: [],
    whatif: [],
  }
  const judgedRate = q(
    judged.map((t) => t.rate),
    0.5
  )
  for (const low of lows) {
    // ADR 0409's factor (the judged truths' median realised rate over the window's) and the
    // truths' own rate (their Poisson intensity) over the window's.
    const judgedFactor = judgedRate / low.rate
    const factor = (RATE * 2) / low.rate
    const changesJ = { ...CHANGES, loadFactor: judgedFactor }
    const appliedJ = applyChanges(low.fit, changesJ)
    const applied = applyChanges(low.fit, { ...CHANGES, loadFactor: factor })
    if (!applied.ok || !appliedJ.ok) {
      process.stdout.write(`low ${low.seed}: not applied\n`)
      continue
    }
    // ADR 0409's point (the median of `--runs` runs) and whatif's (predictChange: more runs while
    // their median is not pinned, ADR 0254 and 0425; its refits do not move the point).
    const fives: number[] = []
    const points: number[] = []
    let whatifRuns = 0
    for (let s = 0; s < RUN_SEEDS; s++) {
      const five = predict(low.fit, appliedJ.cluster, appliedJ.plan, {
        runs: RUNS,
        seed: 1 + 1000 * s,
      }).measures.ttft.p99.value
      const w = predictChange(low.fit, changesJ, appliedJ, {
        runs: RUNS,
        seed: 1 + 1000 * s,
        lawRefits: false,
      }).prediction
      whatifRuns += w.runs
      if (w.measures.ttft.p99.value !== null && five !== null) {
        points.push(w.measures.ttft.p99.value)
        fives.push(five)
      }
    }
    const ownOf = (cluster: TwinCluster, plan: typeof applied.plan): number =>
      predict(low.fit, cluster, plan, { runs: OWN_RUNS, seed: 70_001 }).measures.ttft.p99.value!
    const ownJ = ownOf(appliedJ.cluster, appliedJ.plan)
    const own = ownOf(applied.cluster, applied.plan)
    const trueCluster: TwinCluster = {
      ...applied.cluster,
      replicas: applied.cluster.replicas.map(standInLaw),
    }
    // The best a forecast from this window's mix can do: the engine's own law on the truths'
    // arrivals, sizes from the window (the floor of one window's sample, nothing fitted).
    const floor = q(
      all.map((t) => replayP99(t.fit, trueCluster, low.fit)),
      0.5
    )
    floors.push(lp(floor, pop))
    const B = q(
      all.map((t) => replayP99(t.fit, applied.cluster, low.fit)),
      0.5
    )
    const C = q(
      all.map((t) => replayP99(t.fit, applied.cluster, null)),
      0.5
    )
    const Dv = all.map((t) => replayP99(t.fit, trueCluster, null))
    const D = q(Dv, 0.5)
    const engineEach = all.map((t, k) => lp(Dv[k]!, t.p99))
    const parts = {
      a: lp(fives[0]!, ownJ),
      b0: lp(ownJ, own),
      b1: lp(own, B),
      b2: lp(B, C),
      c: lp(C, D),
      e: lp(D, pop),
      d: lp(pop, judge),
      all: lp(fives[0]!, judge),
      whatif: lp(points[0]!, judge),
    }
    for (const [k, v] of Object.entries(parts)) {
      sums[k]!.push(v)
    }
    const r = applied.cluster.replicas[0]!.step
    const spreadOf = (v: number[]): string =>
      `${lpct(lp(q(v, 0.1), ownJ))} / ${lpct(lp(q(v, 0.9), ownJ))}`
    process.stdout.write(
      `low ${low.seed}: ${low.rate.toFixed(3)} req/s, n ${low.fit.observed.n}; told ×${judgedFactor.toFixed(3)} (ADR 0409: the judged truths' median rate ${judgedRate.toFixed(3)}) or ×${factor.toFixed(3)} (their rate, ${RATE * 2}); ${r.law} base ${(r.decodeBaseUs / 1000).toFixed(2)} ms, per sequence ${r.perDecodeSeqUs.toFixed(0)} µs, per prompt token ${r.perPrefillTokenUs.toFixed(1)} µs; mean prompt / output ${low.promptMean.toFixed(0)} / ${low.outputMean.toFixed(1)} against the truths' ${q(
        all.map((t) => t.promptMean),
        0.5
      ).toFixed(0)} / ${q(
        all.map((t) => t.outputMean),
        0.5
      ).toFixed(1)}\n` +
        `  P99 at ×${judgedFactor.toFixed(3)}: ADR 0409's point ${fives[0]!.toFixed(0)} ms, over ${fives.length} run seeds ${q(fives, 0.1).toFixed(0)}–${q(fives, 0.9).toFixed(0)} (10–90 %, ${spreadOf(fives)}); whatif's ${points[0]!.toFixed(0)} ms, ${q(points, 0.1).toFixed(0)}–${q(points, 0.9).toFixed(0)} (${spreadOf(points)}; ${(whatifRuns / points.length).toFixed(0)} runs a point); the median of ${OWN_RUNS} runs ${ownJ.toFixed(0)}, at ×${factor.toFixed(3)} ${own.toFixed(0)}; B ${B.toFixed(0)}, C ${C.toFixed(0)}, D ${D.toFixed(0)}, truths' ${pop.toFixed(0)} (all) / ${judge.toFixed(0)} (judge)\n` +
        `  error ${lpct(parts.all)} (whatif's point ${lpct(parts.whatif)}) = (a) runs ${lpct(parts.a)} · (b0) load read ${lpct(parts.b0)} · (b1) arrivals ${lpct(parts.b1)} · (b2) mix ${lpct(parts.b2)} · (c) law ${lpct(parts.c)} · (e) engine ${lpct(parts.e)} [per phase, median ${lpct(q(engineEach, 0.5))}, 10–90 % ${lpct(q(engineEach, 0.1))} / ${lpct(q(engineEach, 0.9))}] · (d) judge ${lpct(parts.d)}; the window's mix under the engine's own law on the truths' arrivals ${floor.toFixed(0)} ms (${lpct(lp(floor, pop))} against all the truths)\n`
    )
  }
  // More low windows: the twin's own median at the truths' rate, under the fitted law and the
  // engine's, against the truths' (the spread between windows is the floor of one window).
  const more = await phases(FLOOR_FROM, FLOOR, RATE)
  const fitted: number[] = []
  const enginesOwn: number[] = []
  for (const low of more) {
    const applied = applyChanges(low.fit, { ...CHANGES, loadFactor: (RATE * 2) / low.rate })
    if (!applied.ok) {
      continue
    }
    const run = (cluster: TwinCluster): number =>
      predict(low.fit, cluster, applied.plan, { runs: OWN_RUNS, seed: 70_001 }).measures.ttft.p99
        .value!
    fitted.push(lp(run(applied.cluster), pop))
    enginesOwn.push(
      lp(run({ ...applied.cluster, replicas: applied.cluster.replicas.map(standInLaw) }), pop)
    )
    process.stdout.write(
      `more low ${low.seed}: ${low.rate.toFixed(3)} req/s, mean prompt / output ${low.promptMean.toFixed(0)} / ${low.outputMean.toFixed(1)}; the median of ${OWN_RUNS} runs at the truths' rate against all the truths: fitted law ${lpct(fitted[fitted.length - 1]!)}, the engine's ${lpct(enginesOwn[enginesOwn.length - 1]!)}\n`
    )
  }
  const mean = (v: number[]): number => v.reduce((x, y) => x + y, 0) / Math.max(1, v.length)
  const sd = (v: number[]): number => {
    const m = mean(v)
    return Math.sqrt(v.reduce((x, y) => x + (y - m) ** 2, 0) / Math.max(1, v.length - 1))
  }
  const within = (v: number[]): number => v.filter((x) => Math.abs(Math.exp(x) - 1) <= 0.2).length
  process.stdout.write(
    `over ${sums.all!.length} windows, mean (sd) of each part in log points ×100: ${Object.entries(
      sums
    )
      .map(([k, v]) => `${k} ${(100 * mean(v)).toFixed(1)} (${(100 * sd(v)).toFixed(1)})`)
      .join(
        ', '
      )}; the window's mix under the engine's own law against all the truths: ${floors.map(lpct).join(', ')}\n` +
      `over ${fitted.length} more windows, the twin's own median at the truths' rate against all the truths: fitted law mean ${(100 * mean(fitted)).toFixed(1)}, sd ${(100 * sd(fitted)).toFixed(1)} log points, within ±20 % on ${within(fitted)}; the engine's law mean ${(100 * mean(enginesOwn)).toFixed(1)}, sd ${(100 * sd(enginesOwn)).toFixed(1)}, within ±20 % on ${within(enginesOwn)}; truths' rates ${q(rates, 0.1).toFixed(2)}–${q(rates, 0.9).toFixed(2)}; ${((Date.now() - t0) / 1000).toFixed(0)} s\n`
  )
}

await main()
