/**
 * `engine.long_generations` — a few very long outputs in the batch slow every co-batched request
 * (TPOT tail).
 *
 * Evidence needed: TPOT per request and output token counts.
 * For: TPOT rose in a change window while very long generations (outputs far beyond the usual
 * length) were running; per step, TPOT tracks how many long generations were in flight. The slow
 * TPOT requests themselves need not be long (they are the victims). Against: no long outputs in
 * flight; TPOT tracking batch size with saturated memory bandwidth instead.
 * Actions (CONTRACT §5.1): cap `max_tokens`; split long generations to their own pool.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { ramp, spearman } from '../../stats/significance.js'
import { bucketOf } from '../../timeline/buckets.js'
import type { Rule } from '../rule.js'
import { changeBuckets, changeEvidence, changeWindow, round } from '../rule.js'
import { meanOutside, meanOver } from '../resources.js'

export const engineLongGenerationsRule: Rule = {
  cause: 'engine.long_generations',
  actions: ['cap max_tokens', 'split long generations into their own pool'],
  evaluate(ctx) {
    const out = sortedFinite(ctx.frame.outputTokens)
    if (out.length === 0 || ctx.tpot.eligibleCount === 0) {
      return { skipped: 'no output token counts or TPOT on the requests' }
    }
    const median = quantileSorted(out, 0.5)
    const longMin = Math.max(4 * median, 256)
    // Long generations in flight per step: count each long request over the steps it spans.
    const inflight = new Float64Array(ctx.grid.count)
    let longCount = 0
    for (let i = 0; i < ctx.frame.n; i++) {
      if ((ctx.frame.outputTokens[i] as number) >= longMin) {
        longCount++
        const a = bucketOf(ctx.grid, ctx.frame.startUs[i] as number)
        const e2e = ctx.frame.e2eUs[i] as number
        const b = bucketOf(ctx.grid, (ctx.frame.startUs[i] as number) + (e2e === e2e ? e2e : 0))
        for (let k = Math.max(0, a); k <= (b < 0 ? ctx.grid.count - 1 : b); k++) {
          inflight[k] = (inflight[k] as number) + 1
        }
      }
    }
    if (longCount === 0) {
      return null
    }
    const change = ctx.tpotChange
    const range = changeBuckets(change)
    const rho = spearman(Array.from(ctx.tpotChange.p99), Array.from(inflight))
    const inWin = range ? meanOver(inflight, range.from, range.to) : NaN
    const outWin = range ? meanOutside(inflight, range.from, range.to) : NaN
    const more = range ? ramp((inWin + 0.1) / (outWin + 0.1), 1.5, 4) : 0
    const confidence = Math.max(more * (rho > 0 ? 1 : 0.5), ramp(rho, 0.35, 0.75) * (range ? 1 : 0.6)) * (range ? 1 : 0.7)
    if (confidence <= 0) {
      return null
    }
    const evidence: Evidence[] = [
      {
        metric: 'long_generations_in_flight',
        observed: round(Number.isFinite(inWin) ? inWin : meanOver(inflight)),
        baseline: Number.isFinite(outWin) ? round(outWin) : null,
        text: `${longCount} requests generated ≥ ${Math.round(longMin)} tokens (median ${Math.round(median)})${range ? `; ${round(inWin, 1)} in flight per step inside the window vs ${round(outWin, 1)} outside` : ''}`,
      },
      { metric: 'corr(tpot p99, long generations in flight)', observed: round(rho), baseline: 0, text: `TPOT P99 per step tracks long generations in flight (Spearman ${rho.toFixed(2)})` },
    ]
    const ce = changeEvidence(change, 'tpot')
    if (ce) {
      evidence.push(ce)
    }
    return { confidence, scope: { dimension: null, value: null }, window: changeWindow(change), evidence }
  },
}
