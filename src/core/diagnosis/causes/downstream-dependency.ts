/**
 * `downstream.dependency` — a call the request waits for (retrieval, moderation, tool) is slow.
 *
 * Evidence needed: gateway spans with downstream CLIENT calls (stage `downstream`).
 * For: `downstream` explains most of the slow TTFT cohort's excess; it grew inside the latency
 * change window, or is far out of line with its baseline, or the slow cohort sits on one route.
 * Against: the stage is small, or as long in the baseline as in the tail (merely slow, steady).
 * Actions (CONTRACT §5.1): fix or time-box the dependency; cache; run it in parallel.
 */
import type { CauseRecord } from './record.js'
import { pct, round } from '../explain/text.js'
import { stageStat } from '../detect/shifts.js'
import { evaluateStageRule } from './stage-rule.js'

/** Share of the slow cohort's excess a stage must carry to be where the time went. */
const CARRIES = 0.4
/** Below this share the `downstream` stage carries too little to be the cause. */
const SMALL = 0.2

export const downstreamDependencyCause: CauseRecord = {
  cause: 'downstream.dependency',
  label: 'Slow downstream dependency',
  measure: 'ttft',
  chain: ['dependency', 'gateway upstream wait'],
  explains: ['gateway.queueing'],
  breachStages: ['downstream', 'gateway.upstream'],
  needs: 'gateway spans with downstream CLIENT calls (stage `downstream`).',
  predicts:
    "`downstream` explains most of the slow cohort's excess and grew in a change window, or creates the tail by itself. The dependency is named (`server.address` or span name).",
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
  evaluate(ctx) {
    const result = evaluateStageRule(ctx, {
      stages: ['downstream'],
      scopeDimensions: ['route', 'tenant', 'region', 'model'],
    })
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
