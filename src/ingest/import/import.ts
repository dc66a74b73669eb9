/**
 * `tokenline import`: reads files and folders of traces, metrics and events into an IngestSink.
 * Formats are told by content (detect-format.ts) and read by the reader readers.ts maps each
 * format to; gzip is undone transparently.
 */
import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { errorMessage, isAppError } from '../../core/errors.js'
import { DETECT_HEAD_BYTES, detectFormat, isGzip, type InputFormat } from './detect-format.js'
import { createTraceLinesPool, type TraceLinesPool } from './decode-pool.js'
import type { FileCtx, FileImportSummary } from './file.js'
import { readerFor } from './readers.js'
import { ImportBatcher, type BatcherOptions, type ImportCounts } from './batcher.js'
import type { IngestSink } from '../pipeline/types.js'
import type { MetricSample } from '../../core/model/metric.js'

export type { ImportCounts } from './batcher.js'
export type { FileImportSummary } from './file.js'

export interface ImportSummary {
  files: FileImportSummary[]
  read: ImportCounts
  stored: ImportCounts
  rejected: number
  /** Requests the sink assembled while the import ran (after its final flush). */
  requests: number
  /**
   * Traces (and access-log lines) that were no LLM call: health checks, model listings, metric
   * scrapes, other routes (ADR 0025). Stored apart, never counted as requests.
   */
  notLlm: number
  /**
   * Spans that were second copies of a span already stored (same trace and span id, ADR 0027):
   * stored once, so `stored.spans` leaves them out; the files' own rows count what each handed on.
   */
  duplicateSpans: number
  durationMs: number
}

export interface ImportOptions extends BatcherOptions {
  /** Called as bytes are read (raw, compressed bytes; totals over every file). */
  onProgress?(doneBytes: number, totalBytes: number, file: string): void
  /** Rejects listed per file in the summary (all are counted). Default 20. */
  maxRejectsListed?: number
  /** Epoch ms clock for `durationMs` and for uploads without an mtime. */
  now?: () => number
  /**
   * Prometheus samples without a timestamp go here, per file, instead of into the sink at the
   * file's modification time: the caller places them once all timed data is read (ADR 0383).
   */
  holdUntimed?: (file: string, samples: readonly MetricSample[]) => void
  /**
   * Worker threads that parse and decode OTLP/JSON Lines of traces (default 0: the reader
   * decodes them itself, faster on the hosts measured; docs/adr/0104).
   */
  decodeWorkers?: number
  /** The nginx `log_format` string nginx access logs were written with (docs/proxies.md). */
  nginxLogFormat?: string
}

/** Something to import: a file on disk or an uploaded body. */
export interface ImportSource {
  name: string
  bytes: number
  /** Default time of Prometheus samples without a timestamp (a file's mtime). */
  mtimeMs: number
  open(): Readable
}

/** An in-memory file (uploads, tests): the same reader as a file on disk. */
export function bytesSource(name: string, bytes: Uint8Array, mtimeMs: number): ImportSource {
  return {
    name,
    bytes: bytes.length,
    mtimeMs,
    open: () => Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)]),
  }
}

function zero(): ImportCounts {
  return { spans: 0, samples: 0, events: 0 }
}

/** Lists the files under the given paths (folders recursively, dot-files skipped), sorted. */
/** The summary of a path `collectSources` found nothing at. */
export function missingSourceSummary(path: string): FileImportSummary {
  return {
    file: path,
    format: 'unknown',
    gzip: false,
    bytes: 0,
    read: zero(),
    stored: zero(),
    rejected: 0,
    rejects: [],
    error: 'no such file or folder',
  }
}

export async function collectSources(paths: readonly string[]): Promise<(ImportSource | string)[]> {
  const out: (ImportSource | string)[] = []
  const visit = async (p: string): Promise<void> => {
    let st
    try {
      st = await stat(p)
    } catch {
      out.push(p)
      return
    }
    if (st.isDirectory()) {
      const entries = (await readdir(p)).filter((e) => !e.startsWith('.')).sort()
      for (const e of entries) {
        await visit(join(p, e))
      }
    } else if (st.isFile()) {
      const path = p
      out.push({
        name: path,
        bytes: st.size,
        mtimeMs: st.mtimeMs,
        open: () => createReadStream(path, { highWaterMark: 256 * 1024 }),
      })
    }
  }
  for (const p of paths) {
    await visit(resolve(p))
  }
  return out
}

async function readHead(
  source: ImportSource
): Promise<{ head: Buffer; complete: boolean; gzip: boolean }> {
  const take = async (stream: Readable): Promise<{ head: Buffer; complete: boolean }> => {
    const chunks: Buffer[] = []
    let n = 0
    let complete = true
    for await (const c of stream) {
      const b = c as Buffer
      chunks.push(b)
      n += b.length
      if (n > DETECT_HEAD_BYTES) {
        complete = false
        break
      }
    }
    stream.destroy()
    return { head: Buffer.concat(chunks).subarray(0, DETECT_HEAD_BYTES), complete }
  }
  const raw = await take(source.open())
  if (!isGzip(raw.head)) {
    return { ...raw, gzip: false }
  }
  const file = source.open()
  const gunzip = file.pipe(createGunzip())
  try {
    const inner = await take(gunzip)
    return { ...inner, gzip: true }
  } finally {
    file.destroy()
  }
}

