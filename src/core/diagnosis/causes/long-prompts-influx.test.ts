/**
 * A long-prompt influx read on its own series (ADR 0281): where the TTFT P99 is made by bursts'
 * queues all window long, a third of the requests prefilling 3× longer moves the P90 of those
 * minutes, not the P99. The share of prompts above the window's 90th percentile rose there,
 * and its span is the finding's window.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { buildContext } from '../frame/context.js'
import type { DiagnosisInput } from '../frame/input.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { promptInflux } from './engine-long-prompts.js'

const MIN_US = 60_000_000
const MINUTES = 40
const PER_MINUTE = 120

interface Spec {
  /** Minutes [from, to) in which 35 % of the prompts are 4 000 tokens long. */
  from: number
  to: number
  /** Prefill time per prompt token (ms); 0: prefill does not grow with the prompt. */
  perTokenMs: number
}

/**
 * 120 requests a minute of 400–1 600 prompt tokens. Every seven minutes a half-minute burst
 * queues a tenth of its requests for 2–4 s: those make the TTFT P99 in every part of the window.
 */
function requests(spec: Spec): RequestTimeline[] {
  const rng = createTestRng(281)
  const out: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    const influx = m >= spec.from && m < spec.to
    for (let k = 0; k < PER_MINUTE; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / PER_MINUTE) * MIN_US)
      const noise = 0.8 + 0.4 * rng()
      const inputTokens = influx && rng() < 0.35 ? 4000 : Math.round(400 + 1200 * rng())
      const burst = m % 7 === 3 && k < PER_MINUTE / 2 && rng() < 0.2
      out.push(
        makeTimeline({
          startUs,
          dims: { replica: `r${k % 4}`, node: `n${k % 2}` },
          stagesMs: {
            'engine.queue': burst ? 2000 + 2000 * rng() : 2 * noise,
            'engine.prefill': (10 + spec.perTokenMs * inputTokens) * noise,
            'engine.decode': 150 * 12 * noise,
          },
          tpotMs: 12 * noise,
          inputTokens,
          outputTokens: 150,
        })
      )
    }
  }
  return out
}

function input(spec: Spec): DiagnosisInput {
  return minutesInput(requests(spec), MINUTES)
}

const influx = (spec: Spec) => promptInflux(buildContext(input(spec)))

describe('a long-prompt influx under a tail made by bursts', () => {
  it('for: named first, with the span of the long prompts’ share as its window', () => {
    const { diagnosis } = diagnose(input({ from: 14, to: 24, perTokenMs: 0.03 }))
    const f = diagnosis.findings[0]!
    expect(f.cause).toBe('engine.long_prompts')
    expect(Math.abs(microsFromIso(f.window!.start)! - (T0_US + 14 * MIN_US))).toBeLessThanOrEqual(
      MIN_US
    )
    expect(Math.abs(microsFromIso(f.window!.end)! - (T0_US + 24 * MIN_US))).toBeLessThanOrEqual(
      MIN_US
    )
    expect(f.evidence.some((e) => e.metric === 'long_prompt_share')).toBe(true)
    expect(influx({ from: 14, to: 24, perTokenMs: 0.03 })?.ownWindow).toBe(true)
  })

  it('against: long prompts from the data’s first minute are not an onset', () => {
    expect(influx({ from: 0, to: 10, perTokenMs: 0.03 })).toBeNull()
  })

  it('against: more long prompts that cost no prefill time are not why anyone waited', () => {
    expect(influx({ from: 14, to: 24, perTokenMs: 0 })).toBeNull()
  })
})
