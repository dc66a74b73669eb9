/**
 * `engine.prefix_cache_miss` — prefix-cache hit rate dropped; prefill recomputes shared prefixes.
 *
 * Evidence needed: prefix-cache counters (`vllm:prefix_cache_hits_total` /
 * `…queries_total`), cached prompt tokens over prompt tokens (`vllm:prompt_tokens_cached_total`,
 * `sglang:cached_tokens_total`), `sglang:cache_hit_rate`, or cached-token counts on the requests.
 * For: the hit rate fell inside the latency change window vs outside it (relative drop), and
 * prefill explains the slow cohort's excess. Against: a stable hit rate; time spent elsewhere.
 * Actions (CONTRACT §5.1): keep shared prefixes stable (no per-request data in system prompts);
 * prefix-aware routing.
 */
import type { Evidence } from '../../model/diagnosis.js'
import type { DiagnosisContext } from '../frame/context.js'
import { ramp } from '../../stats/significance.js'
import type { CauseRecord } from './record.js'
import { changeBuckets, shiftOf, stageStat, heavierAtSameRate } from '../detect/shifts.js'
import {
  changeEvidence,
  changeWindow,
  missingEvidence,
  stageEvidence,
} from '../explain/evidence.js'
import { pct, round } from '../explain/text.js'
import { meanOutside, meanOver, type ResourceView } from '../resources.js'

/** Cached prompt tokens over prompt tokens, both per-second rates of their counters. */
function cachedTokenPair(ctx: DiagnosisContext): { num: ResourceView; den: ResourceView } | null {
  const num = ctx.resources.get('prompt_cached')
  const den = ctx.resources.get('prompt_total')
  return num && den ? { num, den } : null
}

export const enginePrefixCacheMissCause: CauseRecord = {
  cause: 'engine.prefix_cache_miss',
  label: 'Prefix-cache hit rate dropped',
  measure: 'ttft',
  chain: ['prefix-cache hits', 'uncached prompt tokens', 'prefill', 'engine queue'],
  explains: ['engine.queue_saturation', 'engine.memory_bandwidth', 'node.degraded'],
  needs:
    "prefix-cache hits/queries counters or `sglang:cache_hit_rate`; else the requests' cached-token share.",
  predicts:
    "the hit rate fell ≥ 20–50 % (relative) inside the change window; prefill explains the slow cohort's excess.",
  against:
    'a stable hit rate; prompts that also got much longer (that lowers the hit rate by itself).',
  actions: [
    'keep shared prefixes stable (no per-request data in system prompts)',
    'use prefix-aware routing',
  ],
  evaluate(ctx) {
    const change = ctx.ttftChange
    const range = changeBuckets(change)
    const hits = ctx.resources.get('prefix_hits')
    const queries = ctx.resources.get('prefix_queries')
    const rateView = ctx.resources.get('prefix_hit_rate')
    // Counters give the rate over each bucket; SGLang's hit-rate gauge is a snapshot, so last.
    const cachedPair = hits && queries ? null : cachedTokenPair(ctx)
    const num = hits && queries ? hits : cachedPair?.num
    const den = hits && queries ? queries : cachedPair?.den
    let inside = NaN
    let outside = NaN
    let metric = ''
    if (num && den) {
      const ratio = new Float64Array(ctx.grid.count).fill(NaN)
      for (let b = 0; b < ctx.grid.count; b++) {
        const h = num.mean[b] as number
        const qv = den.mean[b] as number
        if (qv > 0) {
          ratio[b] = h / qv
        }
      }
      metric = `${num.metric} / ${den.metric}`
      inside = range ? meanOver(ratio, range.from, range.to) : meanOver(ratio)
      outside = range ? meanOutside(ratio, range.from, range.to) : NaN
    } else if (rateView) {
      metric = rateView.metric
      inside = range ? meanOver(rateView.mean, range.from, range.to) : meanOver(rateView.mean)
      outside = range ? meanOutside(rateView.mean, range.from, range.to) : NaN
    }
    const evidence: Evidence[] = []
    let drop = 0
    if (metric !== '' && Number.isFinite(inside) && Number.isFinite(outside) && outside > 0) {
      drop = ramp(1 - inside / outside, 0.2, 0.5)
      evidence.push({
        metric,
        observed: round(inside),
        baseline: round(outside),
        text: `prefix-cache hit rate ${pct(inside)} inside the change window vs ${pct(outside)} outside`,
      })
    } else {
      // Fall back on the requests' cached-token share (SGLang reports cached tokens per request).
      const share = new Float64Array(ctx.frame.n).fill(NaN)
      for (let i = 0; i < ctx.frame.n; i++) {
        const c = ctx.frame.cachedTokens[i] as number
        const t = ctx.frame.inputTokens[i] as number
        if (c === c && t > 0) {
          share[i] = c / t
        }
      }
      const s = shiftOf(ctx, share, change)
      if (range && s.outside > 0) {
        drop = ramp(1 - s.inside / s.outside, 0.2, 0.5)
        evidence.push({
          metric: 'cached_tokens / input_tokens',
          observed: round(s.inside),
          baseline: round(s.outside),
          text: `cached share of prompt tokens ${pct(s.inside)} inside the change window vs ${pct(s.outside)} outside`,
        })
      } else if (metric === '') {
        return {
          skipped:
            'no metrics for prefix-cache hits (vllm:prefix_cache_hits_total) and no cached-token counts',
        }
      }
    }
    if (drop === 0) {
      return null
    }
    const prefill = stageStat(ctx.ttftStages, 'engine.prefill')
    // The recomputed prefixes cost prefill time, and at the same request rate the extra work
    // queues the requests behind them: the queue's growth counts for the miss too.
    const queue = stageStat(ctx.ttftStages, 'engine.queue')
    const queuePart = heavierAtSameRate(ctx, change) ? (queue?.excessShare ?? 0) : 0
    let confidence =
      drop * (prefill ? Math.max(0.4, ramp(prefill.excessShare + queuePart, 0.2, 0.5)) : 0.5)
    // Longer, new prompts lower the hit rate by themselves; a prefix miss is a drop at equal length.
    const tokens = shiftOf(ctx, ctx.frame.inputTokens, change)
    if (tokens.ratio >= 1.5) {
      confidence *= 0.5
      evidence.push({
        metric: 'input_tokens',
        observed: round(tokens.inside, 0),
        baseline: round(tokens.outside, 0),
        text: `prompts also got ${tokens.ratio.toFixed(1)}× longer, which lowers the hit rate by itself`,
      })
    }
    if (prefill) {
      evidence.push(stageEvidence(prefill, 'TTFT'))
    }
    const ce = changeEvidence(change, 'ttft')
    if (ce) {
      evidence.push(ce)
    }
    if (!num && !rateView) {
      evidence.push(missingEvidence('prefix-cache hits (vllm:prefix_cache_hits_total)'))
    }
    return {
      confidence,
      scope: { dimension: null, value: null },
      window: changeWindow(change),
      evidence,
    }
  },
}
