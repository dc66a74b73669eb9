import type uPlot from 'uplot'
import { api } from '../../api/client.js'
import type { Dimensions, Health } from '../../api/schemas.js'
import { h, mount } from '../../charts/dom.js'
import { formatCount, formatMs } from '../../model/format.js'
import { MEASURE_LABELS } from '../../model/measures.js'
import { METRIC_PANELS } from '../../model/metric-panels.js'
import { LIVE_WINDOW_MS, bucketGrid, chooseStepMs, resolveRange } from '../../model/time-range.js'
import { loadConcentration, loadEvents } from './concentration-view.js'
import {
  commonParams,
  concentrationParams,
  isAbort,
  sampleParams,
  type LoadContext,
} from './context.js'
import { loadDiagnosis } from './diagnosis-view.js'
import { renderEmptyState } from './empty-state.js'
import { renderFilters, renderRangePicker } from './header-view.js'
import { loadHeatmap, loadPercentiles, loadStages, loadTraffic } from './latency-panels.js'
import { loadMetricPanels } from './metric-panels.js'
import { createPanel, type PanelHandle } from './panel.js'
import { loadInvestigation } from './investigation-view.js'
import { loadSamples, samplesCaption } from './samples-view.js'
import { parseViewState, serializeViewState, type ViewState } from './url.js'
import { loadWaterfall } from './waterfall-view.js'
import { HEADLINE_MEASURES } from '../../../../src/core/model/request.js'

const PICK_HINT = 'p50 · p95 · p99 · click a point: its slow requests and why'

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

  const rangeEl = h('div', { class: 'range' })
  const filtersEl = h('div', { class: 'filters' })
  const kpisEl = h('div', { class: 'kpis' })
  const mainEl = h('main', { class: 'layout' })
  const drawer = h('div', { class: 'drawer', hidden: true })
  mount(
    root,
    h(
      'header',
      { class: 'top' },
      h('a', { class: 'brand', href: '?' }, h('span', { class: 'logo' }, '▁▃▇'), 'Tokenline'),
      rangeEl,
      h(
        'button',
        { class: 'chip refresh', title: 'reload the view', onclick: () => void load() },
        '↻'
      )
    ),
    h('div', { class: 'subbar' }, filtersEl, kpisEl),
    mainEl,
    drawer
  )

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
    const range = resolveRange(state.range, extent, now)
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
      root.dataset['loaded'] = 'true'
      emptyTimer = window.setTimeout(() => void load(), 10_000)
      return
    }

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
    const params = commonParams(ctx)
    const concentration = api.concentration(concentrationParams(ctx), signal)
    concentration.catch(() => undefined)

    const panel = (id: string, title: string, unit: string, wide = false) =>
      createPanel(id, title, unit, wide)
    const p = {
      traffic: panel('traffic', 'Requests & errors', 'per second · errors right axis'),
      ttft: panel('ttft', 'Time to first token', PICK_HINT),
      tpot: panel('tpot', 'Time per output token', PICK_HINT),
      e2e: panel('e2e', 'End-to-end latency', PICK_HINT),
      heatmap: panel('heatmap', 'Latency heatmap', 'requests per bucket, log scale', true),
      stages: panel('stages', 'Stage breakdown', 'ms per request', true),
    }
    const metricPanels = new Map<string, PanelHandle>(
      METRIC_PANELS.map((d) => [
        d.id,
        panel(d.id, d.title, d.unit + (d.rightUnit ? ` · ${d.rightUnit} right` : '')),
      ])
    )
    const investigationEl = h('section', { class: 'card investigation', hidden: true })
    const diagEl = h('div', { class: 'diag' })
    const concEl = h('div', { class: 'conc' })
    const eventsEl = h('div', { class: 'events' })
    const samplesEl = h('div', { class: 'samples-wrap' })
    mount(
      mainEl,
      h(
        'div',
        { class: 'panels-col' },
        h(
          'div',
          { class: 'grid' },
          p.traffic.root,
          p.ttft.root,
          p.tpot.root,
          p.e2e.root,
          p.heatmap.root,
          p.stages.root,
          [...metricPanels.values()].map((x) => x.root)
        ),
        h(
          'section',
          { class: 'card' },
          h(
            'h2',
            {},
            'Slowest requests',
            h('span', { class: 'unit', 'data-caption': 'samples' }, samplesCaption(ctx))
          ),
          samplesEl
        )
      ),
      h(
        'aside',
        { class: 'side' },
        investigationEl,
        h(
          'section',
          { class: 'card' },
          h(
            'h2',
            {},
            'Diagnosis',
            h('span', { class: 'unit' }, 'click a finding to see its slice')
          ),
          diagEl
        ),
        h(
          'section',
          { class: 'card' },
          h(
            'h2',
            {},
            'Concentration',
            h(
              'span',
              { class: 'unit' },
              `where the slow ${MEASURE_LABELS[state.measure]} requests are`
            )
          ),
          concEl
        ),
        h('section', { class: 'card' }, h('h2', {}, 'Change events'), eventsEl)
      )
    )
    renderTrace()

    if (!dimensions) {
      api
        .dimensions({ window: 'all' }, signal)
        .then((d) => {
          dimensions = d.dimensions
          if (!signal.aborted) {
            renderFilters(filtersEl, state, dimensions, navigate)
          }
        })
        .catch(() => undefined)
    }
    renderFilters(filtersEl, state, dimensions, navigate)
    void loadKpis(ctx, kpisEl)

    const metricsReady = available
      ? Promise.resolve(available)
      : api.metrics(signal).then((m) => (available = new Set(m.metrics.map((x) => x.name))))
    const work = [
      loadTraffic(ctx, p.traffic),
      loadPercentiles(ctx, { ttft: p.ttft, tpot: p.tpot, e2e: p.e2e }),
      loadHeatmap(ctx, p.heatmap),
      loadStages(ctx, p.stages),
      metricsReady
        .then((names) => loadMetricPanels(ctx, metricPanels, names))
        .catch(() => {
          for (const mp of metricPanels.values()) {
            mp.setStatus('metric list unavailable', 'error')
          }
        }),
      loadEvents(ctx, eventsEl, params, () => {
        for (const c of ctx.charts) {
          c.redraw(false, false)
        }
      }),
      loadDiagnosis(ctx, diagEl),
      loadInvestigation(ctx, investigationEl, concentration),
      loadConcentration(ctx, concEl, concentration),
      loadSamples(ctx, samplesEl, sampleParams(ctx)),
      import('../../panels/slo-strip.js').then((m) => m.mountSloStrip(mainEl, params, signal)),
      import('../../panels/whatif-panel.js').then((m) =>
        m.mountWhatIfPanel(
          mainEl.querySelector<HTMLElement>('aside.side') ?? mainEl,
          { from: Number(params['from']), to: Number(params['to']) },
          signal
        )
      ),
    ]
    await Promise.allSettled(work)
    if (!signal.aborted) {
      root.dataset['loaded'] = 'true'
    }
  }

  void load()
}

