/**
 * One cause, everything about it in one record: what it is called, the measure it slows down,
 * where it sits in the causal graph (the chain of mechanisms it drives and the mechanism causes
 * whose symptoms it explains), the evidence it predicts and the evidence against it, the actions,
 * and the rule that scores it on a window. The rule list, the finding measure, the dashboard's
 * labels and docs/causes.md are all derived from these records.
 */
import type { Cause, Evidence, Finding } from '../../model/diagnosis.js'
import type { DiagnosisContext } from '../frame/context.js'
import type { DurationMeasure, StageName } from '../../model/request.js'
import type { UncoveredFact } from '../detect/uncovered.js'
import type { ExcessSignature, ExcessView } from './signature.js'

export type RuleResult =
  | (Omit<Finding, 'cause' | 'actions'> & {
      /**
       * The window is the span of the cause's own series (the share of long outputs, a
       * replica's share of the requests), not a latency change: the consensus of latency signals
       * (detect/windows.ts) leaves it. A latency span that happens to coincide with it is no
       * reason to re-vote it with spans that carry the backlog the cause left (ADR 0275).
       */
      ownWindow?: boolean
      /**
       * The cause's own series changed inside its window beyond chance (a replica's share of the
       * requests rose): the finding is a change by what it stands on, so a standing condition on
       * its own scope, read on a latency the cause moves only through its queue, cannot carry it
       * (ADR 0384).
       */
      ownChange?: boolean
    })
  | { skipped: string }
  | null

/**
 * The rule port: a rule looks at the shared context and returns a finding with a confidence 0..1
 * (null when its evidence is simply absent), or `{ skipped }` when the data it needs is missing:
 * then the engine reports the gap instead of guessing.
 */
export interface Rule {
  cause: Cause
  actions: readonly string[]
  evaluate(ctx: DiagnosisContext): RuleResult
}

export interface CauseRecord extends Rule {
  cause: Exclude<Cause, 'healthy'>
  /** Short human title (dashboard, reports). */
  label: string
  /** The measure its mechanism slows down; null when that depends on the data (a slow replica). */
  measure: DurationMeasure | null
  /**
   * The chain of mechanisms from this cause to the latency, root first ("tenant traffic",
   * "engine queue"): printed as the finding's chain.
   */
  chain: readonly string[]
  /**
   * Mechanism causes whose symptom this cause drives. When this cause's own evidence holds over
   * the same time, it explains them away: they rank below it (ADR 0110).
   */
  explains: readonly Exclude<Cause, 'healthy'>[]
  /**
   * Mechanism causes this cause explains only when the data of the two findings says which
   * drove the other (more requests fill the batch that slows the tokens; slower tokens drain the
   * queue more slowly): the edge holds when the test returns a line saying why, and is never
   * followed through to the mechanism's own mechanisms (ADR 0242).
   */
  explainsWhen?: Partial<
    Record<
      Exclude<Cause, 'healthy'>,
      (ctx: DiagnosisContext, root: Finding, mechanism: Finding) => Evidence | null
    >
  >
  /**
   * What a mechanism this cause drives (`explains`) keeps of its own confidence when this cause
   * explains only part of it, with the line saying so (a node whose slow requests are mostly a
   * young replica's first minutes, ADR 0373): null explains all of it, a factor of 1 none (the
   * mechanism stands). `measure`: the mechanism's (finding-measure.ts).
   */
  explainsPart?: Partial<
    Record<
      Exclude<Cause, 'healthy'>,
      (
        ctx: DiagnosisContext,
        root: Finding,
        mechanism: Finding,
        measure: DurationMeasure
      ) => Counter | null
    >
  >
  /**
   * Stages whose time this cause most often means when the latency objective is breached and
   * nothing changed in the window ("uniformly slow since the window began"): that answer names
   * the cause whose stage holds most of the slowest requests' time. A stage belongs to one cause.
   */
  breachStages?: readonly StageName[]
  /** The telemetry it needs. */
  needs: string
  /** The evidence it predicts. */
  predicts: string
  /** The evidence that argues against it. */
  against: string
  /**
   * Counter-evidence checked on the final finding, whichever detector proposed it: a factor for
   * its confidence (1 keeps it, 0 rules it out) and the line that says why. Null: nothing to say.
   * `measure`: the one the finding is about (finding-measure.ts).
   */
  counter?(ctx: DiagnosisContext, finding: Finding, measure: DurationMeasure): Counter | null
  /**
   * The finding's window with the end its own mechanism gives, read after the latency consensus
   * (detect/windows.ts): latency that stays up after the mechanism is back is another level, not
   * this cause still acting. Absent: the latency's end stands.
   */
  windowEnd?(ctx: DiagnosisContext, finding: Finding): Finding['window']
  /**
   * Its excess signature: what share of each excess carrier its mechanism explains (the excess
   * side of `predicts`, in numbers; signature.ts). Absent: it explains no excess fact.
   */
  excess?: ExcessSignature
  /**
   * What share of a large amount of time no span covers it explains, by where that time sits.
   * Weights are lower than for a change: the time may be fixed overhead.
   */
  uncovered?: Partial<Record<UncoveredFact['where'], number>>
  /**
   * The scope and extra evidence it gives an excess it explains, when they differ from the
   * fact's own; null keeps the fact's.
   */
  excessScope?(x: ExcessView): { scope: Finding['scope']; evidence: Evidence[] } | null
  /**
   * Whether it also reads the excess of the time per output token at the gateway, scanned as the
   * TPOT where no request carries an engine TPOT (gateway spans alone; ADR 0344). Only a record
   * whose counters read that time too may: the others would see a TPOT no test of theirs checks.
   */
  readsGatewayTpot?: boolean
}

export interface Counter {
  factor: number
  evidence: Evidence
}
