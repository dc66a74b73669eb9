import { api } from '../api/client.js'
import type { Concentration } from '../api/schemas.js'
import { h, mount } from '../charts/dom.js'
import { rankConcentration } from '../model/concentration.js'
import {
  describeEvent,
  formatInteger,
  formatMs,
  formatShare,
  formatTimeUtc,
} from '../model/format.js'
import { MEASURE_LABELS, quietValue } from '../model/measures.js'
import { formatStepParam } from '../model/time-range.js'
import { commonParams, type LoadContext, showLoadError } from './load-context.js'

/** Change events this long before a selection count as "at that moment": rollouts take minutes. */
const EVENT_LOOKBACK_MS = 15 * 60_000

function fact(id: string, label: string, ...body: (Node | string | null)[]): HTMLElement {
  return h(
    'div',
    { class: 'fact', 'data-fact': id },
    h('span', { class: 'k' }, label),
    h('span', { class: 'v' }, ...body)
  )
}

/**
 * What a selection (a P99 spike clicked on a latency panel, or a heatmap rectangle) is made of,
 * in one card: its P99 against the view's usual P99, how many requests are slow, the stage that
 * grew, the dimension value that holds the slow requests, and the change events just before.
 * The requests themselves are the slowest table below.
 */
export async function loadInvestigation(
  ctx: LoadContext,
  el: HTMLElement,
  concentration: Promise<Concentration>
): Promise<void> {
  const sel = ctx.state.selection
  if (!sel) {
    el.hidden = true
    return
  }
  el.hidden = false
  const measure = ctx.state.measure
  const label = MEASURE_LABELS[measure]
  const when = `${formatTimeUtc(sel.fromMs).slice(11, 19)}–${formatTimeUtc(sel.toMs).slice(11, 19)} UTC`
  const body = h('div', { class: 'muted pad' }, 'investigating…')
  mount(
    el,
    h(
      'h2',
      {},
      `${label} · ${when}`,
      h(
        'button',
        { class: 'chip', onclick: () => ctx.navigate({ selection: null }) },
        'clear selection'
      )
    ),
    body
  )
  try {
    const view = commonParams(ctx)
    // A clicked bucket's p99 must be the number the chart showed for it, so it is asked exactly
    // as the chart asked it: the same step and `approx` (the rollup's histograms, within 1 %,
    // where the step fits them; exact where it does not, as for 1 s and 2 s steps). Asking the
    // exact quantile beside the chart's approximate one rounded 0.02 s apart.
    const oneBucket = sel.toMs - sel.fromMs === ctx.stepMs
    const [inSel, perBucket, conc, events] = await Promise.all([
      api.percentiles(
        {
          ...commonParams(ctx, sel),
          measure,
          q: '0.99',
          approx: 'true',
          ...(oneBucket ? { step: formatStepParam(ctx.stepMs) } : {}),
        },
        ctx.signal
      ),
      api.percentiles(
        { ...view, measure, q: '0.99', step: formatStepParam(ctx.stepMs), approx: 'true' },
        ctx.signal
      ),
      concentration,
      api.events(
        { from: Math.floor(sel.fromMs - EVENT_LOOKBACK_MS), to: Math.ceil(sel.toMs) },
        ctx.signal
      ),
    ])
    const overall = oneBucket
      ? inSel.rows.find((r) => r.bucket_start_ms === sel.fromMs)
      : inSel.rows.find((r) => r.bucket_start_ms === null)
    const selP99 = overall?.values_ms['p99'] ?? null
    const quiet = quietValue(
      perBucket.rows
        .filter((r) => r.bucket_start_ms !== null)
        .map((r) => r.values_ms['p99'] ?? null)
    )
    // A stage whose excess is unknown (null) cannot be the one that grew.
    const grew = conc.stages
      .flatMap((s) => (s.excess_ms !== null ? [{ ...s, excess_ms: s.excess_ms }] : []))
      .sort((a, b) => b.excess_ms - a.excess_ms)[0]
    const top = rankConcentration(conc.rows, 1)[0]
    const rest =
      conc.baseline === 'before'
        ? `the requests before ${formatTimeUtc(sel.fromMs).slice(11, 19)}`
        : 'the rest of the view'
    const threshold =
      sel.minMs !== null && sel.maxMs !== null
        ? `with ${label} ${formatMs(sel.minMs)}–${formatMs(sel.maxMs)}`
        : sel.minMs !== null
          ? `with ${label} > ${formatMs(sel.minMs)}`
          : sel.maxMs !== null
            ? `with ${label} < ${formatMs(sel.maxMs)}`
            : 'in the window'
    mount(
      body,
      fact(
        'p99',
        `${label} p99`,
        h('b', {}, formatMs(selP99)),
        ` in the selection vs ${formatMs(quiet)} in a quiet bucket (lower quartile of the view's per-bucket p99)`,
        selP99 !== null && quiet !== null && quiet > 0 ? ` · ×${(selP99 / quiet).toFixed(1)}` : null
      ),
      fact(
        'requests',
        'requests',
        h('b', {}, formatInteger(conc.slow)),
        sel.minMs === null && sel.maxMs === null
          ? ' in the window: listed below, slowest first'
          : ` ${threshold} of ${formatInteger(overall?.count ?? 0)} in the window: listed below, slowest first`
      ),
      fact(
        'stage',
        'stage that grew',
        grew && grew.excess_ms > 0
          ? h('b', { 'data-stage': grew.stage }, grew.stage)
          : `no stage is longer than for ${rest}`,
        grew && grew.excess_ms > 0
          ? ` ${formatMs(grew.slow_mean_ms)} per slow request vs ${formatMs(grew.baseline_mean_ms)} for ${rest} (+${formatMs(grew.excess_ms)}, ${formatShare(grew.excess_share)} of the extra time)`
          : null
      ),
      fact(
        'dimension',
        'concentrates in',
        top
          ? h(
              'b',
              { 'data-dim': top.dimension, 'data-value': top.value },
              `${top.dimension}=${top.value}`
            )
          : 'no dimension value: the slow requests are spread evenly',
        top
          ? ` ${formatShare(top.slowShare)} of the slow requests vs ${formatShare(top.baselineShare)} of ${rest} (lift ×${top.lift.toFixed(1)})`
          : null
      ),
      fact(
        'events',
        'change events',
        events.events.length === 0
          ? `none from ${formatTimeUtc(sel.fromMs - EVENT_LOOKBACK_MS).slice(11, 16)} to the end of the selection`
          : h(
              'ul',
              { class: 'fact-events' },
              events.events
                .slice(0, 5)
                .map((e) =>
                  h(
                    'li',
                    { 'data-event-time': e.time_ms },
                    h('span', { class: `kind k-${e.kind}` }, e.kind),
                    ` ${formatTimeUtc(e.time_ms).slice(11, 19)} `,
                    describeEvent(e)
                  )
                )
            )
      )
    )
  } catch (err) {
    showLoadError(body, ctx.signal, 'investigation', err)
  }
}
