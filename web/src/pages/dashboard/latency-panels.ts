import { api } from '../../api/client.js'
import { createHeatmap } from '../../charts/heatmap.js'
import { h } from '../../charts/dom.js'
import { PALETTE } from '../../charts/theme.js'
import { autoSize, createTimeSeries, type LineSpec } from '../../charts/timeseries.js'
import { alignPoints } from '../../model/align.js'
import { formatCount, formatMs } from '../../model/format.js'
import { MEASURES, MEASURE_LABELS, spikeSelection, quietValue } from '../../model/measures.js'
import {
  STAGE_COLORS,
  isBeforeFirstToken,
  stackStageMeans,
  type StageBucket,
} from '../../model/stages.js'
import { formatStepParam } from '../../model/time-range.js'
import {
  HEADLINE_MEASURES,
  type HeadlineMeasure,
  type StageName,
} from '../../../../src/core/model/request.js'
import { SYNC_KEY, commonParams, isAbort, type LoadContext } from './context.js'
import type { PanelHandle } from './panel.js'
import { effectiveStageMode } from './url.js'

/** Draws a time-series chart into a panel and registers it for cleanup and resizing. */
export function drawLines(
  ctx: LoadContext,
  panel: PanelHandle,
  lines: LineSpec[],
  options: {
    height: number
    format: (v: number) => string
    rightFormat?: (v: number) => string
    yMax?: number
    onPick?: (index: number) => void
    /** What an empty chart says (default: no data in this window). */
    emptyText?: string
  }
): void {
  const hasData = lines.some((l) => l.values.some((v) => v !== null))
  if (!hasData) {
    panel.setStatus(options.emptyText ?? 'no data in this window', 'empty')
    return
  }
  panel.body.replaceChildren()
  const chart = createTimeSeries(panel.body, {
    timesMs: ctx.grid,
    fromMs: ctx.range.fromMs,
    toMs: ctx.range.toMs,
    lines,
    height: options.height,
    format: options.format,
    rightFormat: options.rightFormat,
    yMax: options.yMax,
    onPick: options.onPick,
    syncKey: SYNC_KEY,
    markers: () => ctx.markers,
    onZoom: (fromMs, toMs) =>
      ctx.navigate({ range: { kind: 'absolute', fromMs, toMs }, selection: null }),
    onMarkerHover: (m) => panel.showMarker(m),
  })
  ctx.charts.push(chart)
  autoSize(panel.body, () => chart)
  panel.setStatus(null)
}

async function guarded(
  ctx: LoadContext,
  panel: PanelHandle,
  work: () => Promise<void>
): Promise<void> {
  try {
    await work()
  } catch (err) {
    if (!isAbort(err) && !ctx.signal.aborted) {
      panel.setStatus(err instanceof Error ? err.message : String(err), 'error')
    }
  }
}

/** Request rate and error/timeout rate (per second, per bucket). */
export function loadTraffic(ctx: LoadContext, panel: PanelHandle): Promise<void> {
  return guarded(ctx, panel, async () => {
    const res = await api.traffic(
      { ...commonParams(ctx), step: formatStepParam(ctx.stepMs) },
      ctx.signal
    )
    const perS = 1000 / res.step_ms
    const pts = (key: 'requests' | 'errors' | 'timeouts') =>
      alignPoints(
        res.buckets.flatMap((b) => {
          const v = b[key]
          return v === null ? [] : [[b.bucket_start_ms, v * perS] as const]
        }),
        ctx.grid,
        ctx.stepMs,
        'sum'
      )
    const lines: LineSpec[] = [
      {
        label: 'requests/s',
        values: pts('requests'),
        color: PALETTE[0] ?? '#4cc3e0',
        fill: 'rgba(76,195,224,0.10)',
      },
    ]
    if (res.errors_counted === false) {
      panel.showMarker(null)
      panel.tools.replaceChildren(
        h('span', { class: 'hint' }, 'errors not counted over this many requests: zoom in')
      )
    } else {
      lines.push(
        { label: 'errors/s', values: pts('errors'), color: '#e5484d', axis: 'right', width: 1.5 },
        {
          label: 'timeouts/s',
          values: pts('timeouts'),
          color: '#f5a524',
          axis: 'right',
          dash: true,
        }
      )
    }
    drawLines(ctx, panel, lines, { height: 120, format: formatCount })
  })
}

