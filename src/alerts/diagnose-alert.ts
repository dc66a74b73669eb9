/** Runs the diagnosis on an alert's window and scope and keeps the top findings. */
import { runDiagnosis } from '../core/diagnosis/run-diagnosis.js'
import type { Finding } from '../core/model/diagnosis.js'
import { diagnosisSloTargets } from '../core/slo/diagnosis-targets.js'
import type { Micros } from '../core/model/units.js'
import type { Tier } from '../core/slo/types.js'
import type { SpanStore } from '../storage/span-store.js'
import type { DimensionFilters } from '../core/model/query.js'

export interface AlertDiagnosisInput {
  fromUs: Micros
  toUs: Micros
  filters: DimensionFilters
  tier: Tier | null
}

/** Signature of the diagnosis hook the evaluator calls when an alert fires. */
export type DiagnoseAlert = (input: AlertDiagnosisInput) => Promise<Finding[]>

/** The default hook: `runDiagnosis` over the store, top `limit` findings. */
export function createAlertDiagnosis(store: SpanStore, limit: number): DiagnoseAlert {
  return async (input) => {
    if (limit <= 0) {
      return []
    }
    const slos = input.tier === null ? null : diagnosisSloTargets([input.tier])
    const { diagnosis } = await runDiagnosis(store, {
      fromUs: input.fromUs,
      toUs: input.toUs,
      filters: input.filters,
      slos,
    })
    return diagnosis.findings.slice(0, limit)
  }
}
