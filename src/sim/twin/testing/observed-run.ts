/**
 * The stored requests a window made by the twin's own engine would hold: what the twin's tests and
 * benches fit on when they need a window whose law is known.
 */
import type { Rng } from '../../../core/stats/seeded-random.js'
import { runTwin, type StepModel, type TwinCluster, type TwinRunResult } from '../engine.js'
import { fitTwin, type TwinFit } from '../fit.js'
import type { TwinWindow } from '../load.js'
import type { ObservedRequests } from '../observed.js'

/** A step law whose decode step grows with the batch: the tests' windows of a few sequences. */
export const BATCH_BOUND_LAW: StepModel = {
  decodeBaseUs: 7000,
  perDecodeSeqUs: 400,
  perKvTokenUs: 0.04,
  prefillBaseUs: 1200,
  perPrefillTokenUs: 35,
}

/**
 * Replicas of one step law, routed to the least loaded, with no cap the window would reach (256
 * sequences, unbounded KV): a window whose only limit is the law.
 */
export function uncappedCluster(names: string[], step: StepModel): TwinCluster {
  return {
    replicas: names.map((name) => ({
      name,
      step,
      maxNumSeqs: 256,
      kvCapacityTokens: Infinity,
      maxBatchedTokens: 8192,
      pool: 0,
    })),
    routing: 'least_loaded',
    shares: names.map(() => 1),
    splitMinPrompt: null,
  }
}

/** Poisson arrivals at `ratePerS` from 0 to `windowUs`, µs from the window's start. */
export function poissonArrivalsUs(rng: Rng, ratePerS: number, windowUs: number): number[] {
  const arrive: number[] = []
  for (let t = rng.exp(1e6 / ratePerS); t < windowUs; t += rng.exp(1e6 / ratePerS)) {
    arrive.push(t)
  }
  return arrive
}

/** `count` token counts drawn lognormal (`median`, `sigma`), rounded and held to [min, max]. */
export function lognormalTokens(
  rng: Rng,
  count: number,
  median: number,
  sigma: number,
  min: number,
  max = Infinity
): Float64Array {
  return Float64Array.from({ length: count }, () =>
    Math.max(min, Math.min(max, Math.round(rng.lognormal(median, sigma))))
  )
}

/** Requests arriving at `arriveUs` with no cached tokens, each routed by the cluster's policy. */
export function runOpen(
  cluster: TwinCluster,
  arriveUs: Float64Array,
  prompt: Float64Array,
  output: Float64Array,
  rng: Rng
): TwinRunResult {
  const n = arriveUs.length
  return runTwin(
    cluster,
    {
      n,
      arriveUs,
      prompt,
      cached: new Float64Array(n),
      output,
      replica: new Int32Array(n).fill(-1),
    },
    rng
  )
}

export interface RunWindow {
  /** Arrival at the engine of each request, µs from the run's start. */
  arriveUs: Float64Array
  prompt: Float64Array
  output: Float64Array
  run: TwinRunResult
  replicas: string[]
  /** Added to every arrival to place the run on the store's clock (µs). */
  offsetUs?: number
  /** Time each request spent before the engine (a gateway's own time, µs), counted in TTFT and E2E. */
  beforeUs?: number
}

/** The run's requests as the store would hold them: stages, TTFT, TPOT, E2E and no dimensions. */
export function observedFromRun(w: RunWindow): ObservedRequests {
  const { arriveUs: a, run: r, output } = w
  const off = w.offsetUs ?? 0
  const pre = w.beforeUs ?? 0
  const n = a.length
  return {
    n,
    startUs: Float64Array.from(a, (x) => off + x - pre),
    queuedUs: Float64Array.from(a, (x) => off + x),
    queueUs: Float64Array.from(a, (x, i) => r.scheduledUs[i]! - x),
    prefillUs: Float64Array.from(a, (_, i) => r.firstTokenUs[i]! - r.scheduledUs[i]!),
    decodeUs: Float64Array.from(a, (_, i) => r.endUs[i]! - r.firstTokenUs[i]!),
    ttftUs: Float64Array.from(a, (x, i) => pre + r.firstTokenUs[i]! - x),
    tpotUs: Float64Array.from(
      a,
      (_, i) => (r.endUs[i]! - r.firstTokenUs[i]!) / Math.max(1, output[i]! - 1)
    ),
    e2eUs: Float64Array.from(a, (x, i) => pre + r.endUs[i]! - x),
    promptTokens: w.prompt,
    cachedTokens: new Float64Array(n),
    outputTokens: output,
    replica: r.replica,
    replicas: w.replicas,
    tenant: new Int32Array(n).fill(-1),
    tenants: [],
    region: new Int32Array(n).fill(-1),
    regions: [],
    route: new Int32Array(n).fill(-1),
    routes: [],
    node: new Int32Array(n).fill(-1),
    nodes: [],
    version: new Int32Array(n).fill(-1),
    versions: [],
    dropped: { total: 0, reasons: {} },
  }
}

