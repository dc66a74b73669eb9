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
import { isAppError } from '../core/errors.js'
import { parseEventLine, parseEvents } from '../core/events/parse-events.js'
import {
  decodeMetrics,
  decodeMetricsJson,
  type DecodeMetricsResult,
} from '../core/otlp/decode-metrics.js'
import { decodeTracesJson, type DecodeTracesResult } from '../core/otlp/decode-traces.js'
import { createPromLineParser } from '../core/prom/parse.js'
import { microsFromMillis } from '../core/model/units.js'
import { DETECT_HEAD_BYTES, detectFormat, isGzip, type InputFormat } from './detect-format.js'
import {
  decodeProtobufAs,
  decodeProtobufFile,
  decodeProtobufMessage,
  readProtobufFrames,
  type ProtobufFile,
} from './import-protobuf.js'
import { decodeTraceLines, type DecodedTraceLines } from './decode-trace-lines.js'
import { createTraceLinesPool, type TraceLinesPool } from './import-decode-pool.js'
import { linesOfBytes, readLineBatches, readLineSegments } from './read-lines.js'
import { ImportBatcher, type BatcherOptions, type ImportCounts } from './import-batcher.js'
import type { IngestSink } from './types.js'

export type { ImportCounts } from './import-batcher.js'

/** One rejected line or item, named by file and line (line `null` for whole-document formats). */
export interface ImportReject {
  file: string
  line: number | null
  reason: string
}

export interface FileImportSummary {
  file: string
  format: InputFormat
  gzip: boolean
  bytes: number
  /** Items decoded from the file. */
  read: ImportCounts
  /** Items the sink acknowledged. */
  stored: ImportCounts
  /** Lines or items rejected (all of them; `rejects` lists the first few). */
  rejected: number
  rejects: ImportReject[]
  /** Why the file was skipped or stopped (unknown format, unreadable), else `null`. */
  error: string | null
}

export interface ImportSummary {
  files: FileImportSummary[]
  read: ImportCounts
  stored: ImportCounts
  rejected: number
  /** Requests the sink assembled while the import ran (after its final flush). */
  requests: number
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
   * decodes them itself, faster on the hosts measured; docs/adr/0103).
   */
  decodeWorkers?: number
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

interface FileCtx {
  summary: FileImportSummary
  batcher: ImportBatcher
  maxRejects: number
  pool: TraceLinesPool | null
}

