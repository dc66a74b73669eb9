/**
 * The "before / after" panel beside the diagnosis: split the dashboard's window at one of its
 * change events (or its middle) and ask `GET /api/compare` whether latency got better, stage by
 * stage, normalised to the after side's traffic and mix. Drawn as a forest plot: each change's
 * 95 % interval and point on one axis centred on no change. Runs on demand, like the what-if
 * panel: the bootstrap reads every request of both sides.
 */
import {
  clampToData,
  compareParams,
  compareStatus,
  forestRows,
  formatChange,
  splitChoices,
  type CompareReply,
  type SplitChoice,
} from '../model/compare.js'
import type { Marker } from '../charts/markers.js'
import { formatMs } from '../model/format.js'
import { el, ensureStyle, runOnDemand } from './on-demand-card.js'

const STYLE = `
.compare .controls { display: flex; gap: 6px; align-items: center; margin-bottom: 8px; }
.compare select, .compare button { font: inherit; font-size: 12px; max-width: 100%; }
.compare select { min-width: 0; flex: 1; }
.compare .status { font-size: 11px; color: var(--muted, #7d8896); margin: 4px 0 8px; }
.compare .status.refused { color: var(--bad, #e5484d); }
.compare .verdict { font-size: 12px; font-weight: 600; margin: 4px 0 8px; }
.compare .row { display: grid; grid-template-columns: minmax(0, 1fr) 120px; gap: 8px; align-items: center; font-size: 11px; margin: 4px 0; }
.compare .row .label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.compare .row .figures { font-size: 10px; color: var(--muted, #7d8896); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.compare .axis { position: relative; height: 12px; }
.compare .zero { position: absolute; left: 50%; top: 0; bottom: 0; border-left: 1px dashed var(--muted, #7d8896); }
.compare .ci { position: absolute; top: 5px; height: 2px; background: var(--text, #d7dde4); }
.compare .pt { position: absolute; top: 3px; width: 6px; height: 6px; margin-left: -3px; border-radius: 50%; background: var(--muted, #7d8896); }
.compare .row.improved .pt, .compare .row.improved .ci { background: var(--good, #30a46c); }
.compare .row.regressed .pt, .compare .row.regressed .ci { background: var(--bad, #e5484d); }
.compare .legend { font-size: 10px; color: var(--muted, #7d8896); margin-top: 6px; }
`

function render(body: HTMLElement, reply: CompareReply): void {
  body.replaceChildren()
  const verdict = el('div', `verdict ${reply.verdict.replace(/ /g, '-')}`, compareStatus(reply))
  body.append(verdict)
  const { rows, axis } = forestRows(reply)
  for (const r of rows) {
    const row = el('div', `row ${r.carries ? r.verdict : ''}`)
    row.dataset['row'] = r.label
    row.dataset['verdict'] = r.verdict
    const plot = el('div', 'axis')
    plot.append(el('div', 'zero'))
    if (r.interval !== null) {
      const ci = el('div', 'ci')
      ci.style.left = `${r.interval[0] * 100}%`
      ci.style.width = `${Math.max(0, r.interval[1] - r.interval[0]) * 100}%`
      plot.append(ci)
    }
    if (r.point !== null) {
      const pt = el('div', 'pt')
      pt.style.left = `${r.point * 100}%`
      plot.append(pt)
    }
    const c = r.change
    const iv =
      c.interval === null ? '' : ` [${formatChange(c.interval[0])}, ${formatChange(c.interval[1])}]`
    const words = el('div', 'words')
    const label = el('div', 'label', r.label)
    label.title = `${r.label}: ${r.verdict}`
    words.append(
      label,
      el(
        'div',
        'figures',
        `${formatMs(c.beforeMs)} → ${formatMs(c.afterMs)} ${formatChange(c.change)}${iv}`
      )
    )
    row.append(words, plot)
    body.append(row)
  }
  body.append(
    el(
      'div',
      'legend',
      `axis ±${Math.round(axis * 100)} % around no change · bars: 95 % interval (99 % for dimension values) · green: improved · red: regressed`
    )
  )
  for (const n of reply.notes) {
    body.append(el('div', 'legend', n))
  }
}

function fillChoices(select: HTMLSelectElement, choices: readonly SplitChoice[]): void {
  select.replaceChildren(...choices.map((c) => new Option(c.label, String(c.atMs))))
}

/**
 * Appends the panel to `container` (the side column) for the window `view` (`from`/`to`, epoch
 * ms), cut to the data's `extent`. The split points are the window's change events, as `events`
 * brings them once the page has read them; nothing is compared until asked.
 */
export function mountComparePanel(
  container: HTMLElement,
  view: { from: number; to: number },
  extent: { startMs: number; endMs: number } | null,
  signal: AbortSignal,
  events: Promise<readonly Marker[]>
): void {
  // Its sides stop where the data does: the view's edges sit on whole chart steps past it.
  const params = clampToData(view, extent)
  ensureStyle('compare-panel-style', STYLE)
  container.querySelector('.compare')?.remove()
  const card = el('section', 'card compare')
  const title = el('h2', '', 'Before / after')
  title.append(el('span', 'unit', 'did the change work?'))
  const select = document.createElement('select')
  fillChoices(select, splitChoices(params, []))
  const button = el('button', '', 'Compare') as HTMLButtonElement
  const body = el('div', 'body')
  const controls = el('div', 'controls')
  controls.append(select, button)
  card.append(title, controls, body)
  container.append(card)
  // The events name the split points; without them the middle of the window is still offered.
  void events.then((markers) => {
    if (!signal.aborted && markers.length > 0) {
      fillChoices(
        select,
        splitChoices(
          params,
          markers.map((m) => ({ time_ms: m.timeMs, kind: m.kind, label: m.label }))
        )
      )
    }
  })
  button.addEventListener('click', function compare() {
    const atMs = Number(select.value)
    const q = new URLSearchParams(compareParams(params, atMs))
    runOnDemand<CompareReply>({
      url: `/api/compare?${q.toString()}`,
      signal,
      button,
      body,
      waiting: 'resampling both sides…',
      render,
    })
  })
}
