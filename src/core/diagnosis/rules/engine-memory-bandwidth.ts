/**
 * `engine.memory_bandwidth` — decode batches saturate GPU memory bandwidth; TPOT rises with batch
 * size.
 *
 * Evidence needed: TPOT per request; running-requests series (batch size); DCGM
 * `DCGM_FI_PROF_DRAM_ACTIVE` makes it certain.
 * For: DRAM activity near its limit (a saturated resource) and TPOT per step rising with the
 * number of running requests; TPOT change window. Against: DRAM with headroom; TPOT tracking long
 * generations in flight instead.
 * Actions (CONTRACT §5.1): lower max batch size; higher-bandwidth/larger-HBM GPUs; quantized KV.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { ramp, spearman } from '../../stats/significance.js'
import type { Rule } from '../rule.js'
import { changeBuckets, changeEvidence, changeWindow, missingEvidence, pct, resourceLevel, round } from '../rule.js'

export const engineMemoryBandwidthRule: Rule = {
  cause: 'engine.memory_bandwidth',
  actions: ['lower the max batch size', 'use higher-bandwidth / larger-HBM GPUs', 'quantize the KV cache'],
  evaluate(ctx) {
    if (ctx.tpot.eligibleCount === 0) {
      return { skipped: 'no TPOT on the requests' }
    }
    const range = changeBuckets(ctx.tpotChange)
    const dram = resourceLevel(ctx, 'dram_active', range)
    const running = ctx.resources.get('running')
    if (!dram && !running) {
      return { skipped: 'no metrics for DRAM activity (DCGM_FI_PROF_DRAM_ACTIVE) or running requests' }
    }
    const rho = running ? spearman(Array.from(ctx.tpotChange.p99), Array.from(running.mean)) : 0
    const evidence: Evidence[] = []
    let confidence: number
    if (dram) {
      confidence = ramp(dram.peak, 0.75, 0.92) * Math.max(0.5, ramp(rho, 0.2, 0.6))
      evidence.push({ metric: dram.view.metric, observed: round(dram.peak), baseline: Number.isFinite(dram.outside) ? round(dram.outside) : null, text: `GPU memory bandwidth busy up to ${pct(dram.peak)}${Number.isFinite(dram.outside) ? ` (${pct(dram.outside)} outside the window)` : ''}` })
    } else {
      confidence = 0.5 * ramp(rho, 0.4, 0.8)
      evidence.push(missingEvidence('DRAM activity (DCGM_FI_PROF_DRAM_ACTIVE)'))
    }
    if (running) {
      evidence.push({ metric: `corr(tpot p99, ${running.metric})`, observed: round(rho), baseline: 0, text: `TPOT P99 per step ${rho > 0 ? 'rises' : 'does not rise'} with the running batch (Spearman ${rho.toFixed(2)})` })
    }
    // A busy memory bus with steady TPOT is a well-used GPU: it needs a TPOT change to stand on.
    confidence *= range ? 1 : ctx.sloBreached ? 0.7 : 0.3
    const ce = changeEvidence(ctx.tpotChange, 'tpot')
    if (ce) {
      evidence.push(ce)
    }
    if (confidence <= 0) {
      return null
    }
    return { confidence, scope: { dimension: null, value: null }, window: changeWindow(ctx.tpotChange), evidence }
  },
}
