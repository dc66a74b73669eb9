import uPlot from 'uplot'
import { markerAt, markersPlugin, type Marker } from './markers.js'
import { THEME } from './theme.js'

export interface LineSpec {
  label: string
  values: (number | null)[]
  color: string
  dash?: boolean
  fill?: string
  axis?: 'left' | 'right'
  /** Shown in the legend instead of the drawn value (stacked charts draw running sums). */
  display?: (number | null)[]
  width?: number
  /** Join across empty buckets (gauges scraped less often than the step). */
  spanGaps?: boolean
}

export interface TimeSeriesSpec {
  /** Bucket starts (epoch ms): the shared x axis. */
  timesMs: readonly number[]
  fromMs: number
  toMs: number
  lines: LineSpec[]
  format: (v: number) => string
  rightFormat?: (v: number) => string
  height: number
  /** The chart's width in CSS px; without it the element's own is read (a forced layout). */
  width?: number
  syncKey: string
  markers: () => readonly Marker[]
  /** Drag across the panel: zoom the whole view to that window. */
  onZoom: (fromMs: number, toMs: number) => void
  /** Cursor near a change event (null when it leaves). */
  onMarkerHover: (marker: Marker | null) => void
  yMin?: number
  yMax?: number
  /** A click (no drag) on a bucket: its index in `timesMs`. */
  onPick?: (index: number) => void
}

/** Axis tick labels for epoch seconds: HH:MM, with the date where a day starts. */
export function timeTicks(_u: uPlot, splits: number[]): string[] {
  return splits.map((s) => {
    const d = new Date(s * 1000)
    const hm = `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`
    return d.getUTCHours() === 0 && d.getUTCMinutes() === 0 ? `${d.toISOString().slice(5, 10)}` : hm
  })
}

function axis(
  side: 'left' | 'right',
  scale: string,
  format: (v: number) => string,
  show = true
): uPlot.Axis {
  return {
    scale,
    side: side === 'left' ? 3 : 1,
    show,
    size: side === 'left' ? THEME.leftAxisPx : THEME.rightAxisPx,
    stroke: THEME.text,
    font: THEME.font,
    grid: { stroke: THEME.grid, width: 1, show: side === 'left' },
    ticks: { stroke: THEME.axis, width: 1, size: 3 },
    values: (_u, splits) => splits.map((v) => format(v)),
    gap: 3,
  }
}

/**
 * A dense time-series panel on the shared time axis: fixed x range, synchronised cursor,
 * change-event markers, drag-to-zoom. Returns the uPlot instance (destroy it on re-render).
 */
export function createTimeSeries(el: HTMLElement, spec: TimeSeriesSpec): uPlot {
  const hasRight = spec.lines.some((l) => l.axis === 'right')
  const xs = spec.timesMs.map((t) => t / 1000)
  const data: uPlot.AlignedData = [xs, ...spec.lines.map((l) => l.values)]
  const stepS = xs.length > 1 ? (xs[1] ?? 0) - (xs[0] ?? 0) : 60
  const opts: uPlot.Options = {
    width: Math.max(200, spec.width ?? el.clientWidth),
    height: spec.height,
    padding: [6, hasRight ? 0 : THEME.rightAxisPx, 0, 0],
    legend: { show: true, live: true },
    cursor: {
      sync: { key: spec.syncKey, setSeries: false, scales: ['x', null] },
      drag: { x: true, y: false, setScale: false },
      points: { size: 5 },
      focus: { prox: 16 },
    },
    focus: { alpha: 0.35 },
    scales: {
      x: { time: true, range: () => [spec.fromMs / 1000, spec.toMs / 1000] },
      y: {
        range: (_u, min, max) => [
          spec.yMin ?? Math.min(0, min ?? 0),
          spec.yMax ?? (max === null || max <= 0 ? 1 : max * 1.08),
        ],
      },
      r: { range: (_u, _min, max) => [0, max === null || max <= 0 ? 1 : max * 1.08] },
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
      axis('left', 'y', spec.format),
      ...(hasRight ? [axis('right', 'r', spec.rightFormat ?? spec.format)] : []),
    ],
    series: [
      { value: (_u, v) => (v === null ? '' : new Date(v * 1000).toISOString().slice(11, 19)) },
      ...spec.lines.map<uPlot.Series>((l) => ({
        label: l.label,
        scale: l.axis === 'right' ? 'r' : 'y',
        stroke: l.color,
        width: l.width ?? 1.25,
        dash: l.dash ? [5, 4] : undefined,
        fill: l.fill,
        spanGaps: l.spanGaps ?? false,
        points: { show: false },
        value: (_u, v, _si, idx) => {
          const shown = l.display && idx !== null ? l.display[idx] : v
          return shown === null || shown === undefined
            ? '–'
            : (l.axis === 'right' ? (spec.rightFormat ?? spec.format) : spec.format)(shown)
        },
      })),
    ],
    hooks: {
      setSelect: [
        (u) => {
          const { left, width } = u.select
          if (width > 4) {
            const from = u.posToVal(left, 'x') * 1000
            const to = u.posToVal(left + width, 'x') * 1000
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false)
            spec.onZoom(from, Math.max(to, from + stepS * 1000))
          }
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
  const u = new uPlot(opts, data, el)
  const onPick = spec.onPick
  if (onPick) {
    // uPlot reports drags through setSelect; a press and release in place is a pick.
    let downX = Number.NaN
    u.over.style.cursor = 'pointer'
    u.over.addEventListener('mousedown', (e) => (downX = e.clientX))
    u.over.addEventListener('mouseup', (e) => {
      const idx = u.cursor.idx
      if (Math.abs(e.clientX - downX) < 3 && idx !== null && idx !== undefined) {
        onPick(idx)
      }
    })
  }
  return u
}

/** Keeps a chart as wide as its container. */
export function autoSize(el: HTMLElement, chart: () => uPlot | null): ResizeObserver {
  const ro = new ResizeObserver(() => {
    const u = chart()
    if (u && el.clientWidth > 0 && Math.abs(u.width - el.clientWidth) > 1) {
      u.setSize({ width: el.clientWidth, height: u.height })
    }
  })
  ro.observe(el)
  return ro
}
