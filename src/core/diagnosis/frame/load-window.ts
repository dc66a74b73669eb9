/**
 * Loads one diagnosis window from a SpanStore: the requests as a columnar frame (read with the
 * store's columnar scan, only the fields diagnosis reads), the resource series of CONTRACT §2's
 * families (whichever alias is stored), and the change events.
 */
import { AppError } from '../../errors.js'
import {
  FRAME_FLAG_FIELDS,
  FRAME_NUMBER_FIELDS,
  FRAME_TEXT_FIELDS,
  frameFromColumns,
  type RequestFrame,
} from './frame.js'
import type { ResourceSeries } from './input.js'
import { resolveResourceNames } from '../metric-families.js'
import type { ChangeEvent } from '../../model/event.js'
import type { Micros } from '../../model/units.js'
import type { DiagnosisReader } from './read-port.js'
import {
  SAMPLE_BUCKETS,
  sampleBucketsKept,
  type DimensionFilters,
  type RequestColumns,
  type RequestField,
} from '../../model/query.js'
import { spliceRead, type KeptRead } from './kept-read.js'

/** A window's rows read before, and what was written in the window since (ADR 0257). */
export interface ReadReuse {
  previous: KeptRead
  /** Where commits since `previous` wrote inside the window (empty when nowhere). */
  written: { fromUs: number; toUs: number }
  /** Requests in the window (and filters) now: sets the sample's rate. */
  total: number
}

export interface WindowLoad {
  window: { fromUs: Micros; toUs: Micros }
  /** The requests read: every one in the window, or a sample of them when `total` > `frame.n`. */
  frame: RequestFrame
  /** Requests in the window (and filters). */
  total: number
  resources: ResourceSeries[]
  events: ChangeEvent[]
  /** Resource families with no stored alias (for "no metrics for …"). */
  missingFamilies: string[]
  /** The rows read, to reuse in the next read of the window, when `keep` asked (and the store can). */
  kept: KeptRead | null
}

const FRAME_FIELDS: readonly RequestField[] = [
  ...FRAME_NUMBER_FIELDS,
  ...FRAME_FLAG_FIELDS,
  ...FRAME_TEXT_FIELDS,
]

/** Metric series are read this far before the window, so counters have a sample for a rate. */
const METRICS_BEFORE_US = 5 * 60_000_000
/** Change events are read this far before the window: a change just before it may explain it. */
const EVENTS_BEFORE_US = 10 * 60_000_000

/**
 * The times `loadWindow` reads for a window, half-open: an answer computed from them holds until
 * a write lands inside (ADR 0238). Null when the window is open (it then follows the data extent).
 */
export function windowReach(window: {
  fromUs?: number
  toUs?: number
}): { fromUs: number; toUs: number } | null {
  if (window.fromUs === undefined || window.toUs === undefined) {
    return null
  }
  return {
    fromUs: window.fromUs - Math.max(METRICS_BEFORE_US, EVENTS_BEFORE_US),
    toUs: window.toUs,
  }
}

/**
 * Resolves the window: explicit ends win, else the data extent. An empty store with neither end
 * given has no window: CONTRACT §5's window is two RFC 3339 times, never null, and the epoch
 * (1970) would be a time the data never said, so the read is refused (ADR 0383).
 */
export async function resolveWindow(
  store: DiagnosisReader,
  fromUs?: Micros,
  toUs?: Micros
): Promise<{ fromUs: Micros; toUs: Micros }> {
  if (fromUs !== undefined && toUs !== undefined) {
    return { fromUs, toUs }
  }
  const extent = await store.extent()
  const from = fromUs ?? extent?.startUs ?? toUs
  if (from === undefined) {
    throw new AppError(
      'INPUT_INVALID',
      'nothing to diagnose: the store holds no data, so a window taken from its data has no time to start or end at (give from and to)'
    )
  }
  // The extent's end is inclusive; the window is half-open.
  const to = toUs ?? (extent ? ((extent.endUs + 1) as Micros) : from)
  return { fromUs: from, toUs: Math.max(from, to) as Micros }
}

