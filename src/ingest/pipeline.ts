/**
 * The ingest pipeline behind `IngestSink`: strips content, writes through one group-committing
 * writer, and assembles each trace into a request once it has been quiet for `quietMs`.
 *
 * ```
 * submitSpans ─┐                      ┌─ store.insertSpans(all queued spans)  ─ resolve every batch
 * submitSpans ─┼─► bounded queue ─►  writer ─ store.insertMetricSamples(…)    ─ resolve …
 * submitEvents ┘   (429 when full)    └─ store.insertEvents(…)
 *                                          │ committed trace ids
 *                                          ▼
 *                        pending traces (id → last seen + its spans, oldest first)
 *                                          │ quiet for quietMs, or too many pending
 *                                          ▼
 *       spans held in memory, or store.getSpans(ids) for a trace that may have older
 *       stored spans (a late span) → assembleRequest → store.upsertRequests
 * ```
 *
 * Assembling from the spans already in memory avoids reading back every trace from the store,
 * which costs more than writing it. A trace is read from the store only when `seenTraces`
 * says it may have been stored before this pending period began, or when the pipeline held too
 * many spans in memory and let go of them (`maxHeldSpans` bounds memory).
 */
import { AppError } from '../core/errors.js'
import type { Logger } from '../core/logger.js'
import { assembleTrace } from '../core/assembly/assemble-request.js'
import { joinSplitCalls } from '../core/assembly/join-split-calls.js'
import type { ChangeEvent } from '../core/model/event.js'
import type { MetricFamilyMeta, MetricSample } from '../core/model/metric.js'
import type { RequestTimeline } from '../core/model/request.js'
import type { Span } from '../core/model/span.js'
import type { Micros } from '../core/model/units.js'
import type { SpanStore } from '../storage/span-store.js'
import { stripContent } from './content-filter.js'
import { createEngineModels } from './engine-models.js'
import { createSeenTraces } from './seen-traces.js'
import type { IngestCounters, IngestSink, NotLlmSource } from './types.js'

export interface IngestPipelineOptions {
  store: SpanStore
  logger: Logger
  /** Wall clock, epoch ms (injected so tests can drive the quiet period). */
  now: () => number
  /** A trace is assembled once no span of it arrived for this long (ms, default 5000). */
  quietMs?: number
  /** Spans + samples + events waiting for or inside a write before batches are refused (default 200 000). */
  maxQueueItems?: number
  /** Traces waiting for their quiet period; past this the oldest are assembled early (default 100 000). */
  maxPendingTraces?: number
  /** Keep prompt/completion attributes (default false: they are dropped). */
  keepContent?: boolean
  /** How often the quiet-trace sweep runs (ms, default min(1000, quietMs / 2)); 0 disables the timer. */
  sweepIntervalMs?: number
  /**
   * Spans held in memory for pending traces (default 100 000). Past it the oldest traces are
   * assembled early; past twice it a trace's spans are let go and re-read from the store.
   */
  maxHeldSpans?: number
  /** Trace ids remembered as stored, per generation of the rotating filter (default 1 000 000). */
  seenTracesCapacity?: number
  /** Traces loaded and assembled per store round trip (default 1000). */
  assembleBatchTraces?: number
  /** Receives failures of the background writer/assembler; default logs them. */
  onBackgroundError?: (err: unknown) => void
  /**
   * Routes whose requests are LLM requests even without GenAI attributes (exact `http.route` /
   * `url.path`, or a prefix ending in `*`). Other traces without engine spans or GenAI
   * attributes are kept apart: stored as spans, counted in `tracesNotLlm`, never requests.
   */
  llmRoutes?: readonly string[]
}