const NO_REQUESTS = 'no requests in this window'

/** Requests exist, yet none has this measure: say what would give it, never draw a 0. */
const MISSING_MEASURE_TEXT: Record<HeadlineMeasure, string> = {
  ttft: 'no request in this window has a first-token time',
  tpot: 'no measured TPOT in this window (per-token timing comes from the probe or engine spans; request details show an estimate)',
  e2e: 'no request in this window has an end-to-end time',
}

/** TTFT, TPOT and E2E p50/p95/p99, one panel each, from one percentiles call. */
export function loadPercentiles(
  ctx: LoadContext,
  panels: Record<HeadlineMeasure, PanelHandle>
): Promise<void> {
  const all = Object.values(panels)
  return (async () => {
    try {
      const res = await api.percentiles(
        {
          ...commonParams(ctx),
          measure: [...HEADLINE_MEASURES],
          q: '0.5,0.95,0.99',
          step: formatStepParam(ctx.stepMs),
        },
        ctx.signal
      )
      const anyRequest = res.rows.some((r) => r.count > 0)
      for (const measure of HEADLINE_MEASURES) {
        const rows = res.rows.filter((r) => r.measure === measure && r.bucket_start_ms !== null)
        const line = (key: string) =>
          alignPoints(
            rows.flatMap((r) => {
              const v = r.values_ms[key]
              return v === null || v === undefined ? [] : [[r.bucket_start_ms ?? 0, v] as const]
            }),
            ctx.grid,
            ctx.stepMs,
            'max'
          )
        const p99 = line('p99')
        const quiet = quietValue(p99)
        drawLines(
          ctx,
          panels[measure],
          [
            { label: 'p50', values: line('p50'), color: '#46a758' },
            { label: 'p95', values: line('p95'), color: '#f5a524' },
            { label: 'p99', values: p99, color: '#e5484d', width: 1.5 },
          ],
          {
            height: 120,
            format: formatMs,
            emptyText: anyRequest ? MISSING_MEASURE_TEXT[measure] : NO_REQUESTS,
            // A click on a bucket investigates its slow part: the requests above the usual p99.
            onPick: (idx) => {
              const t = ctx.grid[idx]
              const v = p99[idx]
              if (t === undefined || v === null || v === undefined) {
                return
              }
              ctx.navigate({
                measure,
                sort: null,
                stageMode: null,
                trace: null,
                selection: spikeSelection(t, ctx.stepMs, v, quiet),
              })
            },
          }
        )
      }
    } catch (err) {
      if (!isAbort(err) && !ctx.signal.aborted) {
        for (const p of all) {
          p.setStatus(err instanceof Error ? err.message : String(err), 'error')
        }
      }
    }
  })()
}

