/**
 * One engine: every cause record is scored once, against the same facts. Its rule says how well
 * the evidence its mechanism predicts matches the window (concentration, stages, resources,
 * events); its excess signature says how much of the observed excess its mechanism explains.
 * The two are independent lines of evidence for the same cause: the stronger one sets the
 * confidence and the weaker adds {@link AGREEMENT_BONUS} of itself.
 *
 * ```
 * facts ──► record.evaluate(ctx)          ─┐
 *       └─► excessWeight(record.excess, fact) × strength ─┴─► one finding per cause
 * ```
 */
import type { Finding } from '../../model/diagnosis.js'
import type { ExcessFact } from '../detect/excess-facts.js'
import type { DiagnosisContext } from '../frame/context.js'
import { roundScore } from '../explain/text.js'
import { AGREEMENT_BONUS, MAX_AGREED, STANDING_FACTOR } from '../thresholds.js'
import { opensWithData } from '../detect/open-end.js'
import type { UncoveredFact } from '../detect/uncovered.js'
import { excessWeight } from './signature.js'
import type { CauseRecord } from './record.js'

/** Excess evidence lines a finding takes over from the fact it explains. */
const EXCESS_LINES = 3

type Partial = Omit<Finding, 'actions'>

/** The strongest excess fact a cause explains, as a partial finding; null when it explains none. */
function bestExcess(
  record: CauseRecord,
  facts: readonly ExcessFact[],
  uncovered: UncoveredFact
): Partial | null {
  const cause = record.cause
  let best: Partial | null = null
  const w = record.uncovered?.[uncovered.where] ?? 0
  if (uncovered.strength * w > 0) {
    best = {
      cause,
      confidence: uncovered.strength * w,
      scope: { dimension: null, value: null },
      window: null,
      evidence: uncovered.evidence,
    }
  }
  facts.forEach((x, k) => {
    const w = excessWeight(record.excess, x)
    // A second-stage reading adds a cause only when the first reading did not already name it.
    if (x.secondary && k > 0 && excessWeight(record.excess, facts[k - 1] as ExcessFact) > 0) {
      return
    }
    const confidence = x.strength * w * x.scale
    if (!(confidence > 0) || (best !== null && confidence <= best.confidence)) {
      return
    }
    const own = record.excessScope?.(x) ?? null
    best = {
      cause,
      confidence,
      scope: own?.scope ?? x.scope,
      window: x.window,
      evidence: [...x.evidence, ...(own?.evidence ?? [])],
      shift: x.shift,
    }
  })
  return best
}

/**
 * A scored cause; `ownWindow`: its window is its rule's, from the cause's own series;
 * `ownChange`: that series changed inside it beyond chance (ADR 0384).
 */
export interface Scored {
  finding: Finding
  ownWindow: boolean
  ownChange: boolean
}

/** Scores one record; `skipped` collects what its rule could not check. */
export function scoreCause(
  ctx: DiagnosisContext,
  record: CauseRecord,
  facts: readonly ExcessFact[],
  uncovered: UncoveredFact,
  skipped: string[]
): Scored | null {
  const result = record.evaluate(ctx)
  let rule: Partial | null = null
  let ownWindow = false
  let ownChange = false
  if (result !== null && 'skipped' in result) {
    skipped.push(`${record.cause}: ${result.skipped}`)
  } else if (result !== null) {
    const { ownWindow: own, ownChange: changed, ...found } = result
    const c = Number.isFinite(found.confidence) ? found.confidence : 0
    rule = { cause: record.cause, ...found, confidence: roundScore(Math.min(1, Math.max(0, c))) }
    ownWindow = own === true && found.window !== null
    ownChange = changed === true && found.window !== null
  }
  const excess = bestExcess(record, facts, uncovered)
  const actions = [...record.actions]
  if (rule === null) {
    return excess === null
      ? null
      : { finding: { ...excess, actions }, ownWindow: false, ownChange: false }
  }
  const f: Finding = { ...rule, evidence: [...rule.evidence], actions }
  if (excess === null) {
    return { finding: f, ownWindow, ownChange }
  }
  // An excess whose window opens with the data shows where a level ended, not where one began
  // (ADR 0199). On its own window the finding is set aside for that as a whole; under the rule's
  // window, which the data does hold a start of, it would lend that window a strength read against
  // only the data's last steps: the same discount, taken here because the window it applies to is
  // about to be dropped (ADR 0336). With an objective breached, the level itself is the finding,
  // as the set-aside leaves it.
  const endedOnly =
    !ctx.sloBreached &&
    rule.window !== null &&
    opensWithData(ctx, rule.window) === null &&
    opensWithData(ctx, excess.window) !== null
  const support = endedOnly ? excess.confidence * STANDING_FACTOR : excess.confidence
  const hi = Math.max(rule.confidence, support)
  const lo = Math.min(rule.confidence, support)
  f.confidence = Math.min(MAX_AGREED, hi + AGREEMENT_BONUS * lo)
  if (f.scope.dimension === null && excess.scope.dimension !== null && support >= f.confidence) {
    f.scope = excess.scope
  }
  const seen = new Set(f.evidence.map((e) => e.text))
  f.evidence.push(...excess.evidence.filter((e) => !seen.has(e.text)).slice(0, EXCESS_LINES))
  if (endedOnly && excess.window !== null) {
    f.evidence.push({
      metric: 'window',
      observed: excess.window.start,
      baseline: null,
      text: `against: that excess starts with the data's first step (${excess.window.start}) and ends at ${excess.window.end}; measured only against the steps after it, it shows a level that ended, not one that began`,
    })
  }
  f.shift = excess.shift
  if (f.window === null) {
    f.window = excess.window
  }
  return { finding: f, ownWindow, ownChange }
}
