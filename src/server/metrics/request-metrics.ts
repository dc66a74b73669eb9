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
import type { Dimension, RequestTimeline, StageName } from '../../core/model/request.js'
import { STAGE_NAMES } from '../../core/model/request.js'
import type { Micros } from '../../core/model/units.js'
import type { MetricFamily } from './exposition.js'
import { createCounter, createHistogram, gaugeFamily } from './instruments.js'

/** Seconds: from a fast stage (5 ms) to a long generation (2 min); +Inf beyond. */
export const REQUEST_BUCKETS_S = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120,
] as const

/** The label of the folded series. */
export const OVERFLOW_LABEL = 'otel_metric_overflow'

/** Trace ids remembered per generation to count each request once. */
const SEEN_PER_GENERATION = 200_000

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

const seconds = (us: Micros | null): number | null =>
  us === null || us < 0 || !Number.isFinite(us) ? null : us / 1_000_000

/** Creates the derived-metrics aggregation (one per server). */
export function createRequestMetrics(options: RequestMetricsOptions): RequestMetrics {
  const dims = options.dimensions
  const labelNames = [...dims, OVERFLOW_LABEL]
  const histogram = (name: string, help: string, extra: readonly string[] = []) =>
    createHistogram({ name, help, unit: 'seconds' }, [...labelNames, ...extra], REQUEST_BUCKETS_S)
  const ttft = histogram(
    'tokenline_request_ttft_seconds',
    'Time to first token of each request, from where it entered the outermost tier seen (origin).',
    ['origin']
  )
  const tpot = histogram('tokenline_request_tpot_seconds', 'Time per output token of each request.')
  const itlMax = histogram(
    'tokenline_request_itl_max_seconds',
    'Longest gap between two tokens of each request.'
  )
  const e2e = histogram('tokenline_request_e2e_seconds', 'End-to-end duration of each request.')
  const stage = histogram(
    'tokenline_request_stage_duration_seconds',
    'Time each request spent in each CONTRACT §4 stage.',
    ['stage']
  )
  const requests = createCounter(
    'tokenline_requests',
    'Requests assembled, by outcome (error when the request failed).',
    [...labelNames, 'outcome']
  )
  const folded = createCounter(
    'tokenline_metrics_folded_requests',
    `Requests counted in the ${OVERFLOW_LABEL} series because metrics.maxLabelSets was reached.`,
    []
  )
  const labelSets = new Set<string>()
  let seen = new Set<string>()
  let seenOld = new Set<string>()
  const overflowValues = [...dims.map(() => ''), 'true']

  function isNew(traceId: string): boolean {
    if (seen.has(traceId) || seenOld.has(traceId)) {
      return false
    }
    if (seen.size >= SEEN_PER_GENERATION) {
      seenOld = seen
      seen = new Set()
    }
    seen.add(traceId)
    return true
  }

  function labelValues(r: RequestTimeline): readonly string[] {
    const values = dims.map((d) => r.dims[d] ?? '')
    const key = values.join('\u0000')
    if (labelSets.has(key)) {
      return [...values, '']
    }
    if (labelSets.size < options.maxLabelSets) {
      labelSets.add(key)
      return [...values, '']
    }
    folded.inc([])
    return overflowValues
  }

  function observeOne(r: RequestTimeline): void {
    const values = labelValues(r)
    const exemplar = (v: number) => ({ labels: { trace_id: r.traceId }, value: v })
    const observe = (h: typeof tpot, us: Micros | null, extra: readonly string[] = []): void => {
      const v = seconds(us)
      if (v !== null) {
        h.observe(extra.length === 0 ? values : [...values, ...extra], v, exemplar(v))
      }
    }
    requests.inc([...values, r.errorType === null ? 'ok' : 'error'])
    observe(ttft, r.ttftUs, [r.ttftSource ?? ''])
    observe(tpot, r.tpotUs)
    observe(itlMax, r.itlMaxUs)
    observe(e2e, r.e2eUs)
    for (const name of STAGE_NAMES) {
      observe(stage, r.stages[name as StageName], [name])
    }
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
      return [
        requests.family(),
        ttft.family(),
        tpot.family(),
        itlMax.family(),
        e2e.family(),
        stage.family(),
        folded.family(),
        gaugeFamily(
          'tokenline_metrics_label_sets',
          'Distinct dimension tuples with series of their own (at most metrics.maxLabelSets).',
          [{ labels: {}, value: labelSets.size }]
        ),
      ]
    },
  }
}
