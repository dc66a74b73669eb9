import type { DatedConcentration } from '../api/client.js'
import type { Concentration } from '../api/schemas.js'
import { h, mount } from '../charts/dom.js'
import { rankConcentration } from '../model/concentration.js'
import { isFilterDimension, toggleFilter } from '../model/dimensions.js'
import { formatInteger, formatMs, formatShare, formatSpan, formatTimeUtc } from '../model/format.js'
import { MEASURE_LABELS, MISSING_MEASURE_TEXT, type Measure } from '../model/measures.js'
import { STAGE_COLORS } from '../model/stages.js'
import type { StageName } from '../../../src/core/model/request.js'
import { type LoadContext, showLoadError, showRefreshFailed } from './load-context.js'

/** The stages that make up a measure, in words. */
function stagesCaption(measure: Measure): string {
  if (measure === 'ttft') {
    return 'stages before the first token'
  }
  if (measure === 'e2e') {
    return 'all stages'
  }
  return 'stages after the first token'
}

function stageShares(res: Concentration, measure: Measure): HTMLElement | null {
  // A stage whose share is unknown (null: the slow requests' stages sum to nothing) is not drawn.
  const rows = res.stages
    .flatMap((s) =>
      s.slow_share !== null && s.slow_share >= 0.01 ? [{ ...s, slow_share: s.slow_share }] : []
    )
    .sort((a, b) => b.slow_share - a.slow_share)
  if (rows.length === 0 || res.slow === 0) {
    return null
  }
  return h(
    'div',
    { class: 'stage-shares', 'data-measure': measure },
    h(
      'h4',
      {},
      `Where the slow ${MEASURE_LABELS[measure]} requests spend their time`,
      h('span', { class: 'unit' }, ` · ${stagesCaption(measure)}`)
    ),
    h(
      'div',
      { class: 'share-row share-head muted' },
      h('span', {}, 'stage'),
      h('span', {}, ''),
      h('span', {}, 'share'),
      h('span', {}, `per slow req vs ${res.baseline === 'before' ? 'before' : 'rest'}`)
    ),
    rows.slice(0, 8).map((s) =>
      h(
        'div',
        {
          class: 'share-row',
          'data-stage': s.stage,
          title: `${s.stage}: ${formatMs(s.slow_mean_ms)} per slow request, ${formatMs(s.baseline_mean_ms)} per other request`,
        },
        h('span', { class: 'lbl' }, s.stage),
        h(
          'span',
          { class: 'track' },
          h('span', {
            class: 'fill',
            style: `width:${Math.round(s.slow_share * 100)}%;background:${STAGE_COLORS[s.stage as StageName] ?? '#888'}`,
          })
        ),
        h('span', { class: 'num' }, formatShare(s.slow_share)),
        h(
          'span',
          { class: 'num muted' },
          `${formatMs(s.slow_mean_ms)} vs ${formatMs(s.baseline_mean_ms)}`
        )
      )
    )
  )
}

/** The concentration card's title: which requests count as slow, against what. */
function concentrationTitle(ctx: Pick<LoadContext, 'state'>, res: Concentration): string {
  const sel = ctx.state.selection
  const label = MEASURE_LABELS[ctx.state.measure]
  if (!sel) {
    return `${label} > ${formatMs(res.threshold_ms)} (the view's p99) vs the rest`
  }
  const when = `${formatTimeUtc(sel.fromMs).slice(11, 19)}–${formatTimeUtc(sel.toMs).slice(11, 19)}`
  const rest =
    res.baseline === 'before'
      ? `the requests before ${formatTimeUtc(sel.fromMs).slice(11, 19)}`
      : 'the rest of the view'
  return sel.minMs !== null
    ? `${label} > ${formatMs(sel.minMs)} in ${when} vs ${rest}`
    : `requests of ${when} vs ${rest}`
}

/**
 * BubbleUp-style concentration: for each dimension value, its share of the slow requests against
 * its share of the rest; then the stages the slow requests spend their time in. Slow means the
 * view's measure above its p99, or the selection (a heatmap rectangle, a spike).
 */
export async function loadConcentration(
  ctx: LoadContext,
  el: HTMLElement,
  kept: Promise<DatedConcentration | null>,
  first: () => Promise<DatedConcentration>,
  fresh: Promise<Concentration>
): Promise<void> {
  mount(el, h('div', { class: 'muted pad' }, 'comparing…'))
  try {
    // What the server already holds paints with the charts (ADR 0407).
    const held = await kept.catch(() => null)
    if (ctx.signal.aborted) {
      return
    }
    if (held !== null) {
      renderConcentration(ctx, el, held.concentration, held.stale ? staleNote(held.asOfMs) : null)
      if (held.stale) {
        // The card has painted; the current answer replaces it whenever its refresh ends.
        void fresh.then(
          (c) => {
            if (!ctx.signal.aborted) {
              renderConcentration(ctx, el, c, null)
            }
          },
          (err: unknown) => showRefreshFailed(el, ctx.signal, err)
        )
      }
      return
    }
    const d = await first()
    if (ctx.signal.aborted) {
      return
    }
    renderConcentration(ctx, el, d.concentration, d.stale ? staleNote(d.asOfMs) : null)
    if (!d.stale) {
      return
    }
    // The card has painted; the current answer replaces it whenever its refresh ends.
    fresh.then(
      (c) => {
        if (!ctx.signal.aborted) {
          renderConcentration(ctx, el, c, null)
        }
      },
      (err: unknown) => showRefreshFailed(el, ctx.signal, err)
    )
  } catch (err) {
    showLoadError(el, ctx.signal, 'concentration', err)
  }
}

/** "as of 40s ago, refreshing": a stale answer says so (ADR 0225, 0272). */
function staleNote(asOfMs: number | null): HTMLElement {
  const age = asOfMs === null ? 'an earlier run' : `${formatSpan(Date.now() - asOfMs)} ago`
  return h(
    'div',
    { class: 'diag-stale', 'data-stale': 'true' },
    `as of ${age}, refreshing; the data may have changed since`
  )
}

function renderConcentration(
  ctx: LoadContext,
  el: HTMLElement,
  res: Concentration,
  note: HTMLElement | null
): void {
  const sel = ctx.state.selection
  const bars = rankConcentration(res.rows, 10)
  mount(
    el,
    note,
    h(
      'div',
      { class: 'conc-head' },
      h('span', {}, concentrationTitle(ctx, res)),
      h(
        'span',
        { class: 'muted' },
        `${formatInteger(res.slow)} slow of ${formatInteger(res.total)}` +
          (res.sample === null
            ? ''
            : ` (sampled from ${formatInteger(res.sample.requests)} requests)`)
      ),
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
          { class: 'muted pad', 'data-empty': res.total === 0 ? 'measure' : 'spread' },
          // No request with the measure has no slow cohort to spread: an even spread is a finding.
          res.total === 0
            ? MISSING_MEASURE_TEXT[ctx.state.measure]
            : 'slow requests are spread evenly: no dimension value stands out'
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
                if (isFilterDimension(b.dimension)) {
                  ctx.navigate({ filters: toggleFilter(ctx.state.filters, b.dimension, b.value) })
                }
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
              `${formatShare(b.slowShare)} of slow · ${formatShare(b.baselineShare)} of ${res.baseline === 'before' ? 'before' : 'rest'}`
            ),
            h(
              'span',
              { class: 'lift' },
              `lift ×${b.lift >= 100 ? '99+' : b.lift.toFixed(b.lift >= 10 ? 0 : 1)}`
            )
          )
        ),
    stageShares(res, ctx.state.measure)
  )
}
