import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createRun, eventJsonLine, type ExpectedOutcome } from '../index.js'
import { OpenMetricsStore } from './openmetrics-store.js'

export interface SimulateToDirectoryOptions {
  scenario: string
  seed: number
  durationMs: number
  outDir: string
  onProgress?(fraction: number): void
  /** Epoch ms of the run's start (default: a fixed instant, for reproducible files). */
  startMs?: number
  ratePerSec?: number
  probeShare?: number
  /** Samples buffered before another metrics chunk file is started (bounds memory). */
  maxBufferedSamples?: number
}

export interface SimulationSummary {
  scenario: string
  seed: number
  outDir: string
  files: string[]
  requests: number
  metricSamples: number
  events: number
  expected: ExpectedOutcome
}

/** A write stream that respects backpressure. */
class Sink {
  private readonly stream: WriteStream
  constructor(path: string) {
    this.stream = createWriteStream(path)
  }
  async write(text: string): Promise<void> {
    if (!this.stream.write(text)) {
      await new Promise<void>((resolve) => this.stream.once('drain', resolve))
    }
  }
  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.stream.once('error', reject)
      this.stream.end(() => resolve())
    })
  }
}

async function drainStore(store: OpenMetricsStore, path: string): Promise<void> {
  const sink = new Sink(path)
  const parts: string[] = []
  store.drain((t) => parts.push(t))
  for (const p of parts) {
    await sink.write(p)
  }
  await sink.close()
}

/**
 * Runs a scenario and writes its telemetry into `outDir`: `traces.jsonl` (one OTLP/JSON
 * ExportTraceServiceRequest per line), `metrics.om` (OpenMetrics with timestamps; long runs add
 * `metrics-2.om`, … chunks), `events.jsonl`, `events-k8s.json` (the same events as a Kubernetes
 * event list) and `expected.json` (the injected causes). Same seed, same bytes.
 */
export async function simulateToDirectory(
  options: SimulateToDirectoryOptions
): Promise<SimulationSummary> {
  const run = createRun({
    scenario: options.scenario,
    seed: options.seed,
    durationMs: options.durationMs,
    ...(options.startMs === undefined ? {} : { startMs: options.startMs }),
    ...(options.ratePerSec === undefined ? {} : { ratePerSec: options.ratePerSec }),
    ...(options.probeShare === undefined ? {} : { probeShare: options.probeShare }),
  })
  await mkdir(options.outDir, { recursive: true })
  const files = ['traces.jsonl', 'metrics.om', 'events.jsonl', 'events-k8s.json', 'expected.json']
  const traces = new Sink(join(options.outDir, 'traces.jsonl'))
  const events = new Sink(join(options.outDir, 'events.jsonl'))
  const store = new OpenMetricsStore(run.families, options.maxBufferedSamples)
  const k8s: Record<string, unknown>[] = []
  let requests = 0
  let metricSamples = 0
  let chunk = 1
  let lastReported = -1
  for (const out of run.outputs()) {
    if (out.kind === 'requests') {
      requests += out.requests.length
      await traces.write(run.tracesJson(out.requests) + '\n')
    } else if (out.kind === 'metrics') {
      metricSamples += out.samples.length
      store.add(out.samples)
      if (store.size >= store.maxSamples) {
        await drainStore(
          store,
          join(options.outDir, chunk === 1 ? 'metrics.om' : `metrics-${chunk}.om`)
        )
        chunk++
        files.push(`metrics-${chunk}.om`)
      }
    } else {
      await events.write(eventJsonLine(out.event) + '\n')
      k8s.push(out.k8s)
    }
    if (options.onProgress !== undefined) {
      const f = Math.min(1, Math.max(0, (out.timeUs - run.epochUs) / run.durationUs))
      if (f - lastReported >= 0.005) {
        lastReported = f
        options.onProgress(f)
      }
    }
  }
  if (store.size > 0 || chunk === 1) {
    await drainStore(
      store,
      join(options.outDir, chunk === 1 ? 'metrics.om' : `metrics-${chunk}.om`)
    )
  } else {
    files.pop()
  }
  await traces.close()
  await events.close()
  await writeFile(
    join(options.outDir, 'events-k8s.json'),
    JSON.stringify(
      { apiVersion: 'v1', kind: 'List', items: k8s, metadata: { resourceVersion: '' } },
      null,
      2
    ) + '\n'
  )
  await writeFile(
    join(options.outDir, 'expected.json'),
    JSON.stringify(run.expected, null, 2) + '\n'
  )
  options.onProgress?.(1)
  return {
    scenario: run.info.name,
    seed: options.seed,
    outDir: options.outDir,
    files,
    requests,
    metricSamples,
    events: k8s.length,
    expected: run.expected,
  }
}
