/**
 * `replica.cold_start` — new replicas take traffic before they are warm.
 *
 * Evidence needed: the replica dimension (the first time a replica is seen); scale/restart
 * events confirm. For: the slow cohort is concentrated in requests served in a replica's first
 * minutes (replica_age < 5 m) by replicas that appeared after the window began. Against: no
 * replica appeared inside the window; new replicas as fast as the old.
 * Scope: the new replica when one holds the slow requests; otherwise everything.
 * Actions (CONTRACT §5.1): warm pool / minimum replicas; readiness gates after warm-up; slower
 * ramp.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { ramp } from '../../stats/significance.js'
import type { CauseRecord } from './record.js'
import { eventEvidence, eventsAround, findRow, pct, round, rowEvidence, scopeOf } from '../rule.js'
import { isoFromMicros, type Micros } from '../../model/units.js'

export const replicaColdStartCause: CauseRecord = {
  cause: 'replica.cold_start',
  label: 'Cold replicas take traffic',
  measure: null,
  chain: ['young replica', 'that replica slow'],
  explains: ['node.degraded', 'routing.imbalance'],
  needs: 'the replica dimension (first time each replica is seen); scale/restart events confirm.',
  predicts:
    "the slow cohort concentrates in requests served in a replica's first 5 minutes by replicas that appeared after the window began, and they recover afterwards. Scope: the replica when exactly one is new.",
  against:
    'the new replicas stay slow after 5 minutes; they all run a version no established replica runs (version regression).',
  actions: [
    'keep a warm pool / minimum replicas',
    'gate readiness on warm-up',
    'ramp traffic to new replicas slowly',
  ],
  evaluate(ctx) {
    if (ctx.frame.dims.replica.values.length === 0) {
      return { skipped: 'no replica dimension on the requests' }
    }
    const young = ['ttft', 'tpot'].flatMap((m) => {
      const cohort = m === 'ttft' ? ctx.ttft : ctx.tpot
      const row = findRow(cohort.rows, 'replica_age', '<5m')
      return row && row.significant ? [{ row, cohort }] : []
    })
    if (young.length === 0) {
      return null
    }
    const best = young.sort((a, b) => b.row.lift - a.row.lift)[0]!
    const graceUs = 2 * ctx.grid.stepUs
    const fresh = [...ctx.replicaFirstSeenUs.entries()].filter(
      ([, t]) => t - ctx.input.window.fromUs > graceUs
    )
    let confidence = ramp(best.row.risk, 2, 6) * ramp(best.row.slowShare, 0.3, 0.7)
    const evidence: Evidence[] = [rowEvidence(best.row, best.cohort.measure.toUpperCase())]
    for (const [replica, t] of fresh.slice(0, 5)) {
      evidence.push({
        dimension: 'replica',
        observed: replica,
        baseline: null,
        text: `replica ${replica} first served at ${isoFromMicros(t as Micros)}`,
      })
    }
    // Warm-up fades: requests served after the first minutes of a new replica should be fast
    // again. Still slow later → something else (a version, a node) is wrong with it.
    const freshSet = new Set(fresh.map(([k]) => k))
    const col = ctx.frame.dims.replica
    let early = 0
    let earlySlow = 0
    let later = 0
    let laterSlow = 0
    for (let i = 0; i < ctx.frame.n; i++) {
      const c = col.codes[i] as number
      if (c < 0 || best.cohort.eligible[i] !== 1) {
        continue
      }
      const name = col.values[c] as string
      if (!freshSet.has(name)) {
        continue
      }
      const ageUs = (ctx.frame.startUs[i] as number) - (ctx.replicaFirstSeenUs.get(name) ?? 0)
      if (ageUs < 5 * 60_000_000) {
        early++
        earlySlow += best.cohort.slow[i] as number
      } else {
        later++
        laterSlow += best.cohort.slow[i] as number
      }
    }
    if (later >= 20 && early > 0 && earlySlow > 0) {
      const persist = laterSlow / later / (earlySlow / early)
      confidence *= 1 - 0.6 * ramp(persist, 0.3, 0.7)
      evidence.push({
        dimension: 'replica_age',
        observed: round(laterSlow / later),
        baseline: round(earlySlow / early),
        text: `after 5 minutes the new replicas' slow rate is ${pct(laterSlow / later)} vs ${pct(earlySlow / early)} before${persist >= 0.5 ? ': they do not warm up' : ''}`,
      })
    }
    // New replicas that all run a version no established replica runs: the version is suspect.
    const versionOf = new Map<string, string>()
    const vcol = ctx.frame.dims.version
    for (let i = 0; i < ctx.frame.n; i++) {
      const c = col.codes[i] as number
      const v = vcol.codes[i] as number
      if (c >= 0 && v >= 0) {
        versionOf.set(col.values[c] as string, vcol.values[v] as string)
      }
    }
    const freshVersions = new Set(
      fresh.map(([k]) => versionOf.get(k)).filter((v) => v !== undefined)
    )
    const oldVersions = new Set(
      [...versionOf.entries()].filter(([k]) => !freshSet.has(k)).map(([, v]) => v)
    )
    if (
      freshVersions.size === 1 &&
      oldVersions.size > 0 &&
      ![...freshVersions].some((v) => oldVersions.has(v))
    ) {
      confidence *= 0.6
      evidence.push({
        dimension: 'version',
        observed: [...freshVersions][0] ?? null,
        baseline: [...oldVersions].join(', '),
        text: `the new replicas run ${[...freshVersions][0]}, which no established replica runs`,
      })
    }
    const firstNew = Math.min(...fresh.map(([, t]) => t))
    const events = Number.isFinite(firstNew)
      ? eventsAround(ctx, ['scale', 'restart', 'deploy'], firstNew, firstNew + 5 * 60_000_000)
      : []
    confidence = Math.min(1, confidence * (events.length > 0 ? 1.2 : 0.9))
    evidence.push(...events.slice(0, 3).map(eventEvidence))
    // Name the replica when the slow young requests sit on exactly one new replica.
    const replicaRow = best.cohort.rows.find(
      (r) => r.dimension === 'replica' && r.significant && fresh.some(([k]) => k === r.value)
    )
    const single = fresh.length === 1 && replicaRow !== undefined && replicaRow.slowShare >= 0.5
    const window = Number.isFinite(firstNew)
      ? {
          start: isoFromMicros(firstNew as Micros),
          end: isoFromMicros((Math.max(...fresh.map(([, t]) => t)) + 5 * 60_000_000) as Micros),
        }
      : null
    return {
      confidence,
      scope: single ? scopeOf('replica', fresh[0]![0]) : scopeOf(null, null),
      window,
      evidence,
    }
  },
}