/**
 * The twin fitted to a window of `windowUs` made by running `cluster` open loop on these
 * requests, placed at `offsetUs` on the store's clock; throws with the fit's reasons when it
 * refuses, which a test built on a known law does not expect.
 */
export interface OpenRunInput {
  cluster: TwinCluster
  arriveUs: Float64Array
  prompt: Float64Array
  output: Float64Array
  rng: Rng
  offsetUs: number
  windowUs: number
}

/** An open-loop run of the twin's own engine, as a window holds it. */
export function openRunWindow(w: OpenRunInput): TwinWindow {
  const run = runOpen(w.cluster, w.arriveUs, w.prompt, w.output, w.rng)
  const requests = observedFromRun({
    arriveUs: w.arriveUs,
    prompt: w.prompt,
    output: w.output,
    run,
    replicas: w.cluster.replicas.map((x) => x.name),
    offsetUs: w.offsetUs,
  })
  return {
    fromUs: w.offsetUs,
    toUs: w.offsetUs + w.windowUs,
    requests,
    total: w.arriveUs.length,
    metrics: new Map(),
  }
}

/** Token counts drawn lognormal, as {@link lognormalTokens} takes them. */
export interface TokenDraw {
  median: number
  sigma: number
  min: number
  max?: number
}

/**
 * An open-loop run on `cluster`: Poisson arrivals at `ratePerS` over `windowUs`, then each
 * request's prompt and output tokens, drawn from `rng` in that order, and the engine's own stream
 * forked from it; placed at `offsetUs` on the store's clock.
 */
export function poissonOpenRun(
  rng: Rng,
  cluster: TwinCluster,
  o: { ratePerS: number; windowUs: number; offsetUs: number; prompt: TokenDraw; output: TokenDraw }
): OpenRunInput {
  const arriveUs = Float64Array.from(poissonArrivalsUs(rng, o.ratePerS, o.windowUs))
  const draw = (d: TokenDraw): Float64Array =>
    lognormalTokens(rng, arriveUs.length, d.median, d.sigma, d.min, d.max)
  const prompt = draw(o.prompt)
  const output = draw(o.output)
  return {
    cluster,
    arriveUs,
    prompt,
    output,
    rng: rng.fork('run'),
    offsetUs: o.offsetUs,
    windowUs: o.windowUs,
  }
}

/** {@link openRunWindow}, fitted. */
export function fitOpenRun(w: OpenRunInput): TwinFit {
  const fitted = fitTwin(openRunWindow(w))
  if (!fitted.ok) {
    throw new Error(fitted.reasons.join('; '))
  }
  return fitted.fit
}

/**
 * A closed loop of `users` clients with exponential think times of mean `thinkUs`, sending from
 * `fromUs` until `untilUs` (µs from the run's start), each request drawn in turn from the
 * tokens given: the requests it sent as a window holds them, on the cluster's routing.
 */
export function runClosed(w: {
  cluster: TwinCluster
  users: number
  thinkUs: number
  fromUs: number
  untilUs: number
  prompt: Float64Array
  output: Float64Array
  rng: Rng
}): { arriveUs: Float64Array; prompt: Float64Array; output: Float64Array; run: TwinRunResult } {
  const n = w.prompt.length
  const run = runTwin(
    w.cluster,
    {
      n,
      arriveUs: new Float64Array(n),
      prompt: w.prompt,
      cached: new Float64Array(n),
      output: w.output,
      replica: new Int32Array(n).fill(-1),
    },
    w.rng,
    { users: w.users, thinkUs: w.thinkUs, fromUs: w.fromUs, untilUs: w.untilUs }
  )
  const ran = run.ran
  const cut = (v: Float64Array): Float64Array => v.slice(0, ran)
  return {
    arriveUs: cut(run.arriveUs),
    prompt: cut(w.prompt),
    output: cut(w.output),
    run: {
      ...run,
      scheduledUs: cut(run.scheduledUs),
      firstTokenUs: cut(run.firstTokenUs),
      endUs: cut(run.endUs),
      replica: run.replica.slice(0, ran),
    },
  }
}

/** Two sets of requests as one window holds them, in arrival order of neither (as a store). */
export function joinObserved(a: ObservedRequests, b: ObservedRequests): ObservedRequests {
  const out = { ...a, n: a.n + b.n } as Record<string, unknown>
  for (const [key, value] of Object.entries(a)) {
    const other = (b as unknown as Record<string, unknown>)[key]
    if (value instanceof Float64Array && other instanceof Float64Array) {
      const v = new Float64Array(value.length + other.length)
      v.set(value)
      v.set(other, value.length)
      out[key] = v
    } else if (value instanceof Int32Array && other instanceof Int32Array) {
      const v = new Int32Array(value.length + other.length)
      v.set(value)
      v.set(other, value.length)
      out[key] = v
    }
  }
  return out as unknown as ObservedRequests
}
