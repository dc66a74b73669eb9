/**
 * The twin on the recorded real stack (two real CPU vLLM replicas behind Caddy and a gateway, a
 * closed loop of 4 clients, 521 requests; test/fixtures/real-stack-traces/SOURCE.md), read
 * through the real path: the raw OTLP bodies and the scheduler gauges' scrapes, imported, stored
 * and loaded as `whatif` loads a window.
 *
 * - vLLM's V1 engine stamps a request's queue entry when its busy loop drains the input queue,
 *   between steps: 311 of the requests reached a replica while it ran steps and queued 0.014 ms
 *   at the median. The twin replays the window on that clock (ADR 0468), where it counted the
 *   wait for the step in flight a second time (replayed queue P99 60 ms against 0.11 observed).
 * - The fit is still refused, and the refusal says why in words (ADR 0467): the step law
 *   explains a few per cent of how the replicas' pace varies.
 * - The closed loop's clients send only while the window's did (ADR 0469): the window starts
 *   with 66 s of scrapes before the load, and a loop run from its start drew 758 requests, not 521.
 *   Each job's minute is drawn by the requests the minute held: drawn uniformly over the window's
 *   minutes, the empty first minute's draws went to the load's first.
 * - A loop that pauses is run only in the stretches its clients sent in (ADR 0476): the recording
 *   cut in two at its middle request and the second half's spans and scrapes moved ten minutes
 *   later read as an open loop, whose per-minute rate its neighbours smeared into the pause.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importPaths } from '../../src/ingest/import/import.js'
import { memoryIngest } from '../../src/cli/import-to-memory.js'
import type { IngestPipeline } from '../../src/ingest/pipeline/pipeline.js'
import type { Span } from '../../src/core/model/span.js'
import type { MetricSample } from '../../src/core/model/metric.js'
import { asMicros } from '../../src/core/model/units.js'
import { loadTwinWindow, type TwinWindow } from '../../src/sim/twin/load.js'
import { checkFit } from '../../src/sim/twin/whatif.js'
import { applyChanges } from '../../src/sim/twin/changes.js'
import { closedLoopSpan, ownSampleOf, runDetailed } from '../../src/sim/twin/predict.js'

const FIX = join(import.meta.dirname, '../fixtures')

const traces = join(FIX, 'real-stack-traces/traces')
const metrics = join(FIX, 'real-stack-metrics')
const PATHS = [
  ...readdirSync(traces)
    .sort()
    .map((f) => join(traces, f)),
  ...readdirSync(metrics)
    .filter((f) => f.endsWith('.om'))
    .map((f) => join(metrics, f)),
]

/** The pipeline with each span moved by its trace's shift and each sample by its own. */
function shifted(
  sink: IngestPipeline,
  traceShiftUs: (traceId: string, startUs: number) => number,
  sampleShiftUs: (timeUs: number) => number
): IngestPipeline {
  const submitSpans: IngestPipeline['submitSpans'] = (spans, options) =>
    sink.submitSpans(
      spans.map((s): Span => {
        const d = traceShiftUs(s.traceId, s.startUs)
        return d === 0
          ? s
          : {
              ...s,
              startUs: asMicros(s.startUs + d),
              endUs: asMicros(s.endUs + d),
              events: s.events.map((e) => ({ ...e, timeUs: asMicros(e.timeUs + d) })),
            }
      }),
      options
    )
  const submitMetrics: IngestPipeline['submitMetrics'] = (samples, families) =>
    sink.submitMetrics(
      samples.map((m): MetricSample => ({
        ...m,
        timeUs: asMicros(m.timeUs + sampleShiftUs(m.timeUs)),
      })),
      families
    )
  return new Proxy(sink, {
    get(target, key, receiver) {
      if (key === 'submitSpans') {
        return submitSpans
      }
      if (key === 'submitMetrics') {
        return submitMetrics
      }
      const value: unknown = Reflect.get(target, key, receiver)
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value
    },
  })
}

/**
 * The recorded real stack; with `gapUs`, cut at its middle request and re-joined with the second
 * half's traces (by their first span) and scrapes moved `gapUs` later.
 */
async function realStack(gapUs = 0): Promise<TwinWindow & { cutUs: number }> {
  const firstUs = new Map<string, number>()
  if (gapUs > 0) {
    const { sink } = memoryIngest()
    const reading = shifted(
      sink,
      (traceId, startUs) => {
        firstUs.set(traceId, Math.min(firstUs.get(traceId) ?? Infinity, startUs))
        return 0
      },
      () => 0
    )
    await importPaths(PATHS, reading)
    await sink.close()
  }
  const starts = [...firstUs.values()].sort((a, b) => a - b)
  const cutUs = gapUs > 0 ? starts[Math.floor(starts.length / 2)]! : Infinity
  const { store, sink: pipeline } = memoryIngest()
  const sink =
    gapUs > 0
      ? shifted(
          pipeline,
          (traceId) => (firstUs.get(traceId)! >= cutUs ? gapUs : 0),
          (timeUs) => (timeUs >= cutUs ? gapUs : 0)
        )
      : pipeline
  const summary = await importPaths(PATHS, sink)
  await sink.close()
  expect(summary.files.every((f) => f.error === null)).toBe(true)
  const extent = (await store.extent())!
  const w = await loadTwinWindow(store, { fromUs: extent.startUs, toUs: extent.endUs + 1 })
  await store.close()
  return { ...w, cutUs }
}

