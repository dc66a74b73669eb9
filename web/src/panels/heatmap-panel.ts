import { api } from '../api/client.js'
import type { Percentiles } from '../api/schemas.js'
import { createHeatmap } from '../charts/heatmap.js'
import { h } from '../charts/dom.js'
import { autoSize } from '../charts/timeseries.js'
import { alignPoints } from '../model/align.js'
import { MEASURES, MEASURE_LABELS, MISSING_MEASURE_TEXT } from '../model/measures.js'
import { SYNC_KEY, type LoadContext } from './load-context.js'
import { firstWave } from './first-wave.js'
import { NO_REQUESTS, guarded, type PanelHandle } from './panel-frame.js'

/** Latency heatmap with drag-select for concentration. */
export function loadHeatmap(
  ctx: LoadContext,
  panel: PanelHandle,
  headline: Promise<Percentiles>
): Promise<void> {
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
    const p99Params = firstWave.heatmapP99(ctx)
    const [hm, pct] = await Promise.all([
      api.heatmap(firstWave.heatmap(ctx), ctx.signal),
      // The headline panels' call already holds this p99 line: no second scan of the window.
      p99Params === null ? headline : api.percentiles(p99Params, ctx.signal),
    ])
    if (hm.times_ms.length === 0 || hm.counts.every((c) => c.every((n) => n === 0))) {
      // Requests without this measure (TTFT over gateway spans only) are not "no requests".
      const anyRequest = (await headline).rows.some((r) => r.count > 0)
      panel.setStatus(anyRequest ? MISSING_MEASURE_TEXT[measure] : NO_REQUESTS, 'empty')
      return
    }
    const p99 = alignPoints(
      pct.rows.flatMap((r) =>
        r.measure !== measure || r.bucket_start_ms === null || r.values_ms['p99'] == null
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
      width: panel.width(),
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
