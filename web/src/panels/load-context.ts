import type uPlot from 'uplot'
import type { Params } from '../api/client.js'
import { h, mount } from '../charts/dom.js'
import type { Marker } from '../charts/markers.js'
import { FILTER_DIMENSIONS } from '../model/dimensions.js'
import type { ResolvedRange } from '../model/time-range.js'
import type { ViewState } from '../pages/dashboard/url.js'

/** What one render of the page shares: the view, its resolved window, and the live chart set. */
export interface LoadContext {
  state: ViewState
  range: ResolvedRange
  stepMs: number
  /** Bucket starts (epoch ms) of the shared time axis. */
  grid: number[]
  signal: AbortSignal
  /** Change events of the window (filled when /api/events answers; charts read it on redraw). */
  markers: Marker[]
  charts: uPlot[]
  navigate: (patch: Partial<ViewState>) => void
}

/** The window and filter parameters every /api call carries. */
export function commonParams(
  ctx: Pick<LoadContext, 'state' | 'range'>,
  window?: { fromMs: number; toMs: number }
): Params {
  const w = window ?? ctx.range
  const params: Params = { from: Math.floor(w.fromMs), to: Math.ceil(w.toMs) }
  for (const dim of FILTER_DIMENSIONS) {
    const values = ctx.state.filters[dim]
    if (values && values.length > 0) {
      params[dim] = values
    }
  }
  return params
}

export const SYNC_KEY = 'tokenline'

/** How the page names its window to the server, so a relative one is found again (ADR 0225). */
export function windowDefinition(ctx: Pick<LoadContext, 'state'>): string | null {
  const r = ctx.state.range
  return r.kind === 'absolute' ? null : `range=${r.kind === 'preset' ? r.preset : 'auto'}`
}

/** Quiet failures of aborted loads (a newer view replaced this one). */
export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError'
}

/** Shows "`what` failed: …" in a panel, unless its load was aborted (a newer view replaced it). */
export function showLoadError(
  el: HTMLElement,
  signal: AbortSignal,
  what: string,
  err: unknown
): void {
  if (!isAbort(err) && !signal.aborted) {
    mount(
      el,
      h(
        'div',
        { class: 'error pad' },
        `${what} failed: ${err instanceof Error ? err.message : String(err)}`
      )
    )
  }
}

/**
 * Adds " · the refresh failed: …" to a card's stale label (`.diag-stale`), which stays on show,
 * unless its load was aborted (ADR 0225, 0272).
 */
export function showRefreshFailed(el: HTMLElement, signal: AbortSignal, err: unknown): void {
  if (!isAbort(err) && !signal.aborted) {
    el.querySelector('.diag-stale')?.append(
      ` · the refresh failed: ${err instanceof Error ? err.message : String(err)}`
    )
  }
}

/**
 * Parameters of the slowest-requests list: the view, narrowed to the selection's window and to
 * its value range of the measure when a selection is drawn.
 */
export function sampleParams(ctx: Pick<LoadContext, 'state' | 'range'>): Params {
  const sel = ctx.state.selection
  if (!sel) {
    return commonParams(ctx)
  }
  const params = commonParams(ctx, sel)
  if (sel.minMs !== null || sel.maxMs !== null) {
    params['range_measure'] = ctx.state.measure
    if (sel.minMs !== null) {
      params['min_ms'] = +sel.minMs.toFixed(3)
    }
    if (sel.maxMs !== null) {
      params['max_ms'] = +sel.maxMs.toFixed(3)
    }
  }
  return params
}

/**
 * Parameters of the concentration: the measure's slow requests against the rest of the view;
 * with a selection, the slow ones are those of the selection (its window, above its lower edge).
 */
export function concentrationParams(ctx: Pick<LoadContext, 'state' | 'range'>): Params {
  const sel = ctx.state.selection
  const params: Params = { ...commonParams(ctx), measure: ctx.state.measure }
  if (sel) {
    params['slow_from'] = Math.floor(sel.fromMs)
    params['slow_to'] = Math.ceil(sel.toMs)
    if (sel.minMs !== null) {
      params['slow_ms'] = +sel.minMs.toFixed(3)
    }
    if (sel.maxMs !== null) {
      params['slow_max_ms'] = +sel.maxMs.toFixed(3)
    }
  }
  return params
}
