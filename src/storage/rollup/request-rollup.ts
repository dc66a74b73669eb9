/**
 * Request rollup: counts, sums and log histograms of the stored requests per fixed time bucket,
 * computed lazily from the store the first time a window asks for them and kept in memory, so a
 * dashboard reading the same window again reads buckets, not rows (ADR 0210). Each write of
 * requests invalidates the buckets it touched (late data included), after its commit; a bucket
 * computed while a write touched it is used for that answer but not kept.
 *
 * It answers windows without `groupBy`, with a step that is a multiple of one of `BASES_US`
 * (or no step); anything else is `null` and the caller asks the store. Window edges that cut a
 * bucket are read from the store for that part only and never kept.
 */
import { STAGE_NAMES } from '../../core/model/request.js'
import { dropOldest, setNewest } from '../../core/lru.js'
import type {
  AggregateQuery,
  AggregateRow,
  DimensionFilters,
  HistogramQuery,
  PercentileQuery,
  RequestHistogram,
  PercentileRow,
  RequestMeasure,
} from '../../core/model/query.js'
import type { Micros } from '../../core/model/units.js'
import type { SpanStore } from '../span-store.js'
import { logBinOf, logBins } from '../query/log-bins.js'
import {
  binValue,
  emptyHistogram,
  histogramQuantiles,
  mergeInto,
  type LogHistogram,
} from './log-histogram.js'
import { ownTurn } from './loop-turns.js'

/** Measures with a sum per bucket: what the traffic and stage panels read. */
export const AGG_MEASURES: readonly RequestMeasure[] = [
  'ttft',
  'tpot',
  'itl_max',
  'e2e',
  ...STAGE_NAMES,
]
/** Measures with a log histogram per bucket: the dashboard's latency quantiles. */
export const HIST_MEASURES: readonly RequestMeasure[] = ['ttft', 'tpot', 'itl_max', 'e2e']

/** Bucket widths, coarsest first; a step uses the coarsest that divides it. */
const BASES_US = [3_600_000_000, 300_000_000, 60_000_000, 5_000_000] as const
/** A window without a step uses the finest base giving at most this many buckets. */
const MAX_WHOLE_BUCKETS = 720
/** Buckets per read of missing buckets (10 min of 5 s buckets). */
const CHUNK_BUCKETS = 120
/** Buckets kept (each kind, filter set and base together), least recently used dropped first. */
const MAX_ENTRIES = 6_000
/** Commits whose spans are remembered (`untouchedSince`); older ones count as touching all. */
const MAX_LOGGED_WRITES = 1_024
const EVERYTHING: WriteExtent = { fromUs: -Infinity, toUs: Infinity }

export interface AggEntry {
  count: number
  errors: number
  timeouts: number
  /** Per `AGG_MEASURES` index: count, sum, min, max (min/max null when count is 0). */
  measures: { count: number; sum: number; min: number | null; max: number | null }[]
}

/** Per `HIST_MEASURES` index. */
export type HistEntry = LogHistogram[]

/** The times a commit wrote, half-open, in µs (±Infinity for an open side). */
export interface WriteExtent {
  fromUs: number
  toUs: number
}

/**
 * One kept bucket of the unfiltered view, as a store saves it beside its rows so that a server
 * started later reads it instead of the rows (ADR 0351).
 */
export interface SavedBucket {
  kind: 'agg' | 'hist'
  baseUs: number
  bucketUs: number
  entry: AggEntry | HistEntry
}

export interface RollupRange {
  fromUs: number
  toUs: number
  filters: DimensionFilters | undefined
}

/** Reads buckets of `baseUs` from the stored requests of a range: bucket start → entry. */
export interface RollupSource {
  aggregates(range: RollupRange, baseUs: number): Promise<Map<number, AggEntry>>
  histograms(range: RollupRange, baseUs: number): Promise<Map<number, HistEntry>>
}

