/**
 * Evaluates the alert rules over stored history, minute by minute across the data's extent, as
 * the live evaluator would have at each instant (`tokenline alerts test`).
 */
import { createSilentLogger } from '../core/logger.js'
import type { Micros } from '../core/model/units.js'
import { minuteOf } from '../core/slo/minute-stats.js'
import { MINUTE_US } from '../core/slo/types.js'
import type { SloStore } from '../storage/slo-store.js'
import type { SpanStore } from '../storage/span-store.js'
import type { SloSettings } from '../config/slo.js'
import { createAlertDiagnosis } from './diagnose-alert.js'
import { createRecoveryExplainer } from './explain-recovery.js'
import { createSloEvaluator, type AlertNotification } from './evaluator.js'

export interface RuleOutcome {
  name: string
  kind: string
  /**
   * Times it fired; null when no minute gave the rule a reading (too few requests, or no request
   * carries its measure): "never fired" would claim a check that did not happen.
   */
  fired: number | null
  /** Minute boundaries at which the rule had a reading. */
  evaluatedMinutes: number
  /** Minutes spent firing within the evaluated span. */
  firingMinutes: number
  /** Still firing at the end of the data. */
  firingAtEnd: boolean
}

export interface HistoryEvaluation {
  /** Evaluated instants (minute boundaries), first and last; null when the store is empty. */
  fromUs: Micros | null
  toUs: Micros | null
  minutes: number
  requests: number
  transitions: AlertNotification[]
  rules: RuleOutcome[]
}

/** Runs every rule at every minute boundary over the store's data extent. */
export async function evaluateHistory(
  store: SpanStore,
  settings: SloSettings,
  options: {
    diagnosis: boolean
    /** A scratch store for alert states: a replay never touches the live ones. */
    sloStore: SloStore
    onProgress?: (done: number, total: number) => void
  }
): Promise<HistoryEvaluation> {
  const extent = await store.extent()
  const stats = await store.stats()
  if (extent === null) {
    return {
      fromUs: null,
      toUs: null,
      minutes: 0,
      requests: 0,
      transitions: [],
      rules: settings.rules.map((r) => ({
        name: r.name,
        kind: r.kind,
        fired: null,
        evaluatedMinutes: 0,
        firingMinutes: 0,
        firingAtEnd: false,
      })),
    }
  }
  const instants: Micros[] = []
  for (
    let t = minuteOf(extent.startUs) + MINUTE_US;
    t <= minuteOf(extent.endUs) + MINUTE_US;
    t += MINUTE_US
  ) {
    instants.push(t as Micros)
  }
  const evaluator = await createSloEvaluator({
    store,
    sloStore: options.sloStore,
    settings,
    logger: createSilentLogger(),
    cursorName: null,
    ...(options.diagnosis
      ? {
          diagnose: createAlertDiagnosis(store, settings.notify.topFindings),
          explainRecovery: createRecoveryExplainer(store),
        }
      : {}),
  })
  const transitions: AlertNotification[] = []
  const firingMinutes = new Map<string, number>()
  const evaluatedMinutes = new Map<string, number>()
  for (let i = 0; i < instants.length; i++) {
    const t = instants[i] as Micros
    transitions.push(...(await evaluator.evaluateAt([t])))
    for (const a of evaluator.alerts()) {
      if (a.state.lastEvalUs === t && a.state.lastValue !== null) {
        evaluatedMinutes.set(a.key, (evaluatedMinutes.get(a.key) ?? 0) + 1)
      }
      if (a.state.status === 'firing') {
        firingMinutes.set(a.key, (firingMinutes.get(a.key) ?? 0) + 1)
      }
    }
    options.onProgress?.(i + 1, instants.length)
  }
  const byKey = new Map(evaluator.alerts().map((a) => [a.key, a]))
  return {
    fromUs: instants[0] ?? null,
    toUs: instants[instants.length - 1] ?? null,
    minutes: instants.length,
    requests: stats.requests,
    transitions,
    rules: settings.rules.map((r) => ({
      name: r.name,
      kind: r.kind,
      fired:
        (evaluatedMinutes.get(r.name) ?? 0) === 0
          ? null
          : transitions.filter((t) => t.record.key === r.name && t.status === 'firing').length,
      evaluatedMinutes: evaluatedMinutes.get(r.name) ?? 0,
      firingMinutes: firingMinutes.get(r.name) ?? 0,
      firingAtEnd: byKey.get(r.name)?.state.status === 'firing',
    })),
  }
}
