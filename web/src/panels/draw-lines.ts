import { autoSize, createTimeSeries, type LineSpec } from '../charts/timeseries.js'
import { SYNC_KEY, type LoadContext } from './load-context.js'
import type { PanelHandle } from './panel-frame.js'

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
    width: panel.width(),
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
