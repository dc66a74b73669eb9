/**
 * The storage port. The memory, DuckDB and ClickHouse adapters implement it and pass the
 * same conformance suite (`testing/span-store-conformance.ts`). Nothing outside an adapter's
 * folder knows which database is behind it. The query and result shapes live in
 * `core/model/query.ts`.
 */
import type { ChangeEvent } from '../core/model/event.js'
import type { MetricFamilyMeta, MetricSample } from '../core/model/metric.js'
import type { RequestTimeline } from '../core/model/request.js'
import type { Span } from '../core/model/span.js'
import type { Micros } from '../core/model/units.js'
import type {
  RequestQuery,
  RequestPage,
  RequestColumnQuery,
  RequestColumns,
  PercentileQuery,
  PercentileRow,
  AggregateQuery,
  DimensionValueCount,
  DimensionValuesQuery,
  AggregateRow,
  HistogramQuery,
  RequestHistogram,
  SeriesQuery,
  Series,
  EventQuery,
  StoreStats,
  RetentionTable,
  DataExtent,
} from '../core/model/query.js'

/** See {@link SpanStore.upsertRequests}. */
export interface UpsertRequestsOptions {
  /** No request of these traces is stored yet (they are inserted, nothing is replaced). */
  newTraces?: boolean
}

export interface SpanStore {
  /** Durable once the promise resolves: acknowledged data survives a crash. */
  insertSpans(spans: readonly Span[]): Promise<void>
  /**
   * Inserts or replaces by `traceId`. With `options.newTraces` the caller vouches that no request
   * of these traces is stored yet, so an adapter may skip looking for rows to replace (DuckDB's
   * delete scans the whole table). An adapter may ignore the hint.
   */
  upsertRequests(
    requests: readonly RequestTimeline[],
    options?: UpsertRequestsOptions
  ): Promise<void>
  insertMetricSamples(samples: readonly MetricSample[]): Promise<void>
  /** Records or updates family metadata (type/help/unit). */
  upsertMetricFamilies(families: readonly MetricFamilyMeta[]): Promise<void>
  insertEvents(events: readonly ChangeEvent[]): Promise<void>

  /** All stored spans of the given traces (any order). */
  getSpans(traceIds: readonly string[]): Promise<Span[]>
  getRequest(traceId: string): Promise<RequestTimeline | null>
  /**
   * Traces with spans starting at or after `sinceUs` but no request row: what a crash left
   * between committing spans and assembling them. At most `limit` ids.
   */
  unassembledTraceIds(sinceUs: Micros, limit: number): Promise<string[]>
  queryRequests(query: RequestQuery): Promise<RequestPage>
  /** Streams every request in a window in start order, in batches (for diagnosis over large windows). */
  scanRequests(query: RequestQuery, batchSize?: number): AsyncIterable<RequestTimeline[]>
  /**
   * The same requests as `scanRequests`, read column by column: only the fields asked for, as
   * typed arrays (for analyses over millions of requests, where row objects cost most of the time).
   */
  scanRequestColumns(query: RequestColumnQuery): Promise<RequestColumns>
  percentiles(query: PercentileQuery): Promise<PercentileRow[]>
  /** Counts, failures and per-measure count/sum/min/max per group and time bucket (SQL in DuckDB). */
  aggregateRequests(query: AggregateQuery): Promise<AggregateRow[]>
  /**
   * Per value of every dimension, the requests with an e2e that hold it (values held by none
   * left out, in no particular order), in one read of the window: what the filter menus list.
   */
  countDimensionValues(query: DimensionValuesQuery): Promise<DimensionValueCount[]>
  /** A time × log-value histogram of one measure; `null` when no request has a positive value. */
  histogramRequests(query: HistogramQuery): Promise<RequestHistogram | null>
  querySeries(query: SeriesQuery): Promise<Series[]>
  /** Metric names stored, with their family metadata when known. */
  listMetrics(): Promise<MetricFamilyMeta[]>
  queryEvents(query: EventQuery): Promise<ChangeEvent[]>
  extent(): Promise<DataExtent | null>
  stats(): Promise<StoreStats>
  /**
   * Retention: deletes up to `maxRows` rows of `table` older than `beforeUs` (spans and requests
   * by start, metric samples and events by time) and returns how many went. Small batches keep
   * ingest flowing while old data is removed. A store that keeps spans per write (DuckDB, ADR
   * 0395) deletes whole writes: a write's spans go once all of them start before `beforeUs`, and
   * a write of more than `maxRows` spans goes alone.
   */
  deleteBefore(table: RetentionTable, beforeUs: Micros, maxRows: number): Promise<number>
  close(): Promise<void>
}
