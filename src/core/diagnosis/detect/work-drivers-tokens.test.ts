/**
 * The work per request when prompt or output counts are missing on some requests: each kind is
 * averaged over the requests that recorded it, and a kind recorded on one side of the window only
 * is left out of both. A request with no prompt count has an unknown prompt, not an empty one.
 */
import { describe, expect, it } from 'vitest'
import { buildContext, type DiagnosisContext } from '../frame/context.js'
import { generateRun, inputOfRun } from '../testing/fault-gen.js'
import { workDrivers } from './shifts.js'

// Thousands of generated requests: seconds on a busy machine.
const SLOW = 120_000

/** A quiet chat run (engine spans, no fault) and its last third as the window. */
function quietRun(): { ctx: DiagnosisContext; inWindow: Uint8Array } {
  const g = generateRun({ seed: 5, minutes: 15, perMinute: 120, workload: 'chat', faults: [] })
  const ctx = buildContext(inputOfRun(g))
  const fromUs = ctx.input.window.fromUs + 10 * 60_000_000
  return { ctx, inWindow: Uint8Array.from(ctx.frame.startUs, (t) => (t >= fromUs ? 1 : 0)) }
}

describe('the work per request with prompt or output counts missing', () => {
  it(
    'half the window’s requests lose their prompt count: the work does not fall',
    () => {
      const { ctx, inWindow } = quietRun()
      const before = workDrivers(ctx, inWindow).ratio
      for (let i = 0; i < ctx.frame.n; i++) {
        if (inWindow[i] === 1 && i % 2 === 0) {
          ctx.frame.inputTokens[i] = NaN
        }
      }
      const d = workDrivers(ctx, inWindow)
      // Read as empty prompts, the window's work fell to 0.68× of the rest.
      expect(Math.abs(Math.log(d.ratio / before))).toBeLessThan(0.1)
      expect(d.prompt).not.toBeNull()
    },
    SLOW
  )

  it(
    'the window records no prompt counts and its outputs double: outputs carry the rise, prompts unknown',
    () => {
      const { ctx, inWindow } = quietRun()
      for (let i = 0; i < ctx.frame.n; i++) {
        if (inWindow[i] === 1) {
          ctx.frame.inputTokens[i] = NaN
          ctx.frame.cachedTokens[i] = NaN
          ctx.frame.outputTokens[i] = 2 * (ctx.frame.outputTokens[i] as number)
        }
      }
      const d = workDrivers(ctx, inWindow)
      expect(d.prompt).toBeNull()
      expect(d.cache).toBeNull()
      expect(d.ratio).toBeGreaterThan(1.7)
      expect(d.output).toBe(1)
    },
    SLOW
  )
})
