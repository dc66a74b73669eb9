import { api } from '../../api/client.js'
import type { DatedConcentration } from '../../api/client.js'
import type { Concentration } from '../../api/schemas.js'
import { loadConcentration } from '../../panels/concentration-panel.js'
import { loadDiagnosis } from '../../panels/diagnosis-panel.js'
import { loadEvents } from '../../panels/events-panel.js'
import { firstWave } from '../../panels/first-wave.js'
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
 * selection's investigation). Their cards first paint what the server already holds
 * (`stale=kept`, asked now, beside the charts: it never reads rows, ADR 0407); what reads the
 * window's rows is asked once the charts' answers are in (`go`), so those reads never hold up a
 * chart's (ADR 0165, 0272).
 */
export function loadAnalysisPanels(
  ctx: LoadContext,
  panels: PanelSet,
  go: Promise<void>
): Promise<unknown>[] {
  const { signal } = ctx
  const keptDiagnosisParams = firstWave.keptDiagnosis(ctx)
  const keptDiagnosis =
    keptDiagnosisParams === null ? null : api.keptDiagnosis(keptDiagnosisParams, signal)
  const kept = api.keptConcentration(firstWave.keptConcentration(ctx), signal)
  keptDiagnosis?.catch(() => undefined)
  kept.catch(() => undefined)
  // After a write in the window the card first shows the last answer, labelled, as the
  // diagnosis does (ADR 0225, 0272); the investigation waits for the current one.
  const params = concentrationParams(ctx)
  const def = windowDefinition(ctx)
  let allowed: Promise<DatedConcentration> | undefined
  const first = (): Promise<DatedConcentration> =>
    (allowed ??= go.then(() =>
      api.datedConcentration(
        { ...params, stale: 'allow', ...(def === null ? {} : { window_def: def }) },
        signal
      )
    ))
  const concentration: Promise<Concentration> = kept
    .catch(() => null)
    .then((held) =>
      held !== null && !held.stale
        ? held.concentration
        : first().then((d) =>
            d.stale
              ? api
                  .datedConcentration({ ...params, stale: 'refresh' }, signal)
                  .then((x) => x.concentration)
              : d.concentration
          )
    )
  concentration.catch(() => undefined)
  return [
    settleCard(
      panels.diagnosis.card,
      loadDiagnosis(ctx, panels.diagnosis.body, keptDiagnosis, go),
      signal
    ),
    go.then(() => loadInvestigation(ctx, panels.investigation, concentration)),
    settleCard(
      panels.concentration.card,
      loadConcentration(ctx, panels.concentration.body, kept, first, concentration),
      signal
    ),
  ]
}
