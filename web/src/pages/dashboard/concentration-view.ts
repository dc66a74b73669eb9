import { api, type Params } from '../../api/client.js'
import { h, mount } from '../../charts/dom.js'
import { rankConcentration } from '../../model/concentration.js'
import { isFilterDimension, toggleFilter } from '../../model/dimensions.js'
import { formatMs, formatShare, formatTimeUtc } from '../../model/format.js'
import { isAbort, type LoadContext } from './context.js'

/**
 * BubbleUp-style concentration: for each dimension value, its share of the slow requests against
 * its share of all requests. Over the view's window, or over the rectangle drawn on the heatmap.
 */
export async function loadConcentration(
  ctx: LoadContext,
  el: HTMLElement,
  params: Params
): Promise<void> {
  const sel = ctx.state.selection
  const measure = ctx.state.heatmap
  const query: Params = { ...params, measure }
  if (sel && sel.slowMs > 0) query['slow_ms'] = +sel.slowMs.toFixed(3)
  const title = sel
    ? `${measure.toUpperCase()} ≥ ${sel.slowMs > 0 ? formatMs(sel.slowMs) : 'p99'} · ${formatTimeUtc(sel.fromMs).slice(11, 19)}–${formatTimeUtc(sel.toMs).slice(11, 19)}`
    : `${measure.toUpperCase()} ≥ p99 · whole view`
  mount(el, h('div', { class: 'muted pad' }, 'comparing…'))
  try {
    const res = await api.concentration(query, ctx.signal)
    const bars = rankConcentration(res.rows, 10)
    mount(
      el,
      h(
        'div',
        { class: 'conc-head' },
        h('span', {}, title),
        h('span', { class: 'muted' }, `${res.slow} slow of ${res.total}`),
        sel
          ? h(
              'button',
              { class: 'chip', onclick: () => ctx.navigate({ selection: null }) },
              'clear selection'
            )
          : null
      ),
      bars.length === 0
        ? h(
            'div',
            { class: 'muted pad' },
            'slow requests are spread evenly: no dimension value stands out'
          )
        : bars.map((b) =>
            h(
              'div',
              {
                class: 'conc-row',
                'data-dim': b.dimension,
                'data-value': b.value,
                title: `filter ${b.dimension}=${b.value}`,
                onclick: () => {
                  if (isFilterDimension(b.dimension))
                    ctx.navigate({ filters: toggleFilter(ctx.state.filters, b.dimension, b.value) })
                },
              },
              h('span', { class: 'lbl' }, h('span', { class: 'dim' }, b.dimension), ` ${b.value}`),
              h(
                'span',
                { class: 'bars' },
                h('span', { class: 'bar slow', style: `width:${(b.slowShare * 100).toFixed(1)}%` }),
                h('span', {
                  class: 'bar base',
                  style: `width:${(b.baselineShare * 100).toFixed(1)}%`,
                })
              ),
              h(
                'span',
                { class: 'num' },
                `${formatShare(b.slowShare)} vs ${formatShare(b.baselineShare)}`
              ),
              h(
                'span',
                { class: 'lift' },
                `×${b.lift >= 100 ? '99+' : b.lift.toFixed(b.lift >= 10 ? 0 : 1)}`
              )
            )
          )
    )
  } catch (err) {
    if (!isAbort(err) && !ctx.signal.aborted)
      mount(
        el,
        h(
          'div',
          { class: 'error pad' },
          `concentration failed: ${err instanceof Error ? err.message : String(err)}`
        )
      )
  }
}

/** Change events of the window as a list; a click zooms around the event. */
export async function loadEvents(
  ctx: LoadContext,
  el: HTMLElement,
  params: Params,
  redraw: () => void
): Promise<void> {
  try {
    const { from, to } = params
    const res = await api.events({ from, to }, ctx.signal)
    ctx.markers.splice(
      0,
      ctx.markers.length,
      ...res.events.map((e) => ({
        timeMs: e.time_ms,
        kind: e.kind,
        label:
          [e.message ?? e.reason, e.replica ?? e.node ?? e.version].filter(Boolean).join(' · ') ||
          e.kind,
      }))
    )
    redraw()
    mount(
      el,
      res.events.length === 0
        ? h('div', { class: 'muted pad' }, 'no change events in this window')
        : res.events.slice(0, 30).map((e) =>
            h(
              'div',
              {
                class: 'event-row',
                title: 'zoom to ±10 minutes around this change',
                onclick: () =>
                  ctx.navigate({
                    range: {
                      kind: 'absolute',
                      fromMs: e.time_ms - 600_000,
                      toMs: e.time_ms + 600_000,
                    },
                  }),
              },
              h('span', { class: `kind k-${e.kind}` }, e.kind),
              h('span', { class: 'time' }, formatTimeUtc(e.time_ms).slice(5, 19)),
              h(
                'span',
                { class: 'msg' },
                [
                  e.message ?? e.reason ?? '',
                  e.version ? `version ${e.version}` : '',
                  e.replica ?? e.node ?? '',
                ]
                  .filter(Boolean)
                  .join(' · ')
              )
            )
          )
    )
  } catch (err) {
    if (!isAbort(err) && !ctx.signal.aborted)
      mount(
        el,
        h(
          'div',
          { class: 'error pad' },
          `events failed: ${err instanceof Error ? err.message : String(err)}`
        )
      )
  }
}
