/**
 * What a resolved alert says about its recovery: the change event that coincided with it (a
 * deploy, scale-up, config change…) and the stage that recovered, from `compare` on the windows
 * before and after the recovery, normalised to the same workload (ADR 0170).
 *
 *   onset     fired          change E      clear from here on       resolved
 *     │─────────│───────────────│──────────────│────────────────────────│
 *               ├── before ─────┤── after ─────────────────────────────┤
 *                          ◄─ lag ─►  the rule's window: its value clears
 *                                     up to `lag` after the recovery
 *
 * A change counts when it falls in [clear − lag − 1 min, clear]: later, it cannot have caused a
 * value that had already cleared; earlier than the window could still remember, it did not
 * coincide. Without one, the windows split at `clear − lag`, the earliest the rule could see.
 */
import { describeEvent, compareStored } from '../core/compare/load.js'
import {
  COMPARE_MEASURES,
  type CompareMeasure,
  type CompareReport,
  type Verdict,
} from '../core/compare/compare.js'
import type { DiagnosisReader } from '../core/diagnosis/frame/read-port.js'
import type { ChangeEvent } from '../core/model/event.js'
import type { DimensionFilters } from '../core/model/query.js'
import type { StageName } from '../core/model/request.js'
import { ms } from '../core/compare/render.js'
import { isoFromMicros, type Micros } from '../core/model/units.js'
import { MINUTE_US } from '../core/slo/types.js'

/** The kinds of change that can end an incident (a node event is a symptom more often). */
const CHANGE_KINDS = new Set<ChangeEvent['kind']>([
  'deploy',
  'scale',
  'config',
  'canary',
  'restart',
])
/** Longest stretch of the incident compared as "before". */
const MAX_BEFORE_US = 15 * MINUTE_US
const MIN_BEFORE_US = 5 * MINUTE_US

export interface RecoveryInput {
  /** When the fire condition began (pending), when the clear condition began, and now. */
  activeSinceUs: Micros
  clearSinceUs: Micros
  resolvedAtUs: Micros
  /** How far back the rule's value looks (its window, or its shortest burn-rate window). */
  lagUs: number
  filters: DimensionFilters
}

/** A stage whose latency went down at the recovery, with its normalised change. */
export interface RecoveredStage {
  stage: StageName
  p50: {
    beforeMs: number | null
    afterMs: number | null
    change: number | null
    interval: [number, number] | null
  }
  p99: {
    beforeMs: number | null
    afterMs: number | null
    change: number | null
    interval: [number, number] | null
  }
}

export interface Recovery {
  /** The change that coincided with the recovery; null when the store holds none in range. */
  change: {
    kind: ChangeEvent['kind']
    time: string
    description: string
    version: string | null
    replica: string | null
  } | null
  /**
   * Other changes in the same range (the latest one is named). The events one rollout leaves per
   * replica at the same instant count as that one change.
   */
  otherChanges: number
  before: { start: string; end: string }
  after: { start: string; end: string }
  /** `compare`'s overall verdict, after against before. */
  verdict: Verdict
  /** The normalised P99 change of each measure, with its 95 % interval. */
  measures: Record<CompareMeasure, { change: number | null; interval: [number, number] | null }>
  /**
   * The stage that recovered most: the largest drop of its normalised P99 in time, among stages
   * whose P50 or P99 fell with its interval below zero; null when none did.
   */
  stage: RecoveredStage | null
  /** Every stage `compare` found improved, largest drop first. */
  improvedStages: StageName[]
}

/** The hook the evaluator calls when an alert resolves. */
export type ExplainRecovery = (input: RecoveryInput) => Promise<Recovery | null>

function dropMs(s: CompareReport['stages'][number]): number {
  const b = s.p99.beforeMs
  const a = s.p99.afterMs
  return b === null || a === null ? 0 : b - a
}

/** A normalised change whose whole interval is below zero. */
function fellClearly(c: { interval: [number, number] | null }): boolean {
  return c.interval !== null && c.interval[1] < 0
}

