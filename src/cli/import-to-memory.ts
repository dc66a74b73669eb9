import { AppError } from '../core/errors.js'
import { createSilentLogger } from '../core/logger.js'
import type { ImportReject } from '../ingest/import/file.js'
import type { MetricSample } from '../core/model/metric.js'
import { importPaths } from '../ingest/import/import.js'
import { holdInto, placeUntimed, trackTimedExtent } from '../ingest/import/untimed.js'
import { createIngestPipeline, type IngestPipeline } from '../ingest/pipeline/pipeline.js'
import { createMemoryStore } from '../storage/memory/memory-store.js'
import type { SpanStore } from '../storage/span-store.js'

/**
 * The ingest pipeline in front of `store` (a new in-memory one by default) as a command that
 * works on files writes through it: no logging, the wall clock, no sweep timer (the caller
 * flushes and closes it).
 */
export function memoryIngest(store: SpanStore = createMemoryStore()): {
  store: SpanStore
  sink: IngestPipeline
} {
  const sink = createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: Date.now,
    sweepIntervalMs: 0,
  })
  return { store, sink }
}

/**
 * Imports files and folders into a new in-memory store, for commands that work on files without
 * a database (`diagnose PATH…`, `alerts test PATH…`). Names each unreadable file on stderr.
 * The caller closes the store.
 */
export async function importIntoMemoryStore(
  paths: readonly string[]
): Promise<{ store: SpanStore; files: number; readable: number }> {
  const { store, sink } = memoryIngest()
  try {
    // Scrapes without timestamps are placed within the span of the timed data read with them,
    // as `tokenline import` places them in a database (ADR 0383, 0391).
    const held = new Map<string, MetricSample[]>()
    const timed = trackTimedExtent(sink)
    const summary = await importPaths([...paths], timed.sink, { holdUntimed: holdInto(held) })
    summary.stored.samples += await placeUntimed(sink, summary.files, held, timed.extent())
    const unreadable = summary.files.filter((f) => f.error !== null)
    for (const line of [
      ...skippedLines(unreadable),
      ...rejectedLines(summary.files),
      ...untimedLines(summary.files),
    ]) {
      process.stderr.write(`tokenline: ${line}\n`)
    }
    await sink.flush()
    const read = summary.read.spans + summary.read.samples + summary.read.events
    return {
      store,
      files: summary.files.length,
      // A file whose every line was rejected (spans ending before they start, ids that are not
      // hex) read nothing, as `tokenline import` counts it: the command must not go on to
      // report an empty window as if the data held no requests.
      readable: read === 0 ? 0 : summary.files.length - unreadable.length,
    }
  } finally {
    await sink.close()
  }
}

/** Files in a format not recognised beyond this many are named on one line, not one line each. */
const UNRECOGNISED_NAMED = 3

/**
 * One line per file that failed to read; files merely in a format not recognised (a folder's
 * README, a capture's sidecar files) are gathered on one line when there are more than a few, so
 * that they do not bury a real decode error.
 */
export function skippedLines(
  unreadable: readonly { file: string; error: string | null }[]
): string[] {
  const prefix = 'format not recognised: '
  const other = unreadable.filter((f) => !(f.error ?? '').startsWith(prefix))
  const unknown = unreadable.filter((f) => (f.error ?? '').startsWith(prefix))
  const lines = other.map((f) => `skipped ${f.file}: ${f.error}`)
  if (unknown.length <= UNRECOGNISED_NAMED) {
    return [...unknown.map((f) => `skipped ${f.file}: ${f.error}`), ...lines]
  }
  const named = unknown.slice(0, UNRECOGNISED_NAMED).map((f) => f.file)
  const reasons = [...new Set(unknown.map((f) => (f.error ?? '').slice(prefix.length)))]
  return [
    `skipped ${unknown.length} files in a format not recognised: ${named.join(', ')} and ${unknown.length - named.length} more (${reasons.join('; ')})`,
    ...lines,
  ]
}

/**
 * One line per file with rejected lines or items, naming the first reason: without it a file
 * mode command would drop them unseen and its figures would stand on less than the user gave.
 */
export function rejectedLines(
  files: readonly { file: string; rejected: number; rejects: readonly ImportReject[] }[]
): string[] {
  return files.flatMap((f) => {
    const first = f.rejects[0]
    if (f.rejected === 0 || first === undefined) {
      return []
    }
    const where = first.line === null ? '' : ` (line ${first.line})`
    return [
      `${f.file}: ${f.rejected.toLocaleString('en-US')} rejected, first${where}: ${first.reason}`,
    ]
  })
}

/**
 * A note per Prometheus file whose samples had no timestamp: where they were placed, and when
 * that is not the file's modification time, why.
 */
export function untimedLines(
  files: readonly {
    file: string
    untimedSamples?: { count: number; atMs: number; mtimeMs?: number }
  }[]
): string[] {
  return files.flatMap((f) => {
    const u = f.untimedSamples
    if (u === undefined) {
      return []
    }
    const head = `${f.file}: ${u.count.toLocaleString('en-US')} samples have no timestamp; `
    const at = new Date(u.atMs).toISOString()
    if (u.mtimeMs === undefined || u.mtimeMs === u.atMs) {
      return [`${head}they are placed at the file's modification time, ${at}`]
    }
    const side = u.mtimeMs > u.atMs ? 'end' : 'start'
    return [
      `${head}they are placed at the ${side} of the timed data, ${at}, not at the file's ` +
        `modification time, ${new Date(u.mtimeMs).toISOString()}: a reading without a time does not widen the window`,
    ]
  })
}

/**
 * Reads `paths` into a temporary in-memory store, runs `work` on it and closes it: the file mode
 * of `diagnose`, `whatif` and `compare`. Nothing readable among the paths is bad input (exit 2).
 */
export async function withImportedStore<T>(
  paths: readonly string[],
  work: (store: SpanStore) => Promise<T>
): Promise<T> {
  const { store, files, readable } = await importIntoMemoryStore(paths)
  try {
    if (files === 0 || readable === 0) {
      throw new AppError(
        'INPUT_INVALID',
        `expected readable trace, metric or event files (actual: nothing readable in ${paths.join(', ')})`
      )
    }
    return await work(store)
  } finally {
    await store.close()
  }
}
