import { h } from '../charts/dom.js'
import type { Marker } from '../charts/markers.js'
import { formatTimeUtc } from '../model/format.js'
import { isAbort, type LoadContext } from './load-context.js'

export interface PanelHandle {
  root: HTMLElement
  body: HTMLElement
  tools: HTMLElement
  /**
   * The body's width in CSS px. A view's panels read theirs together, once (`shareWidths`):
   * each chart reading its own after the previous one changed the page would lay the page out
   * again per chart (ADR 0272).
   */
  width(): number
  setStatus(text: string | null, kind?: 'loading' | 'empty' | 'error'): void
  showMarker(marker: Marker | null): void
}

/** A panel frame: title, unit, tools on the right, the hovered change event, and a chart body. */
export function createPanel(id: string, title: string, unit: string, wide = false): PanelHandle {
  const hover = h('span', { class: 'ev-hover' })
  const tools = h('span', { class: 'tools' })
  const status = h('div', { class: 'panel-status' }, 'loading…')
  const body = h('div', { class: 'panel-body' })
  const root = h(
    'section',
    { class: `panel${wide ? ' wide' : ''}`, 'data-panel': id, 'data-state': 'loading' },
    h('header', {}, h('h3', {}, title), h('span', { class: 'unit' }, unit), hover, tools),
    body,
    status
  )
  return {
    root,
    body,
    tools,
    width: () => body.clientWidth,
    setStatus(text, kind = 'loading') {
      status.textContent = text ?? ''
      status.className = `panel-status ${text === null ? 'hidden' : kind}`
      root.dataset['state'] = text === null ? 'ready' : kind
    },
    showMarker(marker) {
      hover.textContent = marker
        ? `${marker.kind} · ${formatTimeUtc(marker.timeMs)} · ${marker.label}`
        : ''
    },
  }
}

/**
 * Makes `panels` read their widths together: the first `width()` of any of them reads every
 * body's (one layout), later ones answer from that reading. Resizes are the charts' own
 * observers' business (`autoSize`).
 */
export function shareWidths(panels: readonly PanelHandle[]): void {
  let widths: Map<HTMLElement, number> | null = null
  const read = (): Map<HTMLElement, number> =>
    (widths ??= new Map(panels.map((p) => [p.body, p.body.clientWidth])))
  for (const p of panels) {
    p.width = () => read().get(p.body) ?? p.body.clientWidth
  }
}

/** What a request panel says when the window holds no request at all. */
export const NO_REQUESTS = 'no requests in this window'

/** Runs a panel's load; a failure (other than a replaced view's abort) becomes the panel's status. */
export async function guarded(
  ctx: Pick<LoadContext, 'signal'>,
  panel: PanelHandle,
  work: () => Promise<void>
): Promise<void> {
  try {
    await work()
  } catch (err) {
    if (!isAbort(err) && !ctx.signal.aborted) {
      panel.setStatus(err instanceof Error ? err.message : String(err), 'error')
    }
  }
}

/**
 * A side card (diagnosis, concentration, events, samples…) in the same loading protocol as the
 * chart panels: `data-panel` names it, `data-state` is `loading` until its load settles, then
 * `ready`, or `error` when the load mounted an error. Tests and the first-paint bench wait on it.
 */
export function createCard(
  id: string,
  heading: HTMLElement,
  body: HTMLElement,
  className = 'card'
): HTMLElement {
  return h(
    'section',
    { class: className, 'data-panel': id, 'data-state': 'loading' },
    heading,
    body
  )
}

/** Marks a card as painted once `work` settles (an aborted view leaves it as it is). */
export async function settleCard(
  card: HTMLElement,
  work: Promise<unknown>,
  signal: AbortSignal
): Promise<void> {
  await work.catch(() => undefined)
  if (!signal.aborted) {
    card.dataset['state'] = card.querySelector('.error') ? 'error' : 'ready'
  }
}
