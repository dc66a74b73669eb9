/**
 * Which part of the twin misses a window's decode pace where prompt steps take about half of the
 * engine's time (ADR 0222). The simulator's own requests are replayed through the twin's engine
 * one by one (their engine-queue instants, tokens and replicas), with each part of the fit in
 * turn swapped for the simulator's truth:
 *
 *   step law   simulator's cost model | fitted
 *   cached     simulator's per request | read back by the fit
 *
 * With both true, any gap left is the engine's mechanics (how a step's prefill chunks and decode
 * sequences are composed within max_num_batched_tokens); the other rows name the fitted part.
 *
 *   npx tsx bench/whatif-step-composition.bench.ts
 *   BENCH_SEED=3 BENCH_LOAD=2 npx tsx bench/whatif-step-composition.bench.ts
 */
import { createSilentLogger } from '../src/core/logger.js'
import { decodeTracesJson } from '../src/core/otlp/decode-traces.js'
import { createRng } from '../src/core/stats/seeded-random.js'
import { createIngestPipeline } from '../src/ingest/pipeline/pipeline.js'
import { stepCost } from '../src/sim/cost-model.js'
import { createRun } from '../src/sim/index.js'
import { runTwin, type StepModel, type TwinCluster } from '../src/sim/twin/engine.js'
import { fitTwin } from '../src/sim/twin/fit.js'
import { loadTwinWindow } from '../src/sim/twin/load.js'
import { createMemoryStore } from '../src/storage/memory/memory-store.js'

const SCENARIO = process.env.BENCH_SCENARIO ?? 'healthy-heavy'
const SEED = Number(process.env.BENCH_SEED ?? 7)
const LOAD = Number(process.env.BENCH_LOAD ?? 2)
const TRAFFIC_SEED = Number(process.env.BENCH_TRAFFIC_SEED ?? 200)
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 1_200_000)

interface Truth {
  queuedUs: number
  firstUs: number
  endUs: number
  prompt: number
  cached: number
  output: number
  replica: number
}

const store = createMemoryStore()
const run = createRun({
  scenario: SCENARIO,
  seed: SEED,
  trafficSeed: TRAFFIC_SEED,
  durationMs: DURATION_MS,
  loadFactor: LOAD,
})
const sink = createIngestPipeline({
  store,
  logger: createSilentLogger(),
  now: () => run.epochUs / 1000,
  sweepIntervalMs: 0,
})
const truth: Truth[] = []
for (const out of run.outputs()) {
  if (out.kind === 'requests') {
    for (const r of out.requests) {
      truth.push({
        queuedUs: r.queuedUs,
        firstUs: r.firstTokenUs,
        endUs: r.engineEndUs,
        prompt: r.promptTokens,
        cached: r.cachedTokens,
        output: r.outputTokens,
        replica: r.replica,
      })
    }
    await sink.submitSpans(decodeTracesJson(run.tracesJson(out.requests)).spans)
  } else if (out.kind === 'metrics') {
    await sink.submitMetrics(out.samples, run.families)
  } else {
    await sink.submitEvents([out.event])
  }
}
await sink.flush()
await sink.close()
const window = await loadTwinWindow(store, {
  fromUs: run.epochUs,
  toUs: run.epochUs + run.durationUs + 120_000_000,
})
await store.close()
const fitted = fitTwin(window)
if (!fitted.ok) {
  throw new Error(`fit refused: ${fitted.reasons.join('; ')}`)
}
const fit = fitted.fit
truth.sort((a, b) => a.queuedUs - b.queuedUs)

// The fit's read-back cached tokens, matched to the simulator's requests by replica and tokens.
const replicas = run.simulation.replicas
const names = replicas.map((r) => r.id.pod)
const key = (replica: string, prompt: number, output: number): string =>
  `${replica}|${prompt}|${output}`
const readBack = new Map<string, number>()
for (let i = 0; i < fit.observed.n; i++) {
  const o = fit.observed
  readBack.set(
    key(o.replicas[o.replica[i]!]!, o.promptTokens[i]!, o.outputTokens[i]!),
    fit.cached[i]!
  )
}
let cachedTrue = 0
let cachedRead = 0
let prompts = 0
for (const t of truth) {
  cachedTrue += t.cached
  cachedRead += readBack.get(key(names[t.replica]!, t.prompt, t.output)) ?? t.cached
  prompts += t.prompt
}

