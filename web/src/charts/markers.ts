import type uPlot from 'uplot'
import { EVENT_COLORS } from './theme.js'

/** A change event drawn as a vertical line across a panel. */
export interface Marker {
  timeMs: number
  kind: string
  label: string
}

/** uPlot plugin drawing change events as dashed vertical lines over the plot area. */
export function markersPlugin(markers: () => readonly Marker[]): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u: uPlot) => {
          const { ctx } = u
          const { top, height } = u.bbox
          const min = u.scales['x']?.min ?? 0
          const max = u.scales['x']?.max ?? 0
          ctx.save()
          ctx.lineWidth = Math.max(1, devicePixelRatio)
          ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio])
          for (const m of markers()) {
            const t = m.timeMs / 1000
            if (t < min || t > max) {
              continue
            }
            const x = Math.round(u.valToPos(t, 'x', true)) + 0.5
            ctx.strokeStyle = EVENT_COLORS[m.kind] ?? '#cccccc'
            ctx.globalAlpha = 0.85
            ctx.beginPath()
            ctx.moveTo(x, top)
            ctx.lineTo(x, top + height)
            ctx.stroke()
          }
          ctx.restore()
        },
      ],
    },
  }
}

/** The marker nearest to a cursor x (CSS px in the plot), within `tolerancePx`. */
export function markerAt(
  u: uPlot,
  leftPx: number,
  markers: readonly Marker[],
  tolerancePx = 6
): Marker | null {
  let best: Marker | null = null
  let bestD = tolerancePx
  for (const m of markers) {
    const d = Math.abs(u.valToPos(m.timeMs / 1000, 'x') - leftPx)
    if (d <= bestD) {
      best = m
      bestD = d
    }
  }
  return best
}
