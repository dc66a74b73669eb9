import { measureOfFinding } from '../../../src/core/diagnosis/explain/finding-measure.js'
import { api, buildUrl, type DatedDiagnosis, type Params } from '../api/client.js'
import type { DiagnosisJson, FindingJson } from '../api/schemas.js'
import { h, mount } from '../charts/dom.js'
import { causeTitle, confidenceLabel, viewForFinding } from '../model/findings.js'
import type { Filters } from '../model/dimensions.js'
import { formatInteger, formatMs, formatSpan, formatTimeUtc } from '../model/format.js'
import {
  commonParams,
  type LoadContext,
  showLoadError,
  showRefreshFailed,
  windowDefinition,
} from './load-context.js'

function evidenceValue(v: number | string | null): string {
  if (v === null) {
    return '–'
  }
  return typeof v === 'number'
    ? Math.abs(v) >= 100 || Number.isInteger(v)
      ? String(Math.round(v))
      : v.toFixed(2)
    : v
}

/** Evidence numbers with their names, so "2.24 vs 1" reads as what it is. */
function evidenceFigures(e: {
  observed: number | string | null
  baseline: number | string | null
}): string | null {
  if (typeof e.observed !== 'number') {
    return null
  }
  const base = e.baseline === null ? '' : ` · baseline ${evidenceValue(e.baseline)}`
  return `observed ${evidenceValue(e.observed)}${base}`
}