const quantile = (v: number[], q: number): number => {
  const s = [...v].sort((a, b) => a - b)
  return s[Math.floor(q * (s.length - 1))]!
}
const row = (label: string, ttft: number[], tpot: number[], extra = ''): void => {
  process.stdout.write(
    `${label.padEnd(40)} engine TTFT p50 ${(quantile(ttft, 0.5) / 1000).toFixed(0).padStart(6)} p99 ${(quantile(ttft, 0.99) / 1000).toFixed(0).padStart(6)} ms   TPOT p50 ${(quantile(tpot, 0.5) / 1000).toFixed(1).padStart(6)} p99 ${(quantile(tpot, 0.99) / 1000).toFixed(1).padStart(6)} ms${extra}\n`
  )
}

process.stdout.write(
  `${SCENARIO} platform ${SEED} at ${LOAD}x (traffic seed ${TRAFFIC_SEED}), ${truth.length} requests on ${replicas.length} replicas; ` +
    `cached share of the prompt tokens: simulator ${((cachedTrue / prompts) * 100).toFixed(1)} %, read back by the fit ${((cachedRead / prompts) * 100).toFixed(1)} %; law chosen: ${fit.model.stepLaw.law}\n`
)
row(
  'simulator',
  truth.map((t) => t.firstUs - t.queuedUs),
  truth.filter((t) => t.output >= 2).map((t) => (t.endUs - t.firstUs) / (t.output - 1))
)

for (const [law, cached] of [
  ['simulator', 'simulator'],
  ['fitted', 'simulator'],
  ['simulator', 'read back'],
  ['fitted', 'read back'],
] as const) {
  const cluster: TwinCluster = {
    replicas: replicas.map((r, i) => {
      const cm = r.cm
      const perByteUs = cm.secPerByte * 1e6
      // The simulator's decode-only step: memory-bound, one pass over the weights and the KV.
      const decode: StepModel = {
        decodeBaseUs: cm.overheadUs + cm.weightBytes * perByteUs,
        perDecodeSeqUs: 0,
        perKvTokenUs: cm.kvBytesPerToken * perByteUs,
        prefillBaseUs: 0,
        perPrefillTokenUs: 0,
      }
      const own = fit.model.replicas.find((x) => x.name === names[i])!
      return {
        name: names[i]!,
        step: law === 'simulator' ? decode : own.step,
        maxNumSeqs: r.engine.maxNumSeqs,
        kvCapacityTokens: cm.kvBlocks * r.engine.blockSizeTokens,
        maxBatchedTokens: r.engine.maxNumBatchedTokens,
        pool: 0,
        ...(law === 'simulator'
          ? {
              stepUs: (prefillTokens: number, decoding: number, kv: number, pairs: number) =>
                stepCost(cm, {
                  prefillTokens,
                  prefillAttnPairs: pairs,
                  decodeTokens: decoding,
                  decodeCtxTokens: kv,
                }).durationUs,
            }
          : {}),
      }
    }),
    routing: 'round_robin',
    shares: [],
    splitMinPrompt: null,
  }
  const n = truth.length
  const res = runTwin(
    cluster,
    {
      n,
      arriveUs: Float64Array.from(truth, (t) => t.queuedUs),
      prompt: Float64Array.from(truth, (t) => t.prompt),
      cached: Float64Array.from(truth, (t) =>
        cached === 'simulator'
          ? t.cached
          : (readBack.get(key(names[t.replica]!, t.prompt, t.output)) ?? t.cached)
      ),
      output: Float64Array.from(truth, (t) => t.output),
      replica: Int32Array.from(truth, (t) => t.replica),
    },
    createRng(1)
  )
  const ttft: number[] = []
  const tpot: number[] = []
  for (let k = 0; k < n; k++) {
    ttft.push(res.firstTokenUs[k]! - res.arriveUs[k]!)
    if (truth[k]!.output >= 2) {
      tpot.push((res.endUs[k]! - res.firstTokenUs[k]!) / (truth[k]!.output - 1))
    }
  }
  row(
    `twin: ${law} law, ${cached} cached`,
    ttft,
    tpot,
    `   preempted ${Array.from(res.preemptions).join('/')}`
  )
}