/** The sink plus a hook to run the quiet-trace sweep on demand (tests, or a caller-owned timer). */
export interface IngestPipeline extends IngestSink {
  /** Where the traces kept apart from the LLM requests came from, most frequent first. */
  notLlmSources(): NotLlmSource[]
  /** Assembles every trace that is quiet as of `now()` (and the oldest beyond the pending cap). */
  sweep(): Promise<void>
  /**
   * Queues for assembly the traces whose spans were committed but never assembled (a crash
   * between the two) with spans since `sinceUs`; returns how many. Call once at start-up.
   */
  recover(sinceUs: Micros, limit?: number): Promise<number>
}

type Job =
  | { kind: 'spans'; spans: readonly Span[]; count: number; done: Settle }
  | {
      kind: 'metrics'
      samples: readonly MetricSample[]
      families: readonly MetricFamilyMeta[]
      count: number
      done: Settle
    }
  | { kind: 'events'; events: readonly ChangeEvent[]; count: number; done: Settle }

interface PendingTrace {
  lastSeen: number
  /** Spans committed since the trace became pending (empty when `fromStore`). */
  spans: Span[]
  /** Span ids committed since the trace became pending: a second copy is not stored again. */
  ids: Set<string>
  /** Assemble from the store: older spans may be stored, or the held spans were let go. */
  fromStore: boolean
  /** Half of a split call put back once to wait for its other half (join-split-calls.ts). */
  deferred?: boolean
}

interface Settle {
  resolve(): void
  reject(err: unknown): void
}

/** Distinct sources of non-LLM traces remembered for `notLlmSources()`. */
const MAX_NOT_LLM_SOURCES = 100

