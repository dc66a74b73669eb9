/**
 * `routing.imbalance` — the router sends some replicas far more load than others.
 *
 * Evidence needed: the replica dimension; waiting/running series per replica confirm.
 * For: a replica receives well over its fair share of requests per minute alive AND holds the
 * slow cohort (or queues more than the others). Against: equal load across replicas (then a slow
 * replica is degraded, not overloaded).
 * Scope: the overloaded replica when one holds the slow requests; otherwise everything.
 * Actions (CONTRACT §5.1): load- or KV-aware routing instead of round robin; check session
 * affinity.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { ramp } from '../../stats/significance.js'
import type { CauseRecord } from './record.js'
import type { DiagnosisContext } from '../frame/context.js'
import { findRow, levelsByKey } from '../detect/shifts.js'
import { round } from '../explain/text.js'
import { rowEvidence, scopeOf } from '../explain/evidence.js'

/** Requests per second alive, per replica (alive = first to last request seen). */
export function replicaLoad(ctx: DiagnosisContext): Map<string, number> {
  const col = ctx.frame.dims.replica
  const k = col.values.length
  const count = new Float64Array(k)
  const first = new Float64Array(k).fill(Infinity)
  const last = new Float64Array(k).fill(-Infinity)
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = col.codes[i] as number
    if (c >= 0) {
      const t = ctx.frame.startUs[i] as number
      count[c] = (count[c] as number) + 1
      first[c] = Math.min(first[c] as number, t)
      last[c] = Math.max(last[c] as number, t)
    }
  }
  const windowUs = ctx.input.window.toUs - ctx.input.window.fromUs
  const out = new Map<string, number>()
  for (let c = 0; c < k; c++) {
    const alive = Math.max((last[c] as number) - (first[c] as number), windowUs * 0.05, 1)
    out.set(col.values[c] as string, ((count[c] as number) / alive) * 1e6)
  }
  return out
}

export const routingImbalanceCause: CauseRecord = {
  cause: 'routing.imbalance',
  label: 'Router overloads some replicas',
  measure: null,
  chain: ['routing', "one replica's share", 'its queue'],
  explains: ['engine.queue_saturation', 'node.degraded', 'engine.kv_cache_pressure'],
  needs: 'the replica dimension; waiting requests per replica confirm.',
  predicts:
    "one replica gets ≥ 1.4–2.2× the median replica's requests per second alive, and holds the slow requests (relative risk) or queues more than the others. Scope: that replica.",
  against: 'equal load (then a slow replica is degraded, not overloaded).',
  actions: [
    'use load- or KV-aware routing instead of round robin',
    'check session affinity / sticky routing',
  ],
  evaluate(ctx) {
    const load = replicaLoad(ctx)
    if (load.size < 2) {
      return load.size === 0 ? { skipped: 'no replica dimension on the requests' } : null
    }
    const rates = [...load.values()].sort((a, b) => a - b)
    const median = rates[Math.floor((rates.length - 1) / 2)] as number
    const [hot, hotRate] = [...load.entries()].sort((a, b) => b[1] - a[1])[0]!
    const ratio = median > 0 ? hotRate / median : 1
    const skew = ramp(ratio, 1.4, 2.2)
    if (skew === 0) {
      return null
    }
    const rows = [
      findRow(ctx.ttft.rows, 'replica', hot),
      findRow(ctx.tpot.rows, 'replica', hot),
    ].filter((r) => r !== undefined && r.significant)
    const slowOnHot = rows.length > 0 ? Math.max(...rows.map((r) => ramp(r!.risk, 2, 6))) : 0
    const waiting = ctx.resources.get('waiting')
    let queueOnHot = 0
    const evidence: Evidence[] = [
      {
        dimension: 'replica',
        observed: round(hotRate),
        baseline: round(median),
        text: `replica ${hot} receives ${round(hotRate, 2)} requests/s vs a median of ${round(median, 2)} across ${load.size} replicas (${ratio.toFixed(1)}×)`,
      },
    ]
    if (waiting && waiting.keyDimension === 'replica') {
      const levels = levelsByKey(waiting, null)
      const hotWait = levels.get(hot)
      const others = [...levels.entries()]
        .filter(([k]) => k !== hot)
        .map(([, v]) => v)
        .filter(Number.isFinite)
      const otherMean = others.length ? others.reduce((s, v) => s + v, 0) / others.length : NaN
      if (hotWait !== undefined && Number.isFinite(hotWait) && Number.isFinite(otherMean)) {
        queueOnHot = ramp((hotWait + 0.1) / (otherMean + 0.1), 1.5, 4)
        evidence.push({
          dimension: 'replica',
          observed: round(hotWait),
          baseline: round(otherMean),
          text: `${waiting.metric} on ${hot} averages ${round(hotWait, 1)} vs ${round(otherMean, 1)} on the others`,
        })
      }
    }
    for (const r of rows) {
      evidence.push(rowEvidence(r!, 'slow'))
    }
    const confidence = skew * Math.max(slowOnHot, queueOnHot)
    if (confidence <= 0) {
      return null
    }
    const hotShare = rows[0]?.slowShare ?? 0
    return {
      confidence,
      scope: hotShare >= 0.4 || queueOnHot > 0.5 ? scopeOf('replica', hot) : scopeOf(null, null),
      window: null,
      evidence,
    }
  },
}
