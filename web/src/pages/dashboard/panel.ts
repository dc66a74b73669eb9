import { h } from '../../charts/dom.js'
import type { Marker } from '../../charts/markers.js'
import { formatTimeUtc } from '../../model/format.js'

export interface PanelHandle {
  root: HTMLElement
  body: HTMLElement
  tools: HTMLElement
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
    { class: `panel${wide ? ' wide' : ''}`, 'data-panel': id },
    h('header', {}, h('h3', {}, title), h('span', { class: 'unit' }, unit), hover, tools),
    body,
    status
  )
  return {
    root,
    body,
    tools,
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