/** Creates the pipeline; it owns a timer until `close()`. */
export function createIngestPipeline(options: IngestPipelineOptions): IngestPipeline {
  const { store, logger, now } = options
  const quietMs = options.quietMs ?? 5000
  const maxQueueItems = options.maxQueueItems ?? 200_000
  const maxPendingTraces = options.maxPendingTraces ?? 100_000
  const keepContent = options.keepContent ?? false
  const batchTraces = options.assembleBatchTraces ?? 1000
  const maxHeldSpans = options.maxHeldSpans ?? 100_000
  const seenTraces = createSeenTraces(options.seenTracesCapacity)
  const sweepIntervalMs = options.sweepIntervalMs ?? Math.max(1, Math.min(1000, quietMs / 2))
  const onBackgroundError =
    options.onBackgroundError ??
    ((err: unknown) => logger.error('ingest background task failed', { err: String(err) }))

  const assembleOptions = { llmRoutes: options.llmRoutes ?? [] }
  const engineModels = createEngineModels()
  /** service + root span name → traces kept apart; bounded so odd span names cannot grow it. */
  const notLlm = new Map<string, NotLlmSource>()
  const noteNotLlm = (spans: readonly Span[]): void => {
    counters.tracesNotLlm++
    const root = spans.find((s) => s.parentSpanId === null) ?? spans[0]
    if (root === undefined) {
      return
    }
    const service =
      typeof root.resource['service.name'] === 'string' ? root.resource['service.name'] : null
    const key = `${service ?? ''}\u0000${root.name}`
    const known = notLlm.get(key)
    if (known !== undefined) {
      known.traces++
    } else if (notLlm.size < MAX_NOT_LLM_SOURCES) {
      notLlm.set(key, { service, name: root.name, traces: 1 })
    }
  }
  const counters = {
    spansAccepted: 0,
    spansDuplicate: 0,
    tracesNotLlm: 0,
    requestsAssembled: 0,
    metricSamplesAccepted: 0,
    eventsAccepted: 0,
  }
  let queue: Job[] = []
  /** Items queued or inside the write in flight. */
  let depth = 0
  let writing: Promise<void> | null = null
  /** Items per ms the writer achieved lately, for Retry-After. */
  let writeRate = 0
  /** traceId → last time (epoch ms) a span of it was committed, and its spans; Map order = oldest first. */
  const pending = new Map<string, PendingTrace>()
  let heldSpans = 0
  let assembling: Promise<void> = Promise.resolve()
  let closed = false

  const enqueue = (make: (done: Settle) => Job, count: number): Promise<void> => {
    if (closed) {
      return Promise.reject(
        new AppError('STORE_UNAVAILABLE', 'ingest pipeline is closed; expected an open pipeline')
      )
    }
    if (count === 0) {
      return Promise.resolve()
    }
    // An empty queue always takes a batch, so one batch larger than the cap is not refused forever.
    if (depth > 0 && depth + count > maxQueueItems) {
      const drainSeconds = writeRate > 0 ? depth / writeRate / 1000 : 5
      const retryAfterSeconds = Math.min(5, Math.max(1, Math.ceil(drainSeconds)))
      return Promise.reject(
        new AppError(
          'INGEST_OVERLOADED',
          `ingest queue is full: ${depth} items waiting, limit ${maxQueueItems}, batch of ${count} refused; retry after ${retryAfterSeconds} s`,
          { retryAfterSeconds }
        )
      )
    }
    return new Promise<void>((resolve, reject) => {
      queue.push(make({ resolve, reject }))
      depth += count
      startWriter()
    })
  }

  const startWriter = (): void => {
    if (writing === null) {
      writing = writeLoop()
        .catch(onBackgroundError)
        .finally(() => {
          writing = null
          // Jobs queued while the last write settled start a new loop.
          if (queue.length > 0) {
            startWriter()
          }
        })
    }
  }

  const writeLoop = async (): Promise<void> => {
    while (queue.length > 0) {
      const jobs = queue
      queue = []
      const startedMs = now()
      let written = 0
      const spanJobs = jobs.filter((j) => j.kind === 'spans')
      const metricJobs = jobs.filter((j) => j.kind === 'metrics')
      const eventJobs = jobs.filter((j) => j.kind === 'events')
      if (spanJobs.length > 0) {
        const all: Span[] = []
        for (const j of spanJobs) {
          for (const s of j.spans) {
            all.push(s)
          }
        }
        written += await commit(spanJobs, async () => {
          const fresh = dropDuplicates(all)
          if (fresh.length > 0) {
            await store.insertSpans(fresh)
          }
          counters.spansAccepted += fresh.length
          counters.spansDuplicate += all.length - fresh.length
          markPending(fresh)
        })
      }
      if (metricJobs.length > 0) {
        const samples: MetricSample[] = []
        const families: MetricFamilyMeta[] = []
        for (const j of metricJobs) {
          for (const s of j.samples) {
            samples.push(s)
          }
          for (const f of j.families) {
            families.push(f)
          }
        }
        written += await commit(metricJobs, async () => {
          if (families.length > 0) {
            await store.upsertMetricFamilies(families)
          }
          await store.insertMetricSamples(samples)
          engineModels.observe(samples)
          counters.metricSamplesAccepted += samples.length
        })
      }
      if (eventJobs.length > 0) {
        const events: ChangeEvent[] = []
        for (const j of eventJobs) {
          for (const e of j.events) {
            events.push(e)
          }
        }
        written += await commit(eventJobs, async () => {
          await store.insertEvents(events)
          counters.eventsAccepted += events.length
        })
      }
      const elapsedMs = Math.max(1, now() - startedMs)
      const rate = written / elapsedMs
      writeRate = writeRate === 0 ? rate : 0.8 * writeRate + 0.2 * rate
    }
  }

  /** Runs one write for a group of jobs and settles each of them; returns the items written. */
  const commit = async (jobs: Job[], write: () => Promise<void>): Promise<number> => {
    const count = jobs.reduce((n, j) => n + j.count, 0)
    try {
      await write()
      for (const j of jobs) {
        j.done.resolve()
      }
      return count
    } catch (err) {
      for (const j of jobs) {
        j.done.reject(err)
      }
      return 0
    } finally {
      depth -= count
    }
  }

  /**
   * Drops second copies of a span (same trace and span id) within the batch and against the
   * spans committed for its trace since it became pending: vLLM's API server exports every span
   * twice, and exporters retry batches. A copy arriving after its trace was assembled is stored;
   * the stores return one copy per span id.
   */
  const dropDuplicates = (spans: readonly Span[]): Span[] => {
    const batch = new Set<string>()
    const fresh: Span[] = []
    for (const s of spans) {
      const key = `${s.traceId}/${s.spanId}`
      if (batch.has(key) || pending.get(s.traceId)?.ids.has(s.spanId) === true) {
        continue
      }
      batch.add(key)
      fresh.push(s)
    }
    return fresh
  }

  const markPending = (spans: readonly Span[]): void => {
    const t = now()
    let last: string | null = null
    let entry: PendingTrace | undefined
    for (const s of spans) {
      if (s.traceId !== last) {
        last = s.traceId
        entry = pending.get(s.traceId)
        if (entry === undefined) {
          entry = {
            lastSeen: t,
            spans: [],
            ids: new Set(),
            fromStore: seenTraces.mayHave(s.traceId),
          }
        } else {
          entry.lastSeen = t
          // Delete first so the Map keeps last-seen order and the sweep can stop at the first young trace.
          pending.delete(s.traceId)
        }
        pending.set(s.traceId, entry)
      }
      entry?.ids.add(s.spanId)
      if (entry === undefined || entry.fromStore) {
        continue
      }
      if (heldSpans >= 2 * maxHeldSpans) {
        // Early assembly has not caught up: let go of this trace's spans; it will be read
        // back from the store instead, so memory stays bounded whatever the input rate.
        heldSpans -= entry.spans.length
        entry.spans = []
        entry.fromStore = true
        continue
      }
      entry.spans.push(s)
      heldSpans++
    }
    if (pending.size > maxPendingTraces || heldSpans > maxHeldSpans) {
      runAssembly(false).catch(onBackgroundError)
    }
  }

  /** Takes the traces to assemble now out of `pending`. */
  const takeReady = (all: boolean): [string, PendingTrace][] => {
    const ready: [string, PendingTrace][] = []
    const cutoff = now() - quietMs
    // Past the cap, drain to 90 % of it so early assembly runs in batches, not one trace per commit.
    let overCap =
      pending.size > maxPendingTraces ? pending.size - Math.floor(maxPendingTraces * 0.9) : 0
    // The same for spans held in memory: take the oldest traces until 90 % of the cap remains.
    let heldOver = heldSpans > maxHeldSpans ? heldSpans - Math.floor(maxHeldSpans * 0.9) : 0
    for (const item of pending) {
      if (!all && item[1].lastSeen > cutoff && overCap <= 0 && heldOver <= 0) {
        break
      }
      ready.push(item)
      overCap--
      heldOver -= item[1].spans.length
    }
    for (const [id, entry] of ready) {
      pending.delete(id)
      heldSpans -= entry.spans.length
    }
    return ready
  }

  const assembleTraces = async (
    traces: readonly [string, PendingTrace][],
    all: boolean
  ): Promise<void> => {
    for (let i = 0; i < traces.length; i += batchTraces) {
      const chunk = traces.slice(i, i + batchTraces)
      const ids = chunk.map(([id]) => id)
      try {
        const byTrace = new Map<string, Span[]>()
        const storeIds: string[] = []
        for (const [id, entry] of chunk) {
          if (entry.fromStore) {
            storeIds.push(id)
          } else {
            byTrace.set(id, entry.spans)
          }
        }
        const spans = storeIds.length > 0 ? await store.getSpans(storeIds) : []
        for (const s of spans) {
          const list = byTrace.get(s.traceId)
          if (list === undefined) {
            byTrace.set(s.traceId, [s])
          } else {
            list.push(s)
          }
        }
        const requests: RequestTimeline[] = []
        let noted = 0
        const entries = [...byTrace]
        const byId = new Map(chunk)
        for (const group of joinSplitCalls(entries.map(([, list]) => list))) {
          const [id, list] = entries[group.traces[0] as number] as [string, Span[]]
          const entry = byId.get(id)
          // Half of a split call without its other half yet: wait one more quiet period.
          if (group.unpaired && !all && entry !== undefined && entry.deferred !== true) {
            defer(id, entry, list)
            continue
          }
          const result = assembleTrace(group.spans, assembleOptions)
          if ('request' in result) {
            const { request } = result
            if (request.dims.model === null && request.hasEngine) {
              request.dims.model = engineModels.modelFor(group.spans)
            }
            requests.push(request)
            if (result.notes.length > 0) {
              noted++
            }
          } else if (result.skipped === 'not_llm') {
            noteNotLlm(group.spans)
          }
        }
        if (requests.length > 0) {
          await store.upsertRequests(requests)
          counters.requestsAssembled += requests.length
        }
        for (const id of ids) {
          seenTraces.add(id)
        }
        if (noted > 0) {
          logger.debug('requests assembled with clock-skew corrections', { requests: noted })
        }
      } catch (err) {
        // Put the traces back so a later sweep retries them, unless newer spans already did.
        const t = now()
        for (const id of ids) {
          if (!pending.has(id)) {
            pending.set(id, { lastSeen: t, spans: [], ids: new Set(), fromStore: true })
          }
        }
        throw err
      }
    }
  }

  /** Puts a trace back as pending with the spans it had, once. */
  const defer = (id: string, entry: PendingTrace, spans: Span[]): void => {
    if (pending.has(id)) {
      return
    }
    const held = entry.fromStore ? [] : spans
    pending.set(id, { ...entry, lastSeen: now(), spans: held, deferred: true })
    heldSpans += held.length
  }

  /** Serialises assembly runs so a trace is never assembled twice at once. */
  const runAssembly = (all: boolean): Promise<void> => {
    const run = assembling.then(() => assembleTraces(takeReady(all), all))
    assembling = run.catch(() => undefined)
    return run
  }

  const timer =
    sweepIntervalMs > 0
      ? setInterval(() => {
          if (pending.size > 0) {
            runAssembly(false).catch(onBackgroundError)
          }
        }, sweepIntervalMs)
      : null
  timer?.unref()

  const waitForWriter = async (): Promise<void> => {
    while (writing !== null) {
      await writing
    }
  }

  return {
    submitSpans(spans) {
      const kept = keepContent ? spans : stripContent(spans)
      return enqueue(
        (done) => ({ kind: 'spans', spans: kept, count: kept.length, done }),
        kept.length
      )
    },
    submitMetrics(samples, families = []) {
      const count = samples.length + families.length
      return enqueue((done) => ({ kind: 'metrics', samples, families, count, done }), count)
    },
    submitEvents(events) {
      return enqueue(
        (done) => ({ kind: 'events', events, count: events.length, done }),
        events.length
      )
    },
    async flush() {
      await waitForWriter()
      await runAssembly(true)
    },
    sweep() {
      return runAssembly(false)
    },
    async recover(sinceUs, limit = 100_000) {
      const ids = await store.unassembledTraceIds(sinceUs, limit)
      // Already quiet: the next sweep assembles them from the store.
      const t = now() - quietMs - 1
      for (const id of ids) {
        if (!pending.has(id)) {
          pending.set(id, { lastSeen: t, spans: [], ids: new Set(), fromStore: true })
        }
      }
      return ids.length
    },
    notLlmSources() {
      return [...notLlm.values()].map((s) => ({ ...s })).sort((a, b) => b.traces - a.traces)
    },
    counters(): IngestCounters {
      return { ...counters, queueDepth: depth, pendingTraces: pending.size }
    },
    async close() {
      // Refuse new batches, then write and assemble everything already accepted.
      closed = true
      if (timer !== null) {
        clearInterval(timer)
      }
      await waitForWriter()
      await runAssembly(true)
    },
  }
}
