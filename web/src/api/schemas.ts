import { z } from 'zod'

// The page's CSP (script-src 'self') forbids eval. Zod probes for it with `Function('')` when
// the first object schema is built; the refused call throws, and the error's stack makes V8
// reparse the whole bundle for its source positions (up to 0.27 s of the page's first task,
// ADR 0258). Under that CSP zod parses without generated code either way.
z.config({ jitless: true })

/**
 * Response shapes of the query API (docs/api.md). Every response is validated here, at the edge,
 * so a server change shows up as one clear error instead of a blank chart.
 */

const nullableNumber = z.number().nullable()

// The bulk of the chart answers (a row per bucket and measure) is checked by a plain function
// per row: zod's interpreted checks of an object and a record per row took 0.13 s for the 720
// rows of one percentiles answer, on the page's main thread before any chart drew (ADR 0272).
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isNullableNumber = (v: unknown): boolean => v === null || isNumber(v)
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
function isRecordOf(v: unknown, item: (x: unknown) => boolean): boolean {
  if (!isObject(v)) {
    return false
  }
  for (const k in v) {
    if (!item(v[k])) {
      return false
    }
  }
  return true
}
/** An array whose every item passes `item`; `what` names an item in the error. */
function rowsOf<T>(what: string, item: (x: unknown) => boolean) {
  return z.custom<T[]>((v) => Array.isArray(v) && v.every(item), {
    message: `expected an array of ${what}`,
  })
}

/** One row of `/api/percentiles`: a bucket (or the whole window when null) of one measure. */
export interface PercentileRow {
  measure: string
  group: string | null
  bucket_start_ms: number | null
  count: number
  values_ms: Record<string, number | null>
}
const isPercentileRow = (r: unknown): boolean =>
  isObject(r) &&
  typeof r['measure'] === 'string' &&
  (r['group'] === null || typeof r['group'] === 'string') &&
  isNullableNumber(r['bucket_start_ms']) &&
  isNumber(r['count']) &&
  isRecordOf(r['values_ms'], isNullableNumber)

export const HealthSchema = z.object({
  status: z.string(),
  version: z.string(),
  store: z.object({
    spans: z.number(),
    requests: z.number(),
    metric_samples: z.number(),
    events: z.number(),
  }),
  extent: z.object({ start_ms: z.number(), end_ms: z.number() }).nullable(),
})
export type Health = z.infer<typeof HealthSchema>

export const PercentilesSchema = z.object({
  /** 0 when exact; with `approx=true`, the bound on each value's relative error. */
  relative_error: z.number().optional(),
  rows: rowsOf<PercentileRow>('percentile rows', isPercentileRow),
})

export type Percentiles = z.infer<typeof PercentilesSchema>

export const HeatmapSchema = z.object({
  measure: z.string(),
  step_ms: z.number(),
  times_ms: z.array(z.number()),
  bounds_ms: z.array(z.number()),
  counts: rowsOf<number[]>('arrays of counts', (r) => Array.isArray(r) && r.every(isNumber)),
})

export const SeriesSchema = z.object({
  series: z.array(
    z.object({
      name: z.string(),
      labels: z.record(z.string(), z.string()),
      points: z.array(z.tuple([z.number(), z.number()])),
    })
  ),
})

export const MetricsSchema = z.object({
  metrics: z.array(z.object({ name: z.string() }).loose()),
})

export const EventsSchema = z.object({
  events: z.array(
    z.object({
      time_ms: z.number(),
      kind: z.string(),
      model: z.string().nullable().optional(),
      version: z.string().nullable().optional(),
      replica: z.string().nullable().optional(),
      node: z.string().nullable().optional(),
      message: z.string().nullable().optional(),
      reason: z.string().nullable().optional(),
    })
  ),
})

const WindowSchema = z.object({ start: z.string(), end: z.string() })

export const ConcentrationRowSchema = z.object({
  dimension: z.string(),
  value: z.string(),
  slow_share: z.number(),
  baseline_share: z.number(),
  lift: z.number(),
})

const PercentileTriple = z.object({ p50: nullableNumber, p95: nullableNumber, p99: nullableNumber })

export const FindingSchema = z.object({
  cause: z.string(),
  confidence: z.number(),
  scope: z.object({ dimension: z.string().nullable(), value: z.string().nullable() }),
  window: WindowSchema.nullable(),
  evidence: z.array(
    z
      .object({
        metric: z.string().optional(),
        stage: z.string().optional(),
        event: z.string().optional(),
        dimension: z.string().optional(),
        observed: z.union([z.number(), z.string()]).nullable(),
        baseline: z.union([z.number(), z.string()]).nullable(),
        text: z.string(),
      })
      .loose()
  ),
  actions: z.array(z.string()),
})
export type FindingJson = z.infer<typeof FindingSchema>

