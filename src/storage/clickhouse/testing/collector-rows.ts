/**
 * Test helper: what an OpenTelemetry Collector's clickhouseexporter writes, made independently of
 * the store's own writer. OTLP/JSON spans become `otel_traces` rows with attribute values as the
 * exporter's `AsString()` text (numbers and booleans as plain text, maps and lists as JSON,
 * strings never quoted), kinds and status codes by OTLP enum name; Prometheus-shape samples
 * become `otel_metrics_gauge|sum|histogram` rows (histogram buckets as per-bucket counts).
 */
import type { MetricFamilyMeta, MetricSample } from '../../../core/model/metric.js'

interface AnyValue {
  stringValue?: string
  intValue?: string | number
  doubleValue?: number
  boolValue?: boolean
  arrayValue?: { values?: AnyValue[] }
  kvlistValue?: { values?: KeyValue[] }
}
interface KeyValue {
  key: string
  value?: AnyValue
}

function raw(v: AnyValue | undefined): unknown {
  if (!v) {
    return null
  }
  if (v.stringValue !== undefined) {
    return v.stringValue
  }
  if (v.intValue !== undefined) {
    return Number(v.intValue)
  }
  if (v.doubleValue !== undefined) {
    return v.doubleValue
  }
  if (v.boolValue !== undefined) {
    return v.boolValue
  }
  if (v.arrayValue) {
    return (v.arrayValue.values ?? []).map(raw)
  }
  if (v.kvlistValue) {
    return Object.fromEntries((v.kvlistValue.values ?? []).map((kv) => [kv.key, raw(kv.value)]))
  }
  return null
}

/** pcommon.Value.AsString(): text as is, scalars formatted, maps and lists as JSON, empty as "". */
function asString(v: AnyValue | undefined): string {
  const r = raw(v)
  if (r === null) {
    return ''
  }
  if (typeof r === 'string') {
    return r
  }
  if (typeof r === 'number' || typeof r === 'boolean') {
    return String(r)
  }
  return JSON.stringify(r)
}

function attrMap(list: KeyValue[] | undefined): Record<string, string> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, asString(kv.value)]))
}

/** Nanoseconds text as DateTime64(9) input. */
function nanos(ns: string | number | bigint): string {
  const n = BigInt(ns)
  return `${n / 1_000_000_000n}.${String(n % 1_000_000_000n).padStart(9, '0')}`
}

const KINDS = [
  'SPAN_KIND_UNSPECIFIED',
  'SPAN_KIND_INTERNAL',
  'SPAN_KIND_SERVER',
  'SPAN_KIND_CLIENT',
  'SPAN_KIND_PRODUCER',
  'SPAN_KIND_CONSUMER',
]
const STATUS = ['STATUS_CODE_UNSET', 'STATUS_CODE_OK', 'STATUS_CODE_ERROR']

/** `otel_traces` JSONEachRow lines for one OTLP/JSON ExportTraceServiceRequest. */
export function exporterTraceRows(otlpJson: string): string {
  const body = JSON.parse(otlpJson) as {
    resourceSpans?: {
      resource?: { attributes?: KeyValue[] }
      scopeSpans?: {
        scope?: { name?: string; version?: string }
        spans?: {
          traceId: string
          spanId: string
          parentSpanId?: string
          name: string
          kind?: number
          startTimeUnixNano: string
          endTimeUnixNano: string
          attributes?: KeyValue[]
          events?: { timeUnixNano: string; name: string; attributes?: KeyValue[] }[]
          status?: { code?: number; message?: string }
        }[]
      }[]
    }[]
  }
  const lines: string[] = []
  for (const rs of body.resourceSpans ?? []) {
    const resource = attrMap(rs.resource?.attributes)
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        lines.push(
          JSON.stringify({
            Timestamp: nanos(s.startTimeUnixNano),
            TraceId: s.traceId,
            SpanId: s.spanId,
            ParentSpanId: s.parentSpanId ?? '',
            TraceState: '',
            SpanName: s.name,
            SpanKind: KINDS[s.kind ?? 0],
            ServiceName: resource['service.name'] ?? '',
            ResourceAttributes: resource,
            ScopeName: ss.scope?.name ?? '',
            ScopeVersion: ss.scope?.version ?? '',
            SpanAttributes: attrMap(s.attributes),
            Duration: Number(BigInt(s.endTimeUnixNano) - BigInt(s.startTimeUnixNano)),
            StatusCode: STATUS[s.status?.code ?? 0],
            StatusMessage: s.status?.message ?? '',
            'Events.Timestamp': (s.events ?? []).map((e) => nanos(e.timeUnixNano)),
            'Events.Name': (s.events ?? []).map((e) => e.name),
            'Events.Attributes': (s.events ?? []).map((e) => attrMap(e.attributes)),
          })
        )
      }
    }
  }
  return lines.join('\n')
}

