import { createReadStream, existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { InvalidArgumentError, Option, type Command } from 'commander'
import cliProgress from 'cli-progress'
import { sendWithRetry } from '../../client/send-with-retry.js'
import { bearerHeaders, replyError } from '../../client/server-reply.js'
import { createSilentLogger } from '../../core/logger.js'
import type { MetricSample } from '../../core/model/metric.js'
import {
  collectSources,
  importPaths,
  missingSourceSummary,
  sourceFormat,
  summarize,
  type FileImportSummary,
  type ImportSummary,
} from '../../ingest/import/import.js'
import { autoImportDecodeWorkers } from '../../ingest/import/decode-pool.js'
import { createImportPipeline } from '../../ingest/import/import-pipeline.js'
import { lockPathFor } from '../../storage/duckdb/lock.js'
import { DEFAULT_DB_PATH } from '../../config/defaults.js'
import { openStoreOrServer } from '../open-store.js'
import { prepareStoreForImport } from './import-store.js'
import { renderImportSummary } from '../import-report.js'
import {
  holdInto,
  placeUntimed,
  timedExtentOf,
  trackTimedExtent,
  unionExtent,
  type TimedExtent,
} from '../../ingest/import/untimed.js'
import { microsFromMillis, millisFromMicros, type Micros } from '../../core/model/units.js'
import { addTokenFileOption, readClientToken } from '../client-token.js'

interface ImportFlags {
  db: string
  server?: string
  tokenFile?: string
  format: 'text' | 'json'
  keepContent?: boolean
  decodeWorkers: number
  nginxLogFormat?: string
}

/** How long one file may wait, in all, for a server that keeps answering 429. */
const IMPORT_DEADLINE_MS = 5 * 60_000

type Progress = (doneBytes: number, totalBytes: number, file: string) => void

function progressBar(): { onProgress: Progress; stop(): void } | null {
  if (!process.stderr.isTTY) {
    return null
  }
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: 'importing {bar} {percentage}% | {doneMb}/{totalMb} MB | {file}',
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic
  )
  let started = false
  const mb = (n: number): string => (n / 1_048_576).toFixed(1)
  return {
    onProgress(done, total, file) {
      const payload = { doneMb: mb(done), totalMb: mb(total), file: basename(file) }
      if (!started) {
        bar.start(Math.max(total, 1), done, payload)
        started = true
      } else {
        bar.update(done, payload)
      }
    },
    stop() {
      if (started) {
        bar.stop()
      }
    },
  }
}

/** The server's answer to one upload: its summary and the span of its timed data (ADR 0400). */
type UploadReply = ImportSummary & { timedExtent?: { startMs: number; endMs: number } | null }

async function postFile(
  apiUrl: string,
  path: string,
  mtimeMs: number,
  token: string | null,
  onBytes: (n: number) => void,
  nginxLogFormat: string | undefined,
  timedWith: TimedExtent | null
): Promise<UploadReply> {
  const url = new URL('/api/import', apiUrl)
  url.searchParams.set('filename', basename(path))
  url.searchParams.set('mtime', String(Math.round(mtimeMs)))
  if (timedWith !== null) {
    url.searchParams.set('timed_start', String(millisFromMicros(timedWith.startUs as Micros)))
    url.searchParams.set('timed_end', String(millisFromMicros(timedWith.endUs as Micros)))
  }
  if (nginxLogFormat !== undefined) {
    url.searchParams.set('nginx_log_format', nginxLogFormat)
  }
  // A busy server answers 429 with Retry-After; a large file may wait a while for its turn.
  const reply = await sendWithRetry(
    url,
    () => {
      const stream = createReadStream(path)
      stream.on('data', (c) => onBytes(c.length))
      return {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          // A server started with --auth-token-file wants an ingest token (docs/security.md).
          ...bearerHeaders(token),
        },
        body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
        duplex: 'half',
      } as RequestInit
    },
    { deadlineMs: IMPORT_DEADLINE_MS, maxAttempts: 60 }
  )
  if (reply.status === 'failure') {
    throw await replyError(reply, apiUrl, basename(path), token !== null)
  }
  return (await reply.response.json()) as UploadReply
}

