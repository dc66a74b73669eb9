import { api } from '../api/client.js'
import type { RequestJson } from '../api/schemas.js'
import { h, mount } from '../charts/dom.js'
import { tpotText } from '../model/request-view.js'
import { formatInteger, formatMs, formatTimeUtc } from '../model/format.js'
import { MEASURE_FIELDS, MEASURE_LABELS, type Measure } from '../model/measures.js'
import { STAGE_COLORS, STAGE_ORDER } from '../model/stages.js'
import { firstWave } from './first-wave.js'
import { type LoadContext, showLoadError } from './load-context.js'

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

const SORTABLE: readonly Measure[] = ['ttft', 'tpot', 'itl_max', 'e2e']

/** What the list shows, in words: its order and, with a selection, the range it keeps. */
export function samplesCaption(ctx: Pick<LoadContext, 'state'>): string {
  const { state } = ctx
  const by = MEASURE_LABELS[state.sort ?? state.measure]
  const sel = state.selection
  if (!sel) {
    return `by ${by} · click a header to sort · click a row for the waterfall`
  }
  const label = MEASURE_LABELS[state.measure]
  const range =
    sel.minMs !== null && sel.maxMs !== null
      ? `${label} ${formatMs(sel.minMs)}–${formatMs(sel.maxMs)}`
      : sel.minMs !== null
        ? `${label} ≥ ${formatMs(sel.minMs)}`
        : sel.maxMs !== null
          ? `${label} < ${formatMs(sel.maxMs)}`
          : 'every request'
  return `${range} · ${formatTimeUtc(sel.fromMs).slice(11, 19)}–${formatTimeUtc(sel.toMs).slice(11, 19)} UTC · by ${by}`
}

/** The slowest requests of the view (or of the selection), each with its stages. */
export async function loadSamples(ctx: LoadContext, el: HTMLElement): Promise<void> {
  mount(el, h('div', { class: 'muted pad' }, 'loading slow requests…'))
  const sortBy = ctx.state.sort ?? ctx.state.measure
  try {
    const res = await api.requests(firstWave.samples(ctx), ctx.signal)
    if (res.rows.length === 0) {
      mount(
        el,
        h(
          'div',
          { class: 'muted pad' },
          ctx.state.selection ? 'no requests in the selection' : 'no requests in this window'
        )
      )
      return
    }
    const scale = Math.max(...res.rows.map((r) => r.e2e_ms ?? 0))
    const header = (m: Measure) =>
      h(
        'th',
        {
          class: `num sortable${m === sortBy ? ' sorted' : ''}`,
          'data-sort': m,
          title: `sort by ${MEASURE_LABELS[m]}, slowest first`,
          onclick: () => ctx.navigate({ sort: m === ctx.state.measure ? null : m }),
        },
        `${MEASURE_LABELS[m]}${m === sortBy ? ' ▼' : ''}`
      )
    const cell = (r: RequestJson, m: Measure) =>
      h(
        'td',
        {
          class: `num${m === sortBy ? ' strong' : ''}`,
          'data-measure': m,
          'data-ms': r[MEASURE_FIELDS[m]] ?? '',
          ...(m === 'tpot' && r.tpot_ms === null && r.tpot_estimate_ms != null
            ? { title: 'estimated: (E2E − TTFT) / (output tokens − 1); no per-token timing' }
            : {}),
        },
        m === 'tpot' ? tpotText(r) : formatMs(r[MEASURE_FIELDS[m]] ?? null)
      )
    mount(
      el,
      h(
        'div',
        { class: 'muted pad-x' },
        `${formatInteger(res.total)} request${res.total === 1 ? '' : 's'}${res.total > res.rows.length ? `, the ${res.rows.length} slowest by ${MEASURE_LABELS[sortBy]} shown` : ''}`
      ),
      h(
        'table',
        { class: 'samples', 'data-sorted-by': sortBy },
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
            SORTABLE.map(header),
            h('th', { class: 'num' }, 'in/out tokens'),
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
                'data-start': r.start_ms,
                title: 'open the waterfall',
                onclick: () => ctx.navigate({ trace: r.trace_id }),
              },
              h('td', { class: 'time' }, formatTimeUtc(r.start_ms).slice(11, 19)),
              h('td', { class: 'mono' }, r.trace_id.slice(0, 10)),
              h('td', {}, [r.dims['model'], r.dims['replica']].filter(Boolean).join(' · ') || '–'),
              h('td', {}, r.dims['tenant'] ?? '–'),
              SORTABLE.map((m) => cell(r, m)),
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
    showLoadError(el, ctx.signal, 'samples', err)
  }
}
