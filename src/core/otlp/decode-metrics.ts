import { AppError, isAppError } from '../errors.js'
import type { MetricFamilyMeta, MetricSample, MetricType } from '../model/metric.js'
import type { Micros } from '../model/units.js'
import { decodeAttributes } from './any-value.js'
import { parseOtlpJson } from './parse-json.js'
import { parseTemporality, TEMPORALITY } from './enums.js'
import {
  cumulativeFromExplicit,
  cumulativeFromExponential,
  type CumulativeBucket,
} from './histogram-buckets.js'
import { microsFromOtlpTime, numberFromDouble, numberFromInt64 } from './int64.js'
import { pointLabels, promMetricName, resourceLabels } from './metric-labels.js'
import { isRecord, readField } from './read-field.js'
import { latestTimeUs, timeOutOfBounds, type TimeBounds } from './time-bounds.js'
import type { OtlpReject } from './wire-types.js'

/** Samples and family metadata from one `ExportMetricsServiceRequest`, plus what was rejected. */
export interface DecodeMetricsResult {
  samples: MetricSample[]
  families: MetricFamilyMeta[]
  /** One entry per rejected data point (or whole metric): JSON path and why. */
  rejected: OtlpReject[]
}

/** OTLP `DataPointFlags.NO_RECORDED_VALUE`: the point marks a gap, not a value. */
const FLAG_NO_RECORDED_VALUE = 1

interface Ctx {
  samples: MetricSample[]
  rejected: OtlpReject[]
  /** Latest accepted sample time, epoch µs (see `TimeBounds`). */
  latestUs: number
}

