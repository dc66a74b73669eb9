import { buildUrl, type Params } from '../api/build-url.js'
import { formatStepParam } from '../model/time-range.js'
import { HEADLINE_MEASURES, type HeadlineMeasure } from '../../../src/core/model/request.js'
import { effectiveStageMode } from '../pages/dashboard/url.js'
import {
  commonParams,
  concentrationParams,
  sampleParams,
  windowDefinition,
  type LoadContext,
} from './load-context.js'

/** What the first wave's queries depend on: the view and its resolved window and step. */
type WaveContext = Pick<LoadContext, 'state' | 'range' | 'stepMs'>

/**
 * The query of every first-wave call (ADR 0165), one builder per call: the panels ask with
 * these, and the page's entry script asks the same URLs before the panels' code has loaded
 * (ADR 0280), so the two cannot drift apart.
 */
export const firstWave = {
  traffic: (ctx: WaveContext): Params => ({
    ...commonParams(ctx),
    step: formatStepParam(ctx.stepMs),
  }),
  /** p50/p95/p99 per bucket behind the TTFT, TPOT and E2E panels (and the heatmap's p99). */
  headline: (ctx: WaveContext): Params => ({
    ...commonParams(ctx),
    measure: [...HEADLINE_MEASURES],
    q: '0.5,0.95,0.99',
    step: formatStepParam(ctx.stepMs),
    // Within 1 % of the exact values, from the store's rollup (docs/dashboard.md).
    approx: 'true',
  }),
  heatmap: (ctx: WaveContext): Params => ({
    ...commonParams(ctx),
    measure: ctx.state.measure,
    step: formatStepParam(ctx.stepMs),
    buckets: 40,
    approx: 'true',
  }),
  /** The heatmap's p99 line, or `null` when the headline call already holds it. */
  heatmapP99: (ctx: WaveContext): Params | null =>
    isHeadlineMeasure(ctx.state.measure)
      ? null
      : {
          ...commonParams(ctx),
          measure: ctx.state.measure,
          q: '0.99',
          step: formatStepParam(ctx.stepMs),
        },
  stages: (ctx: WaveContext): Params => ({
    ...commonParams(ctx),
    step: formatStepParam(ctx.stepMs),
    // Per-stage p99s cost a quantile per stage and bucket: asked only when they are drawn.
    ...(effectiveStageMode(ctx.state) === 'p99' ? {} : { p99: 'false' }),
  }),
  kpis: (ctx: WaveContext): Params => ({
    ...commonParams(ctx),
    measure: [...HEADLINE_MEASURES],
    q: '0.5,0.99',
    approx: 'true',
  }),
  events: (ctx: WaveContext): Params => {
    const { from, to } = commonParams(ctx)
    return { from, to }
  },
  /** The slowest requests of the view, or of its selection. */
  samples: (ctx: WaveContext): Params => ({
    ...sampleParams(ctx),
    sort: ctx.state.sort ?? ctx.state.measure,
    dir: 'desc',
    limit: 20,
  }),
  /**
   * The diagnosis the server already holds for the view (`stale=kept`, ADR 0407), or `null` when
   * the card shows a pinned diagnosis instead: an answer the server never computes for this ask,
   * so it joins the charts' wave without a read of the window's rows.
   */
  keptDiagnosis: (ctx: WaveContext): Params | null => {
    if (ctx.state.pin) {
      return null
    }
    const def = windowDefinition(ctx)
    return { ...commonParams(ctx), stale: 'kept', ...(def === null ? {} : { window_def: def }) }
  },
  /** The concentration the server already holds for the view, as `keptDiagnosis`. */
  keptConcentration: (ctx: WaveContext): Params => {
    const def = windowDefinition(ctx)
    return {
      ...concentrationParams(ctx),
      stale: 'kept',
      ...(def === null ? {} : { window_def: def }),
    }
  },
}

/**
 * Every first-wave URL of a view whose window is known without the server; the metric series
 * are not among them (they follow the metric list's answer).
 */
export function firstWaveUrls(ctx: WaveContext): string[] {
  const p99 = firstWave.heatmapP99(ctx)
  const diagnosis = firstWave.keptDiagnosis(ctx)
  return [
    '/api/metrics',
    buildUrl('/api/percentiles', firstWave.headline(ctx)),
    buildUrl('/api/traffic', firstWave.traffic(ctx)),
    buildUrl('/api/heatmap', firstWave.heatmap(ctx)),
    ...(p99 === null ? [] : [buildUrl('/api/percentiles', p99)]),
    buildUrl('/api/stages', firstWave.stages(ctx)),
    buildUrl('/api/percentiles', firstWave.kpis(ctx)),
    buildUrl('/api/events', firstWave.events(ctx)),
    buildUrl('/api/requests', firstWave.samples(ctx)),
    // Last: the browser gives a host six connections, and the charts' calls take them first.
    ...(diagnosis === null ? [] : [buildUrl('/api/diagnosis', diagnosis)]),
    buildUrl('/api/concentration', firstWave.keptConcentration(ctx)),
  ]
}

function isHeadlineMeasure(m: string): m is HeadlineMeasure {
  return (HEADLINE_MEASURES as readonly string[]).includes(m)
}
