import uPlot from 'uplot'
import { formatMs } from '../model/format.js'
import { bucketLowerBounds, cellColor, maxCount } from '../model/heatmap.js'
import { markerAt, markersPlugin, type Marker } from './markers.js'
import { THEME } from './theme.js'
import { timeTicks } from './timeseries.js'

export interface HeatmapSpec {
  timesMs: readonly number[]
  stepMs: number
  boundsMs: readonly number[]
  counts: readonly (readonly number[])[]
  fromMs: number
  toMs: number
  height: number
  /** The chart's width in CSS px; without it the element's own is read (a forced layout). */
  width?: number
  syncKey: string
  /** Optional p99 overlay (aligned to timesMs). */
  p99?: (number | null)[]
  markers: () => readonly Marker[]
  onMarkerHover: (marker: Marker | null) => void
  /** Rectangle drawn: its time window and latency range (null = open on that side). */
  onSelect: (fromMs: number, toMs: number, minMs: number | null, maxMs: number | null) => void
  /** Existing rectangle to outline. */
  selection: { fromMs: number; toMs: number; minMs: number | null; maxMs: number | null } | null
}

/**
 * Latency heatmap (time × log latency): each cell is drawn on the uPlot canvas in a draw hook,
 * so it shares the axes, the synchronised cursor and the event markers with the other panels.
 * Dragging a rectangle selects the requests of its time window whose latency lies between its
 * bottom and top edges.
 */
export function createHeatmap(el: HTMLElement, spec: HeatmapSpec): uPlot {
  const lower = bucketLowerBounds(spec.boundsMs)
  const lo = Math.max(1e-3, lower[0] ?? 1)
  const hi = Math.max(lo * 10, spec.boundsMs[spec.boundsMs.length - 1] ?? lo * 10)
  const max = maxCount(spec.counts)
  const xs = spec.timesMs.map((t) => t / 1000)
  const p99 = spec.p99 ?? xs.map(() => null)

  // Cells grouped by colour, each colour set once: assigning a colour string makes the canvas
  // parse it, and a 1 h window holds tens of thousands of cells of a few hundred colours.
  const colorOf = new Map<number, string | null>()
  const drawCells = (u: uPlot) => {
    const { ctx } = u
    const { left, top, width, height } = u.bbox
    ctx.save()
    ctx.beginPath()
    ctx.rect(left, top, width, height)
    ctx.clip()
    const rows = Math.max(0, ...spec.counts.map((col) => col.length))
    const yTops = Array.from({ length: rows }, (_, bi) =>
      Math.floor(u.valToPos(spec.boundsMs[bi] ?? hi, 'y', true))
    )
    const yBottoms = Array.from({ length: rows }, (_, bi) =>
      Math.ceil(u.valToPos(lower[bi] ?? lo, 'y', true))
    )
    const cells = new Map<string, number[]>()
    spec.counts.forEach((col, ti) => {
      const t = spec.timesMs[ti]
      if (t === undefined) {
        return
      }
      const x0 = Math.floor(u.valToPos(t / 1000, 'x', true))
      const w = Math.max(1, Math.ceil(u.valToPos((t + spec.stepMs) / 1000, 'x', true)) - x0)
      col.forEach((count, bi) => {
        let color = colorOf.get(count)
        if (color === undefined) {
          color = cellColor(count, max)
          colorOf.set(count, color)
        }
        if (!color) {
          return
        }
        const yTop = yTops[bi] as number
        let rects = cells.get(color)
        if (rects === undefined) {
          rects = []
          cells.set(color, rects)
        }
        rects.push(x0, yTop, w, Math.max(1, (yBottoms[bi] as number) - yTop))
      })
    })
    for (const [color, rects] of cells) {
      ctx.fillStyle = color
      for (let i = 0; i < rects.length; i += 4) {
        ctx.fillRect(rects[i] ?? 0, rects[i + 1] ?? 0, rects[i + 2] ?? 0, rects[i + 3] ?? 0)
      }
    }
    if (spec.selection) {
      const s = spec.selection
      const x0 = u.valToPos(s.fromMs / 1000, 'x', true)
      const x1 = u.valToPos(s.toMs / 1000, 'x', true)
      const yBottom = s.minMs === null ? top + height : u.valToPos(Math.max(lo, s.minMs), 'y', true)
      const yTop = s.maxMs === null ? top : u.valToPos(Math.min(hi, s.maxMs), 'y', true)
      ctx.strokeStyle = '#ffffff'
      ctx.lineWidth = devicePixelRatio
      ctx.setLineDash([3 * devicePixelRatio, 3 * devicePixelRatio])
      ctx.strokeRect(x0, yTop, x1 - x0, yBottom - yTop)
    }
    ctx.restore()
  }

  const opts: uPlot.Options = {
    width: Math.max(200, spec.width ?? el.clientWidth),
    height: spec.height,
    padding: [6, THEME.rightAxisPx, 0, 0],
    legend: { show: true, live: true },
    cursor: {
      sync: { key: spec.syncKey, setSeries: false, scales: ['x', null] },
      drag: { x: true, y: true, uni: 12, setScale: false },
      points: { show: false },
    },
    scales: {
      x: { time: true, range: () => [spec.fromMs / 1000, spec.toMs / 1000] },
      y: { distr: 3, range: () => [lo, hi] },
    },
    axes: [
      {
        stroke: THEME.text,
        font: THEME.font,
        grid: { stroke: THEME.grid, width: 1 },
        ticks: { stroke: THEME.axis, width: 1, size: 3 },
        values: timeTicks,
        size: 22,
        space: 70,
      },
      {
        stroke: THEME.text,
        font: THEME.font,
        size: THEME.leftAxisPx,
        grid: { stroke: THEME.grid, width: 1 },
        ticks: { stroke: THEME.axis, width: 1, size: 3 },
        values: (_u, splits) => splits.map((v) => formatMs(v)),
        gap: 3,
      },
    ],
    series: [
      { value: (_u, v) => (v === null ? '' : new Date(v * 1000).toISOString().slice(11, 19)) },
      {
        label: 'p99',
        stroke: 'rgba(255,255,255,0.8)',
        width: 1,
        dash: [2, 3],
        points: { show: false },
        value: (_u, v) => (v === null ? '–' : formatMs(v)),
      },
    ],
    hooks: {
      drawClear: [drawCells],
      setSelect: [
        (u) => {
          const { left, top, width, height } = u.select
          if (width < 4) {
            return
          }
          const fromMs = u.posToVal(left, 'x') * 1000
          const toMs = u.posToVal(left + width, 'x') * 1000
          // A horizontal-only drag means "every request in this window". An edge dragged to the
          // border of the plot leaves that side open (nothing is cut off above the top bucket).
          const plotH = u.bbox.height / devicePixelRatio
          const minMs =
            height > 4 && top + height < plotH - 2 ? u.posToVal(top + height, 'y') : null
          const maxMs = height > 4 && top > 2 ? u.posToVal(top, 'y') : null
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false)
          spec.onSelect(fromMs, toMs, minMs, maxMs)
        },
      ],
      setCursor: [
        (u) => {
          const left = u.cursor.left
          spec.onMarkerHover(
            left === undefined || left < 0 ? null : markerAt(u, left, spec.markers())
          )
        },
      ],
    },
    plugins: [markersPlugin(spec.markers)],
  }
  return new uPlot(opts, [xs, p99], el)
}
