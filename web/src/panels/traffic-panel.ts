import { api } from '../api/client.js'
import { h } from '../charts/dom.js'
import { PALETTE } from '../charts/theme.js'
import type { LineSpec } from '../charts/timeseries.js'
import { alignPoints } from '../model/align.js'
import { formatCount } from '../model/format.js'
import { drawLines } from './draw-lines.js'
import { firstWave } from './first-wave.js'
import type { LoadContext } from './load-context.js'
import { guarded, type PanelHandle } from './panel-frame.js'

/** Request rate and error/timeout rate (per second, per bucket). */
export function loadTraffic(ctx: LoadContext, panel: PanelHandle): Promise<void> {
  return guarded(ctx, panel, async () => {
    const res = await api.traffic(firstWave.traffic(ctx), ctx.signal)
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
