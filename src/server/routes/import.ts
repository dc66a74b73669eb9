/**
 * POST /api/import?filename=NAME[&mtime=EPOCH_MS][&timed_start=EPOCH_MS&timed_end=EPOCH_MS]
 * [&nginx_log_format=FORMAT]: the body is one file's bytes, in any format `tokenline import`
 * reads (gzip too). Runs the same import into the server's IngestSink, which is how
 * `tokenline import` works while `tokenline serve` holds the database.
 *
 * Prometheus samples without a timestamp are placed at `mtime`, else when the upload was received
 * (as a scrape is stamped when it is taken), moved within the span of the timed data they came
 * with: this upload's own, and the span `timed_start`..`timed_end` of the other files of the
 * same import that the client names (ADR 0400).
 *
 * The body is spooled to a temporary file first: detection looks at the head, gzip needs a
 * second pass, and an upload can be far larger than memory. At most `api.maxImportBytes` are
 * spooled (413 past it, checked on Content-Length first, then while counting).
 */
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { Hono } from 'hono'
import { compileNginxLogFormat } from '../../core/access-log/nginx.js'
import { AppError, errorMessage } from '../../core/errors.js'
import { collectSources, importSource, summarize } from '../../ingest/import/import.js'
import {
  holdInto,
  placeUntimed,
  trackTimedExtent,
  unionExtent,
  type TimedExtent,
} from '../../ingest/import/untimed.js'
import { microsFromMillis, millisFromMicros, type Micros } from '../../core/model/units.js'
import type { MetricSample } from '../../core/model/metric.js'
import type { AppDeps } from '../app-deps.js'
import { apiLimitsOf } from '../limits.js'

function tooLarge(maxBytes: number, what: string): AppError {
  return new AppError(
    'OTLP_BODY_TOO_LARGE',
    `the upload must be at most ${maxBytes} bytes (limit api.maxImportBytes; ${what})`
  )
}

/** Passes bytes through and fails the stream once more than `maxBytes` went by. */
function byteLimit(maxBytes: number): Transform {
  let seen = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length
      callback(seen > maxBytes ? tooLarge(maxBytes, `more than ${maxBytes} received`) : null, chunk)
    },
  })
}

/**
 * The span of the timed data imported with this upload, named by `timed_start` and `timed_end`
 * (epoch ms, both or neither), or `null`.
 */
function timedHint(start: string | undefined, end: string | undefined): TimedExtent | null {
  if (start === undefined && end === undefined) {
    return null
  }
  const startMs = Number(start)
  const endMs = Number(end)
  if (
    start === undefined ||
    end === undefined ||
    !Number.isFinite(startMs) ||
    !Number.isFinite(endMs) ||
    startMs > endMs
  ) {
    throw new AppError(
      'INPUT_INVALID',
      `timed_start and timed_end must be given together, epoch milliseconds, start <= end (actual: ${start}, ${end})`
    )
  }
  return { startUs: microsFromMillis(startMs), endUs: microsFromMillis(endMs) }
}

/** Adds POST /api/import. */
export function registerImportRoutes(
  app: Hono,
  deps: Pick<AppDeps, 'ingest' | 'logger' | 'now'> & Partial<Pick<AppDeps, 'limits'>>
): void {
  const maxBytes = apiLimitsOf(deps).maxImportBytes
  app.post('/api/import', async (c) => {
    const filename = basename(c.req.query('filename') ?? '') || 'upload'
    const mtimeText = c.req.query('mtime')
    const mtimeMs = mtimeText === undefined ? deps.now() : Number(mtimeText)
    if (!Number.isFinite(mtimeMs)) {
      throw new AppError('INPUT_INVALID', `mtime must be epoch milliseconds (actual: ${mtimeText})`)
    }
    const hint = timedHint(c.req.query('timed_start'), c.req.query('timed_end'))
    const declared = c.req.header('content-length')
    if (declared !== undefined && Number(declared) > maxBytes) {
      throw tooLarge(maxBytes, `Content-Length ${declared}`)
    }
    const body = c.req.raw.body
    if (body === null) {
      throw new AppError('INPUT_INVALID', 'the body must be the bytes of one file to import')
    }
    const started = deps.now()
    const dir = await mkdtemp(join(tmpdir(), 'tokenline-upload-'))
    try {
      const path = join(dir, 'upload')
      await pipeline(
        Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>),
        byteLimit(maxBytes),
        createWriteStream(path)
      )
      const [source] = await collectSources([path])
      if (source === undefined || typeof source === 'string') {
        throw new AppError('INPUT_INVALID', 'the upload could not be stored for import')
      }
      const before = deps.ingest.counters().requestsAssembled
      const notLlmBefore = deps.ingest.counters().tracesNotLlm
      const duplicatesBefore = deps.ingest.counters().spansDuplicate
      const nginxLogFormat = c.req.query('nginx_log_format')
      if (nginxLogFormat !== undefined) {
        try {
          compileNginxLogFormat(nginxLogFormat)
        } catch (err) {
          throw new AppError('INPUT_INVALID', errorMessage(err))
        }
      }
      const held = new Map<string, MetricSample[]>()
      const timed = trackTimedExtent(deps.ingest)
      const file = await importSource({ ...source, name: filename, mtimeMs }, timed.sink, {
        ...(nginxLogFormat === undefined ? {} : { nginxLogFormat }),
        holdUntimed: holdInto(held),
      })
      const own = timed.extent()
      await placeUntimed(deps.ingest, [file], held, unionExtent(own, hint))
      await deps.ingest.flush()
      const requests = deps.ingest.counters().requestsAssembled - before
      deps.logger.info('import', {
        file: filename,
        format: file.format,
        spans: file.stored.spans,
        samples: file.stored.samples,
        events: file.stored.events,
        rejected: file.rejected,
      })
      const notLlm = deps.ingest.counters().tracesNotLlm - notLlmBefore
      // The span of this upload's timed data, for a client that sends the files of one import
      // one request each and names it with the scrapes without timestamps it sends last.
      const timedExtent =
        own === null
          ? null
          : {
              startMs: millisFromMicros(own.startUs as Micros),
              endMs: millisFromMicros(own.endUs as Micros),
            }
      const duplicates = deps.ingest.counters().spansDuplicate - duplicatesBefore
      return c.json({
        ...summarize([file], requests, deps.now() - started, notLlm, duplicates),
        timedExtent,
      })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
}