export interface RequestRollup {
  /** Exact counts and sums as `SpanStore.aggregateRequests`, or null when it cannot answer. */
  aggregate(query: AggregateQuery): Promise<AggregateRow[] | null>
  /**
   * Quantiles within `RELATIVE_ERROR` (log-histogram.ts) of the exact nearest-rank ones, or null
   * when it cannot answer.
   */
  percentiles(query: PercentileQuery): Promise<PercentileRow[] | null>
  /**
   * `SpanStore.histogramRequests` from the log histograms: the range is exact when no bucket
   * holds a value ≤ 0, and each rollup bin counts in the display bin of its value, so a value
   * within `RELATIVE_ERROR` of a display bin's edge may count in its neighbour. Null when it
   * cannot answer.
   */
  histogram(query: HistogramQuery): Promise<RequestHistogram | null | undefined>
  /**
   * Reads the buckets of a window ahead of its first request (both kinds), in the buckets of a
   * query with `stepUs`, or without one.
   */
  warm(fromUs: number, toUs: number, stepUs?: number): Promise<void>
  /** After a commit: forget the buckets holding these request starts (µs). */
  invalidate(startsUs: Iterable<number>): void
  /**
   * Whether it keeps or is reading any bucket: when not, a write need not find the buckets of
   * the rows it replaces (that costs a `RETURNING`), and calls `invalidateAll` instead.
   */
  active(): boolean
  /** After a write whose touched buckets are unknown. */
  invalidateAll(): void
  /** After a delete of everything before `beforeUs`. */
  invalidateBefore(beforeUs: number): void
  /**
   * After a commit to any table a diagnosis reads (metric samples, families, events), with the
   * span of times it wrote (`[fromUs, toUs)`), or without one when that is unknown.
   */
  noteWrite(extent?: WriteExtent): void
  /**
   * Grows after every commit the store reported (requests through the invalidations, the other
   * tables through `noteWrite`): an answer computed while it held one value may be served again
   * while it still holds it (ADR 0211).
   */
  readonly writeGeneration: number
  /**
   * Whether no commit after `generation` wrote within `[fromUs, toUs)`: an answer that read only
   * that span while the counter held `generation` is still current (ADR 0238). False when a
   * commit's span is unknown or the log of spans no longer reaches back to `generation`.
   */
  untouchedSince(generation: number, fromUs: number, toUs: number): boolean
  /**
   * The smallest span within `[fromUs, toUs)` that holds every time a commit after `generation`
   * wrote there (empty, `fromUs` = `toUs`, when none did): what a read of that span made at
   * `generation` has to read again (ADR 0257). Null when a commit's span is unknown or the log
   * no longer reaches back to `generation`.
   */
  writtenSince(generation: number, fromUs: number, toUs: number): WriteExtent | null
  /**
   * The unfiltered buckets it keeps, least recently used first: each is current as of every
   * write the store reported to it (ADR 0351).
   */
  saved(): SavedBucket[]
  /**
   * Keeps buckets read back from where a store saved them, once read: the store vouches that no
   * write touched their rows between the save and the start of that read, and the buckets a
   * write touches after it are dropped as a fill's are. Reads of the rollup wait for it (ADR
   * 0351).
   */
  restore(read: Promise<readonly SavedBucket[]>): void
  /** Buckets read from the store since creation (what a test of "bounded reads" looks at). */
  readonly stats: { bucketsFilled: number; bucketsServed: number }
}

const rollups = new WeakMap<SpanStore, RequestRollup>()

/** Called by a store that keeps a rollup of its requests. */
export function registerRequestRollup(store: SpanStore, rollup: RequestRollup): void {
  rollups.set(store, rollup)
}

/** The rollup a store keeps (the DuckDB store does), or null: then ask the store itself. */
export function requestRollupOf(store: SpanStore): RequestRollup | null {
  return rollups.get(store) ?? null
}

/** `store.aggregateRequests`, answered by the store's rollup when it keeps one that can (exact). */
export async function aggregateThroughRollup(
  store: SpanStore,
  query: AggregateQuery
): Promise<AggregateRow[]> {
  return (await requestRollupOf(store)?.aggregate(query)) ?? store.aggregateRequests(query)
}

type Kind = 'agg' | 'hist'

interface Filled {
  startedAt: number
  found: Map<number, AggEntry | HistEntry>
}

const floorTo = (t: number, base: number): number => t - (((t % base) + base) % base)

/** The dashboard's default window, the data's last hour. */
const LAST_HOUR_US = 3_600_000_000

/** How far past the data an hour's view may end: its step at most, 30 s (ADR 0289). */
const VIEW_END_SLACK_US = 30_000_000

/**
 * What the server's start reads into the rollup for the dashboard's default view, the data's
 * last hour (`endUs`: the data's last time): the finest buckets (5 s), which both steps an hour's
 * charts ask for (15 s, 30 s) read, over the hour on either step (it ends on the next whole step
 * after the data). Without a step, an hour and a microsecond was read in 60 s buckets (more than
 * the 720 read in whole at 5 s), which those charts never read: a first look with nothing saved
 * read the rows twice (ADR 0392).
 */