/** The columns of the exporter's metric tables that a reader needs (the rest take defaults). */
export const METRIC_TABLES_DDL = (db: string): string[] => [
  `CREATE TABLE ${db}.otel_metrics_gauge (ServiceName LowCardinality(String), MetricName String,
    MetricDescription String, MetricUnit String, Attributes Map(LowCardinality(String), String),
    StartTimeUnix DateTime64(9), TimeUnix DateTime64(9), Value Float64)
    ENGINE = MergeTree ORDER BY (ServiceName, MetricName, Attributes, toUnixTimestamp64Nano(TimeUnix))`,
  `CREATE TABLE ${db}.otel_metrics_sum (ServiceName LowCardinality(String), MetricName String,
    MetricDescription String, MetricUnit String, Attributes Map(LowCardinality(String), String),
    StartTimeUnix DateTime64(9), TimeUnix DateTime64(9), Value Float64,
    AggregationTemporality Int32, IsMonotonic Boolean)
    ENGINE = MergeTree ORDER BY (ServiceName, MetricName, Attributes, toUnixTimestamp64Nano(TimeUnix))`,
  `CREATE TABLE ${db}.otel_metrics_histogram (ServiceName LowCardinality(String), MetricName String,
    MetricDescription String, MetricUnit String, Attributes Map(LowCardinality(String), String),
    StartTimeUnix DateTime64(9), TimeUnix DateTime64(9), Count UInt64, Sum Float64,
    BucketCounts Array(UInt64), ExplicitBounds Array(Float64), AggregationTemporality Int32)
    ENGINE = MergeTree ORDER BY (ServiceName, MetricName, Attributes, toUnixTimestamp64Nano(TimeUnix))`,
]

export interface MetricRows {
  gauge: string[]
  sum: string[]
  histogram: string[]
}

/** Prometheus-shape samples of one scrape → exporter metric rows, by family type. */
export function exporterMetricRows(
  samples: readonly MetricSample[],
  families: readonly MetricFamilyMeta[]
): MetricRows {
  const byName = new Map(families.map((f) => [f.name, f]))
  const familyOf = (name: string): MetricFamilyMeta | undefined =>
    byName.get(name) ?? byName.get(name.replace(/_(bucket|sum|count|total)$/, '')) ?? undefined
  const out: MetricRows = { gauge: [], sum: [], histogram: [] }
  const hist = new Map<
    string,
    {
      name: string
      labels: Record<string, string>
      t: number
      le: [number, number][]
      sum: number
      count: number
    }
  >()
  for (const s of samples) {
    const family = familyOf(s.name)
    const time = nanos(BigInt(Math.round(s.timeUs)) * 1000n)
    if (family?.type === 'histogram') {
      const { le, ...labels } = s.labels
      const key = `${family.name}|${JSON.stringify(labels)}|${s.timeUs}`
      const h = hist.get(key) ?? {
        name: family.name,
        labels,
        t: s.timeUs,
        le: [],
        sum: 0,
        count: 0,
      }
      hist.set(key, h)
      if (s.name.endsWith('_bucket') && le !== undefined) {
        h.le.push([le === '+Inf' ? Infinity : Number(le), s.value])
      } else if (s.name.endsWith('_sum')) {
        h.sum = s.value
      } else if (s.name.endsWith('_count')) {
        h.count = s.value
      }
      continue
    }
    const row = JSON.stringify({
      MetricName: s.name,
      Attributes: s.labels,
      TimeUnix: time,
      StartTimeUnix: time,
      Value: s.value,
    })
    if (family?.type === 'counter') {
      out.sum.push(row)
    } else {
      out.gauge.push(row)
    }
  }
  for (const h of hist.values()) {
    const sorted = h.le.sort((a, b) => a[0] - b[0])
    const counts = sorted.map(([, cum], i) => cum - (i === 0 ? 0 : (sorted[i - 1]?.[1] ?? 0)))
    const time = nanos(BigInt(Math.round(h.t)) * 1000n)
    out.histogram.push(
      JSON.stringify({
        MetricName: h.name,
        Attributes: h.labels,
        TimeUnix: time,
        StartTimeUnix: time,
        Count: h.count,
        Sum: h.sum,
        BucketCounts: counts,
        ExplicitBounds: sorted.filter(([b]) => Number.isFinite(b)).map(([b]) => b),
      })
    )
  }
  return out
}
