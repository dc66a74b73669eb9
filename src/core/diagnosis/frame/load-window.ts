/**
 * Loads one diagnosis window from a SpanStore: the requests as a columnar frame (read with the
 * store's columnar scan, only the fields diagnosis reads), the resource series of CONTRACT §2's
 * families (whichever alias is stored), and the change events.
 */
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
import type { DimensionFilters, RequestField } from '../../model/query.js'

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

/** Resolves the window: explicit ends win, else the data extent (empty store → [0, 0)). */
export async function resolveWindow(
  store: DiagnosisReader,
  fromUs?: Micros,
  toUs?: Micros
): Promise<{ fromUs: Micros; toUs: Micros }> {
  if (fromUs !== undefined && toUs !== undefined) {
    return { fromUs, toUs }
  }
  const extent = await store.extent()
  const from = fromUs ?? extent?.startUs ?? toUs ?? (0 as Micros)
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
  }
): Promise<WindowLoad> {
  const window = await resolveWindow(store, options.fromUs, options.toUs)
  const columns = await store.scanRequestColumns({
    fromUs: window.fromUs,
    toUs: window.toUs,
    ...(options.filters ? { filters: options.filters } : {}),
    fields: FRAME_FIELDS,
    ...(options.sample !== undefined ? { sample: options.sample } : {}),
  })
  const frame = frameFromColumns(columns)
  const total = columns.total ?? columns.n
  if (options.requestsOnly === true) {
    return { window, frame, total, resources: [], events: [], missingFamilies: [] }
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
  return { window, frame, total, resources, events, missingFamilies }
}
