/**
 * `downstream.dependency` — a call the request waits for (retrieval, moderation, tool) is slow.
 *
 * Evidence needed: gateway spans with downstream CLIENT calls (stage `downstream`).
 * For: `downstream` explains most of the slow TTFT cohort's excess; it grew inside the latency
 * change window, or is far out of line with its baseline, or the slow cohort sits on one route.
 * Or the call's own median per step shifted up by ≥ 10 % (many noise units: it does not move
 * with load) and the rise is a few per cent of the user's typical TTFT (ADR 0189).
 * Against: the stage is small, or as long in the baseline as in the tail (merely slow, steady).
 * Actions (CONTRACT §5.1): fix or time-box the dependency; cache; run it in parallel.
 */
import type { Evidence } from '../../model/diagnosis.js'
import type { DiagnosisContext } from '../frame/context.js'
import { quietShift } from '../detect/quiet-shift.js'
import { windowOfBuckets } from '../frame/window-span.js'
import type { CauseRecord, RuleResult } from './record.js'
import { decimals, fmtUs, pct, round } from '../explain/text.js'
import { stageStat } from '../detect/shifts.js'
import { evaluateStageRule } from './stage-rule.js'

/** Share of the slow cohort's excess a stage must carry to be where the time went. */
const CARRIES = 0.4
/** Below this share the `downstream` stage carries too little to be the cause. */
const SMALL = 0.2

/** The call's own shift is evidence enough to outweigh "the engine behind the gateway". */
const OWN_HOLDS = 0.5

/**
 * The dependency's own slowdown: a level shift in the median of the `downstream` stage per step.
 * The slow-cohort view (the stage rule) cannot see it: a call that went from 18 to 27 ms is never
 * where the slowest first tokens lose their seconds, yet every request waits for it.
 */
function ownSlowdown(ctx: DiagnosisContext): RuleResult {
  // The rule and its counter both read it in one diagnosis: computed once per context. Callers
  // add evidence to what they return, so each gets its own copy of the list.
  let own = OWN_SLOWDOWN.get(ctx)
  if (own === undefined) {
    own = computeOwnSlowdown(ctx)
    OWN_SLOWDOWN.set(ctx, own)
  }
  return own === null || 'skipped' in own ? own : { ...own, evidence: [...own.evidence] }
}

const OWN_SLOWDOWN = new WeakMap<DiagnosisContext, RuleResult>()

function computeOwnSlowdown(ctx: DiagnosisContext): RuleResult {
  const shift = quietShift(ctx, ctx.frame.stages['downstream'])
  if (shift === null) {
    return null
  }
  const evidence: Evidence[] = [
    {
      stage: 'downstream',
      observed: round(shift.elevatedUs / 1000),
      baseline: round(shift.baselineUs / 1000),
      text: `the downstream call's median per step rose from ${fmtUs(shift.baselineUs)} to ${fmtUs(shift.elevatedUs)} (${decimals(shift.score, 0)} noise units), adding ${pct(shift.userShare)} to a typical ${fmtUs(shift.typicalTtftUs)} TTFT`,
    },
  ]
  return {
    confidence: shift.confidence,
    scope: { dimension: null, value: null },
    window: windowOfBuckets(ctx.grid, { from: shift.start, to: shift.end }, ctx.input.window.toUs),
    evidence,
  }
}

export const downstreamDependencyCause: CauseRecord = {
  cause: 'downstream.dependency',
  label: 'Slow downstream dependency',
  measure: 'ttft',
  chain: ['dependency', 'gateway upstream wait'],
  explains: ['gateway.queueing'],
  breachStages: ['downstream'],
  needs: 'gateway spans with downstream CLIENT calls (stage `downstream`).',
  predicts:
    "`downstream` explains most of the slow cohort's excess and grew in a change window, or creates the tail by itself; or its own median per step shifted up (≥ 10 %, ≥ 4 noise units) by a few per cent of the typical TTFT. The dependency is named (`server.address` or span name).",
  against:
    "the stage is small or as long in the baseline as in the tail; the extra time is the gateway's upstream call to the engine (`gateway.upstream`).",
  actions: [
    'fix or time-box the dependency',
    'cache its results',
    'run it in parallel with other work',
  ],
  counter(ctx) {
    // The upstream call is the engine's time seen from the gateway, not a dependency's.
    const downstream = stageStat(ctx.ttftStages, 'downstream')?.excessShare ?? 0
    const upstream = stageStat(ctx.ttftStages, 'gateway.upstream')?.excessShare ?? 0
    if (downstream >= SMALL || upstream < CARRIES) {
      return null
    }
    // The engine behind the gateway may be slow too; a call whose own time shifted up is slower
    // whatever the engine did.
    const own = ownSlowdown(ctx)
    if (own !== null && 'confidence' in own && own.confidence >= OWN_HOLDS) {
      return null
    }
    return {
      factor: 0.3,
      evidence: {
        stage: 'gateway.upstream',
        observed: round(upstream),
        baseline: round(downstream),
        text: `against: ${pct(upstream)} of the slow first tokens' extra time is the gateway's upstream call to the engine and ${pct(downstream)} a downstream call: the engine behind it, not a dependency`,
      },
    }
  },
  excess: { 'downstream-time': 1 },
  evaluate(ctx) {
    let result = evaluateStageRule(ctx, {
      stages: ['downstream'],
      scopeDimensions: ['route', 'tenant', 'region', 'model'],
    })
    if (result === null || ('confidence' in result && result.confidence < 0.3)) {
      const own = ownSlowdown(ctx)
      if (own !== null && 'confidence' in own && own.confidence > (result?.confidence ?? 0)) {
        result = own
      }
    }
    if (result !== null && 'evidence' in result) {
      // Name the dependency the slow requests waited for.
      const counts = new Map<string, number>()
      const col = ctx.frame.downstreamName
      for (let i = 0; i < ctx.frame.n; i++) {
        const c = col.codes[i] as number
        if (c >= 0 && ctx.ttft.slow[i] === 1) {
          const name = col.values[c] as string
          counts.set(name, (counts.get(name) ?? 0) + 1)
        }
      }
      const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]
      if (top) {
        result.evidence.push({
          stage: 'downstream',
          observed: top[0],
          baseline: null,
          text: `slow requests waited on ${top[0]}`,
        })
      }
    }
    return result
  },
}