/** The format `importSource` would read `source` as, from its head (decompressed). */
export async function sourceFormat(
  source: ImportSource,
  accessLog: { nginxLogFormat?: string } = {}
): Promise<InputFormat> {
  const head = await readHead(source)
  return detectFormat(head.head, head.complete, accessLog).format
}

/** Opens the source decompressed, reporting raw bytes read to `progress`. */
function openContent(source: ImportSource, gzip: boolean, progress: (n: number) => void): Readable {
  const raw = source.open()
  raw.on('data', (c: Buffer) => progress(c.length))
  if (!gzip) {
    return raw
  }
  const gunzip = createGunzip()
  raw.on('error', (err) => gunzip.destroy(err))
  return raw.pipe(gunzip)
}

/**
 * Imports one source (file or upload) into the sink; the caller flushes the sink afterwards.
 * Never throws for bad input (that goes into the summary); rethrows sink failures.
 */
export async function importSource(
  source: ImportSource,
  sink: IngestSink,
  options: ImportOptions & { progress?: (n: number) => void; pool?: TraceLinesPool | null } = {}
): Promise<FileImportSummary> {
  const summary: FileImportSummary = {
    file: source.name,
    format: 'unknown',
    gzip: false,
    bytes: source.bytes,
    read: zero(),
    stored: zero(),
    rejected: 0,
    rejects: [],
    error: null,
  }
  const batcher = new ImportBatcher(sink, options)
  const ctx: FileCtx = {
    summary,
    batcher,
    maxRejects: options.maxRejectsListed ?? 20,
    pool: options.pool ?? null,
  }
  try {
    const head = await readHead(source)
    summary.gzip = head.gzip
    const accessLog = { nginxLogFormat: options.nginxLogFormat }
    const detected = detectFormat(head.head, head.complete, accessLog)
    summary.format = detected.format
    if (detected.format === 'unknown') {
      summary.error = `format not recognised: ${detected.reason}`
      options.progress?.(source.bytes)
      return summary
    }
    const content = openContent(source, head.gzip, options.progress ?? (() => {}))
    const hold = options.holdUntimed
    await readerFor(detected.format)(ctx, content, {
      mtimeMs: source.mtimeMs,
      accessLog,
      ...(hold === undefined ? {} : { holdUntimed: (s) => hold(source.name, s) }),
    })
    await batcher.flush()
  } catch (err) {
    // I/O and gzip failures (Node system errors carry a string `code`) end this file only;
    // sink failures (AppError) and bugs end the import.
    const code = (err as { code?: unknown } | null)?.code
    if (isAppError(err) || typeof code !== 'string') {
      throw err
    }
    summary.error = `could not read the file: ${errorMessage(err)}`
  } finally {
    summary.stored = { ...batcher.stored }
  }
  return summary
}

/** Adds up per-file counts into an import summary. */
export function summarize(
  files: FileImportSummary[],
  requests: number,
  durationMs: number,
  notLlm = 0,
  duplicateSpans = 0
): ImportSummary {
  const read = zero()
  const stored = zero()
  let rejected = 0
  for (const f of files) {
    for (const k of ['spans', 'samples', 'events'] as const) {
      read[k] += f.read[k]
      stored[k] += f.stored[k]
    }
    rejected += f.rejected
  }
  // Real producers send some spans twice (vLLM's API server spans on the recorded stack: 2,363
  // of 5,726); the store keeps one, and "stored" said 5,726.
  stored.spans = Math.max(0, stored.spans - duplicateSpans)
  return { files, read, stored, rejected, requests, notLlm, duplicateSpans, durationMs }
}

/**
 * Imports files and folders (recursively) into `sink`, format by content, gzip transparently,
 * line formats streamed, items submitted in batches with backpressure; flushes the sink at the
 * end so every trace is assembled. Prometheus samples without a timestamp get the file's mtime.
 */
export async function importPaths(
  paths: readonly string[],
  sink: IngestSink,
  options: ImportOptions = {}
): Promise<ImportSummary> {
  const now = options.now ?? Date.now
  const started = now()
  const requestsBefore = sink.counters().requestsAssembled
  const notLlmBefore = sink.counters().tracesNotLlm
  const duplicatesBefore = sink.counters().spansDuplicate
  const sources = await collectSources(paths)
  const totalBytes = sources.reduce((n, s) => n + (typeof s === 'string' ? 0 : s.bytes), 0)
  let doneBytes = 0
  const files: FileImportSummary[] = []
  const workers = options.decodeWorkers ?? 0
  const pool = workers > 0 ? createTraceLinesPool(workers) : null
  try {
    for (const source of sources) {
      if (typeof source === 'string') {
        files.push(missingSourceSummary(source))
        continue
      }
      const base = doneBytes
      let fileBytes = 0
      const progress = (n: number): void => {
        fileBytes = Math.min(source.bytes, fileBytes + n)
        options.onProgress?.(base + fileBytes, totalBytes, source.name)
      }
      files.push(await importSource(source, sink, { ...options, progress, pool }))
      doneBytes = base + source.bytes
      options.onProgress?.(doneBytes, totalBytes, source.name)
    }
  } finally {
    await pool?.close()
  }
  await sink.flush()
  const requests = sink.counters().requestsAssembled - requestsBefore
  const notLlm = sink.counters().tracesNotLlm - notLlmBefore
  const duplicates = sink.counters().spansDuplicate - duplicatesBefore
  return summarize(files, requests, now() - started, notLlm, duplicates)
}