export function lastHourToWarm(endUs: number): { fromUs: number; toUs: number; stepUs: number } {
  return {
    fromUs: endUs - LAST_HOUR_US,
    toUs: endUs + 1 + VIEW_END_SLACK_US,
    stepUs: BASES_US[BASES_US.length - 1] as number,
  }
}

function filterKey(filters: DimensionFilters | undefined): string {
  const entries = Object.entries(filters ?? {})
    .filter(([, v]) => v !== undefined && v.length > 0)
    .map(([d, v]) => [d, [...(v as string[])].sort()] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1))
  return entries.length === 0 ? '' : JSON.stringify(entries)
}

/** The base a query reads, or null when no base fits it. */
function baseFor(fromUs: number, toUs: number, stepUs: number | undefined): number | null {
  if (stepUs !== undefined) {
    return BASES_US.find((b) => stepUs % b === 0) ?? null
  }
  const finest = [...BASES_US].reverse().find((b) => (toUs - fromUs) / b <= MAX_WHOLE_BUCKETS)
  return finest ?? BASES_US[0]
}

export function createRequestRollup(source: RollupSource): RequestRollup {
  const cache = new Map<string, AggEntry | HistEntry>()
  /** `base|bucket` → cache keys of that bucket, for invalidation. */
  const byBucket = new Map<string, Set<string>>()
  /** `base|bucket` → generation of its last invalidation, while some fill is in flight. */
  const touched = new Map<string, number>()
  let generation = 0
  /** The span of each commit after `loggedAfter`, oldest first, one per generation. */
  const writes: WriteExtent[] = []
  let loggedAfter = 0
  const bump = (extent: WriteExtent): void => {
    generation++
    writes.push(extent)
    if (writes.length > MAX_LOGGED_WRITES) {
      writes.shift()
      loggedAfter++
    }
  }
  let fillsInFlight = 0
  /** The read of saved buckets, while under way: a read of the rollup waits for it. */
  let restoring: Promise<void> | null = null
  let everythingTouchedAt = -1
  const inFlight = new Map<string, Promise<Filled>>()
  const stats = { bucketsFilled: 0, bucketsServed: 0 }

  const keep = (key: string, bucketKey: string, entry: AggEntry | HistEntry): void => {
    cache.set(key, entry)
    let keys = byBucket.get(bucketKey)
    if (!keys) {
      keys = new Set()
      byBucket.set(bucketKey, keys)
    }
    keys.add(key)
    dropOldest(cache, MAX_ENTRIES)
  }

  /**
   * Reads a range through the source, once for concurrent callers asking the same range; the
   * generation it started at decides which of its buckets may be kept.
   */
  const fill = (kind: Kind, range: RollupRange, base: number): Promise<Filled> => {
    const key = `${kind}|${filterKey(range.filters)}|${base}|${range.fromUs}|${range.toUs}`
    let pending = inFlight.get(key)
    if (!pending) {
      const startedAt = generation
      fillsInFlight++
      const read = (
        kind === 'agg' ? source.aggregates(range, base) : source.histograms(range, base)
      ) as Promise<Map<number, AggEntry | HistEntry>>
      pending = read.then((found) => ({ startedAt, found }))
      inFlight.set(key, pending)
      const done = (): void => {
        inFlight.delete(key)
        fillsInFlight--
        if (fillsInFlight === 0) {
          touched.clear()
          everythingTouchedAt = -1
        }
      }
      // The bookkeeping runs after every caller's own continuation (queued first).
      pending.then(
        () => queueMicrotask(done),
        () => queueMicrotask(done)
      )
    }
    return pending
  }

  /** Entry per base bucket of the window (missing buckets hold no requests). */
  async function buckets(
    kind: Kind,
    fromUs: number,
    toUs: number,
    filters: DimensionFilters | undefined,
    base: number
  ): Promise<Map<number, AggEntry | HistEntry>> {
    if (restoring) {
      await restoring
    }
    const fk = filterKey(filters)
    const out = new Map<number, AggEntry | HistEntry>()
    const first = floorTo(fromUs, base)
    const missing: number[] = []
    const edges: RollupRange[] = []
    for (let b = first; b < toUs; b += base) {
      if (b < fromUs || b + base > toUs) {
        edges.push({ fromUs: Math.max(b, fromUs), toUs: Math.min(b + base, toUs), filters })
        continue
      }
      const key = `${kind}|${fk}|${base}|${b}`
      const hit = cache.get(key)
      if (hit) {
        setNewest(cache, key, hit, MAX_ENTRIES)
        out.set(b, hit)
        stats.bucketsServed++
      } else {
        missing.push(b)
      }
    }
    const reads: Promise<void>[] = edges.map(async (edge) => {
      for (const [b, entry] of (await fill(kind, edge, base)).found) {
        out.set(b, entry)
      }
    })
    // Missing buckets are read in aligned chunks: callers asking overlapping windows at the
    // same time (the page's panels, the warm-up) share each chunk's read. Within a chunk only
    // the span from its first to its last missing bucket is read: after a write, the buckets it
    // touched, not the chunk's other rows (ADR 0238). Every caller sees the same missing
    // buckets, so they still ask the same span.
    const chunks = new Map<number, { lo: number; hi: number; wanted: number[] }>()
    for (const b of missing) {
      const c = floorTo(b, base * CHUNK_BUCKETS)
      const held = chunks.get(c)
      if (held) {
        held.lo = Math.min(held.lo, b)
        held.hi = Math.max(held.hi, b + base)
        held.wanted.push(b)
      } else {
        chunks.set(c, { lo: b, hi: b + base, wanted: [b] })
      }
    }
    for (const { lo, hi, wanted } of chunks.values()) {
      reads.push(
        fill(kind, { fromUs: lo, toUs: hi, filters }, base).then(({ startedAt, found }) => {
          for (let b = lo; b < hi; b += base) {
            const bucketKey = `${base}|${b}`
            // A write that touched the bucket after this read began may be missing from it.
            if ((touched.get(bucketKey) ?? -1) < startedAt && everythingTouchedAt < startedAt) {
              keep(`${kind}|${fk}|${base}|${b}`, bucketKey, found.get(b) ?? emptyEntry(kind))
            }
          }
          for (const b of wanted) {
            stats.bucketsFilled++
            const entry = found.get(b)
            if (entry) {
              out.set(b, entry)
            }
          }
        })
      )
    }
    await Promise.all(reads)
    return out
  }

  const forget = (bucketKey: string): void => {
    for (const key of byBucket.get(bucketKey) ?? []) {
      cache.delete(key)
    }
    byBucket.delete(bucketKey)
    if (fillsInFlight > 0) {
      touched.set(bucketKey, generation)
    }
  }

  return {
    stats,

    saved() {
      const out: SavedBucket[] = []
      for (const [key, entry] of cache) {
        const [kind, fk, base, bucket] = key.split('|')
        // A filtered view's key holds JSON (which may hold '|'): only the unfiltered are saved.
        if (fk === '' && (kind === 'agg' || kind === 'hist')) {
          out.push({ kind, baseUs: Number(base), bucketUs: Number(bucket), entry })
        }
      }
      return out
    },

    restore(read) {
      // Held as a fill in flight, so a write committed while it reads marks what it touches.
      const startedAt = generation
      fillsInFlight++
      restoring = read
        .then(
          (buckets) => {
            for (const { kind, baseUs, bucketUs, entry } of buckets) {
              const bucketKey = `${baseUs}|${bucketUs}`
              if ((touched.get(bucketKey) ?? -1) < startedAt && everythingTouchedAt < startedAt) {
                keep(`${kind}||${baseUs}|${bucketUs}`, bucketKey, entry)
              }
            }
          },
          // Unread, the buckets are read from the rows as before.
          () => undefined
        )
        .finally(() => {
          restoring = null
          fillsInFlight--
          if (fillsInFlight === 0) {
            touched.clear()
            everythingTouchedAt = -1
          }
        })
    },

    get writeGeneration() {
      return generation
    },

    noteWrite(extent) {
      bump(extent ?? EVERYTHING)
    },

    untouchedSince(since, fromUs, toUs) {
      if (since < loggedAfter || since > generation) {
        return false
      }
      for (let g = since; g < generation; g++) {
        const w = writes[g - loggedAfter] as WriteExtent
        if (w.fromUs < toUs && fromUs < w.toUs) {
          return false
        }
      }
      return true
    },

    writtenSince(since, fromUs, toUs) {
      if (since < loggedAfter || since > generation) {
        return null
      }
      let lo = Infinity
      let hi = -Infinity
      for (let g = since; g < generation; g++) {
        const w = writes[g - loggedAfter] as WriteExtent
        if (w.fromUs < toUs && fromUs < w.toUs) {
          lo = Math.min(lo, Math.max(fromUs, w.fromUs))
          hi = Math.max(hi, Math.min(toUs, w.toUs))
        }
      }
      return lo < hi ? { fromUs: lo, toUs: hi } : { fromUs, toUs: fromUs }
    },

    async aggregate(query) {
      const at = answerable(query)
      const indexes = query.measures.map((m) => AGG_MEASURES.indexOf(m))
      if (at === null || indexes.some((i) => i < 0)) {
        return null
      }
      const found = (await buckets('agg', at.fromUs, at.toUs, query.filters, at.base)) as Map<
        number,
        AggEntry
      >
      // The merge below is the answer's work on the loop: one answer's per turn (ADR 0438).
      await ownTurn()
      const cells = cellsOf(found, query.stepUs, 'agg', (into: AggEntry, entry: AggEntry) => {
        into.count += entry.count
        into.errors += entry.errors
        into.timeouts += entry.timeouts
        entry.measures.forEach((m, i) => {
          const t = into.measures[i] as AggEntry['measures'][number]
          t.count += m.count
          t.sum += m.sum
          t.min = m.min === null ? t.min : t.min === null ? m.min : Math.min(t.min, m.min)
          t.max = m.max === null ? t.max : t.max === null ? m.max : Math.max(t.max, m.max)
        })
      })
      return [...cells.entries()]
        .filter(([, e]) => e.count > 0)
        .sort(([a], [b]) => (a ?? 0) - (b ?? 0))
        .map(([cell, e]) => ({
          group: null,
          bucketStartUs: cell as Micros | null,
          count: e.count,
          errors: e.errors,
          timeouts: e.timeouts,
          measures: indexes.map((i) => {
            const m = e.measures[i] as AggEntry['measures'][number]
            return { count: m.count, sum: m.sum, min: m.min, max: m.max }
          }),
        }))
    },

    async percentiles(query) {
      const at = answerable(query)
      const indexes = query.measures.map((m) => HIST_MEASURES.indexOf(m))
      if (at === null || indexes.some((i) => i < 0)) {
        return null
      }
      const found = (await buckets('hist', at.fromUs, at.toUs, query.filters, at.base)) as Map<
        number,
        HistEntry
      >
      // The merge below is the answer's work on the loop: one answer's per turn (ADR 0438).
      await ownTurn()
      // Only the asked measures are merged: the headline charts and the KPI strip ask three of
      // the four, and merging bins is most of such an answer's work on the server's loop.
      const asked = [...new Set(indexes)]
      const cells = cellsOf(found, query.stepUs, 'hist', (into: HistEntry, entry: HistEntry) => {
        for (const i of asked) {
          mergeInto(into[i] as LogHistogram, entry[i] as LogHistogram)
        }
      })
      const order = [...cells.keys()].sort((a, b) => (a ?? 0) - (b ?? 0))
      return query.measures.flatMap((measure, mi) =>
        order.flatMap((cell) => {
          const h = (cells.get(cell) as HistEntry)[indexes[mi] as number] as LogHistogram
          if (h.count === 0) {
            return []
          }
          return [
            {
              measure,
              group: null,
              bucketStartUs: cell as Micros | null,
              count: h.count,
              values: histogramQuantiles(h, query.quantiles) as number[],
            },
          ]
        })
      )
    },

    async histogram(query) {
      const index = HIST_MEASURES.indexOf(query.measure)
      const at = index < 0 ? null : answerable(query)
      if (at === null) {
        return undefined
      }
      const found = (await buckets('hist', at.fromUs, at.toUs, query.filters, at.base)) as Map<
        number,
        HistEntry
      >
      // The merge below is the answer's work on the loop: one answer's per turn (ADR 0438).
      await ownTurn()
      const cells = new Map<number, LogHistogram>()
      let lowest = Infinity
      let highest = -Infinity
      for (const [b, entry] of found) {
        const h = entry[index] as LogHistogram
        if (h.count === 0) {
          continue
        }
        const cell = floorTo(b, query.stepUs)
        let into = cells.get(cell)
        if (!into) {
          into = emptyHistogram()
          cells.set(cell, into)
        }
        mergeInto(into, h)
        highest = Math.max(highest, h.max)
        lowest = Math.min(lowest, h.min > 0 ? h.min : smallestPositive(h))
      }
      const bins = logBins(
        Number.isFinite(lowest) ? lowest : null,
        Number.isFinite(highest) ? highest : null,
        query.bins
      )
      if (!bins) {
        return null
      }
      const out: RequestHistogram['cells'] = []
      for (const cell of [...cells.keys()].sort((a, b) => a - b)) {
        const h = cells.get(cell) as LogHistogram
        const counts = new Map<number, number>()
        for (const [key, n] of h.bins) {
          const value = Math.min(h.max, Math.max(h.min, binValue(key)))
          const bin = logBinOf(value, bins)
          counts.set(bin, (counts.get(bin) ?? 0) + n)
        }
        for (const bin of [...counts.keys()].sort((a, b) => a - b)) {
          out.push({ bucketStartUs: cell as Micros, bin, count: counts.get(bin) as number })
        }
      }
      return { lowUs: bins.lowUs, highUs: bins.highUs, cells: out }
    },

    async warm(fromUs, toUs, stepUs) {
      const base = baseFor(fromUs, toUs, stepUs)
      if (base !== null && toUs > fromUs) {
        await Promise.all([
          buckets('agg', fromUs, toUs, undefined, base),
          buckets('hist', fromUs, toUs, undefined, base),
        ])
      }
    },

    invalidate(startsUs) {
      // Requests of one batch share few buckets: find the finest ones first, the rest from them.
      const finest = BASES_US[BASES_US.length - 1] as number
      const fine = new Set<number>()
      let lowest = Infinity
      let highest = -Infinity
      for (const t of startsUs) {
        fine.add(floorTo(t, finest))
        lowest = Math.min(lowest, t)
        highest = Math.max(highest, t)
      }
      bump({ fromUs: lowest, toUs: highest + 1 })
      const seen = new Set<string>()
      for (const b of fine) {
        for (const base of BASES_US) {
          const bucketKey = `${base}|${floorTo(b, base)}`
          if (!seen.has(bucketKey)) {
            seen.add(bucketKey)
            forget(bucketKey)
          }
        }
      }
    },

    active() {
      return cache.size > 0 || fillsInFlight > 0
    },

    invalidateAll() {
      bump(EVERYTHING)
      cache.clear()
      byBucket.clear()
      if (fillsInFlight > 0) {
        everythingTouchedAt = generation
      }
    },

    invalidateBefore(beforeUs) {
      bump({ fromUs: -Infinity, toUs: beforeUs })
      for (const bucketKey of [...byBucket.keys()]) {
        if (Number(bucketKey.split('|')[1]) < beforeUs) {
          forget(bucketKey)
        }
      }
      if (fillsInFlight > 0) {
        // Any bucket may have lost rows while a read was in flight: keep none of it.
        everythingTouchedAt = generation
      }
    },
  }

  /** The window and base a query reads, or null when the rollup cannot answer it. */
  function answerable(
    query: AggregateQuery | PercentileQuery | HistogramQuery
  ): { fromUs: number; toUs: number; base: number } | null {
    const { fromUs, toUs } = query
    if (
      ('groupBy' in query && query.groupBy !== undefined) ||
      fromUs === undefined ||
      toUs === undefined ||
      !(toUs > fromUs)
    ) {
      return null
    }
    const base = baseFor(fromUs, toUs, query.stepUs)
    return base === null ? null : { fromUs, toUs, base }
  }
}

