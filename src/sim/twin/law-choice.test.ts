import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import type { StepLawKind, StepModel } from './engine.js'
import { chooseStepLaw, dieboldMariano, FORM_Z, type LawChoice } from './law-choice.js'
import { fitStepLaws } from './step-law.js'
import { observedFromRun, runOpen, uncappedCluster } from './testing/observed-run.js'

/**
 * The stand-in engine's law (the mock server: 20 ms + 0.5 ms per sequence + 0.1 ms per prompt
 * token) on one replica at 2 req/s for 120 s, prompts and outputs sized like its recordings: a
 * low window, 3-13 sequences running, where a prompt step is about as long as a decode step.
 */
function standInChoice(law: StepLawKind, seed: number): LawChoice {
  const step: StepModel = {
    decodeBaseUs: 20_000,
    perDecodeSeqUs: 500,
    perKvTokenUs: 0,
    prefillBaseUs: 0,
    perPrefillTokenUs: 100,
    law,
  }
  const rng = createRng(seed)
  const cluster = uncappedCluster(['r0'], step)
  const arrive: number[] = []
  for (let t = rng.exp(5e5); t < 120e6; t += rng.exp(5e5)) {
    arrive.push(t)
  }
  const prompt = Float64Array.from(arrive, () =>
    Math.min(1700, Math.max(60, Math.round(rng.lognormal(290, 0.6))))
  )
  const output = Float64Array.from(arrive, () =>
    Math.max(2, Math.min(600, Math.round(rng.lognormal(116, 0.7))))
  )
  const arriveUs = Float64Array.from(arrive)
  const run = runOpen(cluster, arriveUs, prompt, output, rng.fork('run'))
  const o = observedFromRun({ arriveUs, prompt, output, run, replicas: ['r0'] })
  const cached = new Float64Array(o.n)
  return chooseStepLaw(o, cached, fitStepLaws(o, cached), [
    { maxNumSeqs: 256, kvCapacityTokens: Infinity },
  ])
}

const SEEDS = [1, 2, 3, 4, 5, 6]

describe('chooseStepLaw on the prompt steps (ADR 0411)', () => {
  // On a 1x window the two laws replay the window within a point or two of each other, and the
  // replay alone kept the roofline on half such windows: the roofline's prompt step does not
  // grow with the batch, so at twice the load it under-predicted TTFT at the cap by a tenth.
  it('chooses the additive law on every low window of an additive engine, where the replay alone does not', () => {
    const choices = SEEDS.map((seed) => standInChoice('additive', seed))
    expect(choices.map((c) => c.byReplay)).toContain('roofline')
    for (const c of choices) {
      expect(c.law).toBe('additive')
      expect(c.promptSteps.law).toBe('additive')
      expect(c.promptSteps.z!).toBeGreaterThan(FORM_Z)
      expect(c.promptSteps.error.additive!).toBeLessThan(c.promptSteps.error.roofline!)
      expect(c.reason).toContain('which tell the form')
    }
  })

  it('chooses the roofline on the same windows made by a roofline engine', () => {
    for (const seed of SEEDS) {
      const c = standInChoice('roofline', seed)
      expect(c.law).toBe('roofline')
      expect(c.promptSteps.law).toBe('roofline')
      expect(c.promptSteps.z!).toBeLessThan(-FORM_Z)
    }
  })
})

describe('dieboldMariano', () => {
  it('cannot tell two laws apart when their losses differ by noise alone, and can by a steady edge', () => {
    const rng = createRng(3)
    const noise = Array.from({ length: 400 }, () => 0.01 * rng.normal())
    expect(Math.abs(dieboldMariano(noise)!)).toBeLessThan(FORM_Z)
    expect(dieboldMariano(noise.map((d) => d + 0.005))!).toBeGreaterThan(FORM_Z)
    expect(dieboldMariano(noise.map((d) => d - 0.005))!).toBeLessThan(-FORM_Z)
  })

  it('says nothing on too few prompt steps, or where the two laws predict every step alike', () => {
    expect(dieboldMariano([0.1, 0.2, 0.3])).toBeNull()
    expect(dieboldMariano(new Array<number>(50).fill(0))).toBeNull()
  })
})
