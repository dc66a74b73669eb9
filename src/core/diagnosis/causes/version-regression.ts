/**
 * `version.regression` — a new model/service version is slower than the old one.
 *
 * Evidence needed: the version dimension with at least two versions in the window; deploy or
 * canary events confirm. For: the slow cohort (TTFT or TPOT) is concentrated in one version that
 * holds most of it; a deploy/canary event names that version or it first appears inside the
 * window. Against: a single version (nothing to compare); the slow set is a node or replica that
 * does not coincide with the version.
 * Scope: the version.
 * Actions (CONTRACT §5.1): pause or roll back the canary; compare the versions' stage profiles.
 */
import { isoFromMicros, type Micros } from '../../model/units.js'
import type { Evidence } from '../../model/diagnosis.js'
import { pickHoldingValue } from '../../concentration/narrowest-scope.js'
import { ramp } from '../../stats/significance.js'
import type { ChangeEvent } from '../../model/event.js'
import type { CauseRecord } from './record.js'
import { scopedSignature } from './signature.js'
import { eventEvidence, impactEvidence, rowEvidence, scopeOf } from '../explain/evidence.js'
import { tailImpact } from '../detect/impact.js'

export const versionRegressionCause: CauseRecord = {
  cause: 'version.regression',
  label: 'New version is slower',
  measure: null,
  chain: ['new version', 'its replicas slow'],
  explains: ['node.degraded', 'replica.cold_start', 'engine.queue_saturation'],
  needs: 'the version dimension with ≥ 2 versions; deploy/canary events confirm.',
  predicts:
    'one version holds most of the slow TTFT or TPOT cohort with a high relative risk and moves the P99. Scope: the version.',
  against: 'a single version; the tail is unmoved without it.',
  actions: ['pause or roll back the canary', "compare the versions' stage profiles"],
  excess: scopedSignature((x) => (x.facts.scope?.dimension === 'version' ? 1 : 0)),
  evaluate(ctx) {
    const versions = ctx.frame.dims.version.values
    if (versions.length < 2) {
      return versions.length === 0 ? { skipped: 'no version dimension on the requests' } : null
    }
    const picks = [ctx.ttft, ctx.tpot]
      .map((cohort) => ({ cohort, pick: pickHoldingValue(cohort.rows, ['version'], 0.5) }))
      .filter((p) => p.pick !== null)
      .sort(
        (a, b) =>
          b.pick!.row.lift * b.pick!.row.slowShare - a.pick!.row.lift * a.pick!.row.slowShare
      )
    const best = picks[0]
    if (!best || !best.pick) {
      return null
    }
    const { row } = best.pick
    const events = ctx.events.filter(
      (e) =>
        (e.kind === 'deploy' || e.kind === 'canary') &&
        (e.version === row.value || e.message?.includes(row.value))
    )
    let confidence = ramp(row.risk, 2, 6) * ramp(row.slowShare, 0.5, 0.8)
    confidence = Math.min(1, confidence * (events.length > 0 ? 1.25 : 1))
    const impact = tailImpact(ctx, best.cohort, 'version', row.value)
    confidence *= ramp(impact, 1.05, 1.3)
    const evidence: Evidence[] = [
      rowEvidence(row, best.cohort.measure.toUpperCase()),
      impactEvidence(`version ${row.value}`, best.cohort.measure, impact),
      ...events.slice(0, 3).map(eventEvidence),
    ]
    // The window is where the version served: from its first request, when that is inside the
    // data (otherwise its onset is not in the data and the excess scan's window stands), to where
    // it stopped serving. A rollback shows as the version's requests stopping, and perhaps as a
    // change event naming the version that replaced it; the end of the data is not the fault's.
    const vcol = ctx.frame.dims.version
    const code = vcol.values.indexOf(row.value)
    let firstUs = Infinity
    let lastUs = -Infinity
    for (let i = 0; i < ctx.frame.n; i++) {
      if (vcol.codes[i] === code) {
        const t = ctx.frame.startUs[i] as number
        firstUs = Math.min(firstUs, t)
        lastUs = Math.max(lastUs, t)
      }
    }
    const { fromUs, toUs } = ctx.input.window
    const edge = 2 * ctx.grid.stepUs
    const window =
      Number.isFinite(firstUs) && firstUs - fromUs > edge
        ? {
            start: isoFromMicros(firstUs as Micros),
            end: isoFromMicros(servedUntil(ctx.events, row.value, lastUs, toUs, edge)),
          }
        : null
    return { confidence, scope: scopeOf('version', row.value), window, evidence }
  },
}

/**
 * Where a version stopped serving: the end of the data when it served to within `edge` of it;
 * otherwise its last request, or a later change event naming another version when one follows
 * that request within `edge` (the moment it was replaced, which no request of a quiet replica
 * marks). An event before the last request does not end it: the version was still serving.
 */
function servedUntil(
  events: readonly ChangeEvent[],
  version: string,
  lastUs: number,
  toUs: Micros,
  edge: number
): Micros {
  if (toUs - lastUs <= edge) {
    return toUs
  }
  const replaced = events
    .filter(
      (e) =>
        (e.kind === 'deploy' || e.kind === 'canary') &&
        e.version !== null &&
        e.version !== version &&
        e.timeUs > lastUs &&
        e.timeUs - lastUs <= edge
    )
    .map((e) => e.timeUs as number)
  return (replaced.length > 0 ? Math.min(...replaced) : lastUs) as Micros
}
