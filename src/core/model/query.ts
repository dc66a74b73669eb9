/**
 * The read-side vocabulary of stored requests, series and events: windows, filters, measures,
 * query and result shapes. Core owns it so that analyses (diagnosis, SLOs) can read through a
 * narrow port; the store port (`storage/span-store.ts`) implements queries in these terms.
 */
import type { EventKind } from './event.js'
import {
  DURATION_MEASURES,
  STAGE_NAMES,
  type Dimension,
  type DurationMeasure,
  type RequestTimeline,
  type StageName,
} from './request.js'
import type { Micros } from './units.js'

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
export type RequestMeasure = DurationMeasure | StageName | CountMeasure | 'start'

/** Measures whose values are counts, not durations. */
export const COUNT_MEASURES = ['input_tokens', 'output_tokens', 'cached_tokens', 'retries'] as const
export type CountMeasure = (typeof COUNT_MEASURES)[number]

/** Every value a `RequestMeasure` may take, for validating query input. */
export const REQUEST_MEASURES: readonly RequestMeasure[] = [
  ...DURATION_MEASURES,
  ...STAGE_NAMES,
  ...COUNT_MEASURES,
  'start',
]

/**
 * Keeps requests whose `measure` lies in `[minUs, maxUs)` (either bound may be left out); requests
 * without the measure are dropped. Durations in µs, counts as they are.
 */
export interface ValueRange {
  measure: RequestMeasure
  minUs?: number
  maxUs?: number
}

export interface RequestQuery extends TimeRange {
  filters?: DimensionFilters
  /** Only requests whose measure lies in this range (a heatmap rectangle, a spike's slow part). */
  valueRange?: ValueRange
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
  /**
   * When more requests than this match, read a deterministic sample of about this many (never
   * more in expectation): a request is kept when a hash of its trace id, modulo
   * {@link SAMPLE_BUCKETS}, is under `floor(sample / total · SAMPLE_BUCKETS)`. The same data
   * and query give the same sample, and a trace is kept or dropped whole. `total` in the result
   * then counts every matching request.
   */
  sample?: number
  /**
   * Keep exactly the requests whose trace-id hash bucket is under this many of
   * {@link SAMPLE_BUCKETS}, however many match (instead of `sample`): a part of a window read at
   * the rate the whole window's sample was read at. `total` is not counted.
   */
  sampleBuckets?: number
  /**
   * Also return each row's hash bucket (`buckets`), so a later read can thin the rows further
   * (the DuckDB and memory stores; ClickHouse leaves it out).
   */
  withBuckets?: boolean
}

/** The granularity of a sampled scan's keep fraction (see {@link RequestColumnQuery.sample}). */
export const SAMPLE_BUCKETS = 1_048_576

/**
 * How many of the {@link SAMPLE_BUCKETS} hash buckets a scan of `total` matching requests keeps
 * for a sample of at most `max`; `null` when every request is read (`total` ≤ `max`).
 */
export function sampleBucketsKept(total: number, max: number | undefined): number | null {
  if (max === undefined || total <= max) {
    return null
  }
  return Math.max(1, Math.floor((Math.max(0, max) / total) * SAMPLE_BUCKETS))
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
  /**
   * Every request that matches the query when it asked for a `sample` (then `n` ≤ `total`, and
   * `n` < `total` means the rows are a sample); absent otherwise.
   */
  total?: number
  /** Each row's trace-id hash bucket (0 … {@link SAMPLE_BUCKETS} − 1), when `withBuckets` asked. */
  buckets?: Int32Array
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

/** The window and filters of `SpanStore.countDimensionValues`. */
export interface DimensionValuesQuery extends TimeRange {
  filters?: DimensionFilters
}

/** Requests with an e2e that hold one value of one dimension. */
export interface DimensionValueCount {
  dimension: Dimension
  value: string
  count: number
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
