/**
 * The in-memory store: the reference implementation of the `SpanStore` port, the store behind
 * `--store memory`, and the test double for everything above storage. Correct rather than fast:
 * queries scan. Data is copied in and out so callers cannot change what is stored.
 */
import type { ChangeEvent } from '../../core/model/event.js'
import type { MetricFamilyMeta } from '../../core/model/metric.js'
import { DIMENSIONS, type RequestTimeline } from '../../core/model/request.js'
import type { Span } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'
import type { SpanStore } from '../span-store.js'
import type {
  DataExtent,
  EventQuery,
  PercentileQuery,
  PercentileRow,
  RequestPage,
  RequestQuery,
  Series,
  SeriesQuery,
  StoreStats,
  TimeRange,
  DimensionValueCount,
} from '../../core/model/query.js'
import {
  evaluateSeries,
  labelsKey,
  labelsMatch,
  storedNameFor,
  type RawSeries,
} from '../query/evaluate-series.js'
import { percentileRows } from '../query/percentile-rows.js'
import { validateAggregateQuery, validateHistogramQuery } from '../query/log-bins.js'
import { aggregateRows, histogramOf } from './aggregate.js'
import { memoryRequestColumns } from './request-columns.js'
import { listMetricFamilies } from '../query/list-metrics.js'
import { compareRequests, inValueRange, matchesFilters } from '../query/request-order.js'
import {
  validatePercentileQuery,
  validateRequestQuery,
  validateSeriesQuery,
} from '../query/validate.js'

function inRange(timeUs: number, range: TimeRange): boolean {
  return (
    (range.fromUs === undefined || timeUs >= range.fromUs) &&
    (range.toUs === undefined || timeUs < range.toUs)
  )
}

