/**
 * `engine.long_generations` through the queue weighs each token by the engine time it costs
 * (ADR 0323): an output token holds a slot for a decode step, a prompt token for a sliver of one
 * prefill pass. For (outputs longer on a long-prompts workload, where the unweighted token sum
 * barely moved), against (longer prompts, which are `engine.long_prompts`'; more requests, which
 * is `engine.queue_saturation`), explained away (a slower decode is no heavier work: the weights
 * are measured outside the window and applied alike on both sides).
 */
import { describe, expect, it } from 'vitest'
import type { CauseRecord } from './record.js'
import { buildContext, type DiagnosisContext } from '../frame/context.js'
import { costDrivers, workDrivers } from '../detect/shifts.js'
import { generateRun, inputOfRun, type FaultSpec } from '../testing/fault-gen.js'
import { gridCaseInput, gridCases } from '../testing/grid.js'
import { engineLongGenerationsCause } from './engine-long-generations.js'
import { engineLongPromptsCause } from './engine-long-prompts.js'
import { engineQueueSaturationCause } from './engine-queue-saturation.js'

// Each case generates thousands of requests: seconds on a busy machine.
const SLOW = 180_000

function confidence(record: CauseRecord, ctx: DiagnosisContext): number {
  const r = record.evaluate(ctx)
  return r === null || 'skipped' in r ? 0 : r.confidence
}

function run(workload: 'chat' | 'long-prompts', fault: FaultSpec): DiagnosisContext {
  const g = generateRun({ seed: 3, minutes: 30, perMinute: 120, workload, faults: [fault] })
  return buildContext(inputOfRun(g))
}

/** Engine `stage` time per token of `den` on the requests `inside` (or outside) `inWindow`. */
function perToken(
  ctx: DiagnosisContext,
  stage: Float64Array,
  den: Float64Array,
  inWindow: Uint8Array,
  inside: boolean
): number {
  let a = 0
  let b = 0
  for (let i = 0; i < ctx.frame.n; i++) {
    const s = stage[i] as number
    const t = den[i] as number
    if ((inWindow[i] === 1) === inside && s === s && t === t) {
      a += s
      b += t
    }
  }
  return a / b
}

describe('engine.long_generations: the queue path weighs tokens by the engine time they cost', () => {
  it(
    'for: outputs 2.6× longer on prompts of 1 400 tokens fill the queue and are named',
    () => {
      // Grid seed 193's run 35: the last minute's outputs 2.6× longer moved prompt + output
      // tokens 1.10× (the band's foot) and the record stayed at 0.01, on its share path alone.
      const c = gridCases(193, 120, 30, 240).find((x) => x.id === '193-35')!
      const ctx = buildContext(gridCaseInput(c).input)
      expect(workDrivers(ctx, ctx.ttftChange.inWindow).ratio).toBeLessThan(1.11)
      const cost = costDrivers(ctx, ctx.ttftChange.inWindow)!
      expect(cost.ratio).toBeGreaterThan(1.4)
      expect(cost.output).toBeGreaterThan(0.8)
      const r = engineLongGenerationsCause.evaluate(ctx)
      expect(r !== null && 'confidence' in r ? r.confidence : 0).toBeGreaterThan(0.5)
      expect(r !== null && 'evidence' in r ? r.evidence.map((e) => e.text).join(' ') : '').toMatch(
        /engine time per request \d\.\d\d× in the change window \(prompt tokens at \d+ µs and output tokens at \d+\.\d ms each/
      )
    },
    SLOW
  )

  it(
    'for: outputs 2× longer over the last 3 minutes of a long-prompts workload',
    () => {
      // The unweighted sum rose 1.21× (0.16 on the old measure); the engine time 1.56×.
      const ctx = run('long-prompts', {
        cause: 'engine.long_generations',
        magnitude: 2,
        windowShare: 0.1,
      })
      expect(confidence(engineLongGenerationsCause, ctx)).toBeGreaterThan(0.5)
    },
    SLOW
  )

  it(
    'against: prompts 2× longer weigh little on the decode and are the long prompts record’s',
    () => {
      const ctx = run('long-prompts', {
        cause: 'engine.long_prompts',
        magnitude: 2,
        windowShare: 0.4,
      })
      expect(workDrivers(ctx, ctx.ttftChange.inWindow).ratio).toBeGreaterThan(1.5)
      expect(costDrivers(ctx, ctx.ttftChange.inWindow)!.ratio).toBeLessThan(1.1)
      expect(confidence(engineLongGenerationsCause, ctx)).toBe(0)
      expect(confidence(engineLongPromptsCause, ctx)).toBeGreaterThan(0.5)
    },
    SLOW
  )

  it(
    'against: 1.5× the requests at the same work each are a load rise',
    () => {
      const ctx = run('chat', {
        cause: 'engine.queue_saturation',
        magnitude: 1.5,
        windowShare: 0.4,
      })
      expect(costDrivers(ctx, ctx.ttftChange.inWindow)!.ratio).toBeLessThan(1.1)
      expect(confidence(engineLongGenerationsCause, ctx)).toBe(0)
      expect(confidence(engineQueueSaturationCause, ctx)).toBeGreaterThan(0.5)
    },
    SLOW
  )

  it(
    'explained away: a decode 3× slower inside the window is a slower engine, not heavier work',
    () => {
      const ctx = run('long-prompts', {
        cause: 'engine.memory_bandwidth',
        magnitude: 3,
        windowShare: 0.4,
      })
      // The fault's own span (the last 40 %: minutes 18–30), not a TTFT change: the bandwidth
      // slows the decode, not the first token.
      const fromUs = ctx.input.window.fromUs + 18 * 60_000_000
      const inWindow = Uint8Array.from(ctx.frame.startUs, (t) => (t >= fromUs ? 1 : 0))
      const decode = ctx.frame.stages['engine.decode']
      const out = ctx.frame.outputTokens
      const slower =
        perToken(ctx, decode, out, inWindow, true) / perToken(ctx, decode, out, inWindow, false)
      expect(slower).toBeGreaterThan(1.3)
      // Weighed by the time per token inside the span, the same outputs would read that much
      // heavier; weighed by the engine's time outside it, they weigh what they weighed.
      expect(Math.abs(costDrivers(ctx, inWindow)!.ratio - 1)).toBeLessThan(0.1)
      expect(confidence(engineLongGenerationsCause, ctx)).toBe(0)
    },
    SLOW
  )
})
