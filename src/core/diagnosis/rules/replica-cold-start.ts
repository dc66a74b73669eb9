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
import type { Rule } from '../rule.js'
import { eventEvidence, eventsAround, findRow, rowEvidence, scopeOf } from '../rule.js'
import { isoFromMicros, type Micros } from '../../model/units.js'

export const replicaColdStartRule: Rule = {
  cause: 'replica.cold_start',
  actions: ['keep a warm pool / minimum replicas', 'gate readiness on warm-up', 'ramp traffic to new replicas slowly'],
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
    const fresh = [...ctx.replicaFirstSeenUs.entries()].filter(([, t]) => t - ctx.input.window.fromUs > graceUs)
    let confidence = ramp(best.row.risk, 2, 6) * ramp(best.row.slowShare, 0.3, 0.7)
    const evidence: Evidence[] = [rowEvidence(best.row, best.cohort.measure.toUpperCase())]
    for (const [replica, t] of fresh.slice(0, 5)) {
      evidence.push({ dimension: 'replica', observed: replica, baseline: null, text: `replica ${replica} first served at ${isoFromMicros(t as Micros)}` })
    }
    const firstNew = Math.min(...fresh.map(([, t]) => t))
    const events = Number.isFinite(firstNew) ? eventsAround(ctx, ['scale', 'restart', 'deploy'], firstNew, firstNew + 5 * 60_000_000) : []
    confidence = Math.min(1, confidence * (events.length > 0 ? 1.2 : 0.9))
    evidence.push(...events.slice(0, 3).map(eventEvidence))
    // Name the replica when the slow young requests sit on exactly one new replica.
    const replicaRow = best.cohort.rows.find((r) => r.dimension === 'replica' && r.significant && fresh.some(([k]) => k === r.value))
    const single = fresh.length === 1 && replicaRow !== undefined && replicaRow.slowShare >= 0.5
    const window = Number.isFinite(firstNew)
      ? { start: isoFromMicros(firstNew as Micros), end: isoFromMicros((Math.max(...fresh.map(([, t]) => t)) + 5 * 60_000_000) as Micros) }
      : null
    return { confidence, scope: single ? scopeOf('replica', fresh[0]![0]) : scopeOf(null, null), window, evidence }
  },
}
