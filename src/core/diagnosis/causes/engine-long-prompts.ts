/**
 * `engine.long_prompts` — an influx of long inputs makes prefill (TTFT) slow and blocks the queue.
 *
 * Evidence needed: engine spans (prefill, queue) and input token counts.
 * For: prefill (and queue) explain the slow TTFT cohort's excess, AND prompts got longer inside
 * the latency change window (an influx), or the slow cohort is concentrated in a long-prompt
 * bucket that is rare in the baseline. Against: long prompts that were always there with steady
 * latency (merely high for the prompts' length → healthy).
 * Actions (CONTRACT §5.1): cap or split input length; chunked prefill; route long prompts to a
 * separate pool.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { pickHoldingValue } from '../../concentration/narrowest-scope.js'
import { ramp } from '../../stats/significance.js'
import type { CauseRecord } from './record.js'
import { workloadKind } from './signature.js'
import {
  resourceLevel,
  shiftOf,
  stageStat,
  heavierAtSameRate,
  workDrivers,
} from '../detect/shifts.js'
import { changeBuckets } from '../frame/context.js'
import {
  changeEvidence,
  changeWindow,
  rowEvidence,
  scopeOf,
  stageEvidence,
} from '../explain/evidence.js'
import { round } from '../explain/text.js'
import type { ScopeDimension } from '../../model/diagnosis.js'

export const engineLongPromptsCause: CauseRecord = {
  cause: 'engine.long_prompts',
  label: 'Long prompts slow prefill',
  measure: 'ttft',
  chain: ['prompt tokens', 'prefill', 'engine queue'],
  explains: ['engine.queue_saturation', 'node.degraded', 'engine.memory_bandwidth'],
  breachStages: ['engine.prefill'],
  needs: 'engine spans (prefill, queue) and input token counts.',
  predicts:
    "prefill (and queue) explain the slow cohort's excess AND prompts got longer inside the change window (an influx). Scope: a tenant or route when one sends them (≥ 80 % of the slow).",
  against:
    'long prompts that were always there with steady latency (healthy); a full KV cache with preemptions.',
  actions: [
    'cap or split input length',
    'enable chunked prefill',
    'route long prompts to a separate pool',
  ],
  excess: {
    'cache-drop': 0.3,
    'prompt-tokens': 1,
    workload: (x) => ({ outputs: 0, prompts: 1, rate: 0.3, unclear: 0.4 })[workloadKind(x)],
  },
  evaluate(ctx) {
    const prefill = stageStat(ctx.ttftStages, 'engine.prefill')
    const queue = stageStat(ctx.ttftStages, 'engine.queue')
    if (ctx.frame.inputTokens.every((v) => v !== v)) {
      return { skipped: 'no input token counts on the requests' }
    }
    const change = ctx.ttftChange
    // Longer prompts queue the requests behind them too; at the same request rate that queueing
    // is theirs entirely.
    const queueWeight = heavierAtSameRate(ctx, change) ? 1 : 0.5
    const stageShare = (prefill?.excessShare ?? 0) + queueWeight * (queue?.excessShare ?? 0)
    const tokens = shiftOf(ctx, ctx.frame.inputTokens, change)
    const longRow = ctx.ttft.rows.find(
      (r) => r.dimension === 'prompt_length' && r.significant && r.value.startsWith('>=')
    )
    // An influx: prompts got longer, or longer prompts made most of the rise in work per request
    // (the queue grows with work, not with the prompt length as such).
    const drivers = change.elevated ? workDrivers(ctx, change.inWindow) : null
    const influx = change.elevated
      ? Math.max(
          ramp(tokens.ratio, 1.3, 2.5),
          ramp(drivers!.ratio, 1.1, 1.4) *
            ramp(drivers!.prompt, 0.4, 0.8) *
            // the prompts themselves must have grown: an influx of long inputs
            ramp(tokens.ratio, 1.1, 1.3)
        )
      : 0
    let confidence = ramp(stageShare, 0.3, 0.6) * influx
    // A full KV cache with preemptions is the more specific explanation of the queueing.
    const kv = resourceLevel(ctx, 'kv_usage', changeBuckets(change))
    const pre = resourceLevel(ctx, 'preemptions', changeBuckets(change))
    const kvFull = kv !== null && kv.peak >= 0.95 && (pre === null || pre.inside > 0)
    if (kvFull) {
      confidence *= 0.5
    }
    if (confidence <= 0) {
      return null
    }
    const evidence: Evidence[] = []
    if (prefill) {
      evidence.push(stageEvidence(prefill, 'TTFT'))
    }
    evidence.push({
      metric: 'input_tokens',
      observed: round(tokens.inside, 0),
      baseline: round(tokens.outside, 0),
      text: `prompts average ${Math.round(tokens.inside)} tokens inside the change window vs ${Math.round(tokens.outside)} outside (${tokens.ratio.toFixed(1)}×)`,
    })
    const ce = changeEvidence(change, 'ttft')
    if (ce) {
      evidence.push(ce)
    }
    if (longRow) {
      evidence.push(rowEvidence(longRow, 'TTFT'))
    }
    const scope = pickHoldingValue(ctx.ttft.rows, ['tenant', 'route'], 0.8)
    return {
      confidence,
      scope: scope ? scopeOf(scope.dimension as ScopeDimension, scope.value) : scopeOf(null, null),
      window: changeWindow(change),
      evidence,
    }
  },
}
