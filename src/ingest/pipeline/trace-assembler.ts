/**
 * Groups committed spans by trace and assembles each trace into a request once it has been
 * quiet for `quietMs`.
 *
 * ```
 *  committed spans ─► pending traces (id → last seen + its spans, oldest first)
 *                          │ quiet for quietMs, or too many pending / held
 *                          ▼
 *  spans held in memory, or store.getSpans(ids) for a trace that may have older stored spans
 *  (a late span) → assembleRequest → store.upsertRequests
 * ```
 *
 * A request is written as new (`newTraces`: no search for a row to replace, ADR 0102) only when
 * the trace was assembled from spans held in memory, was not seen before, and all its spans start
 * more than an hour after the newest data the store held when the pipeline started: a trace
 * assembled by an earlier run always has a span before that.
 *
 * Assembling from the spans already in memory avoids reading back every trace from the store,
 * which costs more than writing it. A trace is read from the store only when `seenTraces`
 * says it may have been stored before this pending period began, or when the assembler held
 * too many spans in memory and let go of them (`maxHeldSpans` bounds memory).
 */
import type { Logger } from '../../core/logger.js'
import { assembleTrace } from '../../core/assembly/assemble-request.js'
import { joinSplitCalls } from '../../core/assembly/join-split-calls.js'
import type { RequestTimeline } from '../../core/model/request.js'
import type { Span } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'
import type { SpanStore } from '../../storage/span-store.js'
import type { EngineModels } from './engine-models.js'
import type { SeenTraces } from './seen-traces.js'
import { groupSpansByTrace } from '../../core/assembly/group-by-trace.js'

export interface TraceAssemblerOptions {
  store: SpanStore
  logger: Logger
  now: () => number
  seenTraces: SeenTraces
  quietMs: number
  maxPendingTraces: number
  maxHeldSpans: number
  /** Traces per chunk at most (one store round trip, one request write). */
  assembleBatchTraces: number
  /**
   * Each chunk's request write is sized to take about this long (ms) at the write time per
   * trace measured so far, between {@link MIN_CHUNK_TRACES} and `assembleBatchTraces`: span
   * batches whose clients wait run between two chunks (ADR 0219). 0: always `assembleBatchTraces`.
   */
  chunkTargetMs: number
  /** Runs a request write on the ingest writer (behind span writes); default: at once. */
  scheduleWrite?: (write: () => Promise<void>) => Promise<void>
  onBackgroundError: (err: unknown) => void
  /** Counts assembled requests. */
  onAssembled: (requests: number) => void
  /** Routes whose traces are LLM requests even without GenAI attributes (see the pipeline). */
  llmRoutes: readonly string[]
  /** Model names the engines' own metrics report, for requests whose spans name none. */
  engineModels: EngineModels
  /** A trace kept apart from the LLM requests (stored as spans, never a request). */
  onNotLlm: (spans: readonly Span[]) => void
  /**
   * A trace none of whose spans the store held before (`fromStore` false) and whose spans all
   * start after this time (epoch µs) cannot have a stored request: its request is written with
   * `newTraces`, skipping the store's search for a row to replace. +Infinity: never.
   */
  newAfterUs: Promise<number>
}

export interface TraceAssembler {
  /**
   * Records committed spans; may start an early assembly when caps are passed. `ids` (optional):
   * per trace, the span ids of exactly these spans, which a trace not yet pending keeps as its
   * own record instead of building it again.
   */
  markCommitted(spans: readonly Span[], ids?: ReadonlyMap<string, Set<string>>): void
  /** Assembles the quiet traces (`all`: every pending trace); runs are serialised. */
  run(all: boolean): Promise<void>
  /** Queues traces committed but never assembled (see `IngestPipeline.recover`). */
  recover(sinceUs: Micros, limit: number): Promise<number>
  pendingCount(): number
  /** Spans held in memory for pending traces now. */
  heldSpanCount(): number
  /**
   * Spans held in memory and not yet assembled and written: those of pending traces and those
   * of traces taken for assembly whose request write is still to come (ADR 0256).
   */
  backlogSpans(): number
  /** Traces read back from the store to assemble so far, and the time those reads took (ms). */
  storeReads(): { traces: number; ms: number }
  /** True when this span was already committed for its trace in the current pending period. */
  isCommitted(traceId: string, spanId: string): boolean
}

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

/**
 * Fewest traces per chunk when chunks are sized by time: a request write has a fixed cost of a
 * few ms (its commit, the 50-column append's set-up), 37 µs per request at 256 per transaction
 * against 17 at 1,024 (docs/storage.md, "Insert cost").
 */
export const MIN_CHUNK_TRACES = 512

