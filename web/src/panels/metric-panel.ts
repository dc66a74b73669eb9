import { api } from '../api/client.js'
import { PALETTE } from '../charts/theme.js'
import { metricLabelFilters } from '../model/dimensions.js'
import { h } from '../charts/dom.js'
import { formatCount, formatMs, formatShare } from '../model/format.js'
import {
  METRIC_PANELS,
  buildPanelData,
  missingMetricsHint,
  missingPanelLines,
  pickMetricName,
  resolvePanelLines,
  sourceKey,
  type FetchedSeries,
  type MetricPanelDef,
} from '../model/metric-panel-defs.js'
import { formatStepParam } from '../model/time-range.js'
import { commonParams, isAbort, type LoadContext } from './load-context.js'
import { drawLines } from './draw-lines.js'
import type { PanelHandle } from './panel-frame.js'

function formatFor(unit: string): (v: number) => string {
  if (unit === '%') {
    return (v) => `${formatCount(v)}%`
  }
  if (unit === 'ms') {
    return formatMs
  }
  return formatCount
}

/**
 * Loads every metric panel: each (metric, function) pair is fetched once even when several lines
 * use it, and panels draw as soon as their own series arrive.
 */
export async function loadMetricPanels(
  ctx: LoadContext,
  panels: ReadonlyMap<string, PanelHandle>,
  available: ReadonlySet<string>
): Promise<void> {
  const labelParams = metricLabelFilters(ctx.state.filters)
  const { from, to } = commonParams(ctx)
  const cache = new Map<string, Promise<FetchedSeries[]>>()
  const fetchSource = (name: string, fn: 'raw' | 'rate') => {
    const key = sourceKey(name, fn)
    let p = cache.get(key)
    if (!p) {
      p = api
        .series(
          { name, fn, from, to, step: formatStepParam(ctx.stepMs), ...labelParams },
          ctx.signal
        )
        .then((r) => r.series.map((s) => ({ labels: s.labels, points: s.points })))
      cache.set(key, p)
    }
    return p
  }

  await Promise.all(
    METRIC_PANELS.map(async (def: MetricPanelDef) => {
      const panel = panels.get(def.id)
      if (!panel) {
        return
      }
      const lines = resolvePanelLines(def, available)
      if (lines.length === 0) {
        panel.setStatus(missingMetricsHint(def), 'empty')
        return
      }
      try {
        const fetched = new Map<string, FetchedSeries[]>()
        for (const line of lines) {
          for (const src of [line.source, line.denominator]) {
            if (!src) {
              continue
            }
            const name = pickMetricName(src.names, available)
            if (name !== null) {
              fetched.set(sourceKey(name, src.fn), await fetchSource(name, src.fn))
            }
          }
        }
        const data = buildPanelData(lines, available, fetched, ctx.grid, ctx.stepMs)
        panel.tools.replaceChildren(
          ...missingPanelLines(def, available).map((m) =>
            h(
              'span',
              { class: 'missing-note', 'data-missing': m.label },
              `${m.label}: no ${m.missing.join(', ')}`
            )
          ),
          ...data.offScale.map((o) =>
            h(
              'span',
              {
                class: 'limit-note',
                'data-limit': o.label,
                title: `${o.label} is ${formatCount(o.value)}: drawn, it would flatten the lines below (peak ${formatCount(o.peak)})`,
              },
              `${o.label} ${formatCount(o.value)} ↑ off scale · peak ${formatCount(o.peak)} = ${formatShare(o.peak / o.value, o.peak / o.value < 0.01 ? 2 : 0)} of it`
            )
          )
        )
        drawLines(
          ctx,
          panel,
          data.labels.map((label, i) => ({
            label,
            values: data.values[i] ?? [],
            color: PALETTE[i % PALETTE.length] ?? '#ccc',
            axis: data.axes[i],
            dash: data.dashes[i],
            spanGaps: true,
          })),
          {
            height: 120,
            format: formatFor(def.unit),
            rightFormat: def.rightUnit ? formatFor(def.rightUnit) : undefined,
            yMax: def.id === 'kv' ? 100 : undefined,
          }
        )
      } catch (err) {
        if (!isAbort(err) && !ctx.signal.aborted) {
          panel.setStatus(err instanceof Error ? err.message : String(err), 'error')
        }
      }
    })
  )
}
