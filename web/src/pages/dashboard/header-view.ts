import type { Dimensions } from '../../api/schemas.js'
import { h, mount } from '../../charts/dom.js'
import { FILTER_DIMENSIONS, toggleFilter } from '../../model/dimensions.js'
import { formatSpan, formatTimeUtc } from '../../model/format.js'
import { RANGE_PRESETS, type ResolvedRange } from '../../model/time-range.js'
import type { ViewState } from './url.js'

function toInputValue(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16)
}

/** Time range picker: presets plus a custom UTC window. */
export function renderRangePicker(
  el: HTMLElement,
  state: ViewState,
  range: ResolvedRange,
  live: boolean,
  navigate: (patch: Partial<ViewState>) => void
): void {
  const from = h('input', {
    type: 'datetime-local',
    value: toInputValue(range.fromMs),
    'aria-label': 'from (UTC)',
  })
  const to = h('input', {
    type: 'datetime-local',
    value: toInputValue(range.toMs),
    'aria-label': 'to (UTC)',
  })
  const custom = h(
    'form',
    {
      class: 'custom-range',
      onsubmit: (e: Event) => {
        e.preventDefault()
        const f = Date.parse(`${from.value}Z`)
        const t = Date.parse(`${to.value}Z`)
        if (Number.isFinite(f) && Number.isFinite(t) && t > f)
          navigate({ range: { kind: 'absolute', fromMs: f, toMs: t }, selection: null })
      },
    },
    from,
    h('span', { class: 'muted' }, '→'),
    to,
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
      `${formatTimeUtc(range.fromMs).slice(5, 16)} → ${formatTimeUtc(range.toMs).slice(5, 16)} UTC (${formatSpan(range.toMs - range.fromMs)})`,
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
    if (values.length === 0 && chosen.length === 0) return []
    const select = h(
      'select',
      {
        'data-filter': dim,
        onchange: (e: Event) => {
          const v = (e.target as HTMLSelectElement).value
          if (v) navigate({ filters: toggleFilter(state.filters, dim, v), selection: null })
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
