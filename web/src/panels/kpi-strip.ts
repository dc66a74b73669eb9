import { api } from '../api/client.js'
import { h, mount } from '../charts/dom.js'
import { formatCount, formatMs } from '../model/format.js'
import { isAbort, type LoadContext } from './load-context.js'
import { firstWave } from './first-wave.js'

/** The headline figures of the window beside the filters: count, rate, TTFT/TPOT/E2E p99. */
export async function loadKpis(ctx: LoadContext, el: HTMLElement): Promise<void> {
  el.dataset['state'] = 'loading'
  try {
    const res = await api.percentiles(firstWave.kpis(ctx), ctx.signal)
    const row = (m: string) => res.rows.find((r) => r.measure === m && r.bucket_start_ms === null)
    const e2e = row('e2e')
    const seconds = (ctx.range.toMs - ctx.range.fromMs) / 1000
    const kpi = (id: string, label: string, value: string) =>
      h(
        'span',
        { class: 'kpi', 'data-kpi': id },
        h('span', { class: 'k' }, label),
        h('span', { class: 'v' }, value)
      )
    mount(
      el,
      kpi('requests', 'requests', formatCount(e2e?.count ?? 0)),
      kpi('rate', 'req/s', formatCount((e2e?.count ?? 0) / seconds)),
      kpi('ttft-p50', 'TTFT p50', formatMs(row('ttft')?.values_ms['p50'])),
      kpi('ttft-p99', 'TTFT p99', formatMs(row('ttft')?.values_ms['p99'])),
      kpi('tpot-p99', 'TPOT p99', formatMs(row('tpot')?.values_ms['p99'])),
      kpi('e2e-p99', 'E2E p99', formatMs(e2e?.values_ms['p99']))
    )
    el.dataset['state'] = 'ready'
  } catch (err) {
    if (!isAbort(err) && !ctx.signal.aborted) {
      mount(el, h('span', { class: 'error' }, 'summary unavailable'))
      el.dataset['state'] = 'error'
    }
  }
}