function reject(ctx: FileCtx, line: number | null, reason: string): void {
  ctx.summary.rejected++
  if (ctx.summary.rejects.length < ctx.maxRejects) {
    ctx.summary.rejects.push({ file: ctx.summary.file, line, reason })
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

/**
 * OTLP/JSON Lines of traces: a segment of whole lines at a time, decoded inline or, with a
 * pool, in workers. Answers are taken in file order, at most two per worker outstanding, so
 * what is in flight stays a few segments and their spans whatever the file size.
 */
async function importTraceLines(ctx: FileCtx, content: Readable): Promise<void> {
  const { summary, batcher, pool } = ctx
  let base = 0
  const take = async (r: DecodedTraceLines): Promise<void> => {
    for (const x of r.rejects) {
      reject(ctx, base + x.line, x.reason)
    }
    base += r.lines
    summary.read.spans += r.spans.length
    await batcher.addSpans(r.spans)
  }
  if (pool === null) {
    for await (const segment of readLineSegments(content)) {
      await take(decodeTraceLines(linesOfBytes(segment)))
    }
    return
  }
  const pending: Promise<DecodedTraceLines>[] = []
  for await (const segment of readLineSegments(content)) {
    // A copy the worker can own: a segment is a view into the reader's buffers.
    const p = pool.decode(new Uint8Array(segment))
    // Awaited in order below; until then (or if the import stops first) a failure must not
    // count as an unhandled rejection.
    p.catch(() => {})
    pending.push(p)
    if (pending.length >= pool.workers * 2) {
      await take(await (pending.shift() as Promise<DecodedTraceLines>))
    }
  }
  while (pending.length > 0) {
    await take(await (pending.shift() as Promise<DecodedTraceLines>))
  }
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
      let obj: unknown
      try {
        obj = JSON.parse(line)
      } catch (err) {
        reject(ctx, lineNo, `not JSON (${errorText(err)})`)
        continue
      }
      try {
        const r = decodeMetrics(obj)
        for (const x of r.rejected) {
          reject(ctx, lineNo, `${x.path}: ${x.reason}`)
        }
        summary.read.samples += r.samples.length
        await batcher.addSamples(r.samples, r.families)
      } catch (err) {
        if (!isAppError(err) || err.code !== 'OTLP_DECODE_FAILED') {
          throw err
        }
        reject(ctx, lineNo, err.message)
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

const NOT_PROTOBUF =
  'binary content that is neither a protobuf ExportTraceServiceRequest nor an ExportMetricsServiceRequest'

/** Adds one decoded message's items; its rejects are the caller's. */
async function addMessage(
  ctx: FileCtx,
  kind: ProtobufFile['kind'],
  r: DecodeTracesResult | DecodeMetricsResult
): Promise<void> {
  if (kind === 'traces') {
    const t = r as DecodeTracesResult
    ctx.summary.read.spans += t.spans.length
    await ctx.batcher.addSpans(t.spans)
  } else {
    const m = r as DecodeMetricsResult
    ctx.summary.read.samples += m.samples.length
    await ctx.batcher.addSamples(m.samples, m.families)
  }
}

/**
 * A protobuf file, a framed message at a time as it streams in (a capture of any size is never
 * held whole); one bare message is read whole. The first message that reads as traces or as
 * metrics decides which the file holds; a later message that does not decode as that kind is
 * rejected on its own. Rejects are named `message N:` when the file holds more than one.
 */
async function importProtobuf(ctx: FileCtx, content: Readable): Promise<void> {
  let kind: ProtobufFile['kind'] | null = null
  let index = 0
  // Messages before the kind is known: nothing usable in them either way.
  let unusable = 0
  // The first message's rejects wait until it is known whether another message follows.
  let held: string[] = []
  const release = (framed: boolean): void => {
    for (const reason of held) {
      reject(ctx, null, framed ? `message 1: ${reason}` : reason)
    }
    held = []
  }
  for await (const piece of readProtobufFrames(content)) {
    if (piece.kind === 'whole') {
      const decoded = decodeProtobufFile(piece.bytes)
      if (decoded === null) {
        ctx.summary.error = NOT_PROTOBUF
        return
      }
      const framed = decoded.messages.length > 1
      for (let i = 0; i < decoded.messages.length; i++) {
        const r = decoded.messages[i] as DecodeTracesResult | DecodeMetricsResult
        for (const x of r.rejected) {
          reject(ctx, null, `${framed ? `message ${i + 1}: ` : ''}${x.path}: ${x.reason}`)
        }
        await addMessage(ctx, decoded.kind, r)
      }
      return
    }
    if (piece.kind === 'broken') {
      release(true)
      reject(ctx, null, piece.reason)
      break
    }
    index++
    if (index === 2) {
      release(true)
    }
    let r: DecodeTracesResult | DecodeMetricsResult
    if (kind === null) {
      const decoded = decodeProtobufMessage(piece.bytes)
      if (decoded === null) {
        unusable++
        continue
      }
      kind = decoded.kind
      r = decoded.messages[0] as DecodeTracesResult | DecodeMetricsResult
      for (let i = 1; i <= unusable; i++) {
        reject(ctx, null, `message ${i}: ${NOT_PROTOBUF}`)
      }
    } else {
      try {
        r = decodeProtobufAs(kind, piece.bytes)
      } catch (err) {
        reject(ctx, null, `message ${index}: not a protobuf ${kind} export (${errorText(err)})`)
        continue
      }
    }
    const reasons = r.rejected.map((x) => `${x.path}: ${x.reason}`)
    if (index === 1) {
      held = reasons
    } else {
      for (const reason of reasons) {
        reject(ctx, null, `message ${index}: ${reason}`)
      }
    }
    await addMessage(ctx, kind, r)
  }
  release(index > 1)
  if (kind === null && index > 0) {
    ctx.summary.error = NOT_PROTOBUF
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
    const detected = detectFormat(head.head, head.complete)
    summary.format = detected.format
    if (detected.format === 'unknown') {
      summary.error = `format not recognised: ${detected.reason}`
      options.progress?.(source.bytes)
      return summary
    }
    const content = openContent(source, head.gzip, options.progress ?? (() => {}))
    if (LINE_FORMATS.has(detected.format)) {
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
    summary.error = `could not read the file: ${errorText(err)}`
  } finally {
    summary.stored = { ...batcher.stored }
  }
  return summary
}

/** Adds up per-file counts into an import summary. */
export function summarize(
  files: FileImportSummary[],
  requests: number,
  durationMs: number
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
  return { files, read, stored, rejected, requests, durationMs }
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
  const sources = await collectSources(paths)
  const totalBytes = sources.reduce((n, s) => n + (typeof s === 'string' ? 0 : s.bytes), 0)
  let doneBytes = 0
  const files: FileImportSummary[] = []
  const workers = options.decodeWorkers ?? 0
  const pool = workers > 0 ? createTraceLinesPool(workers) : null
  try {
    for (const source of sources) {
      if (typeof source === 'string') {
        files.push({
          file: source,
          format: 'unknown',
          gzip: false,
          bytes: 0,
          read: zero(),
          stored: zero(),
          rejected: 0,
          rejects: [],
          error: 'no such file or folder',
        })
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
  return summarize(files, requests, now() - started)
}
