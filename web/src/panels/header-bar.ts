import type { Dimensions } from '../api/schemas.js'
import { h, mount } from '../charts/dom.js'
import { FILTER_DIMENSIONS, toggleFilter } from '../model/dimensions.js'
import { formatSpan } from '../model/format.js'
import { RANGE_PRESETS, type ResolvedRange } from '../model/time-range.js'
import type { ViewState } from '../pages/dashboard/url.js'

/** `2026-12-01 04:55:00`: 24-hour UTC, whatever the browser's locale. */
export function toInputValue(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
}

/** Reads `YYYY-MM-DD HH:MM[:SS]` (or with a `T`) as UTC; NaN when it is not that. */
export function parseInputValue(text: string): number {
  const m = /^\s*(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)\s*(?:UTC|Z)?\s*$/i.exec(text)
  if (!m) {
    return Number.NaN
  }
  return Date.parse(`${m[1]}T${m[2]}Z`)
}

// A text field, not datetime-local: browsers render that in the reader's locale (12-hour
// AM/PM in en-US) while every time on the page is 24-hour UTC.
function timeInput(ms: number, label: string): HTMLInputElement {
  return h('input', {
    type: 'text',
    class: 'time-input',
    value: toInputValue(ms),
    placeholder: 'YYYY-MM-DD HH:MM:SS',
    spellcheck: 'false',
    size: 19,
    'aria-label': label,
    title: `${label}: 24-hour UTC, YYYY-MM-DD HH:MM:SS`,
  }) as HTMLInputElement
}

/** Time range picker: presets plus a custom UTC window. */
export function renderRangePicker(
  el: HTMLElement,
  state: ViewState,
  range: ResolvedRange,
  live: boolean,
  navigate: (patch: Partial<ViewState>) => void
): void {
  const from = timeInput(range.fromMs, 'from (UTC)')
  const to = timeInput(range.toMs, 'to (UTC)')
  const custom = h(
    'form',
    {
      class: 'custom-range',
      onsubmit: (e: Event) => {
        e.preventDefault()
        const f = parseInputValue(from.value)
        const t = parseInputValue(to.value)
        const ok = Number.isFinite(f) && Number.isFinite(t) && t > f
        from.classList.toggle('invalid', !Number.isFinite(f))
        to.classList.toggle('invalid', !Number.isFinite(t) || (Number.isFinite(f) && t <= f))
        if (ok) {
          navigate({ range: { kind: 'absolute', fromMs: f, toMs: t }, selection: null })
        }
      },
    },
    from,
    h('span', { class: 'muted' }, '→'),
    to,
    h('span', { class: 'muted' }, 'UTC'),
    h('button', { type: 'submit', class: 'chip' }, 'apply')
  )
  mount(
    el,
    h(
      'div',
      { class: 'presets' },
      RANGE_PRESETS.map((p) =>
        h(
          'button',
          {
            class: `chip${state.range.kind === 'preset' && state.range.preset === p ? ' on' : ''}`,
            'data-range': p,
            onclick: () => navigate({ range: { kind: 'preset', preset: p }, selection: null }),
          },
          p
        )
      )
    ),
    custom,
    h(
      'span',
      { class: 'range-text', title: 'UTC' },
      `${formatSpan(range.toMs - range.fromMs)}${state.range.kind === 'auto' ? ' · fitted to the data' : ''}`,
      live ? h('span', { class: 'live' }, ' ● live') : h('span', { class: 'muted' }, ' historical')
    )
  )
}

/** Filter bar: one dropdown per dimension with values from the data, chips for chosen values. */
export function renderFilters(
  el: HTMLElement,
  state: ViewState,
  dims: Dimensions['dimensions'] | null,
  navigate: (patch: Partial<ViewState>) => void
): void {
  const controls = FILTER_DIMENSIONS.flatMap((dim) => {
    const values = dims?.[dim] ?? []
    const chosen = state.filters[dim] ?? []
    if (values.length === 0 && chosen.length === 0) {
      return []
    }
    const select = h(
      'select',
      {
        'data-filter': dim,
        onchange: (e: Event) => {
          const v = (e.target as HTMLSelectElement).value
          if (v) {
            navigate({ filters: toggleFilter(state.filters, dim, v), selection: null })
          }
        },
      },
      h('option', { value: '' }, chosen.length ? `${dim}: +` : dim),
      values.map((v) =>
        h(
          'option',
          { value: v.value, disabled: chosen.includes(v.value) },
          `${v.value} (${v.count})`
        )
      )
    )
    return [
      h(
        'span',
        { class: `filter${chosen.length ? ' active' : ''}` },
        select,
        chosen.map((v) =>
          h(
            'button',
            {
              class: 'chip on removable',
              'data-chip': `${dim}=${v}`,
              title: 'remove filter',
              onclick: () =>
                navigate({ filters: toggleFilter(state.filters, dim, v), selection: null }),
            },
            `${dim}=${v} ×`
          )
        )
      ),
    ]
  })
  const any = Object.keys(state.filters).length > 0
  mount(
    el,
    controls,
    any
      ? h(
          'button',
          { class: 'chip clear', onclick: () => navigate({ filters: {}, selection: null }) },
          'clear filters'
        )
      : null
  )
}
