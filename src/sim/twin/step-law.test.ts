import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { stepDurationUs, type StepModel } from './engine.js'
import type { ObservedRequests } from './observed.js'
import {
  lognormalTokens,
  observedFromRun,
  poissonArrivalsUs,
  runOpen,
  uncappedCluster,
} from './testing/observed-run.js'
import { chooseStepLaw } from './law-choice.js'
import { fitStepLaws } from './step-law.js'

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
  it.each(['roofline', 'additive'] as const)(
    'chooses the %s law on a window its own engine made',
    (law) => {
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
      expect(choice.law).toBe(law)
      expect(choice.heldOut[law]!).toBeLessThan(0.05)
      expect(choice.reason).toContain('held-out requests')
    }
  )
})
