import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { stepDurationUs, type StepLawKind, type StepModel } from './engine.js'
import type { ObservedRequests } from './observed.js'
import {
  lognormalTokens,
  observedFromRun,
  poissonArrivalsUs,
  runOpen,
  uncappedCluster,
} from './testing/observed-run.js'
import { chooseStepLaw } from './law-choice.js'
import { fitStepLaws, releaseScratch, stepModelOf } from './step-law.js'

/**
 * A window made by the twin's own engine with a known law, shaped like a 70B model serving long
 * prompts: a prompt step takes most of a second, so at this load prompts interrupt the decode
 * steps of every request many times.
 */
function windowOf(law: StepModel, ratePerSec: number, seconds: number): ObservedRequests {
  const rng = createRng(11)
  const cluster = uncappedCluster(['r0', 'r1'], law)
  const arrive = poissonArrivalsUs(rng, ratePerSec, seconds * 1e6)
  const prompt = lognormalTokens(rng, arrive.length, 6500, 0.35, 0, 24_000)
  const output = lognormalTokens(rng, arrive.length, 420, 0.4, 2, 2048)
  const arriveUs = Float64Array.from(arrive)
  const r = runOpen(cluster, arriveUs, prompt, output, rng.fork('run'))
  return observedFromRun({
    arriveUs,
    prompt,
    output,
    run: r,
    replicas: cluster.replicas.map((x) => x.name),
  })
}