/** Creates the assembler (no timer: the pipeline owns the sweep). */
export function createTraceAssembler(options: TraceAssemblerOptions): TraceAssembler {
  const { store, logger, now, seenTraces, quietMs, maxPendingTraces, maxHeldSpans } = options
  /** traceId → pending state; Map order = last seen, oldest first. */
  const pending = new Map<string, PendingTrace>()
  let heldSpans = 0
  /** Spans of traces taken for assembly whose chunk is not written yet. */
  let assemblingSpans = 0
  let tracesFromStore = 0
  let storeReadMs = 0
  let assembling: Promise<void> = Promise.resolve()
  const scheduleWrite = options.scheduleWrite ?? ((write) => write())
  /** Request-write ms per trace lately (0 until measured), for the chunk size. */
  let writeMsPerTrace = 0
  const chunkTraces = (): number =>
    options.chunkTargetMs <= 0 || writeMsPerTrace <= 0
      ? options.assembleBatchTraces
      : Math.max(
          Math.min(MIN_CHUNK_TRACES, options.assembleBatchTraces),
          Math.min(options.assembleBatchTraces, Math.floor(options.chunkTargetMs / writeMsPerTrace))
        )
  /** One request write on the writer, its time per request noted for the next chunk's size. */
  const writeRequests = (
    list: RequestTimeline[],
    writeOptions?: { newTraces: true }
  ): Promise<void> =>
    scheduleWrite(async () => {
      const startedMs = now()
      await store.upsertRequests(list, writeOptions)
      const perTrace = (now() - startedMs) / list.length
      writeMsPerTrace = writeMsPerTrace === 0 ? perTrace : 0.7 * writeMsPerTrace + 0.3 * perTrace
    })

  const markCommitted = (spans: readonly Span[], ids?: ReadonlyMap<string, Set<string>>): void => {
    const t = now()
    let last: string | null = null
    let entry: PendingTrace | undefined
    /** The entry's ids came with the write's: its spans' ids are in them already. */
    let adopted = false
    for (const s of spans) {
      if (s.traceId !== last) {
        last = s.traceId
        entry = pending.get(s.traceId)
        adopted = false
        if (entry === undefined) {
          const given = ids?.get(s.traceId)
          adopted = given !== undefined
          entry = {
            lastSeen: t,
            spans: [],
            ids: given ?? new Set(),
            fromStore: seenTraces.mayHave(s.traceId),
          }
        } else {
          entry.lastSeen = t
          // Delete first so the Map keeps last-seen order and the sweep can stop at the first young trace.
          pending.delete(s.traceId)
        }
        pending.set(s.traceId, entry)
      }
      if (!adopted) {
        entry?.ids.add(s.spanId)
      }
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
      run(false).catch(options.onBackgroundError)
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
      // Remembered now, not after the write: a late span arriving while this trace is being
      // assembled must find it seen (and read the store), never count it as a new trace.
      seenTraces.add(id)
    }
    return ready
  }

  const assembleOptions = { llmRoutes: options.llmRoutes }

  /** Puts a trace back as pending with the spans it had, once. */
  const defer = (id: string, entry: PendingTrace, spans: Span[]): void => {
    if (pending.has(id)) {
      return
    }
    const held = entry.fromStore ? [] : spans
    pending.set(id, { ...entry, lastSeen: now(), spans: held, deferred: true })
    heldSpans += held.length
  }

  const assembleChunk = async (
    chunk: readonly [string, PendingTrace][],
    all: boolean
  ): Promise<void> => {
    const byTrace = new Map<string, Span[]>()
    const storeIds: string[] = []
    for (const [id, entry] of chunk) {
      if (entry.fromStore) {
        storeIds.push(id)
      } else {
        byTrace.set(id, entry.spans)
      }
    }
    if (storeIds.length > 0) {
      const startedMs = now()
      groupSpansByTrace(await store.getSpans(storeIds), byTrace)
      storeReadMs += now() - startedMs
      tracesFromStore += storeIds.length
    }
    const newAfterUs = await options.newAfterUs
    /** Requests of traces with no stored request (see `newAfterUs`), and the others. */
    const fresh: RequestTimeline[] = []
    const replacing: RequestTimeline[] = []
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
          request.dims.model = options.engineModels.modelFor(group.spans)
        }
        const isNew =
          group.traces.every(
            (i) => byId.get((entries[i] as [string, Span[]])[0])?.fromStore === false
          ) && group.spans.every((s) => s.startUs > newAfterUs)
        ;(isNew ? fresh : replacing).push(request)
        if (result.notes.length > 0) {
          noted++
        }
      } else if (result.skipped === 'not_llm') {
        options.onNotLlm(group.spans)
      }
    }
    if (fresh.length > 0) {
      await writeRequests(fresh, { newTraces: true })
    }
    if (replacing.length > 0) {
      await writeRequests(replacing)
    }
    if (fresh.length + replacing.length > 0) {
      options.onAssembled(fresh.length + replacing.length)
    }
    if (noted > 0) {
      logger.debug('requests assembled with clock-skew corrections', { requests: noted })
    }
  }

  const assembleTraces = async (
    traces: readonly [string, PendingTrace][],
    all: boolean
  ): Promise<void> => {
    const spansOf = (list: readonly [string, PendingTrace][]): number =>
      list.reduce((n, [, entry]) => n + entry.spans.length, 0)
    // Until its chunk is written a taken trace's spans are still in memory: counted apart.
    let left = spansOf(traces)
    assemblingSpans += left
    try {
      for (let i = 0; i < traces.length;) {
        const chunk = traces.slice(i, i + chunkTraces())
        i += chunk.length
        try {
          await assembleChunk(chunk, all)
        } catch (err) {
          // Put the traces back so a later sweep retries them, unless newer spans already did.
          const t = now()
          for (const [id] of chunk) {
            if (!pending.has(id)) {
              pending.set(id, { lastSeen: t, spans: [], ids: new Set(), fromStore: true })
            }
          }
          throw err
        }
        const done = spansOf(chunk)
        assemblingSpans -= done
        left -= done
      }
    } finally {
      assemblingSpans -= left
    }
  }

  /** Serialises assembly runs so a trace is never assembled twice at once. */
  const run = (all: boolean): Promise<void> => {
    const next = assembling.then(() => assembleTraces(takeReady(all), all))
    assembling = next.catch(() => undefined)
    return next
  }

  return {
    markCommitted,
    run,
    async recover(sinceUs, limit) {
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
    pendingCount() {
      return pending.size
    },
    heldSpanCount() {
      return heldSpans
    },
    backlogSpans() {
      return heldSpans + assemblingSpans
    },
    storeReads() {
      return { traces: tracesFromStore, ms: storeReadMs }
    },
    isCommitted(traceId, spanId) {
      return pending.get(traceId)?.ids.has(spanId) === true
    },
  }
}
