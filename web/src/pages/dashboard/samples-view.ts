import { api, type Params } from '../../api/client.js'
import type { RequestJson } from '../../api/schemas.js'
import { h, mount } from '../../charts/dom.js'
import { formatMs, formatTimeUtc } from '../../model/format.js'
import { STAGE_COLORS, STAGE_ORDER } from '../../model/stages.js'
import { isAbort, type LoadContext } from './context.js'

function stageBar(r: RequestJson, scaleMs: number): HTMLElement {
  const total = r.e2e_ms ?? 0
  const parts = STAGE_ORDER.flatMap((stage) => {
    const ms = r.stages[stage]
    return ms !== null && ms !== undefined && ms > 0 ? [{ stage, ms }] : []
  })
  const width = scaleMs > 0 ? Math.max(2, (total / scaleMs) * 100) : 0
  return h(
    'span',
    { class: 'mini-stack', style: `width:${width.toFixed(1)}%` },
    parts.map((p) =>
      h('span', {
        class: 'seg',
        title: `${p.stage} ${formatMs(p.ms)}`,
        style: `flex-grow:${p.ms};background:${STAGE_COLORS[p.stage]}`,
      })
    )
  )
}

/** The slowest requests of the view (or of the heatmap selection), each with its stages. */
export async function loadSamples(
  ctx: LoadContext,
  el: HTMLElement,
  params: Params
): Promise<void> {
  mount(el, h('div', { class: 'muted pad' }, 'loading slow requests…'))
  try {
    const res = await api.requests({ ...params, sort: 'e2e', dir: 'desc', limit: 20 }, ctx.signal)
    if (res.rows.length === 0) {
      mount(el, h('div', { class: 'muted pad' }, 'no requests in this window'))
      return
    }
    const scale = Math.max(...res.rows.map((r) => r.e2e_ms ?? 0))
    mount(
      el,
      h(
        'table',
        { class: 'samples' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', {}, 'start (UTC)'),
            h('th', {}, 'trace'),
            h('th', {}, 'model · replica'),
            h('th', {}, 'tenant'),
            h('th', { class: 'num' }, 'TTFT'),
            h('th', { class: 'num' }, 'TPOT'),
            h('th', { class: 'num' }, 'E2E'),
            h('th', { class: 'num' }, 'in/out tok'),
            h('th', { class: 'stack-col' }, 'stages')
          )
        ),
        h(
          'tbody',
          {},
          res.rows.map((r) =>
            h(
              'tr',
              {
                class: `sample${r.error_type ? ' failed' : ''}${ctx.state.trace === r.trace_id ? ' open' : ''}`,
                'data-trace': r.trace_id,
                title: 'open the waterfall',
                onclick: () => ctx.navigate({ trace: r.trace_id }),
              },
              h('td', { class: 'time' }, formatTimeUtc(r.start_ms).slice(11, 19)),
              h('td', { class: 'mono' }, r.trace_id.slice(0, 10)),
              h('td', {}, [r.dims['model'], r.dims['replica']].filter(Boolean).join(' · ') || '–'),
              h('td', {}, r.dims['tenant'] ?? '–'),
              h('td', { class: 'num' }, formatMs(r.ttft_ms)),
              h('td', { class: 'num' }, formatMs(r.tpot_ms)),
              h('td', { class: 'num strong' }, formatMs(r.e2e_ms)),
              h('td', { class: 'num' }, `${r.input_tokens ?? '–'}/${r.output_tokens ?? '–'}`),
              h(
                'td',
                { class: 'stack-col' },
                stageBar(r, scale),
                r.error_type ? h('span', { class: 'err-tag' }, r.error_type) : null
              )
            )
          )
        )
      ),
      h(
        'div',
        { class: 'legend-stages' },
        STAGE_ORDER.filter((s) => res.rows.some((r) => (r.stages[s] ?? 0) > 0)).map((s) =>
          h('span', {}, h('i', { style: `background:${STAGE_COLORS[s]}` }), s)
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
          `samples failed: ${err instanceof Error ? err.message : String(err)}`
        )
      )
  }
}
