import { api } from '../../api/client.js'
import type { Concentration } from '../../api/schemas.js'
import { loadConcentration } from '../../panels/concentration-panel.js'
import { loadDiagnosis } from '../../panels/diagnosis-panel.js'
import { loadEvents } from '../../panels/events-panel.js'
import { loadHeatmap } from '../../panels/heatmap-panel.js'
import { loadInvestigation } from '../../panels/investigation-panel.js'
import { loadKpis } from '../../panels/kpi-strip.js'
import { fetchHeadlinePercentiles, loadPercentiles } from '../../panels/latency-panel.js'
import {
  concentrationParams,
  type LoadContext,
  windowDefinition,
} from '../../panels/load-context.js'
import { loadMetricPanels } from '../../panels/metric-panel.js'
import { settleCard } from '../../panels/panel-frame.js'
import { loadSamples } from '../../panels/samples-panel.js'
import { loadStages } from '../../panels/stages-panel.js'
import { loadTraffic } from '../../panels/traffic-panel.js'
import type { PanelSet } from './layout.js'

/**
 * Fills the chart panels, the KPIs, the samples and the change events: each asks the store for
 * an aggregate of the window (never its rows) and paints as soon as its own answer arrives.
 */
export function loadChartPanels(
  ctx: LoadContext,
  panels: PanelSet,
  kpisEl: HTMLElement,
  metricNames: Promise<ReadonlySet<string>>
): Promise<unknown>[] {
  const headline = fetchHeadlinePercentiles(ctx)
  headline.catch(() => undefined)
  const { signal } = ctx
  return [
    loadTraffic(ctx, panels.traffic),
    loadPercentiles(ctx, panels.headline, headline),
    loadHeatmap(ctx, panels.heatmap, headline),
    loadStages(ctx, panels.stages),
    loadKpis(ctx, kpisEl),
    metricNames
      .then((names) => loadMetricPanels(ctx, panels.metrics, names))
      .catch(() => {
        for (const mp of panels.metrics.values()) {
          mp.setStatus('metric list unavailable', 'error')
        }
      }),
    settleCard(
      panels.events.card,
      loadEvents(ctx, panels.events.body, () => {
        for (const c of ctx.charts) {
          c.redraw(false, false)
        }
      }),
      signal
    ),
    settleCard(panels.samples.card, loadSamples(ctx, panels.samples.body), signal),
  ]
}

/**
 * The panels that read the window's requests themselves (diagnosis, concentration and the
 * selection's investigation): started once the chart panels' answers are in, so their reads
 * never hold up a chart's (ADR 0165, 0272).
 */
export function loadAnalysisPanels(ctx: LoadContext, panels: PanelSet): Promise<unknown>[] {
  // After a write in the window the card first shows the last answer, labelled, as the
  // diagnosis does (ADR 0225, 0272); the investigation waits for the current one.
  const params = concentrationParams(ctx)
  const def = windowDefinition(ctx)
  const first = api.datedConcentration(
    { ...params, stale: 'allow', ...(def === null ? {} : { window_def: def }) },
    ctx.signal
  )
  const concentration: Promise<Concentration> = first.then((d) =>
    d.stale
      ? api
          .datedConcentration({ ...params, stale: 'refresh' }, ctx.signal)
          .then((x) => x.concentration)
      : d.concentration
  )
  first.catch(() => undefined)
  concentration.catch(() => undefined)
  return [
    settleCard(panels.diagnosis.card, loadDiagnosis(ctx, panels.diagnosis.body), ctx.signal),
    loadInvestigation(ctx, panels.investigation, concentration),
    settleCard(
      panels.concentration.card,
      loadConcentration(ctx, panels.concentration.body, first, concentration),
      ctx.signal
    ),
  ]
}
