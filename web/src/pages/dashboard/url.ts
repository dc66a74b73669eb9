import { FILTER_DIMENSIONS, type Filters } from '../../model/dimensions.js'
import { MEASURES, isMeasure, type Measure } from '../../model/measures.js'
import { RANGE_PRESETS, type RangePreset, type RangeSpec } from '../../model/time-range.js'

export type StageMode = 'mean' | 'ttft' | 'p99'

/**
 * Requests picked on a chart: a time window and a value range of the view's measure (a heatmap
 * rectangle, or the slow part of a P99 spike). `minMs`/`maxMs` null = unbounded on that side.
 */
export interface Selection {
  fromMs: number
  toMs: number
  minMs: number | null
  maxMs: number | null
}

/** A diagnosis kept on screen while the view moves to one of its findings. */
export interface PinnedDiagnosis {
  fromMs: number
  toMs: number
  filters: Filters
  /** Index of the finding whose view is shown. */
  finding: number
}

/** Everything the page shows is derived from this state, and all of it lives in the URL. */
export interface ViewState {
  range: RangeSpec
  filters: Filters
  /** The measure under investigation: heatmap, slowest table, concentration and stages follow it. */
  measure: Measure
  /** Column the slowest table is sorted by; null = the measure. */
  sort: Measure | null
  /** Stage breakdown mode; null = follows the measure (before the first token for TTFT). */
  stageMode: StageMode | null
  selection: Selection | null
  pin: PinnedDiagnosis | null
  /** Trace whose waterfall is open. */
  trace: string | null
}

export const DEFAULT_VIEW: ViewState = {
  range: { kind: 'auto' },
  filters: {},
  measure: 'ttft',
  sort: null,
  stageMode: null,
  selection: null,
  pin: null,
  trace: null,
}

/** The stage mode shown: the chosen one, else the one that explains the measure. */
export function effectiveStageMode(state: Pick<ViewState, 'stageMode' | 'measure'>): StageMode {
  return state.stageMode ?? (state.measure === 'ttft' ? 'ttft' : 'mean')
}

function parseMs(text: string | null): number | null {
  if (text === null || text === '') {
    return null
  }
  if (/^\d+(\.\d+)?$/.test(text)) {
    return Number(text)
  }
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? null : ms
}

function parseFilters(q: URLSearchParams, key: (dim: string) => string): Filters {
  const filters: Filters = {}
  for (const dim of FILTER_DIMENSIONS) {
    const values = q.getAll(key(dim)).filter((v) => v !== '')
    if (values.length > 0) {
      filters[dim] = [...new Set(values)]
    }
  }
  return filters
}

/** `sel=FROM,TO,MIN,MAX` (MIN/MAX may be empty); the older `sel=FROM,TO,SLOW` reads as MIN. */
function parseSelection(text: string | null): Selection | null {
  const parts = text?.split(',')
  if (!parts || parts.length < 3 || parts.length > 4) {
    return null
  }
  const num = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s))
  const [from, to, min, max] = parts.map(num)
  if (from === null || to === null || from === undefined || to === undefined) {
    return null
  }
  if (![from, to, min ?? 0, max ?? 0].every(Number.isFinite) || to <= from) {
    return null
  }
  const minMs = min !== null && min !== undefined && min > 0 ? min : null
  const maxMs = max !== null && max !== undefined && max > (minMs ?? 0) ? max : null
  return { fromMs: from, toMs: to, minMs, maxMs }
}

function parsePin(q: URLSearchParams): PinnedDiagnosis | null {
  const win = q.get('dx')?.split(',').map(Number)
  const finding = Number(q.get('finding') ?? '0')
  if (!win || win.length !== 2 || !win.every(Number.isFinite)) {
    return null
  }
  const [fromMs = 0, toMs = 0] = win
  if (toMs <= fromMs || !Number.isInteger(finding) || finding < 0) {
    return null
  }
  return { fromMs, toMs, filters: parseFilters(q, (d) => `dx.${d}`), finding }
}

/** Reads the view from a query string; unknown or broken parameters fall back to defaults. */
export function parseViewState(search: string, fallback: ViewState = DEFAULT_VIEW): ViewState {
  const q = new URLSearchParams(search)
  let range: RangeSpec = fallback.range
  const from = parseMs(q.get('from'))
  const to = parseMs(q.get('to'))
  const preset = q.get('range')
  if (from !== null && to !== null && to > from) {
    range = { kind: 'absolute', fromMs: from, toMs: to }
  } else if (preset !== null && (RANGE_PRESETS as readonly string[]).includes(preset)) {
    range = { kind: 'preset', preset: preset as RangePreset }
  }
  // `heatmap=` is the parameter of the first versions; links pasted from them still open.
  const m = q.get('measure') ?? q.get('heatmap')
  const measure = isMeasure(m) ? m : fallback.measure
  const s = q.get('sort')
  const st = q.get('stages')
  const stageMode = st === 'p99' || st === 'mean' || st === 'ttft' ? st : fallback.stageMode
  const trace = q.get('trace')
  return {
    range,
    filters: parseFilters(q, (d) => d),
    measure,
    sort: isMeasure(s) ? s : fallback.sort,
    stageMode,
    selection: parseSelection(q.get('sel')),
    pin: parsePin(q),
    trace: trace || null,
  }
}

const fmt = (v: number | null) => (v === null ? '' : String(+v.toFixed(3)))

/** Writes the view as a query string (stable key order, defaults left out). */
export function serializeViewState(state: ViewState): string {
  const q = new URLSearchParams()
  if (state.range.kind === 'absolute') {
    q.set('from', String(Math.round(state.range.fromMs)))
    q.set('to', String(Math.round(state.range.toMs)))
  } else if (state.range.kind === 'preset') {
    q.set('range', state.range.preset)
  }
  for (const dim of FILTER_DIMENSIONS) {
    for (const v of state.filters[dim] ?? []) {
      q.append(dim, v)
    }
  }
  if (state.measure !== DEFAULT_VIEW.measure) {
    q.set('measure', state.measure)
  }
  if (state.sort !== null && MEASURES.includes(state.sort)) {
    q.set('sort', state.sort)
  }
  if (state.stageMode !== null) {
    q.set('stages', state.stageMode)
  }
  if (state.selection) {
    const s = state.selection
    q.set('sel', [Math.round(s.fromMs), Math.round(s.toMs), fmt(s.minMs), fmt(s.maxMs)].join(','))
  }
  if (state.pin) {
    q.set('dx', `${Math.round(state.pin.fromMs)},${Math.round(state.pin.toMs)}`)
    for (const dim of FILTER_DIMENSIONS) {
      for (const v of state.pin.filters[dim] ?? []) {
        q.append(`dx.${dim}`, v)
      }
    }
    q.set('finding', String(state.pin.finding))
  }
  if (state.trace) {
    q.set('trace', state.trace)
  }
  return q.toString()
}
