/**
 * The SLO evaluator: keeps per-tier minute counts for the longest alert window (re-reading the
 * last minutes from the store each tick, so late-assembled requests still count), evaluates every
 * rule once per closed minute, advances the alert states, persists them and hands transitions to
 * the notifier. The same code runs live (server loop) and over history (`tokenline alerts test`).
 */
import type { Logger } from '../core/logger.js'
import type { Finding } from '../core/model/diagnosis.js'
import type { Micros } from '../core/model/units.js'
import { initialAlertState, observe, stepAlert } from '../core/slo/alert-state.js'
import { createMinuteIndex, type MinuteIndex } from '../core/slo/minute-index.js'
import { createMinuteAggregator, minuteOf } from '../core/slo/minute-stats.js'
import { findObjective, readTierRule, type RuleReading } from '../core/slo/read-rule.js'
import { matchAsFilters } from '../core/slo/tier-match.js'
import { MINUTE_US, type AlertRule, type Tier } from '../core/slo/types.js'
import type { AlertHistoryEntry, AlertRecord, SloStore } from '../storage/slo-store.js'
import type { SpanStore } from '../storage/span-store.js'
import type { SloSettings } from '../config/slo.js'
import type { DiagnoseAlert } from './diagnose-alert.js'
import type { ExplainRecovery, Recovery } from './explain-recovery.js'
import { errorMessage } from '../core/errors.js'

/** A state change handed to the notifier. */
export interface AlertNotification {
  status: 'firing' | 'resolved'
  timeUs: Micros
  record: AlertRecord
  /** On a resolved alert: the change that coincided with the recovery and the stage that recovered. */
  recovery?: Recovery | null
}

export interface SloEvaluatorOptions {
  store: SpanStore
  sloStore: SloStore
  settings: SloSettings
  logger: Logger
  /** Called for every transition, after the state is stored. Must not throw. */
  onTransition?: (n: AlertNotification) => void
  /** Diagnosis hook for firing alerts (none: no findings attached). */
  diagnose?: DiagnoseAlert
  /** Recovery hook for resolved alerts (none: the notification names no change or stage). */
  explainRecovery?: ExplainRecovery
  /** Name of the cursor in the SLO store (the CLI's time travel uses none). */
  cursorName?: string | null
}

export interface SloEvaluator {
  /** Evaluates every minute boundary up to `nowUs − settle`; returns the transitions. */
  evaluateUntil(nowUs: Micros): Promise<AlertNotification[]>
  /** Evaluates exactly at the given minute boundaries (time travel), without settle delay. */
  evaluateAt(instantsUs: readonly Micros[]): Promise<AlertNotification[]>
  /** Current alert records (one per rule). */
  alerts(): AlertRecord[]
}

const DIAGNOSIS_MIN_US = 15 * MINUTE_US

function lookbackUs(rules: readonly AlertRule[]): number {
  let max = 5 * MINUTE_US
  for (const r of rules) {
    if (r.kind === 'burn_rate') {
      for (const w of r.windows) {
        max = Math.max(max, w.longUs)
      }
    } else if (r.kind === 'objective') {
      max = Math.max(max, r.windowUs)
    }
  }
  return max
}

function recordFor(rule: AlertRule, previous: AlertRecord | undefined): AlertRecord {
  return (
    previous ?? {
      key: rule.name,
      kind: rule.kind,
      tier: rule.kind === 'percentile' ? null : rule.tier,
      objective: rule.kind === 'percentile' ? null : rule.objective,
      severity: rule.severity,
      state: initialAlertState(),
      labels: { ...rule.labels },
      annotations: { ...rule.annotations },
      detail: {},
      findings: [],
      diagnosisWindow: null,
    }
  )
}

