/**
 * The window the twin's own engine makes with a known law (the scale bench's: 32 replicas, Poisson
 * arrivals over an hour, the same prompt and output mix, the same seed), in memory as the scale
 * bench fits it, and in a store written as the request timelines a store would hold — a gateway's
 * 2 ms, then the engine queue, prefill and decode stages, TTFT, TPOT, E2E and the token counts —
 * through the store's bulk `upsertRequests` (no spans, no engine metrics). Issue 26, ADR 0448.
 */
import type { RequestTimeline, StageName } from '../src/core/model/request.js'
import { STAGE_NAMES } from '../src/core/model/request.js'
import type { Micros } from '../src/core/model/units.js'
import { createRng, type Rng } from '../src/core/stats/seeded-random.js'
import type { StepModel, TwinCluster, TwinRunResult } from '../src/sim/twin/engine.js'
import type { TwinWindow } from '../src/sim/twin/load.js'
import { observedFromRun, runOpen, uncappedCluster } from '../src/sim/twin/testing/observed-run.js'
import type { SpanStore } from '../src/storage/span-store.js'
import { cachedStore } from './cached-store.js'

export const OWN_REPLICAS = Array.from({ length: 32 }, (_, i) => `vllm-${i}`)
/** The true step law (the roofline: `law` absent). */
export const OWN_LAW: StepModel = {
  decodeBaseUs: 7000,
  perDecodeSeqUs: 15,
  perKvTokenUs: 0.04,
  prefillBaseUs: 1200,
  perPrefillTokenUs: 35,
}
/** 2025-06-17T15:06:40Z: the scale bench's clock. */
export const OWN_T0_US = 1_750_000_000_000_000
/** A gateway's own time before the engine, in every request's TTFT and E2E (µs). */
export const OWN_BEFORE_US = 2000
const BATCH = 50_000

export function ownCluster(): TwinCluster {
  return uncappedCluster(OWN_REPLICAS, OWN_LAW)
}

export interface OwnRun {
  arrive: Float64Array
  prompt: Float64Array
  output: Float64Array
  run: TwinRunResult
}

/** `n` Poisson arrivals over `windowUs` with the scale bench's prompt and output mix. */
export function drawJobs(
  rng: Rng,
  n: number,
  windowUs: number
): { arrive: Float64Array; prompt: Float64Array; output: Float64Array } {
  const arrive = new Float64Array(n)
  const prompt = new Float64Array(n)
  const output = new Float64Array(n)
  let t = 0
  for (let i = 0; i < n; i++) {
    t += rng.exp(windowUs / n)
    arrive[i] = t
    prompt[i] = Math.max(8, Math.round(rng.lognormal(700, 0.8)))
    output[i] = Math.max(2, Math.min(1024, Math.round(rng.lognormal(180, 0.7))))
  }
  return { arrive, prompt, output }
}

/** `n` Poisson arrivals over `windowUs` with the scale bench's mix, run on the true cluster. */
export function ownRun(n: number, windowUs: number): OwnRun {
  const rng = createRng(7)
  const { arrive, prompt, output } = drawJobs(rng, n, windowUs)
  return {
    arrive,
    prompt,
    output,
    run: runOpen(ownCluster(), arrive, prompt, output, rng.fork('run')),
  }
}

/** The run as the scale bench fits it: in memory, the window `[T0, T0 + windowUs)`. */
export function ownWindow(r: OwnRun, windowUs: number): TwinWindow {
  const requests = observedFromRun({
    arriveUs: r.arrive,
    prompt: r.prompt,
    output: r.output,
    run: r.run,
    replicas: OWN_REPLICAS,
    offsetUs: OWN_T0_US,
    beforeUs: OWN_BEFORE_US,
  })
  return {
    fromUs: OWN_T0_US,
    toUs: OWN_T0_US + windowUs,
    requests,
    total: requests.n,
    metrics: new Map(),
  }
}

async function fill(store: SpanStore, r: OwnRun): Promise<void> {
  const { arrive, prompt, output, run } = r
  const us = (x: number): Micros => Math.round(x) as Micros
  let batch: RequestTimeline[] = []
  for (let i = 0; i < arrive.length; i++) {
    const a = arrive[i]!
    const stages = Object.fromEntries(STAGE_NAMES.map((s) => [s, null])) as Record<
      StageName,
      Micros | null
    >
    stages['gateway.upstream'] = us(OWN_BEFORE_US)
    stages['engine.queue'] = us(run.scheduledUs[i]! - a)
    stages['engine.prefill'] = us(run.firstTokenUs[i]! - run.scheduledUs[i]!)
    stages['engine.decode'] = us(run.endUs[i]! - run.firstTokenUs[i]!)
    const startUs = us(OWN_T0_US + a - OWN_BEFORE_US)
    const e2eUs = us(OWN_BEFORE_US + run.endUs[i]! - a)
    batch.push({
      traceId: (i + 1).toString(16).padStart(32, '0'),
      startUs,
      endUs: (startUs + e2eUs) as Micros,
      dims: {
        model: 'llama-8b',
        version: 'v1',
        replica: OWN_REPLICAS[run.replica[i]!]!,
        node: `node-${run.replica[i]! >> 2}`,
        tenant: `t${i % 5}`,
        route: '/v1/chat/completions',
        region: 'us-east-1',
        gateway: 'gw-0',
      },
      stages,
      downstreamName: null,
      ttftUs: us(OWN_BEFORE_US + run.firstTokenUs[i]! - a),
      ttftSource: 'engine',
      tpotUs: us((run.endUs[i]! - run.firstTokenUs[i]!) / Math.max(1, output[i]! - 1)),
      itlMaxUs: null,
      e2eUs,
      inputTokens: prompt[i]!,
      outputTokens: output[i]!,
      cachedTokens: 0,
      status: 200,
      errorType: null,
      retries: 0,
      connectionReused: null,
      tlsResumed: null,
      hasClient: false,
      hasGateway: true,
      hasEngine: true,
      spanCount: 2,
    })
    if (batch.length === BATCH) {
      await store.upsertRequests(batch)
      batch = []
    }
  }
  await store.upsertRequests(batch)
}

/** Path of the store of the run of `n` requests over `windowUs`, built when absent (or `fresh`). */
export function ownStore(
  r: OwnRun,
  windowUs: number,
  fresh: boolean,
  log: (line: string) => void
): Promise<string> {
  const n = r.arrive.length
  const minutes = Math.round(windowUs / 60e6)
  return cachedStore(`whatif-own-${n}-${minutes}m`, `${n} requests`, fresh, log, (store) =>
    fill(store, r)
  )
}