/** Loads requests, resource series and events for a window. */
export async function loadWindow(
  store: DiagnosisReader,
  options: {
    fromUs?: Micros
    toUs?: Micros
    filters?: DimensionFilters
    requestsOnly?: boolean
    /** Read a hash sample of about this many requests when the window holds more (see ADR 0100). */
    sample?: number
    /** Return the rows read (`kept`), so the next read of this window can reuse them. */
    keep?: boolean
    /** The rows of an earlier read of this window and filters: only the written span is read. */
    reuse?: ReadReuse
  }
): Promise<WindowLoad> {
  const window = await resolveWindow(store, options.fromUs, options.toUs)
  const columns =
    (options.reuse === undefined ? null : await readAgain(store, window, options, options.reuse)) ??
    (await store.scanRequestColumns({
      fromUs: window.fromUs,
      toUs: window.toUs,
      ...(options.filters ? { filters: options.filters } : {}),
      fields: FRAME_FIELDS,
      ...(options.sample !== undefined ? { sample: options.sample } : {}),
      ...(options.keep === true ? { withBuckets: true } : {}),
    }))
  const frame = frameFromColumns(columns)
  const total = columns.total ?? columns.n
  const kept =
    options.keep === true && columns.buckets !== undefined
      ? {
          columns: { ...columns, buckets: columns.buckets },
          kept: sampleBucketsKept(total, options.sample) ?? SAMPLE_BUCKETS,
        }
      : null
  if (options.requestsOnly === true) {
    return { window, frame, total, resources: [], events: [], missingFamilies: [], kept }
  }
  const stored = await store.listMetrics()
  const names = resolveResourceNames(stored.map((m) => m.name))
  const resources: ResourceSeries[] = []
  await Promise.all(
    [...names.entries()].map(async ([kind, { name }]) => {
      const series = await store.querySeries({
        name,
        fromUs: (window.fromUs - METRICS_BEFORE_US) as Micros,
        toUs: window.toUs,
        fn: 'raw',
      })
      for (const s of series) {
        resources.push({ kind, metric: name, labels: s.labels, points: s.points })
      }
    })
  )
  const missingFamilies = [
    'waiting',
    'running',
    'kv_usage',
    'preemptions',
    'gpu_util',
    'dram_active',
  ].filter((k) => !names.has(k as never))
  const events = await store.queryEvents({
    fromUs: (window.fromUs - EVENTS_BEFORE_US) as Micros,
    toUs: window.toUs,
  })
  return { window, frame, total, resources, events, missingFamilies, kept }
}

/**
 * The window's columns from an earlier read and a read of the span written since, or null when
 * they cannot give what a whole read would: fewer requests now (the sample's rate rose, so rows
 * the earlier read left out are back in), or a store that does not return hash buckets.
 */
async function readAgain(
  store: DiagnosisReader,
  window: { fromUs: Micros; toUs: Micros },
  options: { filters?: DimensionFilters; sample?: number },
  reuse: ReadReuse
): Promise<RequestColumns | null> {
  const kept = sampleBucketsKept(reuse.total, options.sample) ?? SAMPLE_BUCKETS
  if (kept > reuse.previous.kept) {
    return null
  }
  // Whole microseconds, the same bounds for the read and the splice.
  const span = {
    fromUs: Math.max(window.fromUs, Math.floor(reuse.written.fromUs)),
    toUs: Math.min(window.toUs, Math.ceil(reuse.written.toUs)),
  }
  span.toUs = Math.max(span.fromUs, span.toUs)
  const block = await store.scanRequestColumns({
    fromUs: span.fromUs as Micros,
    toUs: span.toUs as Micros,
    ...(options.filters ? { filters: options.filters } : {}),
    fields: FRAME_FIELDS,
    sampleBuckets: kept,
    withBuckets: true,
  })
  if (block.buckets === undefined) {
    return null
  }
  return spliceRead(reuse.previous, { ...block, buckets: block.buckets }, span, kept, reuse.total)
    .columns
}
