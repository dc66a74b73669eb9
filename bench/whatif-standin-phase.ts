/**
 * One phase of the stand-in's own engine code on a virtual clock, read back as the twin reads a
 * window: shared by bench/whatif-standin-virtual.bench.ts and bench/whatif-knee.bench.ts.
 */
import { performance } from 'node:perf_hooks'
import { createSilentLogger } from '../src/core/logger.js'
import type { Micros } from '../src/core/model/units.js'
import { decodeTracesJson } from '../src/core/otlp/decode-traces.js'
import {
  encodeSpan,
  encodeStringAttribute,
  encodeTracesRequest,
} from '../src/core/otlp/encode-json.js'
import { parsePrometheusText } from '../src/core/prom/parse.js'
import type { MetricSample } from '../src/core/model/metric.js'
import { createRng } from '../src/core/stats/seeded-random.js'
import { createIngestPipeline } from '../src/ingest/pipeline/pipeline.js'
import { resolveScrapeTarget } from '../src/ingest/scrape/target.js'
import { buildEngineSpan } from '../src/mock-server/engine-span.js'
import { createMockEngine } from '../src/mock-server/engine.js'
import { createMockMetrics } from '../src/mock-server/metrics.js'
import { createVirtualClock } from '../src/mock-server/testing/virtual-clock.js'
import { fitTwin, type TwinFit } from '../src/sim/twin/fit.js'
import { loadTwinWindow, type TwinWindow } from '../src/sim/twin/load.js'
import { observedPercentiles } from '../src/sim/twin/predict.js'
import { createMemoryStore } from '../src/storage/memory/memory-store.js'
import { drawRequest, ENGINE, routeOf } from './whatif-mock-engine-traffic.js'

/** The real bench's low rate (req/s). */
export const RATE = 2
const REPLICAS = ['mock-a', 'mock-b']
/** The windows' epoch: an hour back, so the ingest's quiet period has passed for every trace. */
const EPOCH_MS = Math.floor(Date.now() / 1000) * 1000 - 3_600_000

/**
 * One phase: Poisson arrivals at `rate` for `seconds` from client seed `seed` (the real bench's
 * draw order: a request at the phase's start, its size, then the gap to the next), routed over
 * `replicas` engines; returns the window the store gives back.
 */
export async function phase(seed: number, rate: number, seconds: number, replicas: number) {
  const rng = createRng(seed)
  const endMs = seconds * 1000
  const arrivals: { atMs: number; words: number; maxTokens: number }[] = []
  for (let t = 0; t < endMs; t += rng.exp(1000 / rate)) {
    arrivals.push({ atMs: t, ...drawRequest(rng) })
  }
  // Engine times are performance.now() milliseconds; the virtual clock starts where they read
  // EPOCH_MS, so the spans' wall times are the window's.
  const originMs = EPOCH_MS - performance.timeOrigin
  const vc = createVirtualClock(originMs)
  const engines = REPLICAS.slice(0, replicas).map((name, i) => ({
    name,
    // The labels the scraper gives a target named as the real bench names its engines.
    target: resolveScrapeTarget(`${name}=127.0.0.1:${8001 + i}`),
    engine: createMockEngine({ model: ENGINE, clock: vc.clock }),
    metrics: createMockMetrics('mock-8b', ENGINE.kvCapacityTokens),
    spans: [] as string[],
  }))
  const samples: MetricSample[] = []
  const scrape = (): void => {
    const timeUs = Math.round((performance.timeOrigin + vc.nowMs) * 1000) as Micros
    for (const e of engines) {
      const labels = { ...e.target.labels, instance: e.target.instance, job: 'tokenline' }
      const parsed = parsePrometheusText(e.metrics.render(e.engine.stats()), {
        defaultTimeUs: timeUs,
        extraLabels: labels,
      })
      samples.push(...parsed.samples, { name: 'up', labels, timeUs, value: 1 })
    }
  }
  let k = 0
  let nextScrape = originMs
  for (;;) {
    const arrival = k < arrivals.length ? originMs + arrivals[k]!.atMs : Infinity
    const timerAt = vc.nextDueMs()
    if (arrival === Infinity && timerAt === Infinity) {
      break
    }
    if (nextScrape < Math.min(arrival, timerAt)) {
      vc.setNow(nextScrape)
      scrape()
      nextScrape += 1000
    } else if (arrival <= timerAt) {
      vc.setNow(arrival)
      const a = arrivals[k]!
      const e = routeOf(engines, k++)
      e.engine.submit({
        inputTokens: a.words,
        outputTokens: a.maxTokens,
        onToken: () => undefined,
        onFinish: (times) => {
          e.metrics.addTokens(a.words, a.maxTokens)
          e.metrics.requestFinished('length')
          e.spans.push(
            encodeSpan(
              buildEngineSpan({
                traceparent: undefined,
                requestId: `cmpl-${e.spans.length}`,
                model: 'mock-8b',
                maxTokens: a.maxTokens,
                promptTokens: a.words,
                completionTokens: a.maxTokens,
                temperature: null,
                times,
                aborted: false,
              })
            )
          )
        },
      })
    } else {
      vc.fireNext()
    }
  }
  vc.setNow(nextScrape)
  scrape()
  for (const e of engines) {
    e.engine.close()
  }

  const store = createMemoryStore()
  const sink = createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: () => Date.now(),
    sweepIntervalMs: 0,
  })
  for (const e of engines) {
    for (let i = 0; i < e.spans.length; i += 500) {
      const body = encodeTracesRequest([
        {
          attributes: [
            encodeStringAttribute('service.name', 'vllm'),
            encodeStringAttribute('service.instance.id', e.name),
          ],
          scopes: [{ name: 'vllm.llm_engine', spans: e.spans.slice(i, i + 500) }],
        },
      ])
      await sink.submitSpans(decodeTracesJson(body).spans)
    }
  }
  for (let i = 0; i < samples.length; i += 5000) {
    await sink.submitMetrics(samples.slice(i, i + 5000))
  }
  await sink.flush()
  const window = await loadTwinWindow(store, {
    fromUs: EPOCH_MS * 1000,
    toUs: (EPOCH_MS + endMs) * 1000,
  })
  await sink.close()
  await store.close()
  return window
}

export interface Phase {
  seed: number
  fit: TwinFit
  /** Fitted arrival rate (req/s). */
  rate: number
  p50: number
  p99: number
  /** Mean prompt and output tokens per request: the work a request brings, beside the count. */
  promptMean: number
  outputMean: number
}

export async function measured(
  seed: number,
  rate: number,
  replicas: number,
  seconds: number
): Promise<Phase | string> {
  const window: TwinWindow = await phase(seed, rate, seconds, replicas)
  const f = fitTwin(window)
  if (!f.ok) {
    return `client seed ${seed}: the twin refused the window: ${f.reasons.join('; ')}`
  }
  const own = observedPercentiles(f.fit).ttft
  return {
    seed,
    fit: f.fit,
    rate: f.fit.model.arrival.meanRatePerSec,
    p50: own.p50 ?? NaN,
    p99: own.p99 ?? NaN,
    promptMean: meanOf(f.fit.observed.promptTokens, f.fit.observed.n),
    outputMean: meanOf(f.fit.observed.outputTokens, f.fit.observed.n),
  }
}

export function meanOf(v: ArrayLike<number>, n: number): number {
  let sum = 0
  for (let i = 0; i < n; i++) {
    sum += v[i]!
  }
  return sum / n
}
