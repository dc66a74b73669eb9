/**
 * Fit and prediction time of the twin on a window of 1M requests (ADR 0135; issue goal: fit plus
 * one prediction under 30 s). The window is made by the twin's own engine with a known step law
 * on 32 replicas over an hour, so the bench times the twin, not the simulator or a store scan.
 *
 *   npx tsx bench/whatif-scale.bench.ts
 *   BENCH_REQUESTS=200000 npx tsx bench/whatif-scale.bench.ts
 *   BENCH_REQUESTS=200000 npx tsx bench/whatif-scale.bench.ts --dump fit-and-prediction.json
 *
 * `--dump FILE` writes the fitted twin (its model, the cached tokens per request, the rate bins'
 * keep and the step law's prompt rows) and the prediction to FILE at full precision, and skips
 * the truth: two versions of the twin that give the same figures write the same bytes.
 */
import { writeFileSync } from 'node:fs'
import { createRng } from '../src/core/stats/seeded-random.js'
import type { TwinCluster } from '../src/sim/twin/engine.js'
import { applyChanges } from '../src/sim/twin/changes.js'
import { fitTwin, type TwinFit } from '../src/sim/twin/fit.js'
import type { TwinWindow } from '../src/sim/twin/load.js'
import { observedFromRun, runOpen, uncappedCluster } from '../src/sim/twin/testing/observed-run.js'
import { predict, type Prediction } from '../src/sim/twin/predict.js'
import { refitCluster } from '../src/sim/twin/whatif.js'
import { drawJobs } from './whatif-own-store.js'

const N = Number(process.env.BENCH_REQUESTS ?? 1_000_000)
const REPLICAS = 32
const WINDOW_US = 3_600_000_000
const T0 = 1_750_000_000_000_000

/** The cluster the window is made on: its step law is the truth the twin fits. */
function trueCluster(): TwinCluster {
  return uncappedCluster(
    Array.from({ length: REPLICAS }, (_, i) => `vllm-${i}`),
    {
      decodeBaseUs: 7000,
      perDecodeSeqUs: 15,
      perKvTokenUs: 0.04,
      prefillBaseUs: 1200,
      perPrefillTokenUs: 35,
    }
  )
}

/** A gateway's own time before the engine, in every request's TTFT and E2E (µs). */
const BEFORE_US = 2000

function makeWindow(): { window: TwinWindow; makeMs: number } {
  const started = performance.now()
  const rng = createRng(7)
  const cluster = trueCluster()
  const { arrive, prompt, output } = drawJobs(rng, N, WINDOW_US)
  const r = runOpen(cluster, arrive, prompt, output, rng.fork('run'))
  const requests = observedFromRun({
    arriveUs: arrive,
    prompt,
    output,
    run: r,
    replicas: cluster.replicas.map((x) => x.name),
    offsetUs: T0,
    beforeUs: BEFORE_US,
  })
  return {
    window: { fromUs: T0, toUs: T0 + WINDOW_US, requests, total: N, metrics: new Map() },
    makeMs: performance.now() - started,
  }
}

/**
 * The true cluster at `factor` times the window's rate, with the window's mix drawn afresh: the
 * TTFT and TPOT P50 / P99 (ms) a prediction's interval should hold.
 */
function truthAt(factor: number): Record<'ttft' | 'tpot', Record<'p50' | 'p99', number>> {
  const rng = createRng(8)
  const { arrive, prompt, output } = drawJobs(rng, Math.round(N * factor), WINDOW_US)
  const r = runOpen(trueCluster(), arrive, prompt, output, rng.fork('run'))
  const ttft = Float64Array.from(
    arrive,
    (a, i) => (BEFORE_US + r.firstTokenUs[i]! - a) / 1000
  ).sort()
  const tpot = Float64Array.from(
    arrive,
    (_, i) => (r.endUs[i]! - r.firstTokenUs[i]!) / Math.max(1, output[i]! - 1) / 1000
  ).sort()
  const q = (v: Float64Array, p: number): number => v[Math.floor(p * (v.length - 1))]!
  return {
    ttft: { p50: q(ttft, 0.5), p99: q(ttft, 0.99) },
    tpot: { p50: q(tpot, 0.5), p99: q(tpot, 0.99) },
  }
}

/**
 * A fixed unit of work timed in the same process (sorting 1M doubles, 5 times): the twin's time
 * as a ratio to it holds still while other jobs on a shared host slow both down.
 */
function baselineCpuMs(): number {
  const rng = createRng(3)
  const values = Float64Array.from({ length: 1_000_000 }, () => rng.next())
  const started = process.cpuUsage()
  for (let k = 0; k < 5; k++) {
    values.slice().sort()
  }
  const u = process.cpuUsage(started)
  return (u.user + u.system) / 1000
}

/** Typed arrays as plain arrays, so that JSON holds every value (`-0` and NaN included). */
function dump(path: string | undefined, fit: TwinFit, prediction: Prediction): void {
  if (path === undefined || path.startsWith('--')) {
    throw new Error('--dump needs the path of the file to write')
  }
  const number = (x: number): number | string =>
    Object.is(x, -0) || !Number.isFinite(x) ? String(Object.is(x, -0) ? '-0' : x) : x
  const plain = (_: string, v: unknown): unknown =>
    ArrayBuffer.isView(v) && !(v instanceof DataView)
      ? Array.from(v as unknown as ArrayLike<number>, number)
      : typeof v === 'number'
        ? number(v)
        : v
  const { model, cached, binKeep, stepFit } = fit
  writeFileSync(
    path,
    JSON.stringify(
      { model, cached, binKeep, promptSteps: stepFit.promptSteps, prediction },
      plain,
      1
    ) + '\n'
  )
  process.stdout.write(`fitted twin and prediction written to ${path}\n`)
}