/** Latency heatmap with drag-select for concentration. */
export function loadHeatmap(ctx: LoadContext, panel: PanelHandle): Promise<void> {
  panel.tools.replaceChildren(
    ...MEASURES.map((m) =>
      h(
        'button',
        {
          class: `chip${ctx.state.measure === m ? ' on' : ''}`,
          'data-measure': m,
          title: `investigate ${MEASURE_LABELS[m]}: heatmap, slowest requests, concentration and stages`,
          onclick: () => ctx.navigate({ measure: m, sort: null, stageMode: null, selection: null }),
        },
        MEASURE_LABELS[m]
      )
    ),
    h('span', { class: 'hint' }, 'drag a rectangle → its requests')
  )
  return guarded(ctx, panel, async () => {
    const measure = ctx.state.measure
    const step = formatStepParam(ctx.stepMs)
    const [hm, pct] = await Promise.all([
      api.heatmap({ ...commonParams(ctx), measure, step, buckets: 40 }, ctx.signal),
      api.percentiles({ ...commonParams(ctx), measure, q: '0.99', step }, ctx.signal),
    ])
    if (hm.times_ms.length === 0 || hm.counts.every((c) => c.every((n) => n === 0))) {
      panel.setStatus('no requests in this window', 'empty')
      return
    }
    const p99 = alignPoints(
      pct.rows.flatMap((r) =>
        r.values_ms['p99'] == null
          ? []
          : [[r.bucket_start_ms ?? 0, r.values_ms['p99'] ?? 0] as const]
      ),
      hm.times_ms,
      hm.step_ms,
      'max'
    )
    panel.body.replaceChildren()
    const chart = createHeatmap(panel.body, {
      timesMs: hm.times_ms,
      stepMs: hm.step_ms,
      boundsMs: hm.bounds_ms,
      counts: hm.counts,
      fromMs: ctx.range.fromMs,
      toMs: ctx.range.toMs,
      height: 190,
      syncKey: SYNC_KEY,
      p99,
      markers: () => ctx.markers,
      onMarkerHover: (m) => panel.showMarker(m),
      selection: ctx.state.selection,
      onSelect: (fromMs, toMs, minMs, maxMs) => {
        ctx.navigate({ selection: { fromMs, toMs, minMs, maxMs }, sort: null, trace: null })
      },
    })
    ctx.charts.push(chart)
    autoSize(panel.body, () => chart)
    panel.setStatus(null)
  })
}

/** Stage breakdown over time: stacked per-request mean, or per-stage p99 lines. */
export function loadStages(ctx: LoadContext, panel: PanelHandle): Promise<void> {
  panel.tools.replaceChildren(
    ...(
      [
        ['mean', 'mean, all stages'],
        ['ttft', 'mean, before first token'],
        ['p99', 'p99 per stage'],
      ] as const
    ).map(([mode, label]) =>
      h(
        'button',
        {
          class: `chip${effectiveStageMode(ctx.state) === mode ? ' on' : ''}`,
          'data-mode': mode,
          onclick: () => ctx.navigate({ stageMode: mode }),
        },
        label
      )
    )
  )
  return guarded(ctx, panel, async () => {
    const res = await api.stages(
      { ...commonParams(ctx), step: formatStepParam(ctx.stepMs) },
      ctx.signal
    )
    if (res.buckets.length === 0) {
      panel.setStatus(NO_REQUESTS, 'empty')
      return
    }
    const byStart = new Map(res.buckets.map((b) => [b.bucket_start_ms, b]))
    const buckets: (StageBucket | null)[] = ctx.grid.map((t) => {
      const b = byStart.get(t)
      if (!b) {
        return null
      }
      const stages: StageBucket['stages'] = {}
      for (const [name, s] of Object.entries(b.stages)) {
        stages[name as StageName] = { count: s.count, meanMs: s.mean_ms, p99Ms: s.p99_ms }
      }
      return { count: b.count, stages }
    })
    const stack = stackStageMeans(
      buckets,
      effectiveStageMode(ctx.state) === 'ttft' ? isBeforeFirstToken : undefined
    )
    if (effectiveStageMode(ctx.state) === 'p99') {
      const lines = stack.stages.map<LineSpec>((stage) => ({
        label: stage,
        color: STAGE_COLORS[stage],
        values: buckets.map((b) => b?.stages[stage]?.p99Ms ?? null),
      }))
      drawLines(ctx, panel, lines, { height: 160, format: formatMs })
      return
    }
    // Drawn top-down so each band's fill covers the ones above it; the legend shows the band itself.
    const lines = stack.stages
      .map<LineSpec>((stage, i) => ({
        label: stage,
        color: STAGE_COLORS[stage],
        fill: `${STAGE_COLORS[stage]}cc`,
        values: stack.cumulative[i] ?? [],
        display: stack.values[i] ?? [],
        width: 0.5,
      }))
      .reverse()
    drawLines(ctx, panel, lines, { height: 160, format: formatMs })
  })
}
