/**
 * Collector-native mode: requests assembled from the spans an OpenTelemetry Collector wrote into
 * `otel_traces`. Each pass asks ClickHouse for traces that went quiet (no span ending within
 * `quietUs` of now) and that have no request row yet, or have more spans than their row was
 * built from (a late span); it then reads their spans, assembles them with the same core code
 * as the ingest pipeline, and upserts the rows. See ADR 0037.
 */
import { assembleRequest } from '../../core/assembly/assemble-request.js'
import { AppError } from '../../core/errors.js'
import type { RequestTimeline } from '../../core/model/request.js'
import type { SpanStore } from '../span-store.js'
import { clickHouseSharedOf } from './clickhouse-store.js'
import { int, toNum } from './sql.js'
import { groupSpansByTrace } from '../../core/assembly/group-by-trace.js'

export interface AssemblePassOptions {
  /** Now, epoch µs (injected: tests and imports run on data time, servers on wall time). */
  nowUs: number
  /** Oldest span start considered, epoch µs. */
  sinceUs: number
  /** A trace is assembled once its last span ended at least this long before now. */
  quietUs: number
  /** Traces per pass. */
  batch?: number
}

export interface AssemblePassResult {
  /** Traces read in this pass. */
  traces: number
  /** Request rows written. */
  requests: number
}

/** Span counts of traces that assembled to nothing, so they are not read again until they grow. */
export type UnassemblableMemo = Map<string, number>

/** One assembler pass. Throws `STORE_UNSUPPORTED` when `store` is not a ClickHouse store. */
export async function assembleCollectorTraces(
  store: SpanStore,
  options: AssemblePassOptions,
  memo: UnassemblableMemo = new Map()
): Promise<AssemblePassResult> {
  const shared = clickHouseSharedOf(store)
  if (!shared) {
    throw new AppError(
      'STORE_UNSUPPORTED',
      'expected a ClickHouse store for Collector-native assembly'
    )
  }
  const { exec, tables: t } = shared
  const since = int(Math.floor(options.sinceUs))
  const cutoff = int(Math.floor(options.nowUs - options.quietUs))
  const batch = Math.max(1, Math.floor(options.batch ?? 20_000))
  // Requests may start before their first server span (a client span), hence the hour of slack.
  const due = await exec.rows(
    `SELECT s.id AS id, s.n AS n FROM (
       SELECT TraceId AS id, uniqExact(SpanId) AS n,
         max(toUnixTimestamp64Micro(Timestamp) + intDiv(Duration, 1000)) AS last_us
       FROM ${t.traces}
       WHERE Timestamp >= fromUnixTimestamp64Micro(toInt64(${since}))
       GROUP BY TraceId) AS s
     LEFT JOIN (
       SELECT trace_id, span_count FROM ${t.requests} FINAL
       WHERE start_us >= ${since} - 3600000000) AS r ON r.trace_id = s.id
     WHERE s.last_us < ${cutoff} AND s.n > r.span_count
     LIMIT ${batch}`
  )
  const ids = due
    .filter((r) => memo.get(String(r['id'])) !== toNum(r['n']))
    .map((r) => String(r['id']))
  if (ids.length === 0) {
    return { traces: 0, requests: 0 }
  }
  const byTrace = groupSpansByTrace(await store.getSpans(ids))
  const rows: RequestTimeline[] = []
  for (const [id, spans] of byTrace) {
    const request = assembleRequest(spans)
    if (request) {
      rows.push(request)
    } else {
      memo.set(id, spans.length)
    }
  }
  await store.upsertRequests(rows)
  return { traces: ids.length, requests: rows.length }
}

/** Runs passes until one finds nothing due (for imports and tests over a finished data set). */
export async function assembleAllCollectorTraces(
  store: SpanStore,
  options: AssemblePassOptions
): Promise<AssemblePassResult> {
  const memo: UnassemblableMemo = new Map()
  const total: AssemblePassResult = { traces: 0, requests: 0 }
  for (;;) {
    const pass = await assembleCollectorTraces(store, options, memo)
    if (pass.traces === 0) {
      return total
    }
    total.traces += pass.traces
    total.requests += pass.requests
  }
}

export interface CollectorAssemblerOptions {
  /** Wall clock, epoch ms. */
  now: () => number
  intervalMs: number
  quietMs: number
  /** How far back each pass looks for spans (late spans older than this are not re-read). */
  lookbackMs: number
  onError: (err: unknown) => void
}

/** Runs assembler passes every `intervalMs` beside a Collector until `stop()`. */
export function startCollectorAssembler(
  store: SpanStore,
  options: CollectorAssemblerOptions
): { stop(): Promise<void> } {
  const memo: UnassemblableMemo = new Map()
  let running: Promise<void> | null = null
  const pass = async (): Promise<void> => {
    const nowUs = options.now() * 1000
    for (;;) {
      const result = await assembleCollectorTraces(
        store,
        { nowUs, sinceUs: nowUs - options.lookbackMs * 1000, quietUs: options.quietMs * 1000 },
        memo
      )
      if (result.traces === 0) {
        break
      }
    }
    // Bounded memory: forget the oldest memo entries (they fall out of the lookback anyway).
    if (memo.size > 200_000) {
      memo.clear()
    }
  }
  const timer = setInterval(() => {
    if (running) {
      return
    }
    running = pass()
      .catch(options.onError)
      .finally(() => {
        running = null
      })
  }, options.intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
