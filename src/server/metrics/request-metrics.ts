/**
 * Derived request metrics: Prometheus histograms of each assembled request's TTFT, TPOT, ITL max,
 * E2E and CONTRACT §4 stages, labelled by the configured dimensions, the way Tempo's
 * metrics-generator turns spans into histograms.
 *
 * - A request is counted once, when it is first assembled; a re-assembly after a late span is not
 *   counted again (the trace ids seen lately are remembered in two rotating generations).
 * - A measure or stage the request lacks is not observed: unknown is never a zero in a bucket.
 * - A dimension the request lacks is an absent label (Prometheus reads `""` as absent).
 * - At most `maxLabelSets` distinct dimension tuples get series of their own; requests of any
 *   further tuple are folded into one series labelled `otel_metric_overflow="true"` (the
 *   OpenTelemetry SDK's cardinality-limit convention) and counted (ADR 0140).
 * - Each bucket keeps the trace id of the request last seen in it as an OpenMetrics exemplar, so
 *   the slow buckets lead to slow requests.
 */
import type { Dimension, RequestTimeline } from '../../core/model/request.js'
import { STAGE_NAMES } from '../../core/model/request.js'
import type { Micros } from '../../core/model/units.js'
import type { Exemplar, HistogramSample, MetricFamily } from './exposition.js'
import { createCounter, gaugeFamily } from './instruments.js'

/** Seconds: from a fast stage (5 ms) to a long generation (2 min); +Inf beyond. */
export const REQUEST_BUCKETS_S = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120,
] as const

/** The label of the folded series. */
export const OVERFLOW_LABEL = 'otel_metric_overflow'

/** Trace ids remembered per generation to count each request once. */
const SEEN_PER_GENERATION = 200_000
const HEX_TRACE_ID = /^[0-9a-fA-F]{32}$/

const MEASURES = [
  {
    name: 'tokenline_request_tpot_seconds',
    help: 'Time per output token of each request.',
    of: (r: RequestTimeline) => r.tpotUs,
  },
  {
    name: 'tokenline_request_itl_max_seconds',
    help: 'Longest gap between two tokens of each request.',
    of: (r: RequestTimeline) => r.itlMaxUs,
  },
  {
    name: 'tokenline_request_e2e_seconds',
    help: 'End-to-end duration of each request.',
    of: (r: RequestTimeline) => r.e2eUs,
  },
] as const

export interface RequestMetricsOptions {
  /** Request dimensions that become labels, in order (`metrics.dimensions`). */
  dimensions: readonly Dimension[]
  /** Distinct dimension tuples with series of their own (`metrics.maxLabelSets`). */
  maxLabelSets: number
}

export interface RequestMetrics {
  /** Counts requests not seen before (called with every assembled batch). */
  observe(requests: readonly RequestTimeline[]): void
  families(): MetricFamily[]
}

/** One histogram series: counts per bucket, sum, and per bucket the trace last seen in it. */
interface Series {
  counts: number[]
  sum: number
  exemplarTrace: (string | null)[]
  exemplarValue: number[]
}

/**
 * Every series of one dimension tuple, held together so that observing a request is array
 * indexing, not a label-key lookup per histogram (the per-request cost is in bench/metrics).
 */
interface Tuple {
  labels: Record<string, string>
  ok: number
  error: number
  ttft: Map<string, Series>
  measures: (Series | null)[]
  stages: (Series | null)[]
}

const seconds = (us: Micros | null): number | null =>
  us === null || us < 0 || !Number.isFinite(us) ? null : us / 1_000_000

function newSeries(): Series {
  const n = REQUEST_BUCKETS_S.length + 1
  return {
    counts: new Array<number>(n).fill(0),
    sum: 0,
    exemplarTrace: new Array<string | null>(n).fill(null),
    exemplarValue: new Array<number>(n).fill(0),
  }
}

function bucketOf(value: number): number {
  let i = 0
  while (i < REQUEST_BUCKETS_S.length && value > (REQUEST_BUCKETS_S[i] as number)) {
    i++
  }
  return i
}

function record(series: Series, value: number, traceId: string): void {
  const i = bucketOf(value)
  series.counts[i] = (series.counts[i] ?? 0) + 1
  series.sum += value
  series.exemplarTrace[i] = traceId
  series.exemplarValue[i] = value
}

function sampleOf(labels: Record<string, string>, series: Series): HistogramSample {
  return {
    labels,
    bounds: REQUEST_BUCKETS_S,
    counts: series.counts,
    sum: series.sum,
    exemplars: series.exemplarTrace.map((traceId, i): Exemplar | null =>
      traceId === null
        ? null
        : { labels: { trace_id: traceId }, value: series.exemplarValue[i] ?? 0 }
    ),
  }
}