function main(): void {
  const baseMs = baselineCpuMs()
  process.stdout.write(`baseline (sort 1M doubles ×5): ${(baseMs / 1000).toFixed(2)} s CPU\n`)
  const { window, makeMs } = makeWindow()
  process.stdout.write(
    `window: ${N} requests on ${REPLICAS} replicas over 1 h, made in ${(makeMs / 1000).toFixed(1)} s\n`
  )
  // CPU time beside wall time: on a shared host the wall clock also counts other jobs' turns.
  const cpuMs = (u: NodeJS.CpuUsage): number => (u.user + u.system) / 1000
  let t = performance.now()
  let cpu = process.cpuUsage()
  const fitted = fitTwin(window)
  const fitMs = performance.now() - t
  const fitCpuMs = cpuMs(process.cpuUsage(cpu))
  if (!fitted.ok) {
    throw new Error(fitted.reasons.join('; '))
  }
  const law = fitted.fit.model.replicas[0]!.step
  process.stdout.write(
    `fit: ${(fitMs / 1000).toFixed(1)} s wall, ${(fitCpuMs / 1000).toFixed(1)} s CPU (replica 0: decode ${(law.decodeBaseUs / 1000).toFixed(2)} ms + ${law.perDecodeSeqUs.toFixed(1)} µs/seq + ${(law.perKvTokenUs * 1000).toFixed(1)} ns/KV token, prefill ${(law.prefillBaseUs / 1000).toFixed(2)} ms + ${law.perPrefillTokenUs.toFixed(1)} µs/token; true 7.00 + 15.0 + 40.0, 1.20 + 35.0; ${fitted.fit.model.stepLaw.law} law: ${fitted.fit.model.stepLaw.reason})\n`
  )
  const applied = applyChanges(fitted.fit, { loadFactor: 1.5 })
  if (!applied.ok) {
    throw new Error(applied.reasons.join('; '))
  }
  t = performance.now()
  cpu = process.cpuUsage()
  // With the window's sampling, as `whatif` predicts (ADR 0236): on an hour of Poisson traffic its
  // work is pinned to well within ±1 %, so no run is added and the resampling alone is timed.
  // And with the step law's refits where the prediction runs past the window's batches (ADR 0326).
  const p = predict(fitted.fit, applied.cluster, applied.plan, {
    runs: 1,
    seed: 1,
    sampling: true,
    lawRefits: { clusterOf: refitCluster(fitted.fit, { loadFactor: 1.5 }, null) },
  })
  const reach = p.stepLawReach
  const runMs = performance.now() - t
  const runCpuMs = cpuMs(process.cpuUsage(cpu))
  process.stdout.write(
    `one prediction run (1.5x load, ${p.requests} requests): ${(runMs / 1000).toFixed(1)} s wall, ${(runCpuMs / 1000).toFixed(1)} s CPU; TTFT p99 ${p.measures.ttft.p99.value?.toFixed(1)} ms; window sample: work ${p.sampling?.work?.low.toFixed(4)}–${p.sampling?.work?.high.toFixed(4)} of its own, ${p.sampling?.runs} runs added; step law read up to a batch of ${reach?.readUpTo}, run up to ${reach?.runsUpTo}, its step there ±${((reach?.stepUncertainty ?? NaN) * 100).toFixed(2)} % over the refits: ${reach?.refits} refits run${reach?.slice != null ? ` on the busiest ${((reach.slice.toUs - reach.slice.fromUs) / 60e6).toFixed(1)} minutes (up to ${reach.slice.jobs} jobs a run; the window is too large to run them whole)` : reach?.tooLargeToRun === true ? ' (too many jobs a run to run them)' : ''}; intervals: ${(['ttft', 'tpot'] as const).flatMap((m) => (['p50', 'p99'] as const).map((q) => `${m} ${q} ${p.measures[m][q].value?.toFixed(1)} [${p.measures[m][q].interval?.map((x) => x.toFixed(1)).join('–')}]`)).join(', ')} ms\n`
  )
  process.stdout.write(
    `fit + one prediction run: ${((fitMs + runMs) / 1000).toFixed(1)} s wall, ${((fitCpuMs + runCpuMs) / 1000).toFixed(1)} s CPU = ${((fitCpuMs + runCpuMs) / baseMs).toFixed(1)}× the baseline (the default whatif runs 5 replays for the fit check and 5 for the prediction)\n`
  )
  const dumpAt = process.argv.indexOf('--dump')
  if (dumpAt !== -1) {
    dump(process.argv[dumpAt + 1], fitted.fit, p)
    return
  }
  // Outside the timed part: the truth at 1.5x, and whether each interval holds it.
  const truth = truthAt(1.5)
  process.stdout.write(
    `truth at 1.5x (the true law, fresh arrivals): ${(['ttft', 'tpot'] as const)
      .flatMap((m) =>
        (['p50', 'p99'] as const).map((q) => {
          const iv = p.measures[m][q].interval
          const inside = iv !== null && truth[m][q] >= iv[0] && truth[m][q] <= iv[1]
          return `${m} ${q} ${truth[m][q].toFixed(1)} ${inside ? 'in' : 'out'}`
        })
      )
      .join(', ')} ms\n`
  )
  const after = baselineCpuMs()
  process.stdout.write(
    `baseline again: ${(after / 1000).toFixed(2)} s CPU (ratio against the mean: ${((2 * (fitCpuMs + runCpuMs)) / (baseMs + after)).toFixed(1)}×)\n`
  )
}

main()