/** A roofline law whose prefill costs about as much as a few decode steps. */
const ROOFLINE_LAW: StepModel = {
  decodeBaseUs: 16_700,
  perDecodeSeqUs: 40,
  perKvTokenUs: 0.036,
  prefillBaseUs: 2_000,
  perPrefillTokenUs: 91,
}
describe('fitStepLaws', () => {
  it('recovers the decode step at twice the batch it was fitted at, under heavy prompt interference', () => {
    const law: StepModel = {
      decodeBaseUs: 16_700,
      perDecodeSeqUs: 0,
      perKvTokenUs: 0.036,
      prefillBaseUs: 2_000,
      perPrefillTokenUs: 91,
    }
    const o = windowOf(law, 0.8, 1200)
    const { decodeOf } = fitStepLaws(o, new Float64Array(o.n)).fit('roofline')
    let ctx = 0
    for (let i = 0; i < o.n; i++) {
      ctx += o.promptTokens[i]! + o.outputTokens[i]! / 2
    }
    ctx /= o.n
    for (const d of decodeOf) {
      const fitted: StepModel = {
        decodeBaseUs: d.c[0]!,
        perDecodeSeqUs: d.c[1]!,
        perKvTokenUs: d.c[2]!,
        prefillBaseUs: 0,
        perPrefillTokenUs: 0,
      }
      // The window runs about 10 sequences per replica; 2x load runs 25-60.
      for (const b of [5, 20, 40, 60]) {
        const truth = stepDurationUs(law, 0, b, b * ctx)
        expect(Math.abs(stepDurationUs(fitted, 0, b, b * ctx) / truth - 1)).toBeLessThan(0.04)
      }
    }
  })

  // The stand-in engine (the mock server) adds the prompt's cost to the decode step; the
  // simulator's GPU takes the slower of the two. Each window must pick its own law, from replay
  // inside the window alone.
  it('refits under other cached tokens to the rows and laws a fit from scratch makes, bit for bit', () => {
    const o = windowOf(ROOFLINE_LAW, 0.8, 300)
    const rng = createRng(5)
    // Random cached tokens before and after, as the inference moves them request by request.
    const draw = (): Float64Array =>
      Float64Array.from(o.promptTokens, (p) => Math.floor(rng.next() * p))
    const first = fitStepLaws(o, draw())
    for (let round = 0; round < 3; round++) {
      const cached = draw()
      const refit = fitStepLaws(o, cached, first)
      const plain = fitStepLaws(o, cached)
      expect(refit.made.rows).toEqual(plain.made.rows)
      expect(refit.made.prefillOrder).toEqual(plain.made.prefillOrder)
      expect(refit.made.prefillSpan).toEqual(plain.made.prefillSpan)
      for (const kind of ['roofline', 'additive'] as const) {
        const a = refit.fit(kind)
        const b = plain.fit(kind)
        expect([a.decodeOf, a.prefillOf]).toEqual([b.decodeOf, b.prefillOf])
      }
    }
  })

  it('fits the same laws from one reused scratch as from fresh memory, in any order (ADR 0516)', () => {
    const o = windowOf(ROOFLINE_LAW, 0.8, 300)
    const cached = Float64Array.from(o.promptTokens, (p, i) => (i % 3 === 0 ? p / 2 : 0))
    const weights = Float64Array.from(o.promptTokens, (_, i) => 1 + (i % 4))
    const half = (i: number): boolean => i % 2 === 0
    const asks: [StepLawKind, ((i: number) => boolean) | undefined, Float64Array | undefined][] = [
      ['roofline', half, undefined],
      ['additive', undefined, weights],
      ['roofline', undefined, undefined],
      ['additive', half, undefined],
      ['roofline', undefined, weights],
    ]
    const shared = fitStepLaws(o, cached)
    const laws = asks.map(([kind, train, w]) => shared.fit(kind, train, w))
    // And once let go of, each fit makes its own.
    releaseScratch(shared)
    const released = shared.fit(...asks[0]!)
    asks.forEach(([kind, train, w], k) => {
      const alone = fitStepLaws(o, cached).fit(kind, train, w)
      expect([laws[k]!.decodeOf, laws[k]!.prefillOf]).toEqual([alone.decodeOf, alone.prefillOf])
    })
    expect([released.decodeOf, released.prefillOf]).toEqual([laws[0]!.decodeOf, laws[0]!.prefillOf])
  })

  it('chooses the roofline law on a window its own engine made', () => {
    const { o, choice } = choiceOn('roofline')
    expect(choice.law).toBe('roofline')
    expect(choice.heldOut.roofline!).toBeLessThan(0.05)
    expect(choice.reason).toContain('held-out requests')
    expect(o.n).toBeGreaterThan(900)
  })

  // This window cannot tell the additive law from the roofline: its prompt steps take most of a
  // second, the decode step the additive law adds is 17 ms, and both laws replay it within
  // 1.5 %. Which it chose was chance: on the same window drawn on traffic seeds 12-16 the
  // choice was the roofline (ADR 0446). law-choice.test.ts holds additive windows that tell.
  it('cannot tell the laws apart on an additive window whose prompt steps dwarf the decode step', () => {
    const { choice } = choiceOn('additive')
    expect(choice.promptSteps.law).toBeNull()
    expect(choice.heldOut.additive!).toBeLessThan(0.05)
    expect(choice.heldOut.roofline!).toBeLessThan(0.05)
    expect(Math.abs(choice.heldOut.additive! - choice.heldOut.roofline!)).toBeLessThan(0.005)
    expect(choice.reason).toContain('cannot tell the form')
  })

  // Stationary traffic on 32 replicas, fitted on 5 minutes and on 20: the law must not depend
  // on the window's length. A time grid within a cell budget made 20-minute bins 4x coarser
  // than 5-minute ones, and its prompt step at 1,000 tokens came out 12 % slower (42.2 against
  // 37.7 ms, truth 36.2), its base 7.1 against 2.7 ms (truth 1.2).
  it('fits the same law on a window four times longer', () => {
    const truth: StepModel = {
      decodeBaseUs: 7000,
      perDecodeSeqUs: 15,
      perKvTokenUs: 0.04,
      prefillBaseUs: 1200,
      perPrefillTokenUs: 35,
    }
    const lawsOn = (minutes: number) => {
      const rng = createRng(5)
      const cluster = uncappedCluster(
        Array.from({ length: 32 }, (_, i) => `r${i}`),
        truth
      )
      const arriveUs = Float64Array.from(poissonArrivalsUs(rng, 16, minutes * 60e6))
      const prompt = lognormalTokens(rng, arriveUs.length, 700, 0.8, 8, 16_000)
      const output = lognormalTokens(rng, arriveUs.length, 180, 0.7, 2, 1024)
      const run = runOpen(cluster, arriveUs, prompt, output, rng.fork('run'))
      const replicas = cluster.replicas.map((x) => x.name)
      const o = observedFromRun({ arriveUs, prompt, output, run, replicas })
      const laws = fitStepLaws(o, new Float64Array(o.n)).fit('roofline')
      return replicas.map((_, r) => stepModelOf(laws, r))
    }
    const short = lawsOn(5)
    const long = lawsOn(20)
    const prompt = (m: StepModel): number => stepDurationUs(m, 1000, 0, 0)
    const decode = (m: StepModel): number => stepDurationUs(m, 0, 8, 8 * 800)
    // The largest gap over the replicas, in parts of one (each replica fits its own law).
    const gap = (f: (m: StepModel) => number, a: StepModel[], b: (r: number) => StepModel) =>
      Math.max(...a.map((m, r) => Math.abs(f(m) / f(b(r)) - 1)))
    expect(gap(prompt, long, (r) => short[r]!)).toBeLessThan(0.02)
    expect(gap(decode, long, (r) => short[r]!)).toBeLessThan(0.02)
    expect(gap(prompt, long, () => truth)).toBeLessThan(0.02)
  })
})

function choiceOn(law: StepLawKind) {
  const truth: StepModel = {
    decodeBaseUs: 16_700,
    perDecodeSeqUs: 0,
    perKvTokenUs: 0.036,
    prefillBaseUs: 2_000,
    perPrefillTokenUs: 91,
    law,
  }
  const o = windowOf(truth, 0.8, 1200)
  const cached = new Float64Array(o.n)
  const choice = chooseStepLaw(
    o,
    cached,
    fitStepLaws(o, cached),
    o.replicas.map(() => ({ maxNumSeqs: 256, kvCapacityTokens: Infinity }))
  )
  return { o, choice }
}
