import { h, mount } from '../../charts/dom.js'
import { MEASURE_LABELS } from '../../model/measures.js'
import { METRIC_PANELS } from '../../model/metric-panel-defs.js'
import type { HeadlineMeasure } from '../../../../src/core/model/request.js'
import { createCard, createPanel, shareWidths, type PanelHandle } from '../../panels/panel-frame.js'
import { samplesCaption } from '../../panels/samples-panel.js'
import type { ViewState } from './url.js'

const PICK_HINT = 'p50 · p95 · p99 · click a point: its slow requests and why'

/** The page's fixed frame: header with the range picker, filter and KPI bar, main, drawer. */
export interface Chrome {
  rangeEl: HTMLElement
  filtersEl: HTMLElement
  kpisEl: HTMLElement
  mainEl: HTMLElement
  drawer: HTMLElement
}

export function renderChrome(root: HTMLElement, onRefresh: () => void): Chrome {
  const chrome: Chrome = {
    rangeEl: h('div', { class: 'range' }),
    filtersEl: h('div', { class: 'filters' }),
    kpisEl: h('div', { class: 'kpis', 'data-panel': 'kpis' }),
    mainEl: h('main', { class: 'layout' }),
    drawer: h('div', { class: 'drawer', hidden: true }),
  }
  mount(
    root,
    h(
      'header',
      { class: 'top' },
      h('a', { class: 'brand', href: '?' }, h('span', { class: 'logo' }, '▁▃▇'), 'Tokenline'),
      chrome.rangeEl,
      h('button', { class: 'chip refresh', title: 'reload the view', onclick: onRefresh }, '↻')
    ),
    h('div', { class: 'subbar' }, chrome.filtersEl, chrome.kpisEl),
    chrome.mainEl,
    chrome.drawer
  )
  return chrome
}

/** Every panel of one view, mounted as skeletons before any data is asked for. */
export interface PanelSet {
  traffic: PanelHandle
  headline: Record<HeadlineMeasure, PanelHandle>
  heatmap: PanelHandle
  stages: PanelHandle
  metrics: Map<string, PanelHandle>
  investigation: HTMLElement
  diagnosis: { card: HTMLElement; body: HTMLElement }
  concentration: { card: HTMLElement; body: HTMLElement }
  events: { card: HTMLElement; body: HTMLElement }
  samples: { card: HTMLElement; body: HTMLElement }
  side: HTMLElement
}

function card(id: string, title: string, unit: string | null, bodyClass: string) {
  const body = h('div', { class: bodyClass })
  const heading = h('h2', {}, title, unit === null ? null : h('span', { class: 'unit' }, unit))
  return { card: createCard(id, heading, body), body }
}

/** Mounts the skeleton of every panel into `mainEl`; each says "loading…" until it is filled. */
export function renderPanels(mainEl: HTMLElement, state: ViewState): PanelSet {
  const traffic = createPanel('traffic', 'Requests & errors', 'per second · errors right axis')
  const headline = {
    ttft: createPanel('ttft', 'Time to first token', PICK_HINT),
    tpot: createPanel('tpot', 'Time per output token', PICK_HINT),
    e2e: createPanel('e2e', 'End-to-end latency', PICK_HINT),
  }
  const heatmap = createPanel('heatmap', 'Latency heatmap', 'requests per bucket, log scale', true)
  const stages = createPanel('stages', 'Stage breakdown', 'ms per request', true)
  const metrics = new Map<string, PanelHandle>(
    METRIC_PANELS.map((d) => [
      d.id,
      createPanel(d.id, d.title, d.unit + (d.rightUnit ? ` · ${d.rightUnit} right` : '')),
    ])
  )
  const samplesBody = h('div', { class: 'samples-wrap' })
  const samples = {
    card: createCard(
      'samples',
      h(
        'h2',
        {},
        'Slowest requests',
        h('span', { class: 'unit', 'data-caption': 'samples' }, samplesCaption({ state }))
      ),
      samplesBody
    ),
    body: samplesBody,
  }
  const set: PanelSet = {
    traffic,
    headline,
    heatmap,
    stages,
    metrics,
    investigation: h('section', { class: 'card investigation', hidden: true }),
    diagnosis: card('diagnosis', 'Diagnosis', 'click a finding to see its slice', 'diag'),
    concentration: card(
      'concentration',
      'Concentration',
      `where the slow ${MEASURE_LABELS[state.measure]} requests are`,
      'conc'
    ),
    events: card('events', 'Change events', null, 'events'),
    samples,
    side: h('aside', { class: 'side' }),
  }
  set.side.append(set.investigation, set.diagnosis.card, set.concentration.card, set.events.card)
  mount(
    mainEl,
    h(
      'div',
      { class: 'panels-col' },
      h(
        'div',
        { class: 'grid' },
        traffic.root,
        headline.ttft.root,
        headline.tpot.root,
        headline.e2e.root,
        heatmap.root,
        stages.root,
        [...metrics.values()].map((x) => x.root)
      ),
      samples.card
    ),
    set.side
  )
  shareWidths([traffic, ...Object.values(headline), heatmap, stages, ...metrics.values()])
  for (const c of [set.diagnosis, set.concentration, set.events, set.samples]) {
    c.body.append(h('div', { class: 'muted pad' }, 'loading…'))
  }
  return set
}
