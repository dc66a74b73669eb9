import { api } from '../api/client.js'
import { h, mount } from '../charts/dom.js'
import { formatMs, formatTimeUtc } from '../model/format.js'
import { tpotText } from '../model/request-view.js'
import { layoutWaterfall, ttftInstantMs, ttftLabel, type WaterfallRow } from '../model/waterfall.js'
import { isAbort, type LoadContext } from './load-context.js'

function attrText(row: WaterfallRow): string {
  const lines = [
    `${row.name}  ${formatMs(row.durationMs)}`,
    row.service ? `service.name = ${row.service}` : '',
  ]
  for (const [k, v] of Object.entries(row.attributes).slice(0, 40)) {
    lines.push(`${k} = ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
  }
  return lines.filter(Boolean).join('\n')
}

/**
 * The waterfall of one request: client → gateway → engine spans as bars in stage colours, engine
 * phases inside the engine bar, the TTFT instant and its critical path marked, attributes on hover.
 */
export async function loadWaterfall(
  ctx: LoadContext,
  el: HTMLElement,
  traceId: string
): Promise<void> {
  el.hidden = false
  const close = () => ctx.navigate({ trace: null })
  const head = (title: string, ...rest: (Node | string | null)[]) =>
    h(
      'header',
      { class: 'wf-head' },
      h('h3', {}, title),
      ...rest,
      h('button', { class: 'close', onclick: close, title: 'close (Esc)' }, '×')
    )
  mount(el, head(`trace ${traceId}`), h('div', { class: 'muted pad' }, 'loading spans…'))
  try {
    const { request: r, spans } = await api.request(traceId, ctx.signal)
    const layout = layoutWaterfall(
      spans,
      ttftInstantMs(spans, r.ttft_ms, r.ttft_source, r.start_ms)
    )
    // TTFT is often a few % of a long streamed answer: "before the first token" zooms the time
    // axis to it (and is where a TTFT investigation opens).
    let zoom: 'all' | 'ttft' =
      ctx.state.measure === 'ttft' && layout.ttftMs !== null && layout.ttftMs > 0 ? 'ttft' : 'all'
    const draw = () => {
      const total =
        zoom === 'ttft' && layout.ttftMs !== null
          ? Math.max(layout.ttftMs * 1.1, 1e-3)
          : Math.max(layout.totalMs, 1)
      const pct = (ms: number) => `${((ms / total) * 100).toFixed(3)}%`
      const tip = h('pre', { class: 'wf-tip', hidden: true })
      const rows = layout.rows.map((row) =>
        h(
          'div',
          { class: `wf-row${row.critical ? ' critical' : ''}`, 'data-layer': row.layer },
          h(
            'div',
            { class: 'wf-name', style: `padding-left:${row.depth * 12 + 6}px` },
            h('span', { class: 'swatch', style: `background:${row.color}` }),
            h('span', { class: 'nm' }, row.name),
            row.service ? h('span', { class: 'svc' }, row.service) : null
          ),
          h(
            'div',
            { class: `wf-track${zoom === 'ttft' ? ' zoomed' : ''}` },
            h(
              'div',
              {
                class: 'wf-bar',
                style: `left:${pct(row.startMs)};width:${pct(Math.max(row.durationMs, total / 400))};background:${row.segments.length > 0 ? 'transparent' : row.color}`,
                onmouseenter: (e: Event) => {
                  tip.textContent = attrText(row)
                  tip.hidden = false
                  placeTip(tip, e as MouseEvent)
                },
                onmousemove: (e: Event) => placeTip(tip, e as MouseEvent),
                onmouseleave: () => {
                  tip.hidden = true
                },
              },
              row.segments.map((s) =>
                h('span', {
                  class: 'wf-seg',
                  title: `${s.stage} ${formatMs(s.durationMs)}`,
                  style: `left:${(((s.startMs - row.startMs) / Math.max(row.durationMs, 1e-6)) * 100).toFixed(3)}%;width:${((s.durationMs / Math.max(row.durationMs, 1e-6)) * 100).toFixed(3)}%;background:${s.color}`,
                })
              )
            ),
            row.startMs + row.durationMs <= total
              ? h(
                  'span',
                  {
                    class: 'wf-dur',
                    style: `left:calc(${pct(row.startMs + row.durationMs)} + 4px)`,
                  },
                  formatMs(row.durationMs)
                )
              : h(
                  'span',
                  { class: 'wf-dur wf-more', style: 'right:2px' },
                  `${formatMs(row.durationMs)} →`
                )
          )
        )
      )
      const ttftLine =
        layout.ttftMs !== null
          ? h(
              'div',
              {
                class: 'wf-ttft',
                style: `left:${pct(layout.ttftMs)}`,
                title: `first token at ${formatMs(layout.ttftMs)}`,
              },
              h('span', {}, `${ttftLabel(r.ttft_source)} ${formatMs(r.ttft_ms)}`)
            )
          : null
      mount(
        el,
        head(
          `trace ${traceId}`,
          h(
            'span',
            { class: 'wf-facts' },
            `${formatTimeUtc(r.start_ms)} · E2E ${formatMs(r.e2e_ms)} · ${ttftLabel(r.ttft_source)} ${formatMs(r.ttft_ms)} · TPOT ${tpotText(r)} · ${[r.dims['model'], r.dims['replica'], r.dims['node']].filter(Boolean).join(' · ')}${r.error_type ? ` · ${r.error_type}` : ''}`
          ),
          layout.ttftMs !== null
            ? h(
                'span',
                { class: 'wf-zoom' },
                (
                  [
                    ['all', 'whole request'],
                    ['ttft', 'before the first token'],
                  ] as const
                ).map(([z, label]) =>
                  h(
                    'button',
                    {
                      class: `chip${zoom === z ? ' on' : ''}`,
                      'data-zoom': z,
                      onclick: () => {
                        zoom = z
                        draw()
                      },
                    },
                    label
                  )
                )
              )
            : null
        ),
        h(
          'div',
          { class: 'wf-legend' },
          h('span', {}, h('i', { class: 'crit' }), 'TTFT critical path'),
          h('span', {}, h('i', { style: 'background:#e5484d' }), 'engine.queue'),
          h('span', {}, h('i', { style: 'background:#f5c542' }), 'engine.prefill'),
          h('span', {}, h('i', { style: 'background:#7fb8e6' }), 'engine.frontend'),
          h('span', {}, h('i', { style: 'background:#46a758' }), 'engine.decode')
        ),
        layout.rows.length === 0
          ? h('div', { class: 'muted pad' }, 'no spans stored for this trace')
          : h(
              'div',
              { class: 'wf-body' },
              h('div', { class: 'wf-grid' }, rows, h('div', { class: 'wf-overlay' }, ttftLine))
            ),
        tip
      )
    }
    draw()
  } catch (err) {
    if (!isAbort(err) && !ctx.signal.aborted) {
      mount(
        el,
        head(`trace ${traceId}`),
        h('div', { class: 'error pad' }, err instanceof Error ? err.message : String(err))
      )
    }
  }
}

function placeTip(tip: HTMLElement, e: MouseEvent): void {
  const x = Math.min(e.clientX + 14, window.innerWidth - 420)
  const y = Math.min(e.clientY + 14, window.innerHeight - tip.offsetHeight - 8)
  tip.style.left = `${x}px`
  tip.style.top = `${Math.max(8, y)}px`
}