/** Creates the derived-metrics aggregation (one per server). */
export function createRequestMetrics(options: RequestMetricsOptions): RequestMetrics {
  const dims = options.dimensions
  const tuples = new Map<string, Tuple>()
  let overflow: Tuple | null = null
  const folded = createCounter(
    'tokenline_metrics_folded_requests',
    `Requests counted in the ${OVERFLOW_LABEL} series because metrics.maxLabelSets was reached.`,
    []
  )
  let seen = new Set<number | string>()
  let seenOld = new Set<number | string>()

  function isNew(traceId: string): boolean {
    // The last 52 bits of a hex trace id as a number: both generations full hold 16 MiB instead
    // of 50 as strings, and those bits are random in every id scheme (X-Ray's timestamp is first).
    const key = HEX_TRACE_ID.test(traceId) ? parseInt(traceId.slice(19), 16) : traceId
    if (seen.has(key) || seenOld.has(key)) {
      return false
    }
    if (seen.size >= SEEN_PER_GENERATION) {
      seenOld = seen
      seen = new Set()
    }
    seen.add(key)
    return true
  }

  function newTuple(labels: Record<string, string>): Tuple {
    return {
      labels,
      ok: 0,
      error: 0,
      ttft: new Map(),
      measures: MEASURES.map(() => null),
      stages: STAGE_NAMES.map(() => null),
    }
  }

  function tupleOf(r: RequestTimeline): Tuple {
    let key = ''
    for (const d of dims) {
      key += `${r.dims[d] ?? ''}\u0000`
    }
    const known = tuples.get(key)
    if (known !== undefined) {
      return known
    }
    if (tuples.size < options.maxLabelSets) {
      const labels: Record<string, string> = {}
      for (const d of dims) {
        labels[d] = r.dims[d] ?? ''
      }
      const tuple = newTuple(labels)
      tuples.set(key, tuple)
      return tuple
    }
    folded.inc([])
    overflow ??= newTuple({ [OVERFLOW_LABEL]: 'true' })
    return overflow
  }

  function observeOne(r: RequestTimeline): void {
    const t = tupleOf(r)
    if (r.errorType === null) {
      t.ok++
    } else {
      t.error++
    }
    const ttft = seconds(r.ttftUs)
    if (ttft !== null) {
      const origin = r.ttftSource ?? ''
      let series = t.ttft.get(origin)
      if (series === undefined) {
        series = newSeries()
        t.ttft.set(origin, series)
      }
      record(series, ttft, r.traceId)
    }
    MEASURES.forEach((m, i) => {
      const v = seconds(m.of(r))
      if (v !== null) {
        const series = (t.measures[i] ??= newSeries())
        record(series, v, r.traceId)
      }
    })
    STAGE_NAMES.forEach((name, i) => {
      const v = seconds(r.stages[name])
      if (v !== null) {
        const series = (t.stages[i] ??= newSeries())
        record(series, v, r.traceId)
      }
    })
  }

  function histogram(name: string, help: string, samples: HistogramSample[]): MetricFamily {
    return { name, type: 'histogram', help, unit: 'seconds', samples }
  }

  return {
    observe(batch) {
      for (const r of batch) {
        if (isNew(r.traceId)) {
          observeOne(r)
        }
      }
    },
    families() {
      const all = overflow === null ? [...tuples.values()] : [...tuples.values(), overflow]
      const requests = all.flatMap((t) => [
        ...(t.ok > 0 ? [{ labels: { ...t.labels, outcome: 'ok' }, value: t.ok }] : []),
        ...(t.error > 0 ? [{ labels: { ...t.labels, outcome: 'error' }, value: t.error }] : []),
      ])
      return [
        {
          name: 'tokenline_requests',
          type: 'counter',
          help: 'Requests assembled, by outcome (error when the request failed).',
          samples: requests,
        },
        histogram(
          'tokenline_request_ttft_seconds',
          'Time to first token of each request, from where it entered the outermost tier seen (origin).',
          all.flatMap((t) => [...t.ttft].map(([origin, s]) => sampleOf({ ...t.labels, origin }, s)))
        ),
        ...MEASURES.map((m, i) =>
          histogram(
            m.name,
            m.help,
            all.flatMap((t) => {
              const s = t.measures[i]
              return s ? [sampleOf(t.labels, s)] : []
            })
          )
        ),
        histogram(
          'tokenline_request_stage_duration_seconds',
          'Time each request spent in each CONTRACT §4 stage.',
          all.flatMap((t) =>
            STAGE_NAMES.flatMap((stage, i) => {
              const s = t.stages[i]
              return s ? [sampleOf({ ...t.labels, stage }, s)] : []
            })
          )
        ),
        folded.family(),
        gaugeFamily(
          'tokenline_metrics_label_sets',
          'Distinct dimension tuples with series of their own (at most metrics.maxLabelSets).',
          [{ labels: {}, value: tuples.size }]
        ),
      ]
    },
  }
}
