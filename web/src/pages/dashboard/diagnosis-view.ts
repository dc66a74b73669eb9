import { api, type Params } from '../../api/client.js'
import type { FindingJson } from '../../api/schemas.js'
import { h, mount } from '../../charts/dom.js'
import { causeTitle, confidenceLabel, viewForFinding } from '../../model/findings.js'
import { formatMs, formatTimeUtc } from '../../model/format.js'
import { isAbort, type LoadContext } from './context.js'

function evidenceValue(v: number | string | null): string {
  if (v === null) return '–'
  return typeof v === 'number'
    ? Math.abs(v) >= 100 || Number.isInteger(v)
      ? String(Math.round(v))
      : v.toFixed(2)
    : v
}

function findingCard(ctx: LoadContext, f: FindingJson, rank: number): HTMLElement {
  const level = confidenceLabel(f.confidence)
  const scope =
    f.scope.dimension && f.scope.value ? `${f.scope.dimension}=${f.scope.value}` : 'everywhere'
  const win = f.window
    ? `${formatTimeUtc(Date.parse(f.window.start)).slice(11, 16)}–${formatTimeUtc(Date.parse(f.window.end)).slice(11, 16)}`
    : 'whole window'
  const open = () => {
    const v = viewForFinding(f, ctx.state.filters)
    ctx.navigate({ range: v.range ?? ctx.state.range, filters: v.filters, selection: null })
  }
  return h(
    'article',
    {
      class: `finding ${f.cause === 'healthy' ? 'healthy' : level}`,
      'data-cause': f.cause,
      tabindex: 0,
      title: 'Show the slice this finding cites',
      onclick: open,
      onkeydown: (e: Event) => {
        if ((e as KeyboardEvent).key === 'Enter') open()
      },
    },
    h(
      'div',
      { class: 'finding-head' },
      h('span', { class: 'rank' }, `#${rank}`),
      h('span', { class: 'cause-title' }, causeTitle(f.cause)),
      h(
        'span',
        { class: `conf ${level}` },
        h('span', { class: 'bar', style: `width:${Math.round(f.confidence * 100)}%` }),
        `${Math.round(f.confidence * 100)}%`
      )
    ),
    h(
      'div',
      { class: 'finding-meta' },
      h('code', {}, f.cause),
      h('span', { class: 'scope' }, scope),
      h('span', {}, win)
    ),
    f.evidence.length > 0
      ? h(
          'ul',
          { class: 'evidence' },
          f.evidence
            .slice(0, 4)
            .map((e) =>
              h(
                'li',
                {},
                e.text,
                typeof e.observed === 'number'
                  ? h(
                      'span',
                      { class: 'obs' },
                      ` ${evidenceValue(e.observed)} vs ${evidenceValue(e.baseline)}`
                    )
                  : null
              )
            )
        )
      : null,
    f.actions.length > 0
      ? h(
          'ul',
          { class: 'actions' },
          f.actions.slice(0, 3).map((a) => h('li', {}, a))
        )
      : null
  )
}

/** The diagnosis for the view: ranked findings that link to the slice they cite. */
export async function loadDiagnosis(
  ctx: LoadContext,
  el: HTMLElement,
  params: Params
): Promise<void> {
  mount(el, h('div', { class: 'muted pad' }, 'diagnosing…'))
  try {
    const d = await api.diagnosis(params, ctx.signal)
    mount(
      el,
      h(
        'div',
        { class: 'diag-summary' },
        h('span', {}, `${d.requests.toLocaleString('en-US')} requests`),
        h('span', {}, `TTFT p99 ${formatMs(d.latency.ttft.p99)}`),
        h('span', {}, `E2E p99 ${formatMs(d.latency.e2e.p99)}`),
        d.slo_breached ? h('span', { class: 'bad' }, 'SLO breached') : null
      ),
      d.findings.length === 0
        ? h('div', { class: 'muted pad' }, 'no findings')
        : d.findings.map((f, i) => findingCard(ctx, f, i + 1)),
      d.stages.length > 0
        ? h(
            'div',
            { class: 'stage-shares' },
            h('h4', {}, 'Where the slowest 1% spend their time'),
            d.stages
              .filter((s) => s.share_of_p99_slow >= 0.01)
              .slice(0, 8)
              .map((s) =>
                h(
                  'div',
                  { class: 'share-row' },
                  h('span', { class: 'lbl' }, s.stage),
                  h(
                    'span',
                    { class: 'track' },
                    h('span', {
                      class: `fill stage-${s.stage.replace('.', '-')}`,
                      style: `width:${Math.round(s.share_of_p99_slow * 100)}%`,
                    })
                  ),
                  h('span', { class: 'num' }, `${Math.round(s.share_of_p99_slow * 100)}%`)
                )
              )
          )
        : null
    )
  } catch (err) {
    if (!isAbort(err) && !ctx.signal.aborted)
      mount(
        el,
        h(
          'div',
          { class: 'error pad' },
          `diagnosis failed: ${err instanceof Error ? err.message : String(err)}`
        )
      )
  }
}
