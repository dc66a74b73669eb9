/**
 * OTLP wire shapes as Tokenline reads them. One set of types covers both OTLP/JSON (after
 * `JSON.parse`) and the message objects the protobuf decoder yields, so every field is loose:
 * ids are hex/base64 strings (JSON) or bytes (protobuf), 64-bit integers are decimal strings,
 * numbers or `Long`-like objects, enums are integers or their names. snake_case spellings of
 * every field are read too (see `readField`).
 */

/** A 64-bit integer as a protobuf decoder hands it over (`long` package shape). */
export interface OtlpLongLike {
  low: number
  high: number
  unsigned?: boolean
}

export type OtlpInt64 = string | number | bigint | OtlpLongLike

export type OtlpId = string | Uint8Array

export interface OtlpAnyValue {
  stringValue?: string | null
  boolValue?: boolean | null
  intValue?: OtlpInt64 | null
  doubleValue?: number | string | null
  arrayValue?: { values?: OtlpAnyValue[] | null } | null
  kvlistValue?: { values?: OtlpKeyValue[] | null } | null
  bytesValue?: string | Uint8Array | null
}

export interface OtlpKeyValue {
  key?: string | null
  value?: OtlpAnyValue | null
}

export interface OtlpResource {
  attributes?: OtlpKeyValue[] | null
}

export interface OtlpInstrumentationScope {
  name?: string | null
  version?: string | null
}

export interface OtlpSpanEvent {
  timeUnixNano?: OtlpInt64 | null
  name?: string | null
  attributes?: OtlpKeyValue[] | null
}

export interface OtlpStatus {
  code?: number | string | null
  message?: string | null
}

export interface OtlpSpan {
  traceId?: OtlpId | null
  spanId?: OtlpId | null
  parentSpanId?: OtlpId | null
  name?: string | null
  kind?: number | string | null
  startTimeUnixNano?: OtlpInt64 | null
  endTimeUnixNano?: OtlpInt64 | null
  attributes?: OtlpKeyValue[] | null
  events?: OtlpSpanEvent[] | null
  status?: OtlpStatus | null
}

export interface OtlpScopeSpans {
  scope?: OtlpInstrumentationScope | null
  spans?: OtlpSpan[] | null
}

export interface OtlpResourceSpans {
  resource?: OtlpResource | null
  scopeSpans?: OtlpScopeSpans[] | null
}

/** `ExportTraceServiceRequest`. */
export interface OtlpTraceRequest {
  resourceSpans?: OtlpResourceSpans[] | null
}

export interface OtlpNumberDataPoint {
  attributes?: OtlpKeyValue[] | null
  startTimeUnixNano?: OtlpInt64 | null
  timeUnixNano?: OtlpInt64 | null
  asDouble?: number | string | null
  asInt?: OtlpInt64 | null
  flags?: number | null
}

export interface OtlpHistogramDataPoint {
  attributes?: OtlpKeyValue[] | null
  timeUnixNano?: OtlpInt64 | null
  count?: OtlpInt64 | null
  sum?: number | string | null
  bucketCounts?: OtlpInt64[] | null
  explicitBounds?: (number | string)[] | null
  flags?: number | null
}

export interface OtlpExponentialBuckets {
  offset?: number | null
  bucketCounts?: OtlpInt64[] | null
}

export interface OtlpExponentialHistogramDataPoint {
  attributes?: OtlpKeyValue[] | null
  timeUnixNano?: OtlpInt64 | null
  count?: OtlpInt64 | null
  sum?: number | string | null
  scale?: number | null
  zeroCount?: OtlpInt64 | null
  zeroThreshold?: number | null
  positive?: OtlpExponentialBuckets | null
  negative?: OtlpExponentialBuckets | null
  flags?: number | null
}

export interface OtlpSummaryDataPoint {
  attributes?: OtlpKeyValue[] | null
  timeUnixNano?: OtlpInt64 | null
  count?: OtlpInt64 | null
  sum?: number | string | null
  quantileValues?: { quantile?: number | null; value?: number | string | null }[] | null
  flags?: number | null
}

export interface OtlpMetric {
  name?: string | null
  description?: string | null
  unit?: string | null
  gauge?: { dataPoints?: OtlpNumberDataPoint[] | null } | null
  sum?: {
    dataPoints?: OtlpNumberDataPoint[] | null
    aggregationTemporality?: number | string | null
    isMonotonic?: boolean | null
  } | null
  histogram?: {
    dataPoints?: OtlpHistogramDataPoint[] | null
    aggregationTemporality?: number | string | null
  } | null
  exponentialHistogram?: {
    dataPoints?: OtlpExponentialHistogramDataPoint[] | null
    aggregationTemporality?: number | string | null
  } | null
  summary?: { dataPoints?: OtlpSummaryDataPoint[] | null } | null
}

export interface OtlpScopeMetrics {
  scope?: OtlpInstrumentationScope | null
  metrics?: OtlpMetric[] | null
}

export interface OtlpResourceMetrics {
  resource?: OtlpResource | null
  scopeMetrics?: OtlpScopeMetrics[] | null
}

/** `ExportMetricsServiceRequest`. */
export interface OtlpMetricsRequest {
  resourceMetrics?: OtlpResourceMetrics[] | null
}

/** One item that could not be used, with the JSON path of the item and why. */
export interface OtlpReject {
  path: string
  reason: string
  /**
   * On a span rejected for a time past the server clock plus `ingest.maxFutureSkewMs`: its
   * resource's `service.name` (null without one), so a producer whose every span is refused can
   * still be named (the clock-skew report in `/api/health`).
   */
  service?: string | null
}