export const DiagnosisSchema = z.object({
  schema: z.string(),
  window: WindowSchema,
  requests: z.number(),
  slo_breached: z.boolean(),
  latency: z.object({ ttft: PercentileTriple, tpot: PercentileTriple, e2e: PercentileTriple }),
  stages: z.array(
    z.object({ stage: z.string(), share_of_p99_slow: z.number(), p99_ms: z.number() })
  ),
  concentration: z.array(ConcentrationRowSchema),
  findings: z.array(FindingSchema),
  // A server from before standing conditions sends none.
  standing_conditions: z
    .array(
      z.object({
        dimension: z.string(),
        value: z.string(),
        measure: z.string(),
        observed: z.number(),
        baseline: z.number(),
        cost_p99: z.number(),
        text: z.string(),
      })
    )
    .default([]),
})
export type DiagnosisJson = z.infer<typeof DiagnosisSchema>

export const ConcentrationSchema = z.object({
  measure: z.string(),
  threshold_ms: nullableNumber,
  slow: z.number(),
  total: z.number(),
  rows: z.array(ConcentrationRowSchema),
  /** `before`: a selection's slow requests are compared with the requests before it. */
  baseline: z.enum(['rest', 'before']).default('rest'),
  /** Set when a busy window was read from a hash sample (older servers omit it). */
  sample: z.object({ read: z.number(), requests: z.number() }).nullable().default(null),
  /** Where the slow requests spend their time against the rest (older servers omit it). */
  stages: z
    .array(
      z.object({
        stage: z.string(),
        // null: a figure the breakdown could not form (a share of no time, of no extra time).
        slow_share: z.number().nullable(),
        baseline_share: z.number().nullable(),
        slow_mean_ms: z.number().nullable(),
        baseline_mean_ms: z.number().nullable(),
        excess_ms: z.number().nullable(),
        excess_share: z.number().nullable(),
      })
    )
    .default([]),
})
export type Concentration = z.infer<typeof ConcentrationSchema>

export const RequestJsonSchema = z
  .object({
    trace_id: z.string(),
    start_ms: z.number(),
    end_ms: z.number(),
    dims: z.record(z.string(), z.string().nullable()),
    stages: z.record(z.string(), nullableNumber),
    downstream_name: z.string().nullable().optional(),
    ttft_ms: nullableNumber,
    ttft_source: z.enum(['client', 'gateway', 'engine']).nullable().optional(),
    tpot_ms: nullableNumber,
    /** (E2E − TTFT) / (output tokens − 1) when no TPOT was measured; never mixed into tpot_ms. */
    tpot_estimate_ms: nullableNumber.optional(),
    has_client: z.boolean().optional(),
    has_gateway: z.boolean().optional(),
    has_engine: z.boolean().optional(),
    itl_max_ms: nullableNumber.optional(),
    e2e_ms: nullableNumber,
    input_tokens: nullableNumber.optional(),
    output_tokens: nullableNumber.optional(),
    status: nullableNumber.optional(),
    error_type: z.string().nullable().optional(),
  })
  .loose()
export type RequestJson = z.infer<typeof RequestJsonSchema>

export const RequestsSchema = z.object({ total: z.number(), rows: z.array(RequestJsonSchema) })

export const SpanJsonSchema = z.object({
  trace_id: z.string(),
  span_id: z.string(),
  parent_span_id: z.string().nullable(),
  name: z.string(),
  kind: z.number(),
  start_ms: z.number(),
  end_ms: z.number(),
  duration_ms: z.number(),
  status_code: z.number().nullable().optional(),
  status_message: z.string().nullable().optional(),
  attributes: z.record(z.string(), z.unknown()),
  resource: z.record(z.string(), z.unknown()),
  scope_name: z.string().nullable().optional(),
})

export const RequestDetailSchema = z.object({
  request: RequestJsonSchema,
  spans: z.array(SpanJsonSchema),
})

export const DimensionsSchema = z.object({
  dimensions: z.record(z.string(), z.array(z.object({ value: z.string(), count: z.number() }))),
})
export type Dimensions = z.infer<typeof DimensionsSchema>

/** One bucket of `/api/stages`: per stage, its count, mean and p99 (null: not asked or none). */
export interface StageBucket {
  bucket_start_ms: number
  count: number
  stages: Record<string, { count: number; mean_ms: number | null; p99_ms: number | null }>
}
const isStageStat = (v: unknown): boolean =>
  isObject(v) &&
  isNumber(v['count']) &&
  isNullableNumber(v['mean_ms']) &&
  isNullableNumber(v['p99_ms'])
const isStageBucket = (b: unknown): boolean =>
  isObject(b) &&
  isNumber(b['bucket_start_ms']) &&
  isNumber(b['count']) &&
  isRecordOf(b['stages'], isStageStat)

export const StagesSchema = z.object({
  step_ms: z.number(),
  buckets: rowsOf<StageBucket>('stage buckets', isStageBucket),
})

export const TrafficSchema = z.object({
  step_ms: z.number(),
  /** False when the window held too many requests to count failures (zoom in). */
  errors_counted: z.boolean().optional(),
  buckets: z.array(
    z.object({
      bucket_start_ms: z.number(),
      requests: z.number(),
      errors: nullableNumber,
      timeouts: nullableNumber,
    })
  ),
})