describe('whatif on the recorded real stack', () => {
  it('reads the queue clock vLLM stamps, and replays the queue the engines recorded', async () => {
    const w = await realStack()
    expect(w.requests.n).toBe(521)
    const { report, fit } = checkFit(w, 3, 1)
    const clock = fit!.model.queueClock
    expect(clock.value).toBe('step')
    expect(clock.busyArrivals).toBeGreaterThan(200)
    expect(clock.busyQueueP50Ms!).toBeLessThan(0.1)
    // Observed 0.017 / 0.109 ms: the engines never queued. The twin waited out its own step in
    // flight on top of the time before the engine that already holds it: 5.7 / 60 ms.
    expect(report.replay!.queue.p50.replayed.value!).toBeLessThan(1)
    expect(report.replay!.queue.p99.replayed.value!).toBeLessThan(1)
    // The refusal stands, and says what the data lacks.
    expect(report.ok).toBe(false)
    expect(report.reasons.some((r) => r.includes('step time does not follow'))).toBe(true)
  }, 120_000)

  it("runs the closed loop only while the window's clients sent", async () => {
    const w = await realStack()
    const { fit } = checkFit(w, 2, 1)
    expect(fit!.model.arrival.process).toBe('closed')
    // The window starts with 66 s of scrapes before the load and ends with an idle tail.
    const span = closedLoopSpan(fit!)
    const windowUs = fit!.model.window.toUs - fit!.model.window.fromUs
    expect(span.fromUs).toBeGreaterThan(60e6)
    expect(span.toUs).toBeLessThan(windowUs - 10e6)
    const same = applyChanges(fit!, {})
    if (!same.ok) {
      throw new Error(same.reasons.join('; '))
    }
    // Clients run from the window's start drew 758 requests where the window had 521.
    for (const seed of [1, 2, 3]) {
      const { res } = runDetailed(fit!, same.cluster, same.plan, seed)
      expect(Math.abs(res.ran - 521) / 521).toBeLessThan(0.1)
      let firstArrival = Infinity
      for (let k = 0; k < res.ran; k++) {
        firstArrival = Math.min(firstArrival, res.arriveUs[k]!)
      }
      expect(firstArrival).toBeGreaterThanOrEqual(span.fromUs)
    }
  }, 120_000)

  it("draws the loop's requests from each minute as often as the window held them", async () => {
    const w = await realStack()
    const { fit } = checkFit(w, 2, 1)
    const same = applyChanges(fit!, {})
    if (!same.ok) {
      throw new Error(same.reasons.join('; '))
    }
    const bins = ownSampleOf(fit!).bins
    // The first minute holds only scrapes; the load's first minute is the next.
    expect(bins[0]!.length).toBe(0)
    const first = bins.findIndex((b) => b.length > 0)
    const rowShare = bins[first]!.length / bins.reduce((a, b) => a + b.length, 0)
    const inFirst = new Set(bins[first])
    let drawn = 0
    let fromFirst = 0
    for (const seed of [1, 2, 3]) {
      const { source } = runDetailed(fit!, same.cluster, same.plan, seed)
      for (const i of source) {
        drawn++
        fromFirst += inFirst.has(i) ? 1 : 0
      }
    }
    // Drawn uniformly over the window's minutes, the empty one's draws went to the load's first
    // minute (its warm-up): about twice its share of the requests.
    expect(Math.abs(fromFirst / drawn - rowShare)).toBeLessThan(0.05)
  }, 120_000)

  it('sends nothing while the recording, cut and re-joined ten minutes apart, paused', async () => {
    const gapUs = 600e6
    const w = await realStack(gapUs)
    expect(w.requests.n).toBe(521)
    const { fit } = checkFit(w, 2, 1)
    const a = fit!.model.arrival
    const same = applyChanges(fit!, {})
    if (!same.ok) {
      throw new Error(same.reasons.join('; '))
    }
    // The pause: from the last request sent before the cut to the first after it, on the
    // window's clock.
    let lastBefore = -Infinity
    let firstAfter = Infinity
    for (let i = 0; i < w.requests.n; i++) {
      const at = w.requests.queuedUs[i]!
      if (at < w.cutUs) {
        lastBefore = Math.max(lastBefore, at)
      } else {
        firstAfter = Math.min(firstAfter, at)
      }
    }
    expect(firstAfter - lastBefore).toBeGreaterThan(gapUs)
    for (const seed of [1, 2, 3]) {
      const { res } = runDetailed(fit!, same.cluster, same.plan, seed)
      expect(Math.abs(res.ran - 521) / 521).toBeLessThan(0.1)
      let inPause = 0
      for (let k = 0; k < res.ran; k++) {
        const at = res.arriveUs[k]! + fit!.model.window.fromUs
        inPause += at > lastBefore && at < firstAfter ? 1 : 0
      }
      // Read as an open loop, its rate per minute smeared into the pause: 44–57 requests there.
      expect(inPause).toBe(0)
    }
    // The loop of 4 clients around the pause, and its think time as without it (186 ms).
    expect(a.process).toBe('closed')
    expect(a.stretches?.map((s) => s.users)).toEqual([4, 4])
    expect(Math.abs(a.thinkUs! - 186e3) / 186e3).toBeLessThan(0.1)
  }, 120_000)
})
