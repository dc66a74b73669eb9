/**
 * The work per request and its drivers when the cached tokens are unknown (ADR 0327): a producer
 * that records none (a real vLLM) leaves the cache's share unknown, not 0, and the work is still
 * compared as prompt + output on both sides; one whose requests record it only in part reads the
 * cache on those requests, so a change in which requests record it is no cache collapse. The
 * prompt and output counts follow the same rule: each kind is averaged over the requests that
 * recorded it, and a kind recorded on one side of the window only is left out of both (a request
 * with no prompt count has an unknown prompt, not an empty one).
 */
import { describe, expect, it } from 'vitest'
import { buildContext, type DiagnosisContext } from '../frame/context.js'
import { generateRun, inputOfRun } from '../testing/fault-gen.js'
import { costDrivers, workDrivers } from './shifts.js'

// Thousands of generated requests: seconds on a busy machine.
const SLOW = 120_000

/** A quiet chat run (engine spans, no fault) and its last third as the window. */
function quietRun(): { ctx: DiagnosisContext; inWindow: Uint8Array } {
  const g = generateRun({ seed: 5, minutes: 15, perMinute: 120, workload: 'chat', faults: [] })
  const ctx = buildContext(inputOfRun(g))
  const fromUs = ctx.input.window.fromUs + 10 * 60_000_000
  return { ctx, inWindow: Uint8Array.from(ctx.frame.startUs, (t) => (t >= fromUs ? 1 : 0)) }
}

/** Half of every prompt cached, recorded on the requests `records` says. */
function recordHalf(ctx: DiagnosisContext, records: (i: number) => boolean): void {
  const f = ctx.frame
  for (let i = 0; i < f.n; i++) {
    f.cachedTokens[i] = records(i) ? (f.inputTokens[i] as number) / 2 : NaN
  }
}

/** Mean of (prompt × `keep` + output) per request inside over outside, by hand. */
function handRatio(ctx: DiagnosisContext, inWindow: Uint8Array, keep: number): number {
  const w = [0, 0]
  const n = [0, 0]
  for (let i = 0; i < ctx.frame.n; i++) {
    const k = inWindow[i] === 1 ? 0 : 1
    w[k]! += keep * (ctx.frame.inputTokens[i] as number) + (ctx.frame.outputTokens[i] as number)
    n[k]!++
  }
  return w[0]! / n[0]! / (w[1]! / n[1]!)
}

describe('the work per request with unknown cached tokens (ADR 0327)', () => {
  it(
    'no request records its cached tokens: the cache share is unknown, the work is prompt + output',
    () => {
      const { ctx, inWindow } = quietRun()
      recordHalf(ctx, () => false)
      const d = workDrivers(ctx, inWindow)
      expect(d.cache).toBeNull()
      expect(d.ratio).toBeCloseTo(handRatio(ctx, inWindow, 1), 9)
      const cost = costDrivers(ctx, inWindow)!
      expect(cost.cache).toBeNull()
    },
    SLOW
  )

  it(
    'the requests inside the window stop recording: no cache collapse, the work compared gross',
    () => {
      const { ctx, inWindow } = quietRun()
      recordHalf(ctx, (i) => inWindow[i] !== 1)
      const d = workDrivers(ctx, inWindow)
      // Read as no hits, the window's prompts weighed twice theirs: 0.99 of the rise was the
      // cache's on the old reading.
      expect(d.cache).toBeNull()
      expect(d.ratio).toBeCloseTo(handRatio(ctx, inWindow, 1), 9)
      expect(d.ratio).toBeLessThan(1.1)
    },
    SLOW
  )

  it(
    'half the requests inside the window record: the cache is read on those, and held',
    () => {
      const { ctx, inWindow } = quietRun()
      recordHalf(ctx, (i) => inWindow[i] !== 1 || i % 2 === 0)
      const partial = workDrivers(ctx, inWindow)
      const partialCost = costDrivers(ctx, inWindow)!
      recordHalf(ctx, () => true)
      const full = workDrivers(ctx, inWindow)
      const fullCost = costDrivers(ctx, inWindow)!
      expect(full.ratio).toBeCloseTo(handRatio(ctx, inWindow, 0.5), 9)
      // The same cache on the recording requests reads as the whole side's.
      expect(partial.ratio).toBeCloseTo(full.ratio, 9)
      expect(partial.cache!).toBeCloseTo(full.cache!, 9)
      expect(partial.cache).not.toBeNull()
      expect(partialCost.ratio).toBeCloseTo(fullCost.ratio, 9)
      expect(partialCost.prefillPerTokenUs).toBeCloseTo(fullCost.prefillPerTokenUs, 6)
    },
    SLOW
  )

  it(
    'outside the window half the requests record: the prefill weight is per uncached token',
    () => {
      const { ctx, inWindow } = quietRun()
      recordHalf(ctx, (i) => i % 2 === 0)
      const partial = costDrivers(ctx, inWindow)!
      recordHalf(ctx, () => true)
      const full = costDrivers(ctx, inWindow)!
      // Read as uncached, the unrecorded prompts would halve the time per token on half of them.
      expect(partial.prefillPerTokenUs).toBeCloseTo(full.prefillPerTokenUs, 6)
      expect(partial.ratio).toBeCloseTo(full.ratio, 9)
    },
    SLOW
  )
})

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