/** Creates an empty in-memory store. */
export function createMemoryStore(): SpanStore {
  const spansByTrace = new Map<string, Span[]>()
  let spanCount = 0
  const requests = new Map<string, RequestTimeline>()
  const samplesBySeries = new Map<string, RawSeries>()
  let sampleCount = 0
  const families = new Map<string, MetricFamilyMeta>()
  const events: ChangeEvent[] = []

  const selectRequests = (query: RequestQuery): RequestTimeline[] =>
    [...requests.values()].filter(
      (r) => inRange(r.startUs, query) && matchesFilters(r, query.filters)
    )

  const store: SpanStore = {
    async insertSpans(spans) {
      for (const span of structuredClone(spans as Span[])) {
        const list = spansByTrace.get(span.traceId)
        if (!list) {
          spansByTrace.set(span.traceId, [span])
          spanCount++
          continue
        }
        // A second copy of a span (an exporter that sends twice, a retried batch) replaces the
        // first: stored once, as the DuckDB store reads it back.
        const at = indexOfSpan(list, span.spanId)
        if (at >= 0) {
          list[at] = span
        } else {
          list.push(span)
          spanCount++
        }
      }
    },

    async upsertRequests(list) {
      for (const r of structuredClone(list as RequestTimeline[])) {
        requests.set(r.traceId, r)
      }
    },

    async insertMetricSamples(samples) {
      for (const s of samples) {
        const labels = { ...s.labels }
        const key = `${s.name}\u0000${labelsKey(labels)}`
        let series = samplesBySeries.get(key)
        if (!series) {
          series = { name: s.name, labels, points: [] }
          samplesBySeries.set(key, series)
        }
        series.points.push({ timeUs: s.timeUs, value: s.value })
        sampleCount++
      }
    },

    async upsertMetricFamilies(list) {
      for (const f of list) {
        families.set(f.name, { ...f })
      }
    },

    async insertEvents(list) {
      events.push(...list.map((e) => ({ ...e })))
    },

    async getSpans(traceIds) {
      const out: Span[] = []
      for (const id of new Set(traceIds)) {
        // A span stored twice (an exporter's retry) comes back once: the last stored copy.
        const bySpanId = new Map((spansByTrace.get(id) ?? []).map((s) => [s.spanId, s]))
        out.push(...bySpanId.values())
      }
      return structuredClone(out)
    },

    async unassembledTraceIds(sinceUs, limit) {
      const out: string[] = []
      for (const [id, list] of spansByTrace) {
        if (out.length >= limit) {
          break
        }
        if (!requests.has(id) && list.some((s) => s.startUs >= sinceUs)) {
          out.push(id)
        }
      }
      return out
    },

    async getRequest(traceId) {
      const r = requests.get(traceId)
      return r ? structuredClone(r) : null
    },

    async queryRequests(query: RequestQuery): Promise<RequestPage> {
      validateRequestQuery(query)
      const rows = selectRequests(query)
        .filter((r) => inValueRange(r, query.valueRange))
        .sort(compareRequests(query.sortBy ?? 'start', query.sortDir ?? 'desc'))
      const offset = query.offset ?? 0
      const end = query.limit === undefined ? undefined : offset + query.limit
      return { total: rows.length, rows: structuredClone(rows.slice(offset, end)) }
    },

    async *scanRequests(query: RequestQuery, batchSize = 10_000) {
      validateRequestQuery(query)
      const rows = selectRequests(query).sort(compareRequests('start', 'asc'))
      for (let i = 0; i < rows.length; i += batchSize) {
        yield structuredClone(rows.slice(i, i + batchSize))
      }
    },

    async scanRequestColumns(query) {
      return memoryRequestColumns(requests.values(), query)
    },

    async percentiles(query: PercentileQuery): Promise<PercentileRow[]> {
      validatePercentileQuery(query)
      return percentileRows(query, selectRequests(query))
    },

    async aggregateRequests(query) {
      validateAggregateQuery(query)
      return aggregateRows(query, selectRequests(query))
    },

    async countDimensionValues(query) {
      validateRequestQuery(query)
      const counts = new Map<string, DimensionValueCount>()
      for (const r of selectRequests(query)) {
        if (r.e2eUs === null) {
          continue
        }
        for (const dimension of DIMENSIONS) {
          const value = r.dims[dimension]
          if (value === null) {
            continue
          }
          const key = `${dimension}\u0000${value}`
          const held = counts.get(key)
          if (held) {
            held.count++
          } else {
            counts.set(key, { dimension, value, count: 1 })
          }
        }
      }
      return [...counts.values()]
    },

    async histogramRequests(query) {
      validateHistogramQuery(query)
      return histogramOf(query, selectRequests(query))
    },

    async querySeries(query: SeriesQuery): Promise<Series[]> {
      validateSeriesQuery(query)
      const name = storedNameFor(query)
      const raw: RawSeries[] = []
      for (const s of samplesBySeries.values()) {
        if (s.name !== name || !labelsMatch(s.labels, query.labels)) {
          continue
        }
        const points = s.points
          .filter((p) => inRange(p.timeUs, query))
          .sort((a, b) => a.timeUs - b.timeUs)
          .map((p) => ({ ...p }))
        if (points.length > 0) {
          raw.push({ name: s.name, labels: { ...s.labels }, points })
        }
      }
      return evaluateSeries(query, raw)
    },

    async listMetrics() {
      return listMetricFamilies(
        [...families.values()].map((f) => ({ ...f })),
        new Set([...samplesBySeries.values()].map((s) => s.name))
      )
    },

    async queryEvents(query: EventQuery) {
      const kinds = query.kinds && query.kinds.length > 0 ? new Set(query.kinds) : null
      return events
        .filter((e) => inRange(e.timeUs, query) && (!kinds || kinds.has(e.kind)))
        .sort((a, b) => a.timeUs - b.timeUs)
        .map((e) => ({ ...e }))
    },

    async extent(): Promise<DataExtent | null> {
      let start = Number.POSITIVE_INFINITY
      let end = Number.NEGATIVE_INFINITY
      const see = (from: number, to: number): void => {
        start = Math.min(start, from)
        end = Math.max(end, to)
      }
      for (const list of spansByTrace.values()) {
        for (const s of list) {
          see(s.startUs, s.endUs)
        }
      }
      for (const r of requests.values()) {
        see(r.startUs, r.endUs)
      }
      for (const s of samplesBySeries.values()) {
        for (const p of s.points) {
          see(p.timeUs, p.timeUs)
        }
      }
      for (const e of events) {
        see(e.timeUs, e.timeUs)
      }
      return Number.isFinite(start) ? { startUs: start as Micros, endUs: end as Micros } : null
    },

    async stats(): Promise<StoreStats> {
      return {
        spans: spanCount,
        requests: requests.size,
        metricSamples: sampleCount,
        events: events.length,
        bytes: null,
      }
    },

    async deleteBefore(table, beforeUs, maxRows) {
      let budget = Math.max(0, Math.floor(maxRows))
      let deleted = 0
      if (table === 'spans') {
        for (const [traceId, list] of spansByTrace) {
          const keep = list.filter((s) => !(s.startUs < beforeUs && budget > 0 && budget-- > 0))
          deleted += list.length - keep.length
          spanCount -= list.length - keep.length
          if (keep.length === 0) {
            spansByTrace.delete(traceId)
          } else {
            spansByTrace.set(traceId, keep)
          }
        }
      } else if (table === 'requests') {
        for (const [traceId, r] of requests) {
          if (budget === 0) {
            break
          }
          if (r.startUs < beforeUs) {
            requests.delete(traceId)
            budget--
            deleted++
          }
        }
      } else if (table === 'metric_samples') {
        for (const [key, series] of samplesBySeries) {
          const keep = series.points.filter(
            (p) => !(p.timeUs < beforeUs && budget > 0 && budget-- > 0)
          )
          deleted += series.points.length - keep.length
          sampleCount -= series.points.length - keep.length
          if (keep.length === 0) {
            samplesBySeries.delete(key)
          } else {
            series.points = keep
          }
        }
      } else {
        const keep = events.filter((e) => !(e.timeUs < beforeUs && budget > 0 && budget-- > 0))
        deleted = events.length - keep.length
        events.splice(0, events.length, ...keep)
      }
      return deleted
    },

    async close() {
      // Nothing to release: the data lives as long as the object.
    },
  }
  return store
}

/** Span id → position, kept for long traces only (a scan is cheaper for a handful of spans). */
const positions = new WeakMap<Span[], Map<string, number>>()

function indexOfSpan(list: Span[], spanId: string): number {
  if (list.length < 64) {
    return list.findIndex((s) => s.spanId === spanId)
  }
  let map = positions.get(list)
  if (map === undefined || map.size !== list.length) {
    map = new Map(list.map((s, i) => [s.spanId, i]))
    positions.set(list, map)
  }
  const at = map.get(spanId)
  if (at === undefined) {
    // The caller appends the span next: keep the map in step with the list.
    map.set(spanId, list.length)
    return -1
  }
  return at
}
