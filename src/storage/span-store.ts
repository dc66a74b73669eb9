/**
 * The storage port. The memory, DuckDB and ClickHouse adapters implement it and pass the
 * same conformance suite (`span-store.case.ts`). Nothing outside an adapter's folder knows which
 * database is behind it.
 */
import type { ChangeEvent, EventKind } from '../core/model/event.js'
import type { MetricFamilyMeta, MetricSample } from '../core/model/metric.js'
import type { Dimension, RequestTimeline, StageName } from '../core/model/request.js'
import type { Span } from '../core/model/span.js'
import type { Micros } from '../core/model/units.js'

/** Half-open time window `[fromUs, toUs)` in epoch µs; either end may be open. */
export interface TimeRange {
  fromUs?: Micros
  toUs?: Micros
}

/** Dimension filters: a request matches when, for every listed dimension, its value is one of those given. */
export type DimensionFilters = Partial<Record<Dimension, string[]>>

/**
 * Anything a request can be measured or sorted by: a duration measure, a stage, or a count.
 * Durations are µs.
 */
export type RequestMeasure =
  | 'ttft'
  | 'tpot'
  | 'itl_max'
  | 'e2e'
  | StageName
  | 'input_tokens'
  | 'output_tokens'
  | 'cached_tokens'
  | 'retries'
  | 'start'

export interface RequestQuery extends TimeRange {
  filters?: DimensionFilters
  sortBy?: RequestMeasure
  sortDir?: 'asc' | 'desc'
  limit?: number
  offset?: number
}

export interface RequestPage {
  total: number
  rows: RequestTimeline[]
}

/** Numeric request fields: a `RequestMeasure` (µs for durations and `start`), `end` (µs), `status`, `span_count`. */
export type RequestNumberField = RequestMeasure | 'end' | 'status' | 'span_count'
/** Yes/no request fields, read as 1 (yes), 0 (no), -1 (unknown). */
export type RequestFlagField =
  'connection_reused' | 'tls_resumed' | 'has_client' | 'has_gateway' | 'has_engine'
/** Text request fields, read dictionary-encoded. */
export type RequestTextField = Dimension | 'downstream_name' | 'ttft_source' | 'error_type'
export type RequestField = RequestNumberField | RequestFlagField | RequestTextField

/** Selects the requests of `scanRequestColumns` (like `scanRequests`) and the fields to read. */
export interface RequestColumnQuery extends TimeRange {
  filters?: DimensionFilters
  fields: readonly RequestField[]
}

/**
 * A dictionary-encoded text column: row i is `values[codes[i]]`, code -1 = missing (`null`).
 * `values` holds each value once, in no promised order.
 */
export interface TextColumn {
  codes: Int32Array
  values: string[]
}

/**
 * The requested fields of every matching request, one typed array per field, rows in start
 * order (ties by trace id). Missing numbers are `NaN`.
 */
export interface RequestColumns {
  n: number
  numbers: Partial<Record<RequestNumberField, Float64Array>>
  flags: Partial<Record<RequestFlagField, Int8Array>>
  texts: Partial<Record<RequestTextField, TextColumn>>
}

export interface PercentileQuery extends TimeRange {
  filters?: DimensionFilters
  /** Measures to compute (durations in µs). */
  measures: RequestMeasure[]
  /** Quantiles in 0..1, e.g. `[0.5, 0.9, 0.95, 0.99]`. */
  quantiles: number[]
  groupBy?: Dimension
  /** When set, one row per time bucket of this width (aligned to the epoch). */
  stepUs?: Micros
}

export interface PercentileRow {
  measure: RequestMeasure
  /** Value of the `groupBy` dimension (`null` for requests without it, or when not grouped). */
  group: string | null
  /** Bucket start when `stepUs` was given, else `null`. */
  bucketStartUs: Micros | null
  /** Requests that have this measure. */
  count: number
  /** Exact quantiles (nearest-rank on the sorted values), same order as the query's `quantiles`; µs for durations. */
  values: number[]
}

export interface AggregateQuery extends TimeRange {
  filters?: DimensionFilters
  /** Measures to summarise (durations in µs); may be empty for counts only. */
  measures: RequestMeasure[]
  groupBy?: Dimension
  /** When set, one row per time bucket of this width (aligned to the epoch). */
  stepUs?: Micros
}

/** Sum and extremes of one measure over the requests that have it. */
export interface MeasureAggregate {
  /** Requests that have this measure. */
  count: number
  /** Sum of the values (µs for durations); `sum / count` is the exact mean. */
  sum: number
  min: number | null
  max: number | null
}

export interface AggregateRow {
  /** Value of the `groupBy` dimension (`null` for requests without it, or when not grouped). */
  group: string | null
  /** Bucket start when `stepUs` was given, else `null`. */
  bucketStartUs: Micros | null
  /** Requests in the cell. */
  count: number
  /** Requests with an `errorType`. */
  errors: number
  /** Requests whose `errorType` names a timeout (contains `timeout`). */
  timeouts: number
  /** Same order as the query's `measures`. */
  measures: MeasureAggregate[]
}

export interface HistogramQuery extends TimeRange {
  filters?: DimensionFilters
  /** A duration measure (µs). */
  measure: RequestMeasure
  /** Time bucket width (aligned to the epoch). */
  stepUs: Micros
  /** Log-spaced value bins (≥ 1). */
  bins: number
}

/**
 * Counts per (time bucket, value bin). Bins are log-spaced between the smallest positive value
 * (`lowUs`) and the largest (`highUs`) of the selection (see `logBins` in query/log-bins.ts);
 * bin 0 also takes everything below.
 */
export interface RequestHistogram {
  lowUs: number
  highUs: number
  /** Cells with a count > 0, ordered by bucket then bin. */
  cells: { bucketStartUs: Micros; bin: number; count: number }[]
}

export type SeriesFunction = 'raw' | 'rate' | 'histogram_quantile'

export interface SeriesQuery extends TimeRange {
  /** Metric name (for `histogram_quantile`, the family name without `_bucket`). */
  name: string
  /** Exact label matches. */
  labels?: Record<string, string>
  fn?: SeriesFunction
  /** For `histogram_quantile`: 0..1. */
  quantile?: number
  /** Bucket width for `rate` and `histogram_quantile` (default 60 s). */
  stepUs?: Micros
}

export interface Series {
  name: string
  labels: Record<string, string>
  points: { timeUs: Micros; value: number }[]
}

export interface EventQuery extends TimeRange {
  kinds?: EventKind[]
}

export interface StoreStats {
  spans: number
  requests: number
  metricSamples: number
  events: number
  /** Size of the database on disk, when it has one. */
  bytes: number | null
}

/** Tables that retention ages out (`SpanStore.deleteBefore`). */
export type RetentionTable = 'spans' | 'requests' | 'metric_samples' | 'events'

/** The data's own time span, over all tables. */
export interface DataExtent {
  startUs: Micros
  endUs: Micros
}

export interface SpanStore {
  /** Durable once the promise resolves: acknowledged data survives a crash. */
  insertSpans(spans: readonly Span[]): Promise<void>
  /** Inserts or replaces by `traceId`. */
  upsertRequests(requests: readonly RequestTimeline[]): Promise<void>
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
   * ingest flowing while old data is removed.
   */
  deleteBefore(table: RetentionTable, beforeUs: Micros, maxRows: number): Promise<number>
  close(): Promise<void>
}