/**
 * Sends the files one request each. The server sees one file at a time, so a scrape saved without
 * timestamps would be placed by itself alone (ADR 0400): the Prometheus text files are sent last,
 * each naming the span of the timed data of the whole import, which the server's answers gave
 * for the other files and a read here gives for the Prometheus files (scrapes, small).
 */
async function importViaServer(
  apiUrl: string,
  token: string | null,
  paths: string[],
  onProgress: Progress | undefined,
  nginxLogFormat: string | undefined
): Promise<ImportSummary> {
  const started = Date.now()
  const sources = await collectSources(paths)
  const total = sources.reduce((n, s) => n + (typeof s === 'string' ? 0 : s.bytes), 0)
  const accessLog = nginxLogFormat === undefined ? {} : { nginxLogFormat }
  // A file whose head cannot be read is sent as it is: the server's summary says why.
  const formats = await Promise.all(
    sources.map((s) =>
      typeof s === 'string' ? null : sourceFormat(s, accessLog).catch(() => null)
    )
  )
  const isProm = (i: number): boolean => formats[i] === 'prometheus-text'
  const indices = sources.map((_, i) => i)
  let done = 0
  const perSource: FileImportSummary[][] = sources.map(() => [])
  let requests = 0
  let notLlm = 0
  let duplicates = 0
  const send = async (i: number, timedWith: TimedExtent | null): Promise<TimedExtent | null> => {
    const s = sources[i]!
    if (typeof s === 'string') {
      perSource[i]!.push(missingSourceSummary(s))
      return null
    }
    const reply = await postFile(
      apiUrl,
      s.name,
      s.mtimeMs,
      token,
      (n) => {
        done += n
        onProgress?.(done, total, s.name)
      },
      nginxLogFormat,
      timedWith
    )
    requests += reply.requests
    notLlm += reply.notLlm ?? 0
    duplicates += reply.duplicateSpans ?? 0
    perSource[i]!.push(
      ...reply.files.map((f) => ({
        ...f,
        file: s.name,
        rejects: f.rejects.map((r) => ({ ...r, file: s.name })),
      }))
    )
    const t = reply.timedExtent
    return t == null
      ? null
      : { startUs: microsFromMillis(t.startMs), endUs: microsFromMillis(t.endMs) }
  }
  let timed: TimedExtent | null = null
  for (const i of indices.filter((j) => !isProm(j))) {
    timed = unionExtent(timed, await send(i, null))
  }
  const prom = indices.filter(isProm)
  for (const i of prom) {
    const s = sources[i]!
    if (typeof s !== 'string') {
      timed = unionExtent(timed, await timedExtentOf(s, accessLog))
    }
  }
  for (const i of prom) {
    await send(i, timed)
  }
  return summarize(perSource.flat(), requests, Date.now() - started, notLlm, duplicates)
}

function readSomething(summary: ImportSummary): boolean {
  return summary.read.spans + summary.read.samples + summary.read.events > 0
}

async function removeDatabase(dbPath: string): Promise<void> {
  await Promise.all(
    [dbPath, `${dbPath}.wal`, lockPathFor(dbPath)].map((f) => rm(f, { force: true }))
  )
}

function parseDecodeWorkers(value: string): number {
  if (value === 'auto') {
    return autoImportDecodeWorkers()
  }
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 64) {
    throw new InvalidArgumentError(`must be "auto" or an integer 0..64 (actual: ${value})`)
  }
  return n
}