/** Creates an evaluator; call `evaluateUntil` from a loop or `evaluateAt` over history. */
export async function createSloEvaluator(options: SloEvaluatorOptions): Promise<SloEvaluator> {
  const { store, sloStore, settings, logger } = options
  const cursorName = options.cursorName === undefined ? 'alerts' : options.cursorName
  const index: MinuteIndex = createMinuteIndex()
  const lookback = lookbackUs(settings.rules)
  const tierByName = new Map(settings.tiers.map((t) => [t.name, t]))
  const records = new Map<string, AlertRecord>()
  for (const r of await sloStore.loadAlerts()) {
    records.set(r.key, r)
  }
  let loadedFrom: number | null = null
  let loadedTo: number | null = null

  async function loadRange(fromUs: number, toUs: number): Promise<void> {
    if (toUs <= fromUs || settings.tiers.length === 0) {
      return
    }
    const agg = createMinuteAggregator(settings.tiers)
    for await (const batch of store.scanRequests({
      fromUs: fromUs as Micros,
      toUs: toUs as Micros,
    })) {
      for (const r of batch) {
        agg.add(r)
      }
    }
    index.replaceRange(fromUs as Micros, toUs as Micros, agg.finish())
  }

  /** Makes the index hold `[endUs − lookback, endUs)`, re-reading the last `rescan` minutes. */
  async function refresh(endUs: number, rescan: boolean): Promise<void> {
    const needFrom = endUs - lookback
    if (loadedFrom === null || loadedTo === null || needFrom >= loadedTo || endUs < loadedFrom) {
      await loadRange(needFrom, endUs)
    } else {
      if (needFrom < loadedFrom) {
        await loadRange(needFrom, loadedFrom)
      }
      const rescanFrom = rescan
        ? Math.max(
            needFrom,
            Math.min(loadedTo, endUs - settings.evaluation.rescanMinutes * MINUTE_US)
          )
        : loadedTo
      if (endUs > rescanFrom) {
        await loadRange(rescanFrom, endUs)
      }
    }
    loadedFrom = needFrom
    loadedTo = endUs
    index.prune(needFrom as Micros)
  }

  async function readRule(rule: AlertRule, tUs: Micros): Promise<RuleReading | null> {
    if (rule.kind === 'percentile') {
      const [row] = await store.percentiles({
        fromUs: (tUs - rule.windowUs) as Micros,
        toUs: tUs,
        measures: [rule.measure],
        quantiles: [rule.quantile],
        filters: matchAsFilters(rule.filters),
      })
      const count = row?.count ?? 0
      const valueUs = count >= rule.minRequests ? (row?.values[0] ?? null) : null
      return {
        observation: observe(valueUs, rule.thresholdUs, rule.hysteresis),
        requests: count,
        detail: {
          value_ms: valueUs === null ? null : valueUs / 1000,
          threshold_ms: rule.thresholdUs / 1000,
        },
      }
    }
    const tier = tierByName.get(rule.tier)
    const objective = tier ? findObjective(tier, rule.objective) : null
    if (!tier || !objective) {
      return null
    }
    return readTierRule(rule, tier, objective, index, tUs)
  }

  function lagOf(rule: AlertRule): number {
    return rule.kind === 'burn_rate'
      ? Math.min(...rule.windows.map((w) => w.shortUs))
      : rule.windowUs
  }

  function filtersOf(rule: AlertRule): ReturnType<typeof matchAsFilters> {
    return rule.kind === 'percentile'
      ? matchAsFilters(rule.filters)
      : matchAsFilters(tierByName.get(rule.tier)?.match ?? {})
  }

  async function recoveryOf(
    rule: AlertRule,
    prev: AlertRecord,
    tUs: Micros
  ): Promise<Recovery | null> {
    if (!options.explainRecovery) {
      return null
    }
    const clearSinceUs = prev.state.clearSinceUs ?? tUs
    try {
      return await options.explainRecovery({
        activeSinceUs: prev.state.activeSinceUs ?? prev.state.firingSinceUs ?? clearSinceUs,
        clearSinceUs,
        resolvedAtUs: tUs,
        lagUs: lagOf(rule),
        filters: filtersOf(rule),
      })
    } catch (err) {
      logger.warn('alert recovery comparison failed; notifying without it', {
        rule: rule.name,
        error: errorMessage(err),
      })
      return null
    }
  }

  function diagnosisScope(
    rule: AlertRule,
    tUs: Micros
  ): { tier: Tier | null; fromUs: Micros; toUs: Micros } {
    const span = lagOf(rule)
    const width = Math.max(DIAGNOSIS_MIN_US, span + rule.forUs)
    return {
      tier: rule.kind === 'percentile' ? null : (tierByName.get(rule.tier) ?? null),
      fromUs: (tUs - width) as Micros,
      toUs: tUs,
    }
  }

  async function evaluateInstant(tUs: Micros): Promise<AlertNotification[]> {
    const out: AlertNotification[] = []
    const changed: AlertRecord[] = []
    const history: AlertHistoryEntry[] = []
    for (const rule of settings.rules) {
      const reading = await readRule(rule, tUs)
      if (reading === null) {
        continue
      }
      const prev = recordFor(rule, records.get(rule.name))
      const { state, transition } = stepAlert(prev.state, reading.observation, tUs, rule)
      const next: AlertRecord = { ...prev, state, detail: reading.detail, severity: rule.severity }
      if (transition === 'firing') {
        let findings: Finding[] = []
        const scope = diagnosisScope(rule, tUs)
        if (options.diagnose) {
          try {
            findings = await options.diagnose({
              fromUs: scope.fromUs,
              toUs: scope.toUs,
              filters: filtersOf(rule),
              tier: scope.tier,
            })
          } catch (err) {
            logger.warn('alert diagnosis failed; notifying without findings', {
              rule: rule.name,
              error: errorMessage(err),
            })
          }
        }
        next.findings = findings
        next.diagnosisWindow = { fromUs: scope.fromUs, toUs: scope.toUs }
      }
      records.set(rule.name, next)
      changed.push(next)
      if (transition !== null) {
        history.push({
          timeUs: tUs,
          key: rule.name,
          transition,
          value: reading.observation.value,
          detail: reading.detail,
          findings: next.findings,
        })
        out.push({
          status: transition,
          timeUs: tUs,
          record: next,
          ...(transition === 'resolved' ? { recovery: await recoveryOf(rule, prev, tUs) } : {}),
        })
      }
    }
    await sloStore.saveAlerts(changed)
    await sloStore.appendAlertHistory(history)
    for (const n of out) {
      try {
        options.onTransition?.(n)
      } catch (err) {
        logger.error('alert notification hook failed', {
          error: errorMessage(err),
        })
      }
    }
    return out
  }

  return {
    async evaluateUntil(nowUs) {
      if (settings.rules.length === 0) {
        return []
      }
      const endUs = minuteOf(nowUs - settings.evaluation.settleUs)
      const stored = cursorName === null ? null : await sloStore.getCursor(cursorName)
      // After a long stop, evaluating every missed minute would page about the past: resume at now.
      let t = stored === null || stored < endUs - lookback ? endUs : stored + MINUTE_US
      if (t > endUs) {
        return []
      }
      await refresh(endUs, true)
      const out: AlertNotification[] = []
      for (; t <= endUs; t += MINUTE_US) {
        out.push(...(await evaluateInstant(t as Micros)))
      }
      if (cursorName !== null) {
        await sloStore.setCursor(cursorName, endUs)
      }
      return out
    },
    async evaluateAt(instantsUs) {
      const out: AlertNotification[] = []
      for (const t of instantsUs) {
        await refresh(t, false)
        out.push(...(await evaluateInstant(t)))
      }
      return out
    },
    alerts() {
      return [...records.values()]
    },
  }
}
