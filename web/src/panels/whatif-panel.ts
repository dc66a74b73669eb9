/**
 * The "what if" panel beside the diagnosis: pick a change, and the twin fitted to the
 * dashboard's window predicts TTFT, TPOT and E2E (GET /api/whatif), drawn beside the window's own
 * figures with the range of the seeded runs. Runs on demand: a fit replays the whole window.
 * Self-contained like the SLO strip: it brings its own styles and fetches for itself.
 */
import { formatMs } from '../model/format.js'
import { el, ensureStyle, runOnDemand } from './on-demand-card.js'
import { WHATIF_CHOICES, whatIfRows, whatIfStatus, type WhatIfReply } from '../model/whatif.js'

const STYLE = `
.whatif .controls { display: flex; gap: 6px; align-items: center; margin-bottom: 8px; }
.whatif select, .whatif button { font: inherit; font-size: 12px; }
.whatif .status { font-size: 11px; color: var(--muted, #7d8896); margin: 4px 0 8px; }
.whatif .status.refused { color: var(--bad, #e5484d); }
.whatif .row { display: grid; grid-template-columns: 70px 1fr 150px; gap: 6px; align-items: center; font-size: 11px; margin: 3px 0; }
.whatif .bars { position: relative; height: 14px; }
.whatif .bar { position: absolute; left: 0; height: 5px; border-radius: 2px; }
.whatif .bar.observed { top: 0; background: var(--muted, #7d8896); }
.whatif .bar.predicted { top: 7px; background: var(--accent, #f5a524); }
.whatif .range { position: absolute; top: 6px; height: 7px; border-left: 1px solid var(--text, #d7dde4); border-right: 1px solid var(--text, #d7dde4); }
.whatif .legend { font-size: 10px; color: var(--muted, #7d8896); margin-top: 6px; }
`

function bar(cls: string, share: number): HTMLElement {
  const b = el('div', `bar ${cls}`)
  b.style.width = `${Math.max(0.5, share * 100)}%`
  return b
}

function render(body: HTMLElement, reply: WhatIfReply): void {
  body.replaceChildren()
  const status = whatIfStatus(reply)
  body.append(el('div', `status ${status.kind}`, status.text))
  for (const r of whatIfRows(reply)) {
    const row = el('div', 'row')
    row.dataset['measure'] = `${r.measure} ${r.quantile}`
    const bars = el('div', 'bars')
    if (r.observedBar !== null) {
      bars.append(bar('observed', r.observedBar))
    }
    if (r.predictedBar !== null) {
      bars.append(bar('predicted', r.predictedBar))
    }
    if (r.intervalBar !== null) {
      const range = el('div', 'range')
      range.style.left = `${r.intervalBar[0] * 100}%`
      range.style.width = `${Math.max(0, r.intervalBar[1] - r.intervalBar[0]) * 100}%`
      bars.append(range)
    }
    const [lo, hi] = r.predicted.interval ?? [null, null]
    row.append(
      el('span', '', `${r.measure} ${r.quantile}`),
      bars,
      el(
        'span',
        '',
        `${formatMs(r.observedMs)} → ${formatMs(r.predicted.value)} [${formatMs(lo)}–${formatMs(hi)}]`
      )
    )
    body.append(row)
  }
  if (reply.predicted !== null) {
    body.append(el('div', 'legend', 'grey: this window · orange: predicted · ticks: range of runs'))
  }
  for (const n of reply.notes) {
    body.append(el('div', 'legend', n))
  }
}

/**
 * Appends the panel to `container` (the side column) for the window `params` (`from`/`to`, epoch
 * ms). Nothing is fitted until the user asks.
 */
export function mountWhatIfPanel(
  container: HTMLElement,
  params: { from: number; to: number },
  signal: AbortSignal
): void {
  ensureStyle('whatif-panel-style', STYLE)
  container.querySelector('.whatif')?.remove()
  const card = el('section', 'card whatif')
  const title = el('h2', '', 'What if')
  title.append(el('span', 'unit', 'a twin fitted to this window'))
  const select = document.createElement('select')
  WHATIF_CHOICES.forEach((c, i) => select.append(new Option(c.label, String(i))))
  const button = el('button', '', 'Predict') as HTMLButtonElement
  const body = el('div', 'body')
  card.append(title, el('div', 'controls'), body)
  card.querySelector('.controls')!.append(select, button)
  container.append(card)
  button.addEventListener('click', function predict() {
    const choice = WHATIF_CHOICES[Number(select.value)] ?? WHATIF_CHOICES[0]!
    const q = new URLSearchParams({
      from: String(params.from),
      to: String(params.to),
      runs: '3',
      ...choice.params,
    })
    runOnDemand<WhatIfReply>({
      url: `/api/whatif?${q.toString()}`,
      signal,
      button,
      body,
      waiting: 'fitting the twin and replaying the window…',
      render,
    })
  })
}
