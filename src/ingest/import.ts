/**
 * `tokenline import`: reads files and folders of traces, metrics and events into an IngestSink.
 * Formats are told by content (detect-format.ts); gzip is undone transparently; line formats
 * (JSON Lines, Prometheus text) are streamed line by line so a file of a million requests never
 * sits in memory whole.
 */
import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { errorMessage, isAppError } from '../core/errors.js'
import { parseEventLine, parseEvents } from '../core/events/parse-events.js'
import { decodeMetrics, decodeMetricsJson } from '../core/otlp/decode-metrics.js'
import { decodeTracesJson } from '../core/otlp/decode-traces.js'
import { createPromLineParser } from '../core/prom/parse.js'
import { microsFromMillis } from '../core/model/units.js'
import {
  DETECT_HEAD_BYTES,
  accessLogFormatOf,
  detectFormat,
  isGzip,
  type InputFormat,
} from './detect-format.js'
import { importAccessLog } from './import-access-log.js'
import { decodeOtlpLine } from './decode-trace-lines.js'
import { createTraceLinesPool, type TraceLinesPool } from './import-decode-pool.js'
import { reject, type FileCtx, type FileImportSummary } from './import-file.js'
import { importProtobuf, importTraceLines } from './import-streams.js'
import { readLineBatches } from './read-lines.js'
import { ImportBatcher, type BatcherOptions, type ImportCounts } from './import-batcher.js'
import type { IngestSink } from './types.js'

export type { ImportCounts } from './import-batcher.js'
export type { FileImportSummary } from './import-file.js'

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

const LINE_FORMATS = new Set<InputFormat>([
  'otlp-traces-jsonl',
  'otlp-metrics-jsonl',
  'events-jsonl',
  'prometheus-text',
])

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

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) {
    chunks.push(c as Buffer)
  }
  return Buffer.concat(chunks)
}

async function importLines(
  ctx: FileCtx,
  content: Readable,
  format: InputFormat,
  defaultTimeMs: number
): Promise<void> {
  const { summary, batcher } = ctx
  const prom =
    format === 'prometheus-text'
      ? createPromLineParser({ defaultTimeUs: microsFromMillis(defaultTimeMs) })
      : null
  const drainProm = async (): Promise<void> => {
    if (!prom) {
      return
    }
    const { samples, rejected } = prom.take()
    for (const r of rejected) {
      reject(ctx, r.line, r.reason)
    }
    summary.read.samples += samples.length
    await batcher.addSamples(samples)
  }
  let streamError: unknown = null
  content.on('error', (err) => {
    streamError = err
  })
  if (format === 'otlp-traces-jsonl') {
    await importTraceLines(ctx, content)
    if (streamError) {
      throw streamError
    }
    return
  }
  let lineNo = 0
  for await (const lines of readLineBatches(content)) {
    for (const line of lines) {
      lineNo++
      if (prom) {
        prom.push(line, lineNo)
        if (lineNo % 2000 === 0) {
          await drainProm()
        }
        continue
      }
      if (line.trim() === '') {
        continue
      }
      if (format === 'events-jsonl') {
        const r = parseEventLine(line)
        if (typeof r === 'string') {
          reject(ctx, lineNo, r)
        } else if (r !== null) {
          summary.read.events++
          await batcher.addEvents([r])
        }
        continue
      }
      const { result, reasons } = decodeOtlpLine(line, decodeMetrics)
      for (const reason of reasons) {
        reject(ctx, lineNo, reason)
      }
      if (result !== null) {
        summary.read.samples += result.samples.length
        await batcher.addSamples(result.samples, result.families)
      }
    }
  }
  if (streamError) {
    throw streamError
  }
  if (prom) {
    await drainProm()
    await batcher.addSamples([], prom.families())
  }
}

async function importDocument(ctx: FileCtx, content: Readable, format: InputFormat): Promise<void> {
  const { summary, batcher } = ctx
  if (format === 'otlp-protobuf') {
    await importProtobuf(ctx, content)
    return
  }
  const bytes = await readAll(content)
  const text = bytes.toString('utf8')
  try {
    if (format === 'otlp-traces-json') {
      const r = decodeTracesJson(text)
      for (const x of r.rejected) {
        reject(ctx, null, `${x.path}: ${x.reason}`)
      }
      summary.read.spans += r.spans.length
      await batcher.addSpans(r.spans)
    } else if (format === 'otlp-metrics-json') {
      const r = decodeMetricsJson(text)
      for (const x of r.rejected) {
        reject(ctx, null, `${x.path}: ${x.reason}`)
      }
      summary.read.samples += r.samples.length
      await batcher.addSamples(r.samples, r.families)
    } else {
      const r = parseEvents(text)
      for (const x of r.rejected) {
        reject(ctx, x.line === 0 ? null : x.line, x.path ? `${x.path}: ${x.reason}` : x.reason)
      }
      summary.read.events += r.events.length
      await batcher.addEvents(r.events)
    }
  } catch (err) {
    if (!isAppError(err) || err.code !== 'OTLP_DECODE_FAILED') {
      throw err
    }
    summary.error = err.message
  }
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
    const logFormat = accessLogFormatOf(detected.format)
    if (logFormat !== null) {
      await importAccessLog(ctx, content, logFormat, accessLog)
    } else if (LINE_FORMATS.has(detected.format)) {
      await importLines(ctx, content, detected.format, source.mtimeMs)
    } else {
      await importDocument(ctx, content, detected.format)
    }
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
  notLlm = 0
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
  return { files, read, stored, rejected, requests, notLlm, durationMs }
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
  return summarize(files, requests, now() - started, notLlm)
}