/** The message of an expected decode failure (a value nested too deep); rethrows anything else. */
function reasonOf(err: unknown): string {
  if (isAppError(err) && err.code === 'OTLP_DECODE_FAILED') {
    return err.message
  }
  throw err
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

function numberList(value: unknown, parse: (v: unknown) => number | null): number[] | null {
  const out: number[] = []
  for (const item of list(value)) {
    const n = parse(item)
    if (n === null) {
      return null
    }
    out.push(n)
  }
  return out
}

function pointTime(point: Record<string, unknown>): Micros | null {
  return microsFromOtlpTime(readField(point, 'timeUnixNano', 'time_unix_nano'))
}

function isNoRecordedValue(point: Record<string, unknown>): boolean {
  const flags = point['flags']
  return typeof flags === 'number' && (flags & FLAG_NO_RECORDED_VALUE) !== 0
}

function pushBuckets(
  ctx: Ctx,
  name: string,
  labels: Record<string, string>,
  timeUs: Micros,
  buckets: CumulativeBucket[],
  sum: number | null,
  count: number
): void {
  for (const b of buckets) {
    ctx.samples.push({
      name: `${name}_bucket`,
      labels: { ...labels, le: b.le },
      timeUs,
      value: b.count,
    })
  }
  if (sum !== null) {
    ctx.samples.push({ name: `${name}_sum`, labels, timeUs, value: sum })
  }
  ctx.samples.push({ name: `${name}_count`, labels, timeUs, value: count })
}

/** Decodes one data point; returns a reason when it cannot be used, `null` when done. */
function decodePoint(
  ctx: Ctx,
  kind: 'number' | 'histogram' | 'exponentialHistogram' | 'summary',
  name: string,
  base: Record<string, string>,
  point: Record<string, unknown>
): string | null {
  const timeUs = pointTime(point)
  if (timeUs === null) {
    return `timeUnixNano must be a positive integer of nanoseconds (actual: ${JSON.stringify(readField(point, 'timeUnixNano', 'time_unix_nano')) ?? 'missing'})`
  }
  const late = timeOutOfBounds('timeUnixNano', timeUs, ctx.latestUs)
  if (late !== null) {
    return late
  }
  let labels: Record<string, string>
  try {
    labels = pointLabels(base, decodeAttributes(point['attributes']))
  } catch (err) {
    return reasonOf(err)
  }
  if (kind === 'number') {
    const asDouble = readField(point, 'asDouble', 'as_double')
    const asInt = readField(point, 'asInt', 'as_int')
    const value =
      asDouble != null ? numberFromDouble(asDouble) : asInt != null ? numberFromInt64(asInt) : null
    if (value === null) {
      return 'a number data point needs asDouble or asInt'
    }
    ctx.samples.push({ name, labels, timeUs, value })
    return null
  }
  const count = numberFromInt64(point['count'] ?? 0)
  if (count === null || count < 0) {
    return `count must be a non-negative integer (actual: ${JSON.stringify(point['count'])})`
  }
  const rawSum = point['sum']
  const sum = rawSum == null ? null : numberFromDouble(rawSum)
  if (kind === 'summary') {
    for (const q of list(readField(point, 'quantileValues', 'quantile_values'))) {
      if (!isRecord(q)) {
        continue
      }
      const quantile = numberFromDouble(q['quantile'] ?? 0)
      const value = numberFromDouble(q['value'] ?? 0)
      if (quantile === null || value === null) {
        return 'quantileValues entries need numeric quantile and value'
      }
      ctx.samples.push({ name, labels: { ...labels, quantile: String(quantile) }, timeUs, value })
    }
    if (sum !== null) {
      ctx.samples.push({ name: `${name}_sum`, labels, timeUs, value: sum })
    }
    ctx.samples.push({ name: `${name}_count`, labels, timeUs, value: count })
    return null
  }
  let buckets: CumulativeBucket[] | string
  if (kind === 'histogram') {
    const bounds = numberList(
      readField(point, 'explicitBounds', 'explicit_bounds'),
      numberFromDouble
    )
    const counts = numberList(readField(point, 'bucketCounts', 'bucket_counts'), numberFromInt64)
    if (bounds === null || counts === null) {
      return 'explicitBounds must be numbers and bucketCounts integers'
    }
    buckets = cumulativeFromExplicit(bounds, counts, count)
  } else {
    const positive = point['positive']
    const negative = point['negative']
    const positiveCounts = numberList(
      isRecord(positive) ? readField(positive, 'bucketCounts', 'bucket_counts') : [],
      numberFromInt64
    )
    const negativeCounts = numberList(
      isRecord(negative) ? readField(negative, 'bucketCounts', 'bucket_counts') : [],
      numberFromInt64
    )
    const zeroCount = numberFromInt64(readField(point, 'zeroCount', 'zero_count') ?? 0)
    if (positiveCounts === null || negativeCounts === null || zeroCount === null) {
      return 'positive/negative bucketCounts and zeroCount must be integers'
    }
    buckets = cumulativeFromExponential({
      scale: Number(point['scale'] ?? 0),
      zeroCount,
      zeroThreshold:
        numberFromDouble(readField(point, 'zeroThreshold', 'zero_threshold') ?? 0) ?? 0,
      positiveOffset: Number((isRecord(positive) && positive['offset']) || 0),
      positiveCounts,
      negativeOffset: Number((isRecord(negative) && negative['offset']) || 0),
      negativeCounts,
      totalCount: count,
    })
  }
  if (typeof buckets === 'string') {
    return buckets
  }
  pushBuckets(ctx, name, labels, timeUs, buckets, sum, count)
  return null
}

function decodeMetric(
  ctx: Ctx,
  families: Map<string, MetricFamilyMeta>,
  metric: Record<string, unknown>,
  base: Record<string, string>,
  path: string
): void {
  const rawName = metric['name']
  if (typeof rawName !== 'string' || rawName === '') {
    ctx.rejected.push({ path, reason: 'metric name must be a non-empty string' })
    return
  }
  const name = promMetricName(rawName)
  let type: MetricType
  let kind: 'number' | 'histogram' | 'exponentialHistogram' | 'summary'
  let dataKey: string
  let data: unknown
  if ((data = metric['gauge']) != null) {
    ;[type, kind, dataKey] = ['gauge', 'number', 'gauge']
  } else if ((data = metric['sum']) != null) {
    const monotonic = readField(data as object, 'isMonotonic', 'is_monotonic') === true
    const temporality = parseTemporality(
      readField(data as object, 'aggregationTemporality', 'aggregation_temporality')
    )
    // A delta sum holds per-interval increments: stored as a gauge so nobody takes its rate.
    type = monotonic && temporality !== TEMPORALITY.DELTA ? 'counter' : 'gauge'
    ;[kind, dataKey] = ['number', 'sum']
  } else if ((data = metric['histogram']) != null) {
    ;[type, kind, dataKey] = ['histogram', 'histogram', 'histogram']
  } else if ((data = readField(metric, 'exponentialHistogram', 'exponential_histogram')) != null) {
    ;[type, kind, dataKey] = ['histogram', 'exponentialHistogram', 'exponentialHistogram']
  } else if ((data = metric['summary']) != null) {
    ;[type, kind, dataKey] = ['summary', 'summary', 'summary']
  } else {
    ctx.rejected.push({
      path,
      reason: `metric ${JSON.stringify(rawName)} has no gauge, sum, histogram, exponentialHistogram or summary`,
    })
    return
  }
  if (!families.has(name)) {
    const description = metric['description']
    const unit = metric['unit']
    families.set(name, {
      name,
      type,
      help: typeof description === 'string' && description !== '' ? description : null,
      unit: typeof unit === 'string' && unit !== '' ? unit : null,
    })
  }
  const points = isRecord(data) ? list(readField(data, 'dataPoints', 'data_points')) : []
  for (let d = 0; d < points.length; d++) {
    const point = points[d]
    const pointPath = `${path}.${dataKey}.dataPoints[${d}]`
    if (!isRecord(point)) {
      ctx.rejected.push({ path: pointPath, reason: 'data point must be an object' })
      continue
    }
    if (isNoRecordedValue(point)) {
      continue
    }
    const reason = decodePoint(ctx, kind, name, base, point)
    if (reason !== null) {
      ctx.rejected.push({ path: pointPath, reason })
    }
  }
}

/**
 * Decodes an OTLP `ExportMetricsServiceRequest` (parsed OTLP/JSON or the protobuf decoder's
 * message) into Prometheus-shaped samples: names with dots → underscores, monotonic cumulative
 * sums → counters, other sums and gauges → gauges, histograms → `_bucket{le}`/`_sum`/`_count`
 * (exponential ones converted to `le` buckets), summaries → `{quantile}` plus `_sum`/`_count`.
 * Resource attributes become labels (`service.name` → `job`, `service.instance.id` →
 * `instance`, `k8s.pod.name` → `pod`, `k8s.node.name` → `node`). Each data point is checked
 * on its own; a time past `bounds.latestUs` (or the int64 range) rejects its data point.
 * Throws `AppError('OTLP_DECODE_FAILED')` only when the request is not an object.
 */
export function decodeMetrics(request: unknown, bounds?: TimeBounds): DecodeMetricsResult {
  if (!isRecord(request)) {
    throw new AppError(
      'OTLP_DECODE_FAILED',
      `an ExportMetricsServiceRequest must be an object with resourceMetrics (actual: ${Array.isArray(request) ? 'an array' : typeof request})`
    )
  }
  const ctx: Ctx = { samples: [], rejected: [], latestUs: latestTimeUs(bounds) }
  const families = new Map<string, MetricFamilyMeta>()
  const resourceMetrics = readField(request, 'resourceMetrics', 'resource_metrics')
  if (resourceMetrics != null && !Array.isArray(resourceMetrics)) {
    throw new AppError(
      'OTLP_DECODE_FAILED',
      `resourceMetrics must be an array (actual: ${typeof resourceMetrics})`
    )
  }
  const rms = list(resourceMetrics)
  for (let r = 0; r < rms.length; r++) {
    const rm = rms[r]
    const rPath = `resourceMetrics[${r}]`
    if (!isRecord(rm)) {
      ctx.rejected.push({ path: rPath, reason: 'ResourceMetrics must be an object' })
      continue
    }
    const res = rm['resource']
    let base: Record<string, string>
    try {
      base = resourceLabels(isRecord(res) ? decodeAttributes(res['attributes']) : {})
    } catch (err) {
      ctx.rejected.push({ path: `${rPath}.resource`, reason: reasonOf(err) })
      continue
    }
    const sms = list(readField(rm, 'scopeMetrics', 'scope_metrics'))
    for (let s = 0; s < sms.length; s++) {
      const sm = sms[s]
      const sPath = `${rPath}.scopeMetrics[${s}]`
      if (!isRecord(sm)) {
        ctx.rejected.push({ path: sPath, reason: 'ScopeMetrics must be an object' })
        continue
      }
      const metrics = list(sm['metrics'])
      for (let m = 0; m < metrics.length; m++) {
        const metric = metrics[m]
        const mPath = `${sPath}.metrics[${m}]`
        if (!isRecord(metric)) {
          ctx.rejected.push({ path: mPath, reason: 'metric must be an object' })
          continue
        }
        decodeMetric(ctx, families, metric, base, mPath)
      }
    }
  }
  return { samples: ctx.samples, families: [...families.values()], rejected: ctx.rejected }
}

/** Parses OTLP/JSON metrics text and decodes it (see {@link decodeMetrics}). */
export function decodeMetricsJson(text: string, bounds?: TimeBounds): DecodeMetricsResult {
  return decodeMetrics(parseOtlpJson(text), bounds)
}
