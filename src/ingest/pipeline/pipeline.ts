/**
 * The ingest pipeline behind `IngestSink`: refuses what it cannot take in time, strips content,
 * writes through one group-committing writer, and assembles each trace into a request once it
 * has been quiet for `quietMs`.
 *
 * ```
 * admit(bytes) ─► in-flight budget (429 when the bodies being handled would take too long)
 * submitSpans ─┐  memory limiter   ┌ bounded write queue ┐   store.insertSpans / …
 * submitMetrics┼► (503 when RSS ──►│ items·spans·bytes·  ├─► one write per kind, bisected
 * submitEvents ┘   is high)        └ wait (429 when full)┘   when a merged write fails
 *                                        ▲                     │ committed spans
 *                 request writes, one    │                     ▼
 *                 between two rounds ────┴──────── trace assembler (quiet period)
 * ```
 *
 * The parts live in `memory-limiter.ts`, `write-queue.ts` and `trace-assembler.ts`; this file
 * only wires them (ADR 0045).
 */
import { AppError, isAppError } from '../../core/errors.js'
import type { Logger } from '../../core/logger.js'
import type { ChangeEvent } from '../../core/model/event.js'
import type { MetricFamilyMeta, MetricSample } from '../../core/model/metric.js'
import type { Span } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'
import type { SpanStore } from '../../storage/span-store.js'
import { stripContent, stripMetricContent } from './content-filter.js'
import { createAdmission } from '../admission/admission.js'
import { zeroIngestCounters } from './counters.js'
import { createEngineModels } from './engine-models.js'
import { eventsBytes, samplesBytes, spansBytes } from './item-bytes.js'
import { capBy, splitMemoryBudget } from '../admission/memory-budget.js'
import { createMemoryLimiter } from '../admission/memory-limiter.js'
import { createSeenTraces } from './seen-traces.js'
import { createTraceAssembler } from './trace-assembler.js'
import type { IngestCounters, IngestSink, NotLlmSource, SubmitTiming } from './types.js'
import { createWriteQueue, type QueuedJob, type StoreCheckpoint } from './write-queue.js'

/**
 * Default traces per assembly round trip. Their requests go to the store in one transaction, and
 * a DuckDB transaction on the 50-column `requests` table has a large fixed cost: 4 096 requests
 * per transaction took 0.5–0.6× the CPU per request of 1 000 (docs/storage.md, "Insert cost").
 */
export const DEFAULT_ASSEMBLE_BATCH_TRACES = 4096

/**
 * Target time of one assembly chunk's request write (ms). Assembly writes on the span writer
 * between rounds, so a batch whose client waits may wait this long more; a quarter of a second
 * keeps that well inside the 1 s the write queue admits, while 4,096 requests took seconds on a
 * saturated host (ADR 0219).
 */
export const DEFAULT_ASSEMBLE_CHUNK_MS = 250

