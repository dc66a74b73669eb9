import type uPlot from 'uplot'
import { answersOf, api } from '../../api/client.js'
import { dropEarly, takeEarlyRange } from '../../api/early.js'
import type { Dimensions, Health } from '../../api/schemas.js'
import { h, mount } from '../../charts/dom.js'
import {
  LIVE_WINDOW_MS,
  bucketGrid,
  chooseStepMs,
  resolveRange,
  type ResolvedRange,
} from '../../model/time-range.js'
import { renderEmptyState } from '../../panels/empty-state.js'
import { renderFilters, renderRangePicker } from '../../panels/header-bar.js'
import { commonParams, isAbort, type LoadContext } from '../../panels/load-context.js'
import { loadWaterfall } from '../../panels/waterfall-panel.js'
import { renderChrome, renderPanels, type PanelSet } from './layout.js'
import { loadAnalysisPanels, loadChartPanels } from './load-view.js'
import { parseViewState, serializeViewState, type ViewState } from './url.js'

/**
 * The dashboard page: one time axis, every panel, the diagnosis beside them. All view state is in
 * the URL; each change re-renders from it, cancelling the requests of the view it replaces.
 */
export function startDashboard(root: HTMLElement): void {
  let state: ViewState = parseViewState(location.search)
  let controller: AbortController | null = null
  let charts: uPlot[] = []
  let dimensions: Dimensions['dimensions'] | null = null
  let available: Set<string> | null = null
  let emptyTimer: number | undefined

  const { rangeEl, filtersEl, kpisEl, mainEl, drawer } = renderChrome(root, () => void load())

  const navigate = (patch: Partial<ViewState>) => {
    const onlyTrace = Object.keys(patch).every((k) => k === 'trace')
    state = { ...state, ...patch }
    history.pushState(null, '', `?${serializeViewState(state)}`)
    if (onlyTrace) {
      renderTrace()
      for (const row of mainEl.querySelectorAll<HTMLElement>('tr.sample')) {
        row.classList.toggle('open', row.dataset['trace'] === state.trace)
      }
    } else {
      void load()
    }
  }
  let traceController: AbortController | null = null
  const renderTrace = () => {
    traceController?.abort()
    if (!state.trace) {
      drawer.hidden = true
      drawer.replaceChildren()
      return
    }
    traceController = new AbortController()
    const ctx = { state, navigate, signal: traceController.signal } as unknown as LoadContext
    void loadWaterfall(ctx, drawer, state.trace)
  }

  window.addEventListener('popstate', () => {
    state = parseViewState(location.search)
    void load()
  })
  window.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && state.trace) {
      navigate({ trace: null })
    }
  })

  /**
   * The first wave (ADR 0165): every chart's aggregate, asked at once, with the diagnosis and
   * concentration the server holds (ADR 0407); `answered` settles when their answers are in,
   * before the charts have drawn them (ADR 0272), and `go` lets the cards ask what reads rows.
   */
  function startCharts(range: ResolvedRange, signal: AbortSignal, panels: PanelSet) {
    const answered = answersOf(signal)
    // Opened once the charts' answers are in and the store holds data: what reads rows goes then.
    let go!: () => void
    const opened = new Promise<void>((resolve) => (go = resolve))
    const stepMs = chooseStepMs(range)
    const ctx: LoadContext = {
      state,
      range,
      stepMs,
      grid: bucketGrid(range, stepMs),
      signal,
      markers: [],
      charts,
      navigate,
    }
    const metricNames = available
      ? Promise.resolve(available)
      : api.metrics(signal).then((m) => (available = new Set(m.metrics.map((x) => x.name))))
    return {
      params: commonParams(ctx),
      charts: [
        ...loadChartPanels(ctx, panels, kpisEl, metricNames),
        ...loadAnalysisPanels(ctx, panels, opened),
      ],
      answered,
      go,
      // Filled in place once the window's change events are in (loadEvents).
      markers: ctx.markers,
    }
  }

  async function load(): Promise<void> {
    controller?.abort()
    controller = new AbortController()
    const signal = controller.signal
    window.clearTimeout(emptyTimer)
    for (const c of charts) {
      c.destroy()
    }
    charts = []
    root.dataset['loaded'] = 'false'
    // Skeletons first: every panel is on screen, saying "loading…", before the first answer.
    const panels = renderPanels(mainEl, state)
    kpisEl.dataset['state'] = 'loading'
    renderTrace()
    // An absolute window (a pasted link, a zoom) needs nothing from the server to be resolved,
    // and the first view of a relative one was resolved by the entry script against the extent
    // the page's shell named (ADR 0289): their charts are asked for beside /api/health instead
    // of after it, one round trip sooner.
    const known =
      state.range.kind === 'absolute'
        ? resolveRange(state.range, null, 0)
        : (takeEarlyRange(location.search) ?? null)
    const early = known === null ? null : startCharts(known, signal, panels)
    // What the entry script asked and this view did not take is not for any view after it.
    dropEarly()
    let health: Health
    try {
      health = await api.health(signal)
    } catch (err) {
      if (!isAbort(err)) {
        mount(
          mainEl,
          h(
            'div',
            { class: 'error pad' },
            `cannot reach the Tokenline API: ${err instanceof Error ? err.message : String(err)}`
          )
        )
      }
      return
    }
    const extent = health.extent
      ? { startMs: health.extent.start_ms, endMs: health.extent.end_ms }
      : null
    const now = Date.now()
    const range = known ?? resolveRange(state.range, extent, now)
    renderRangePicker(
      rangeEl,
      state,
      range,
      extent !== null && extent.endMs >= now - LIVE_WINDOW_MS,
      navigate
    )

    if (health.store.requests === 0 && health.store.metric_samples === 0) {
      mount(mainEl, renderEmptyState())
      renderFilters(filtersEl, state, null, navigate)
      kpisEl.replaceChildren()
      kpisEl.dataset['state'] = 'empty'
      root.dataset['loaded'] = 'true'
      emptyTimer = window.setTimeout(() => void load(), 10_000)
      return
    }

    renderFilters(filtersEl, state, dimensions, navigate)
    const {
      params,
      charts: chartLoads,
      answered,
      go,
      markers,
    } = early ?? startCharts(range, signal, panels)
    // The row readers go once the charts' answers are in, not once they have painted: their
    // reads never queue before a chart's, and their cards no longer wait for the charts' drawing
    // (ADR 0272; ADR 0258 measured what asking them beside the charts costs). Their cards have
    // painted what the server held already (ADR 0407).
    await answered
    if (signal.aborted) {
      return
    }
    go()
    const view = { from: Number(params['from']), to: Number(params['to']) }
    const later = [
      loadFilterValues(signal),
      import('../../panels/slo-strip.js').then((m) => m.mountSloStrip(mainEl, params, signal)),
      // One after the other, so the side column keeps its order: what if, then before / after.
      import('../../panels/whatif-panel.js')
        .then((m) => {
          m.mountWhatIfPanel(panels.side, view, signal)
          return import('../../panels/compare-panel.js')
        })
        .then((m) =>
          // Its split points are the change events the charts' wave reads (not asked twice).
          m.mountComparePanel(
            panels.side,
            view,
            extent,
            signal,
            Promise.allSettled(chartLoads).then(() => markers)
          )
        ),
    ]
    await Promise.allSettled([...chartLoads, ...later])
    if (!signal.aborted) {
      root.dataset['loaded'] = 'true'
    }
  }

  /** The filter menus' values (every value of the data, read once per page). */
  async function loadFilterValues(signal: AbortSignal): Promise<void> {
    if (dimensions) {
      return
    }
    try {
      dimensions = (await api.dimensions({ window: 'all' }, signal)).dimensions
      if (!signal.aborted) {
        renderFilters(filtersEl, state, dimensions, navigate)
      }
    } catch {
      // The menus stay without values; the filters in the URL still apply.
    }
  }

  void load()
}
