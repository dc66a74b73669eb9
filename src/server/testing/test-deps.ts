/**
 * Shared set-up for the server tests: the real memory store behind the real ingest pipeline
 * (no sweep timer), a logger that records, and a store wrapper whose span writes can be held
 * back to provoke overload deterministically.
 */
import type { Logger } from '../../core/logger.js'
import { createIngestPipeline, type IngestPipeline } from '../../ingest/pipeline/pipeline.js'
import type { AppDeps } from '../app-deps.js'
import { createApp } from '../app.js'
import { createSilentLogger } from '../../core/logger.js'
import { minuteOfRequests } from '../../core/slo/testing/slo-requests.js'
import { createDuckDbStore } from '../../storage/duckdb/duckdb-store.js'
import type { RequestTimeline } from '../../core/model/request.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import type { SpanStore } from '../../storage/span-store.js'

export interface LogLine {
  level: string
  msg: string
  fields?: object
}

export function createRecordingLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = []
  const record = (level: string) => (msg: string, fields?: object) => {
    lines.push({ level, msg, ...(fields === undefined ? {} : { fields }) })
  }
  return {
    lines,
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  }
}

/** Wraps a store so `insertSpans` waits until `release()` is called. */
export function holdSpanWrites(store: SpanStore): { store: SpanStore; release(): void } {
  let release = (): void => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const held = new Proxy(store, {
    get(target, key, receiver) {
      if (key === 'insertSpans') {
        return async (...args: Parameters<SpanStore['insertSpans']>) => {
          await gate
          return target.insertSpans(...args)
        }
      }
      const value = Reflect.get(target, key, receiver) as unknown
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { store: held, release }
}

export interface TestDeps extends AppDeps {
  ingest: IngestPipeline
  logger: Logger & { lines: LogLine[] }
}

export function makeDeps(
  options: { maxBodyBytes?: number; maxQueueItems?: number; store?: SpanStore; nowMs?: number } = {}
): TestDeps {
  const store = options.store ?? createMemoryStore()
  const logger = createRecordingLogger()
  const nowMs = options.nowMs ?? Date.now()
  const now = (): number => nowMs
  const ingest = createIngestPipeline({
    store,
    logger,
    now,
    quietMs: 1,
    sweepIntervalMs: 0,
    ...(options.maxQueueItems === undefined ? {} : { maxQueueItems: options.maxQueueItems }),
  })
  return {
    store,
    ingest,
    logger,
    now,
    limits: { maxBodyBytes: options.maxBodyBytes ?? 16 * 1024 * 1024 },
    version: '0.0.0-test',
  }
}

/**
 * The real app over `store` (a DuckDB file in the tests that restart it), its clock `now`, with a
 * silent logger: what the tests of answers kept across commits and restarts serve.
 */
export function appOver(store: SpanStore, now: () => number): ReturnType<typeof createApp> {
  return createApp({
    store,
    ingest: createIngestPipeline({ store, logger: createSilentLogger(), now }),
    logger: createSilentLogger(),
    now,
    limits: { maxBodyBytes: 1 << 20 },
    version: 'test',
  })
}

/**
 * Ten minutes of requests from `t0Us`, 60 a minute, one of them slow and 20 in the sixth minute: a
 * window with something to diagnose, for the tests that keep answers across commits and restarts.
 */
export function tenMinutesOneSlow(t0Us: number): RequestTimeline[] {
  return Array.from({ length: 10 }, (_, m) =>
    minuteOfRequests(t0Us + m * 60_000_000, 60, m === 5 ? 20 : 1)
  )
    .flat()
    .map((r, i) => ({ ...r, traceId: i.toString(16).padStart(32, '0') }))
}

/** The server over the DuckDB file at `path`, its clock at `nowMs` (what an answer is dated with). */
export async function serveFile(
  path: string,
  nowMs: number
): Promise<{ store: SpanStore; app: ReturnType<typeof createApp> }> {
  const store = await createDuckDbStore({ path, threads: 1 })
  return { store, app: appOver(store, () => nowMs) }
}