/** The value of the lowest positive bin (+∞ when none): the range's low end when zeros exist. */
function smallestPositive(h: LogHistogram): number {
  let key = Infinity
  for (const k of h.bins.keys()) {
    if (k > 0 && k < key) {
      key = k
    }
  }
  return Number.isFinite(key) ? Math.min(h.max, binValue(key)) : Infinity
}

/**
 * The buckets found, merged into one entry per `stepUs` cell (or one for the whole range when
 * there is no step), keyed by the cell's start.
 */
function cellsOf<E extends AggEntry | HistEntry>(
  found: Map<number, E>,
  stepUs: number | undefined,
  kind: Kind,
  merge: (into: E, entry: E) => void
): Map<number | null, E> {
  const cells = new Map<number | null, E>()
  for (const [b, entry] of found) {
    const cell = stepUs ? floorTo(b, stepUs) : null
    let into = cells.get(cell)
    if (!into) {
      into = emptyEntry(kind) as E
      cells.set(cell, into)
    }
    merge(into, entry)
  }
  return cells
}

function emptyEntry(kind: Kind): AggEntry | HistEntry {
  return kind === 'agg'
    ? {
        count: 0,
        errors: 0,
        timeouts: 0,
        measures: AGG_MEASURES.map(() => ({ count: 0, sum: 0, min: null, max: null })),
      }
    : HIST_MEASURES.map(() => emptyHistogram())
}
