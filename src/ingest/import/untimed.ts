/**
 * Prometheus samples saved without a timestamp (ADR 0383, 0391, 0400): held while an import reads
 * its files, then placed within the span of the timed data read with them.
 */
import type { MetricSample } from '../../core/model/metric.js'
import { microsFromMillis, millisFromMicros, type Micros } from '../../core/model/units.js'
import type { IngestSink } from '../pipeline/types.js'
import { zeroIngestCounters } from '../pipeline/counters.js'
import type { FileImportSummary } from './file.js'
import { importSource, type ImportOptions, type ImportSource } from './import.js'

/** The earliest and latest time among spans, timed samples and events. */
export interface TimedExtent {
  startUs: number
  endUs: number
}

/** An `ImportOptions.holdUntimed` that gathers each file's samples without a timestamp. */
export function holdInto(
  held: Map<string, MetricSample[]>
): (file: string, samples: readonly MetricSample[]) => void {
  return (file, samples) => {
    const list = held.get(file) ?? held.set(file, []).get(file)!
    list.push(...samples)
  }
}

/**
 * Stores the held samples without a timestamp (ADR 0383, 0391). A scrape saved without timestamps
 * is one reading at an unknown time; the file's modification time is a guess (a copy gets a new
 * one) and must not stretch the window the timed data read with it spans (`extent`): placed
 * within that span it stays, else it moves to the nearest edge of the span. With no timed data
 * the modification time is all there is. Counts them in each file's `stored` and returns how many
 * were stored, for the caller's totals.
 */
export async function placeUntimed(
  sink: Pick<IngestSink, 'submitMetrics'>,
  files: readonly FileImportSummary[],
  held: ReadonlyMap<string, readonly MetricSample[]>,
  extent: TimedExtent | null
): Promise<number> {
  let placed = 0
  for (const f of files) {
    const samples = held.get(f.file)
    if (samples === undefined || samples.length === 0 || f.untimedSamples === undefined) {
      continue
    }
    const mtimeUs = microsFromMillis(f.untimedSamples.atMs)
    const atUs =
      extent === null ? mtimeUs : Math.min(Math.max(mtimeUs, extent.startUs), extent.endUs)
    if (atUs !== mtimeUs) {
      f.untimedSamples.atMs = millisFromMicros(atUs as Micros)
    }
    await sink.submitMetrics(samples.map((s) => ({ ...s, timeUs: atUs as Micros })))
    f.stored.samples += samples.length
    placed += samples.length
  }
  return placed
}

/**
 * `sink` passing everything on, and the span of the timed data that went through it (span starts
 * and ends, sample and event times): in a database that holds other data, the span of what one
 * import read, beside which its scrapes without timestamps were saved (ADR 0391).
 */
export function trackTimedExtent(sink: IngestSink): {
  sink: IngestSink
  extent: () => TimedExtent | null
} {
  let startUs = Infinity
  let endUs = -Infinity
  const note = (fromUs: number, toUs: number): void => {
    startUs = Math.min(startUs, fromUs)
    endUs = Math.max(endUs, toUs)
  }
  const tracked: IngestSink = {
    submitSpans(spans, options) {
      for (const s of spans) {
        note(s.startUs, s.endUs)
      }
      return sink.submitSpans(spans, options)
    },
    submitMetrics(samples, families) {
      for (const s of samples) {
        note(s.timeUs, s.timeUs)
      }
      return sink.submitMetrics(samples, families)
    },
    submitEvents(events) {
      for (const e of events) {
        note(e.timeUs, e.timeUs)
      }
      return sink.submitEvents(events)
    },
    flush: () => sink.flush(),
    counters: () => sink.counters(),
    close: () => sink.close(),
    ...(sink.admit === undefined ? {} : { admit: (bytes: number) => sink.admit!(bytes) }),
    ...(sink.notLlmSources === undefined ? {} : { notLlmSources: () => sink.notLlmSources!() }),
  }
  return {
    sink: tracked,
    extent: () => (startUs <= endUs ? { startUs, endUs } : null),
  }
}

/** The span of both; `null` only when neither is known. */
export function unionExtent(a: TimedExtent | null, b: TimedExtent | null): TimedExtent | null {
  if (a === null || b === null) {
    return a ?? b
  }
  return { startUs: Math.min(a.startUs, b.startUs), endUs: Math.max(a.endUs, b.endUs) }
}

/**
 * The span of the timed data in `source`, read without storing anything: for a client that sends
 * its files to a server one request each and must tell the server, with the scrape without
 * timestamps, where the timed data of the same import lies (ADR 0400).
 */
export async function timedExtentOf(
  source: ImportSource,
  options: Pick<ImportOptions, 'nginxLogFormat'> = {}
): Promise<TimedExtent | null> {
  const discard: IngestSink = {
    submitSpans: async () => {},
    submitMetrics: async () => {},
    submitEvents: async () => {},
    flush: async () => {},
    close: async () => {},
    counters: zeroIngestCounters,
  }
  const timed = trackTimedExtent(discard)
  await importSource(source, timed.sink, { ...options, holdUntimed: () => {} })
  return timed.extent()
}