export function registerImportCommand(program: Command): void {
  const cmd = program
    .command('import')
    .description('read trace, metric and event files into the local database (or a running server)')
    .argument('<paths...>', 'files or folders (read recursively); formats are detected by content')
    .option('--db <file>', 'DuckDB database file', DEFAULT_DB_PATH)
    .option('--server <url>', 'send the files to a running `tokenline serve` (its UI/API URL)')
  addTokenFileOption(cmd, 'ingest')
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'json']).default('text')
    )
    .option('--keep-content', 'keep prompt and completion attributes (dropped by default)')
    .option(
      '--decode-workers <n>',
      'worker threads that parse and decode OTLP JSON Lines of traces: a number, or "auto" (one per core but one); 0 decodes on the main thread',
      parseDecodeWorkers,
      0
    )
    .option(
      '--nginx-log-format <format>',
      'the nginx log_format string the access logs were written with (default: combined plus $request_time $upstream_connect_time $upstream_header_time $upstream_response_time $upstream_addr)'
    )
    .addHelpText(
      'after',
      `
Reads, by content (names and extensions do not matter; .gz is undone):
  OTLP traces    JSON (ExportTraceServiceRequest), JSON Lines (one request per line, as the
                 Collector file exporter writes), protobuf (.pb/.binpb)
  OTLP metrics   JSON, JSON Lines, protobuf
  Prometheus     text 0.0.4 (ms timestamps) and OpenMetrics (backfill files ending # EOF);
                 samples without a timestamp get the file's modification time, moved
                 within the span of the timed data read with them
  Events         JSON Lines {"time","kind",...} or \`kubectl get events -o json\`
  Access logs    nginx (combined + timings, custom log_format, JSON), HAProxy httplog,
                 Envoy (default and JSON), Caddy JSON: one request per line
                 (docs/proxies.md); health checks and scrapes are not LLM requests

When a running \`tokenline serve\` holds the database, the files are sent to it (POST
/api/import) instead. Exit codes: 0 imported (some lines may be rejected, see the summary),
2 nothing could be read or the server refused the token, 3 database locked or server
unreachable.

Examples:
  $ tokenline import ./traces.jsonl ./metrics.om ./events.jsonl
  $ tokenline import ./otel-export/ --db ./incident.duckdb
  $ tokenline import capture.pb.gz --server http://127.0.0.1:4320
  $ tokenline import ./run --format json | jq .stored
  $ tokenline import /var/log/haproxy.log /var/log/nginx/access.log ./lb-metrics.om
See docs/formats.md for every format with an example.`
    )
    .action(async (paths: string[], flags: ImportFlags) => {
      const token = await readClientToken(flags.tokenFile)
      const bar = flags.format === 'text' ? progressBar() : null
      let summary: ImportSummary
      let target: string
      try {
        if (flags.server !== undefined) {
          target = `server ${flags.server}`
          summary = await importViaServer(
            flags.server,
            token,
            paths,
            bar?.onProgress,
            flags.nginxLogFormat
          )
        } else {
          const dbExisted = flags.db === ':memory:' || existsSync(resolve(flags.db))
          const opened = await openStoreOrServer(flags.db)
          if (opened.kind === 'server') {
            process.stderr.write(
              `tokenline: ${opened.dbPath} is held by a running server; sending the files to ${opened.apiUrl}\n`
            )
            target = `server ${opened.apiUrl} (database ${opened.dbPath})`
            summary = await importViaServer(
              opened.apiUrl,
              token,
              paths,
              bar?.onProgress,
              flags.nginxLogFormat
            )
          } else {
            target = opened.dbPath
            await prepareStoreForImport(opened.store)
            const sink = createImportPipeline({
              store: opened.store,
              logger: createSilentLogger(),
              now: Date.now,
              keepContent: flags.keepContent ?? false,
            })
            // Scrapes without timestamps are placed within the span of the timed data this
            // import read, not the database's other data (ADR 0391).
            const held = new Map<string, MetricSample[]>()
            const timed = trackTimedExtent(sink)
            try {
              summary = await importPaths(paths, timed.sink, {
                ...(bar ? { onProgress: bar.onProgress } : {}),
                decodeWorkers: flags.decodeWorkers,
                ...(flags.nginxLogFormat !== undefined
                  ? { nginxLogFormat: flags.nginxLogFormat }
                  : {}),
                holdUntimed: holdInto(held),
              })
              summary.stored.samples += await placeUntimed(
                sink,
                summary.files,
                held,
                timed.extent()
              )
            } finally {
              await sink.close()
              await opened.store.close()
            }
            if (!dbExisted && !readSomething(summary)) {
              // Nothing was readable: leave no empty database behind to be mistaken for data.
              await removeDatabase(opened.dbPath)
            }
          }
        }
      } finally {
        bar?.stop()
      }
      if (flags.format === 'json') {
        process.stdout.write(`${JSON.stringify({ target, ...summary }, null, 2)}\n`)
      } else {
        process.stdout.write(renderImportSummary(summary, target))
      }
      if (!readSomething(summary)) {
        process.stderr.write('tokenline: nothing could be read from the given paths\n')
        process.exitCode = 2
      }
    })
}