export interface IngestPipelineOptions {
  store: SpanStore
  logger: Logger
  /** Wall clock, epoch ms (injected so tests can drive the quiet period). */
  now: () => number
  /** A trace is assembled once no span of it arrived for this long (ms, default 5000). */
  quietMs?: number
  /** Spans + samples + events waiting for or inside a write before batches are refused (default 200 000). */
  maxQueueItems?: number
  /** Spans waiting for or inside a write before span batches are refused (default 100 000). */
  maxQueueSpans?: number
  /** Estimated in-memory bytes waiting for or inside a write (default 256 MiB). */
  maxQueueBytes?: number
  /**
   * A request whose expected wait is longer is refused (ms, default 1000): for the writer, and
   * for the bodies admitted ahead of it (see `admission.ts`).
   */
  maxQueueDelayMs?: number
  /**
   * Request bodies admitted and not yet answered (being read, decoded or written), in bytes
   * (default 8 MiB): bounds the CPU backlog ahead of the queue and the memory of bodies.
   */
  maxInFlightBytes?: number
  /**
   * Resident set budget: batches are refused with 503 above 80 % of it (bytes; default 0 = off).
   * It also caps `maxQueueBytes` and `maxInFlightBytes` (see `memory-budget.ts`).
   */
  memoryLimitBytes?: number
  /** Frees what the store holds in memory (a DuckDB checkpoint); asked for above the soft limit. */
  relieveMemory?: () => Promise<void>
  /**
   * The store's checkpoint, run by the writer between rounds with admission closed and the queue
   * drained (ADR 0294); the memory limiter's relief asks for it too. Absent: the store
   * checkpoints inside whichever commit passes its threshold.
   */
  storeCheckpoint?: StoreCheckpoint
  /** A batch still waiting for the writer after this long is refused, not written (ms, default 5000). */
  maxHoldMs?: number
  /**
   * Items merged into one write round at most (default `DEFAULT_MAX_WRITE_ITEMS`, write-queue.ts):
   * the store's append runs on the event loop, so a round is as long as nothing else is answered.
   */
  maxWriteItems?: number
  /** Resident set size now (bytes); default `process.memoryUsage.rss`. */
  readRssBytes?: () => number
  /** Traces waiting for their quiet period; past this the oldest are assembled early (default 100 000). */
  maxPendingTraces?: number
  /** Keep prompt/completion content (default false: it is dropped, see `content-filter.ts`). */
  keepContent?: boolean
  /** How often the quiet-trace sweep runs (ms, default min(1000, quietMs / 2)); 0 disables the timer. */
  sweepIntervalMs?: number
  /**
   * Spans held in memory for pending traces (default from `memoryLimitBytes`, 104,857 at 1 GiB,
   * see memory-budget.ts; 100,000 without a budget). Past it the oldest traces are
   * assembled early; past twice it a trace's spans are let go and re-read from the store.
   */
  maxHeldSpans?: number
  /** Trace ids remembered as stored, per generation of the rotating filter (default 1 000 000). */
  seenTracesCapacity?: number
  /**
   * Traces loaded and assembled per store round trip, and so requests per write transaction
   * (default {@link DEFAULT_ASSEMBLE_BATCH_TRACES}).
   */
  assembleBatchTraces?: number
  /**
   * Each assembly chunk is sized so its request write takes about this long (ms, default
   * {@link DEFAULT_ASSEMBLE_CHUNK_MS}; 0: always `assembleBatchTraces`): span batches wait for the
   * writer behind at most one chunk (ADR 0219).
   */
  assembleChunkMs?: number
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

type Job = QueuedJob<'spans' | 'metrics' | 'events'> &
  (
    | { kind: 'spans'; spans: readonly Span[]; timing?: SubmitTiming }
    | { kind: 'metrics'; samples: readonly MetricSample[]; families: readonly MetricFamilyMeta[] }
    | { kind: 'events'; events: readonly ChangeEvent[] }
  )

/**
 * How long after the store's newest data at start-up a trace's spans must all start for its
 * request to be known new: longer than any trace lasts, so a trace with spans stored by an
 * earlier run cannot pass (ADR 0102).
 */
const NEW_TRACE_MARGIN_US = 3600 * 1_000_000

/** `maxHeldSpans` without a memory budget. */
const DEFAULT_MAX_HELD_SPANS = 100_000

/** `Retry-After` of a refusal while assembly is behind (s): a few request writes' time. */
const ASSEMBLY_RETRY_AFTER_S = 2

/** Least time between two log lines about a store that cannot write (ms). */
const STORE_DOWN_LOG_MS = 10_000

/** Distinct sources of non-LLM traces remembered for `notLlmSources()`. */
const MAX_NOT_LLM_SOURCES = 100

function closedError(): AppError {
  return new AppError('STORE_UNAVAILABLE', 'ingest pipeline is closed; expected an open pipeline')
}

/** Creates the pipeline; it owns a timer until `close()`. */
export function createIngestPipeline(options: IngestPipelineOptions): IngestPipeline {
  const { store, logger, now } = options
  const quietMs = options.quietMs ?? 5000
  const keepContent = options.keepContent ?? false
  const sweepIntervalMs = options.sweepIntervalMs ?? Math.max(1, Math.min(1000, quietMs / 2))
  const onBackgroundError =
    options.onBackgroundError ??
    ((err: unknown) => logger.error('ingest background task failed', { err: String(err) }))
  // queueDepth and pendingTraces stay 0 here: counters() reads them live.
  const counters = zeroIngestCounters()
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
  const budget = splitMemoryBudget(options.memoryLimitBytes ?? 0)
  const maxHeldSpans =
    options.maxHeldSpans ?? (budget.heldSpans > 0 ? budget.heldSpans : DEFAULT_MAX_HELD_SPANS)
  const maxPendingTraces = options.maxPendingTraces ?? 100_000
  /**
   * Spans in memory waiting for their request to be written (held, being assembled, queued) past
   * which new batches are refused at their headers: below twice `maxHeldSpans`, where the
   * assembler would let go of spans and read their traces back from the store, a read that
   * grows with the table and starves the writer (ADR 0256). The margin is for the bodies already
   * admitted (`maxInFlightBytes`: 6 MiB, about 14,000 spans). At 1 GiB: 157,285 spans, about
   * 96 MiB of the budget's 128 MiB for held spans (memory-budget.ts).
   */
  const maxBacklogSpans = Math.floor(1.5 * maxHeldSpans)
  const memory = createMemoryLimiter({
    limitBytes: options.memoryLimitBytes ?? 0,
    readRssBytes: options.readRssBytes ?? (() => process.memoryUsage.rss()),
    now,
    ...(options.relieveMemory === undefined && options.storeCheckpoint === undefined
      ? {}
      : {
          relieve: async () => {
            await options.relieveMemory?.()
            await queue.requestCheckpoint()
          },
        }),
    onReliefError: (err) =>
      logger.warn('could not free store memory (checkpoint failed)', { err: String(err) }),
    // Above the soft limit a body still goes in while at most one other is unanswered (ADR 0300).
    inFlightRequests: () => admission.inFlight().requests,
  })
  // Read before this pipeline's first write (the span writer waits for it), so it is the newest
  // data of earlier runs only. Unknown (a failed read) means every request is upserted.
  const newAfterUs = store.extent().then(
    (extent) => (extent === null ? -Infinity : extent.endUs + NEW_TRACE_MARGIN_US),
    () => Infinity
  )
  const assembler = createTraceAssembler({
    newAfterUs,
    store,
    logger,
    now,
    seenTraces: createSeenTraces(options.seenTracesCapacity),
    quietMs,
    maxPendingTraces,
    maxHeldSpans,
    assembleBatchTraces: options.assembleBatchTraces ?? DEFAULT_ASSEMBLE_BATCH_TRACES,
    chunkTargetMs: options.assembleChunkMs ?? DEFAULT_ASSEMBLE_CHUNK_MS,
    // Request writes are background work: on the span writer, between its rounds, never ahead
    // of a batch whose client waits for its commit.
    scheduleWrite: (write) => queue.background(write),
    onBackgroundError,
    onAssembled: (n) => (counters.requestsAssembled += n),
    llmRoutes: options.llmRoutes ?? [],
    engineModels,
    onNotLlm: noteNotLlm,
  })
  const queue = createWriteQueue<Job>({
    limits: {
      maxItems: options.maxQueueItems ?? 200_000,
      maxSpans: options.maxQueueSpans ?? 100_000,
      maxBytes: capBy(options.maxQueueBytes ?? 256 * 1024 * 1024, budget.queueBytes),
      maxDelayMs: options.maxQueueDelayMs ?? 1000,
    },
    now,
    ...(options.maxHoldMs === undefined ? {} : { maxHoldMs: options.maxHoldMs }),
    ...(options.maxWriteItems === undefined ? {} : { maxWriteItems: options.maxWriteItems }),
    kinds: ['spans', 'metrics', 'events'],
    onBackgroundError,
    ...(options.storeCheckpoint === undefined ? {} : { checkpoint: options.storeCheckpoint }),
    writeGroup: (kind, jobs) => writeGroup(kind, jobs),
  })
  let closed = false
  const admission = createAdmission({
    maxInFlightBytes: capBy(options.maxInFlightBytes ?? 6 * 1024 * 1024, budget.inFlightBytes),
    maxDelayMs: options.maxQueueDelayMs ?? 1000,
    now,
  })

  /** Refuses a new batch while assembly is this far behind (see `maxBacklogSpans`). */
  const checkAssemblyBacklog = (): void => {
    const spans = assembler.backlogSpans() + queue.depth().spanCount
    if (spans >= maxBacklogSpans) {
      throw new AppError(
        'INGEST_OVERLOADED',
        `ingest assembly is behind: ${spans} spans wait in memory for their requests to be written, limit ${maxBacklogSpans}; retry after ${ASSEMBLY_RETRY_AFTER_S} s`,
        { retryAfterSeconds: ASSEMBLY_RETRY_AFTER_S, reason: 'assembly-backlog' }
      )
    }
  }

  /** One store call for a group of jobs of one kind; counters move only once it is committed. */
  const writeGroup = async (kind: Job['kind'], jobs: readonly Job[]): Promise<void> => {
    if (kind === 'spans') {
      const startedMs = now()
      for (const j of jobs) {
        if (j.kind === 'spans' && j.timing !== undefined) {
          j.timing.writeStartMs = startedMs
        }
      }
      await newAfterUs
      const all = jobs.flatMap((j) => (j.kind === 'spans' ? j.spans : []))
      const { fresh, ids } = dropDuplicates(all)
      if (fresh.length > 0) {
        await store.insertSpans(fresh)
      }
      const committedMs = now()
      for (const j of jobs) {
        if (j.kind === 'spans' && j.timing !== undefined) {
          j.timing.committedMs = committedMs
        }
      }
      counters.spansAccepted += fresh.length
      counters.spansDuplicate += all.length - fresh.length
      assembler.markCommitted(fresh, ids)
    } else if (kind === 'metrics') {
      const samples = jobs.flatMap((j) => (j.kind === 'metrics' ? j.samples : []))
      const families = jobs.flatMap((j) => (j.kind === 'metrics' ? j.families : []))
      if (families.length > 0) {
        await store.upsertMetricFamilies(families)
      }
      await store.insertMetricSamples(samples)
      engineModels.observe(samples)
      counters.metricSamplesAccepted += samples.length
    } else {
      const events = jobs.flatMap((j) => (j.kind === 'events' ? j.events : []))
      await store.insertEvents(events)
      counters.eventsAccepted += events.length
    }
  }

  /**
   * Drops second copies of a span (same trace and span id) within the write and against the
   * spans committed for its trace since it became pending: vLLM's API server exports every span
   * twice, and exporters retry batches. A copy arriving after its trace was assembled is stored;
   * the stores return one copy per span id.
   *
   * The write's span ids are kept per trace, keyed by the id strings the decoders hand out (their
   * hash computed once), not by a `trace/span` text made, flattened and hashed for every span;
   * a trace not pending yet keeps its set as its record (`markCommitted`), instead of the
   * assembler recording the same ids again. Measured in ADR 0440.
   */
  const dropDuplicates = (
    spans: readonly Span[]
  ): { fresh: Span[]; ids: Map<string, Set<string>> } => {
    const ids = new Map<string, Set<string>>()
    const fresh: Span[] = []
    let lastTrace: string | null = null
    let seen: Set<string> | undefined
    for (const s of spans) {
      if (s.traceId !== lastTrace) {
        lastTrace = s.traceId
        seen = ids.get(s.traceId)
        if (seen === undefined) {
          seen = new Set()
          ids.set(s.traceId, seen)
        }
      }
      const trace = seen as Set<string>
      if (trace.has(s.spanId) || assembler.isCommitted(s.traceId, s.spanId)) {
        continue
      }
      trace.add(s.spanId)
      fresh.push(s)
    }
    return { fresh, ids }
  }

  const submit = (job: Job): Promise<void> => {
    if (closed) {
      return Promise.reject(closedError())
    }
    if (job.items === 0) {
      return Promise.resolve()
    }
    try {
      // The batch was admitted at its headers, so one of the unanswered bodies is its own.
      memory.check(1)
    } catch (err) {
      return Promise.reject(err)
    }
    return queue.submit(job).then(noteStoreUp, (err: unknown) => {
      noteStoreDown(err)
      throw err
    })
  }

  /**
   * A store that cannot write (a full disk, a damaged file) is logged with its reason once per
   * `STORE_DOWN_LOG_MS`, not once per refused batch; the refusals themselves are counted by the
   * listeners.
   */
  let storeDownLoggedMs = Number.NEGATIVE_INFINITY
  let storeDownSince = 0
  let storeDownFromMs: number | null = null
  const noteStoreUp = (): void => {
    if (storeDownFromMs !== null) {
      logger.info('ingest stores again', {
        down_s: Math.round((now() - storeDownFromMs) / 100) / 10,
        batches_refused: storeDownSince,
      })
      storeDownFromMs = null
      storeDownSince = 0
    }
  }
  const noteStoreDown = (err: unknown): void => {
    if (!isAppError(err) || err.code !== 'STORE_UNAVAILABLE') {
      return
    }
    storeDownFromMs ??= now()
    storeDownSince++
    const t = now()
    if (t - storeDownLoggedMs >= STORE_DOWN_LOG_MS) {
      logger.error('ingest cannot store: batches are answered 503 until the store recovers', {
        reason: err.message,
        batches_refused: storeDownSince,
      })
      storeDownLoggedMs = t
      storeDownSince = 0
    }
  }

  const timer =
    sweepIntervalMs > 0
      ? setInterval(() => {
          if (assembler.pendingCount() > 0) {
            assembler.run(false).catch(onBackgroundError)
          }
        }, sweepIntervalMs)
      : null
  timer?.unref()

  return {
    admit(bodyBytes) {
      if (closed) {
        throw closedError()
      }
      memory.check()
      checkAssemblyBacklog()
      // A zero-size probe: refused only when the queue is already past a limit.
      queue.admit({ items: 0, spanCount: 0, bytes: 0 })
      queue.admitNew()
      return admission.admit(bodyBytes)
    },
    submitSpans(spans, submitOptions) {
      const kept = keepContent ? spans : stripContent(spans)
      return submit({
        kind: 'spans',
        spans: kept,
        items: kept.length,
        spanCount: kept.length,
        bytes: spansBytes(kept),
        ...(submitOptions?.answerByMs === undefined
          ? {}
          : { answerByMs: submitOptions.answerByMs }),
        ...(submitOptions?.timing === undefined ? {} : { timing: submitOptions.timing }),
      })
    },
    submitMetrics(samples, families = []) {
      const kept = keepContent ? samples : stripMetricContent(samples)
      return submit({
        kind: 'metrics',
        samples: kept,
        families,
        items: kept.length + families.length,
        spanCount: 0,
        bytes: samplesBytes(kept),
      })
    },
    submitEvents(events) {
      return submit({
        kind: 'events',
        events,
        items: events.length,
        spanCount: 0,
        bytes: eventsBytes(events),
      })
    },
    async flush() {
      await queue.drain()
      await assembler.run(true)
    },
    sweep() {
      return assembler.run(false)
    },
    recover(sinceUs, limit = 100_000) {
      return assembler.recover(sinceUs, limit)
    },
    notLlmSources() {
      return [...notLlm.values()].map((x) => ({ ...x })).sort((a, b) => b.traces - a.traces)
    },
    counters(): IngestCounters {
      const reads = assembler.storeReads()
      return {
        ...counters,
        queueDepth: queue.depth().items,
        pendingTraces: assembler.pendingCount(),
        heldSpans: assembler.heldSpanCount(),
        tracesReadFromStore: reads.traces,
        storeReadSeconds: reads.ms / 1000,
      }
    },
    async close() {
      // Refuse new batches, then write and assemble everything already accepted.
      closed = true
      if (timer !== null) {
        clearInterval(timer)
      }
      await queue.drain()
      await assembler.run(true)
    },
  }
}