/** The default hook: events and `compare` over the given store. */
export function createRecoveryExplainer(store: DiagnosisReader): ExplainRecovery {
  return async (input) => {
    const fromUs = input.clearSinceUs - input.lagUs - MINUTE_US
    const events = (
      await store.queryEvents({
        fromUs: fromUs as Micros,
        toUs: (input.clearSinceUs + 1) as Micros,
      })
    )
      .filter(
        (e) => CHANGE_KINDS.has(e.kind) && e.timeUs >= fromUs && e.timeUs <= input.clearSinceUs
      )
      .sort((a, b) => a.timeUs - b.timeUs)
    const change = events[events.length - 1] ?? null
    const splitUs =
      change?.timeUs ?? Math.max(input.activeSinceUs, input.clearSinceUs - input.lagUs)
    // The incident's onset is about one window before the rule first saw it.
    const onsetUs = input.activeSinceUs - input.lagUs
    const beforeFrom = Math.max(splitUs - MAX_BEFORE_US, Math.min(onsetUs, splitUs - MIN_BEFORE_US))
    const before = { fromUs: beforeFrom, toUs: splitUs }
    const after = { fromUs: splitUs, toUs: input.resolvedAtUs }
    if (!(after.fromUs < after.toUs)) {
      return null
    }
    const report = await compareStored(store, before, after, {
      dimensions: false,
      filters: input.filters,
    })
    const improved = report.stages
      .filter((s) => s.verdict === 'improved')
      .sort((x, y) => dropMs(y) - dropMs(x))
    // The stage named is the one whose tail fell the most in time, among those that clearly
    // fell: a queue of 3 ms that fell by a tenth is no recovery beside a decode a second shorter
    // whose fall is as clear at its median, where a verdict asks for a tenth at either (ADR 0532).
    const top = report.stages
      .filter((s) => dropMs(s) > 0 && (fellClearly(s.p50) || fellClearly(s.p99)))
      .sort((x, y) => dropMs(y) - dropMs(x))[0]
    return {
      change:
        change === null
          ? null
          : {
              kind: change.kind,
              time: isoFromMicros(change.timeUs),
              description: describeEvent(change),
              version: change.version,
              replica: change.replica,
            },
      otherChanges: new Set(
        events
          .filter((e) => e.timeUs !== change?.timeUs || e.kind !== change.kind)
          .map((e) => `${e.kind}@${e.timeUs}`)
      ).size,
      before: report.before,
      after: report.after,
      verdict: report.verdict,
      measures: Object.fromEntries(
        COMPARE_MEASURES.map((m) => [
          m,
          { change: report.measures[m].p99.change, interval: report.measures[m].p99.interval },
        ])
      ) as Recovery['measures'],
      stage:
        top === undefined
          ? null
          : {
              stage: top.stage,
              p50: {
                beforeMs: top.p50.beforeMs,
                afterMs: top.p50.afterMs,
                change: top.p50.change,
                interval: top.p50.interval,
              },
              p99: {
                beforeMs: top.p99.beforeMs,
                afterMs: top.p99.afterMs,
                change: top.p99.change,
                interval: top.p99.interval,
              },
            },
      improvedStages: improved.map((s) => s.stage),
    }
  }
}

function pct(v: number): string {
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(Math.round(v * 100))} %`
}

/** One line for the notification text: the change, then the stage that recovered. */
export function recoveryLine(r: Recovery): string {
  const what =
    r.change === null
      ? 'no change event in the recovery window'
      : `coincided with ${r.change.description}${r.otherChanges > 0 ? ` (and ${r.otherChanges} other change${r.otherChanges > 1 ? 's' : ''})` : ''}`
  if (r.stage === null) {
    return `${what}; no stage recovered clearly (compare: ${r.verdict})`
  }
  const figure = (name: string, c: RecoveredStage['p99']): string => {
    const interval = c.interval === null ? '' : ` [${pct(c.interval[0])}, ${pct(c.interval[1])}]`
    const change = c.change === null ? '' : `, ${pct(c.change)}${interval}`
    return `${name} ${ms(c.beforeMs)} → ${ms(c.afterMs)}${change}`
  }
  // Named for a clear fall of its median where its tail's is not: both figures are shown.
  const p50 = fellClearly(r.stage.p99) ? '' : `${figure('P50', r.stage.p50)}, `
  return `${what}; ${r.stage.stage} recovered: ${p50}${figure('P99', r.stage.p99)}`
}