function findingCard(
  ctx: LoadContext,
  d: DiagnosisJson,
  source: DiagnosisSource,
  f: FindingJson,
  index: number
): HTMLElement {
  const rank = index + 1
  const level = confidenceLabel(f.confidence)
  const scope =
    f.scope.dimension && f.scope.value ? `${f.scope.dimension}=${f.scope.value}` : 'everywhere'
  const win = f.window
    ? `${formatTimeUtc(Date.parse(f.window.start)).slice(11, 16)}–${formatTimeUtc(Date.parse(f.window.end)).slice(11, 16)}`
    : 'whole window'
  const selected = ctx.state.pin !== null && ctx.state.pin.finding === index
  // The view moves to the finding, but the diagnosis on screen stays the one that was clicked:
  // re-running it over the finding's own window would rank other things and change the numbers.
  const open = () => {
    const v = viewForFinding(f, source.filters)
    ctx.navigate({
      range: v.range ?? ctx.state.range,
      filters: v.filters,
      measure: measureOfFinding(f),
      sort: null,
      stageMode: null,
      selection: null,
      pin: {
        fromMs: Date.parse(d.window.start),
        toMs: Date.parse(d.window.end) + 1,
        filters: source.filters,
        finding: index,
      },
    })
  }
  return h(
    'article',
    {
      class: `finding ${f.cause === 'healthy' ? 'healthy' : level}${selected ? ' selected' : ''}`,
      'data-measure': measureOfFinding(f),
      'data-cause': f.cause,
      tabindex: 0,
      title: 'Show the slice this finding cites',
      onclick: open,
      onkeydown: (e: Event) => {
        if ((e as KeyboardEvent).key === 'Enter') {
          open()
        }
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
                evidenceFigures(e) ? h('span', { class: 'obs' }, ` ${evidenceFigures(e)}`) : null
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

/** What a diagnosis was computed over. */
interface DiagnosisSource {
  fromMs: number
  toMs: number
  filters: Filters
}

// Diagnoses already computed in this page, by query: a finding click shows the same one again.
const computed = new Map<string, Promise<DiagnosisJson>>()

function diagnosisFor(params: Params, signal: AbortSignal): Promise<DiagnosisJson> {
  const key = buildUrl('/api/diagnosis', params)
  let p = computed.get(key)
  if (!p) {
    p = api.diagnosis(params, signal)
    computed.set(key, p)
    // A cancelled or failed run is not kept: the next view asks again.
    p.catch(() => computed.delete(key))
    if (computed.size > 20) {
      computed.delete(computed.keys().next().value ?? '')
    }
  }
  return p
}

/**
 * Differences that held through the whole window (a far region, a slower node): not incidents,
 * but what the P99 is made of, each with its cost to the P99.
 */
function standingSection(d: DiagnosisJson): HTMLElement | null {
  if (d.standing_conditions.length === 0) {
    return null
  }
  return h(
    'div',
    { class: 'diag-standing', 'data-standing': String(d.standing_conditions.length) },
    h('div', { class: 'diag-standing-title' }, 'Standing conditions (not incidents)'),
    h(
      'ul',
      {},
      ...d.standing_conditions.map((c) =>
        h(
          'li',
          { 'data-dimension': c.dimension, 'data-value': c.value },
          h('span', { class: 'chip' }, `${c.dimension}=${c.value}`),
          ` ${c.measure === 'network' ? 'network time' : c.measure.toUpperCase()} median ${formatMs(c.observed)} vs ${formatMs(c.baseline)} · ${c.measure === 'network' ? 'TTFT ' : ''}P99 cost ×${c.cost_p99.toFixed(2)}`
        )
      )
    )
  )
}

/** "as of 40s ago, refreshing · covers 06-02 09:00 → 10:00 UTC": a stale answer says so. */
function staleNote(d: DiagnosisJson, asOfMs: number | null): HTMLElement {
  const start = Date.parse(d.window.start)
  const end = Date.parse(d.window.end)
  const age = asOfMs === null ? 'an earlier run' : `${formatSpan(Date.now() - asOfMs)} ago`
  return h(
    'div',
    { class: 'diag-stale', 'data-stale': 'true' },
    `as of ${age}, refreshing · covers ${formatTimeUtc(start).slice(5, 16)} → ${formatTimeUtc(end).slice(11, 16)} UTC; the data may have changed since`
  )
}

function renderDiagnosis(
  ctx: LoadContext,
  el: HTMLElement,
  d: DiagnosisJson,
  source: DiagnosisSource,
  note: HTMLElement | null
): void {
  const pin = ctx.state.pin
  const scopeText = Object.entries(source.filters)
    .map(([k, v]) => `${k}=${(v ?? []).join('|')}`)
    .join(' ')
  mount(
    el,
    note,
    pin
      ? h(
          'div',
          { class: 'diag-pinned', 'data-pinned': 'true' },
          `diagnosis of ${formatTimeUtc(source.fromMs).slice(5, 16)} → ${formatTimeUtc(source.toMs).slice(11, 16)} UTC${scopeText ? ` · ${scopeText}` : ''}, kept while you look at finding #${pin.finding + 1}`,
          h(
            'button',
            { class: 'chip', onclick: () => ctx.navigate({ pin: null }) },
            'diagnose this view'
          )
        )
      : null,
    h(
      'div',
      { class: 'diag-summary' },
      h('span', {}, `${formatInteger(d.requests)} requests`),
      h('span', {}, `TTFT p99 ${formatMs(d.latency.ttft.p99)}`),
      h('span', {}, `E2E p99 ${formatMs(d.latency.e2e.p99)}`),
      d.slo_breached ? h('span', { class: 'bad' }, 'SLO breached') : null
    ),
    d.findings.length === 0
      ? h('div', { class: 'muted pad' }, 'no findings')
      : d.findings.map((f, i) => findingCard(ctx, d, source, f, i)),
    standingSection(d)
  )
}

/**
 * The diagnosis: of the view, or, after a finding was clicked, the pinned one it came from
 * (same window, same filters, same findings) until the reader asks for the view's own. The
 * view's own may first be the last answer of its window definition, labelled with its age and
 * window, while the server recomputes it; the fresh one replaces it when it lands (ADR 0225).
 */
export async function loadDiagnosis(
  ctx: LoadContext,
  el: HTMLElement,
  kept: Promise<DatedDiagnosis | null> | null,
  go: Promise<void>
): Promise<void> {
  const pin = ctx.state.pin
  const source: DiagnosisSource = pin
    ? { fromMs: pin.fromMs, toMs: pin.toMs, filters: pin.filters }
    : { fromMs: ctx.range.fromMs, toMs: ctx.range.toMs, filters: ctx.state.filters }
  const params = commonParams({ state: { ...ctx.state, filters: source.filters }, range: source })
  mount(el, h('div', { class: 'muted pad' }, 'diagnosing…'))
  try {
    // What the server already holds paints with the charts (ADR 0407); a current one is the
    // answer, a stale one is labelled until the refresh asked below replaces it.
    const held = kept === null ? null : await kept.catch(() => null)
    if (ctx.signal.aborted) {
      return
    }
    if (held !== null) {
      if (!held.stale) {
        computed.set(buildUrl('/api/diagnosis', params), Promise.resolve(held.diagnosis))
        renderDiagnosis(ctx, el, held.diagnosis, source, null)
        return
      }
      renderDiagnosis(ctx, el, held.diagnosis, source, staleNote(held.diagnosis, held.asOfMs))
      // The card has painted; the rest (which reads the window's rows) waits for the charts.
      void go.then(() => askDiagnosis(ctx, el, params, source, true))
      return
    }
    await go
    await askDiagnosis(ctx, el, params, source, false)
  } catch (err) {
    showLoadError(el, ctx.signal, 'diagnosis', err)
  }
}

/**
 * The view's own diagnosis, once the charts' answers are in (`go`, ADR 0165): a pinned one, or
 * the last answer of the window definition labelled stale while the server recomputes it and
 * then the fresh one (ADR 0225). `shown`: the card already shows that stale answer.
 */
async function askDiagnosis(
  ctx: LoadContext,
  el: HTMLElement,
  params: Params,
  source: DiagnosisSource,
  shown: boolean
): Promise<void> {
  try {
    if (ctx.signal.aborted) {
      return
    }
    if (ctx.state.pin) {
      const d = await diagnosisFor(params, ctx.signal)
      if (!ctx.signal.aborted) {
        renderDiagnosis(ctx, el, d, source, null)
      }
      return
    }
    const def = windowDefinition(ctx)
    const first = await api.datedDiagnosis(
      { ...params, stale: 'allow', ...(def === null ? {} : { window_def: def }) },
      ctx.signal
    )
    if (ctx.signal.aborted) {
      return
    }
    if (!first.stale) {
      computed.set(buildUrl('/api/diagnosis', params), Promise.resolve(first.diagnosis))
      renderDiagnosis(ctx, el, first.diagnosis, source, null)
      return
    }
    if (!shown) {
      renderDiagnosis(ctx, el, first.diagnosis, source, staleNote(first.diagnosis, first.asOfMs))
    }
    // The card has painted; the fresh answer replaces it whenever the refresh ends.
    const fresh = api.datedDiagnosis({ ...params, stale: 'refresh' }, ctx.signal)
    const freshBody = fresh.then((x) => x.diagnosis)
    // Its failure is shown below; this copy is only for a later finding click.
    freshBody.catch(() => undefined)
    computed.set(buildUrl('/api/diagnosis', params), freshBody)
    fresh.then(
      (x) => {
        if (!ctx.signal.aborted) {
          renderDiagnosis(ctx, el, x.diagnosis, source, null)
        }
      },
      (err: unknown) => {
        computed.delete(buildUrl('/api/diagnosis', params))
        showRefreshFailed(el, ctx.signal, err)
      }
    )
  } catch (err) {
    if (shown) {
      showRefreshFailed(el, ctx.signal, err)
      return
    }
    throw err
  }
}
