import { HEADLINE_MEASURES, type HeadlineMeasure } from '../../../../src/core/model/request.js'
import { FILTER_DIMENSIONS, type Filters } from '../../model/dimensions.js'
import { RANGE_PRESETS, type RangePreset, type RangeSpec } from '../../model/time-range.js'

/** Everything the page shows is derived from this state, and all of it lives in the URL. */
export interface ViewState {
  range: RangeSpec
  filters: Filters
  /** Measure drawn in the heatmap. */
  heatmap: HeadlineMeasure
  /** Stage breakdown: stacked per-request mean (all stages or those before the first token), or per-stage p99 lines. */
  stageMode: 'mean' | 'ttft' | 'p99'
  /** Rectangle drawn on the heatmap: its time window and the latency above which a request is slow. */
  selection: { fromMs: number; toMs: number; slowMs: number } | null
  /** Trace whose waterfall is open. */
  trace: string | null
}

export const DEFAULT_VIEW: ViewState = {
  range: { kind: 'preset', preset: '1h' },
  filters: {},
  heatmap: 'ttft',
  stageMode: 'mean',
  selection: null,
  trace: null,
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
  const filters: Filters = {}
  for (const dim of FILTER_DIMENSIONS) {
    const values = q.getAll(dim).filter((v) => v !== '')
    if (values.length > 0) {
      filters[dim] = [...new Set(values)]
    }
  }
  const hm = q.get('heatmap')
  const heatmap = HEADLINE_MEASURES.find((m) => m === hm) ?? fallback.heatmap
  const st = q.get('stages')
  const stageMode = st === 'p99' || st === 'mean' || st === 'ttft' ? st : fallback.stageMode
  let selection: ViewState['selection'] = null
  const sel = q.get('sel')?.split(',').map(Number)
  if (sel && sel.length === 3 && sel.every(Number.isFinite) && (sel[1] ?? 0) > (sel[0] ?? 0)) {
    selection = { fromMs: sel[0] ?? 0, toMs: sel[1] ?? 0, slowMs: sel[2] ?? 0 }
  }
  const trace = q.get('trace')
  return { range, filters, heatmap, stageMode, selection, trace: trace || null }
}

/** Writes the view as a query string (stable key order, defaults left out). */
export function serializeViewState(state: ViewState): string {
  const q = new URLSearchParams()
  if (state.range.kind === 'absolute') {
    q.set('from', String(Math.round(state.range.fromMs)))
    q.set('to', String(Math.round(state.range.toMs)))
  } else {
    q.set('range', state.range.preset)
  }
  for (const dim of FILTER_DIMENSIONS) {
    for (const v of state.filters[dim] ?? []) {
      q.append(dim, v)
    }
  }
  if (state.heatmap !== DEFAULT_VIEW.heatmap) {
    q.set('heatmap', state.heatmap)
  }
  if (state.stageMode !== DEFAULT_VIEW.stageMode) {
    q.set('stages', state.stageMode)
  }
  if (state.selection) {
    const s = state.selection
    q.set('sel', [Math.round(s.fromMs), Math.round(s.toMs), +s.slowMs.toFixed(3)].join(','))
  }
  if (state.trace) {
    q.set('trace', state.trace)
  }
  return q.toString()
}