async function loadKpis(ctx: LoadContext, el: HTMLElement): Promise<void> {
  try {
    const res = await api.percentiles(
      { ...commonParams(ctx), measure: [...HEADLINE_MEASURES], q: '0.5,0.99' },
      ctx.signal
    )
    const row = (m: string) => res.rows.find((r) => r.measure === m && r.bucket_start_ms === null)
    const e2e = row('e2e')
    const seconds = (ctx.range.toMs - ctx.range.fromMs) / 1000
    const kpi = (id: string, label: string, value: string) =>
      h(
        'span',
        { class: 'kpi', 'data-kpi': id },
        h('span', { class: 'k' }, label),
        h('span', { class: 'v' }, value)
      )
    mount(
      el,
      kpi('requests', 'requests', formatCount(e2e?.count ?? 0)),
      kpi('rate', 'req/s', formatCount((e2e?.count ?? 0) / seconds)),
      kpi('ttft-p50', 'TTFT p50', formatMs(row('ttft')?.values_ms['p50'])),
      kpi('ttft-p99', 'TTFT p99', formatMs(row('ttft')?.values_ms['p99'])),
      kpi('tpot-p99', 'TPOT p99', formatMs(row('tpot')?.values_ms['p99'])),
      kpi('e2e-p99', 'E2E p99', formatMs(e2e?.values_ms['p99']))
    )
  } catch (err) {
    if (!isAbort(err)) {
      mount(el, h('span', { class: 'error' }, 'summary unavailable'))
    }
  }
}
