/**
 * One reader per input format, in a table: a new format is one entry here plus its reader
 * (and its test in detect-format.ts, which tells formats by content). Line formats stream line by
 * line so a file of a million requests never sits in memory whole; document formats are read
 * whole (OTLP/JSON and event documents are single JSON values).
 */
import type { Readable } from 'node:stream'
import { isAppError } from '../../core/errors.js'
import { parseEventLine, parseEvents } from '../../core/events/parse-events.js'
import type { MetricSample } from '../../core/model/metric.js'
import { microsFromMillis, type Micros } from '../../core/model/units.js'
import { decodeMetrics, decodeMetricsJson } from '../../core/otlp/decode-metrics.js'
import { decodeTracesJson } from '../../core/otlp/decode-traces.js'
import { createPromLineParser } from '../../core/prom/parse.js'
import type { AccessLogOptions } from '../../core/access-log/readers.js'
import { importAccessLog } from './access-log.js'
import { decodeOtlpLine } from './decode-trace-lines.js'
import { accessLogFormatOf, type InputFormat } from './detect-format.js'
import { reject, type FileCtx } from './file.js'
import { readLineBatches, readThenRethrow } from './read-lines.js'
import { importProtobuf, importTraceLines } from './streams.js'

/** What a reader knows of the file besides its content. */
export interface ReaderInput {
  /** Default time of Prometheus samples without a timestamp (the file's mtime). */
  mtimeMs: number
  accessLog: AccessLogOptions
  /**
   * Takes the samples without a timestamp instead of storing them at `mtimeMs`, for a caller that
   * places them once every timed file is read (ADR 0383).
   */
  holdUntimed?: (samples: readonly MetricSample[]) => void
}

/** Reads one file's decompressed content into the file's batcher; rejects go into its summary. */
export type FormatReader = (ctx: FileCtx, content: Readable, input: ReaderInput) => Promise<void>

/** Runs a line reader over the content's lines (a stream error as `readThenRethrow` says). */
async function eachLine(
  content: Readable,
  onLine: (line: string, lineNo: number) => Promise<void>
): Promise<void> {
  await readThenRethrow(content, async () => {
    let lineNo = 0
    for await (const lines of readLineBatches(content)) {
      for (const line of lines) {
        lineNo++
        await onLine(line, lineNo)
      }
    }
  })
}

async function readTraceLines(ctx: FileCtx, content: Readable): Promise<void> {
  await readThenRethrow(content, () => importTraceLines(ctx, content))
}

async function readMetricLines(ctx: FileCtx, content: Readable): Promise<void> {
  await eachLine(content, async (line, lineNo) => {
    if (line.trim() === '') {
      return
    }
    const { result, reasons } = decodeOtlpLine(line, decodeMetrics)
    for (const reason of reasons) {
      reject(ctx, lineNo, reason)
    }
    if (result !== null) {
      ctx.summary.read.samples += result.samples.length
      await ctx.batcher.addSamples(result.samples, result.families)
    }
  })
}

async function readEventLines(ctx: FileCtx, content: Readable): Promise<void> {
  await eachLine(content, async (line, lineNo) => {
    if (line.trim() === '') {
      return
    }
    const r = parseEventLine(line)
    if (typeof r === 'string') {
      reject(ctx, lineNo, r)
    } else if (r !== null) {
      ctx.summary.read.events++
      await ctx.batcher.addEvents([r])
    }
  })
}

/**
 * The time a held sample without a timestamp carries until it is placed: no timestamp the parser
 * reads becomes NaN (it rejects what is not a number), so it marks exactly those samples.
 */
const UNTIMED_US = Number.NaN as Micros

/** Samples are handed on every 2,000 lines so a large exposition never sits in memory whole. */
const PROM_DRAIN_LINES = 2000

async function readPrometheusText(
  ctx: FileCtx,
  content: Readable,
  input: ReaderInput
): Promise<void> {
  const hold = input.holdUntimed
  const prom = createPromLineParser({
    defaultTimeUs: hold === undefined ? microsFromMillis(input.mtimeMs) : UNTIMED_US,
  })
  const drain = async (): Promise<void> => {
    const { samples, rejected } = prom.take()
    for (const r of rejected) {
      reject(ctx, r.line, r.reason)
    }
    ctx.summary.read.samples += samples.length
    if (hold === undefined) {
      await ctx.batcher.addSamples(samples)
      return
    }
    hold(samples.filter((s) => Number.isNaN(s.timeUs)))
    await ctx.batcher.addSamples(samples.filter((s) => !Number.isNaN(s.timeUs)))
  }
  await eachLine(content, async (line, lineNo) => {
    prom.push(line, lineNo)
    if (lineNo % PROM_DRAIN_LINES === 0) {
      await drain()
    }
  })
  await drain()
  await ctx.batcher.addSamples([], prom.families())
  if (prom.untimed() > 0) {
    ctx.summary.untimedSamples = {
      count: prom.untimed(),
      atMs: input.mtimeMs,
      mtimeMs: input.mtimeMs,
    }
  }
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of stream) {
    chunks.push(c as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * A reader of a whole-document format. A document that is no valid OTLP at all ends this file
 * with its reason in the summary; the sink's own failures end the import.
 */
function documentReader(read: (ctx: FileCtx, text: string) => Promise<void>): FormatReader {
  return async (ctx, content) => {
    const text = await readAll(content)
    try {
      await read(ctx, text)
    } catch (err) {
      if (!isAppError(err) || err.code !== 'OTLP_DECODE_FAILED') {
        throw err
      }
      ctx.summary.error = err.message
    }
  }
}

const readTracesJson = documentReader(async (ctx, text) => {
  const r = decodeTracesJson(text)
  for (const x of r.rejected) {
    reject(ctx, null, `${x.path}: ${x.reason}`)
  }
  ctx.summary.read.spans += r.spans.length
  await ctx.batcher.addSpans(r.spans)
})

const readMetricsJson = documentReader(async (ctx, text) => {
  const r = decodeMetricsJson(text)
  for (const x of r.rejected) {
    reject(ctx, null, `${x.path}: ${x.reason}`)
  }
  ctx.summary.read.samples += r.samples.length
  await ctx.batcher.addSamples(r.samples, r.families)
})

const readEventsDocument = documentReader(async (ctx, text) => {
  const r = parseEvents(text)
  for (const x of r.rejected) {
    reject(ctx, x.line === 0 ? null : x.line, x.path ? `${x.path}: ${x.reason}` : x.reason)
  }
  ctx.summary.read.events += r.events.length
  await ctx.batcher.addEvents(r.events)
})

type TableFormat = Exclude<InputFormat, 'unknown' | `access-log-${string}`>

const READERS: Record<TableFormat, FormatReader> = {
  'otlp-traces-jsonl': readTraceLines,
  'otlp-metrics-jsonl': readMetricLines,
  'events-jsonl': readEventLines,
  'prometheus-text': readPrometheusText,
  'otlp-protobuf': (ctx, content) => importProtobuf(ctx, content),
  'otlp-traces-json': readTracesJson,
  'otlp-metrics-json': readMetricsJson,
  'events-json': readEventsDocument,
  'kubernetes-events': readEventsDocument,
}

/** The reader of a detected format (every access-log dialect shares one reader). */
export function readerFor(format: Exclude<InputFormat, 'unknown'>): FormatReader {
  const logFormat = accessLogFormatOf(format)
  if (logFormat !== null) {
    return (ctx, content, input) => importAccessLog(ctx, content, logFormat, input.accessLog)
  }
  return READERS[format as TableFormat]
}
