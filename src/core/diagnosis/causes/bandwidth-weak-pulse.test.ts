/**
 * A weak memory-bandwidth fault that comes back: four replicas running one or two streams each,
 * every token 1.35× as slow for four minutes in 36 while the GPUs' DRAM is 95 % busy, against
 * about 20 % before and after. Still a miss (ADR 0307): the median TPOT per minute rises and
 * falls back, which no single split of the change points sees (each edge alone is a 7 % change),
 * so the rule proposes nothing; with the pulse read, the running batch, one sample a minute per
 * replica, ranks with the TPOT at 0.39, and the rule's product of ramps stays under the bar even
 * with full tracking.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import type { DiagnosisInput, ResourceSeries } from '../frame/input.js'
import { diagnose } from '../diagnose.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'

const MIN_US = 60_000_000
const MINUTES = 36
const PER_MINUTE = 90
const REPLICAS = 4
const FROM = 14
const TO = 18
/** The DRAM stays busy a little past the slower tokens, as in the suite's run. */
const DRAM_TO = 20

function requests(): RequestTimeline[] {
  const rng = createTestRng(3070)
  const out: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    const slow = m >= FROM && m < TO
    for (let k = 0; k < PER_MINUTE; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / PER_MINUTE) * MIN_US)
      const noise = 0.9 + 0.2 * rng()
      const tpotMs = 15 * noise * (slow ? 1.35 : 1)
      out.push(
        makeTimeline({
          startUs,
          dims: { replica: `r${k % REPLICAS}` },
          stagesMs: {
            'engine.queue': 2 * noise,
            'engine.prefill': 40 * noise,
            'engine.decode': 200 * tpotMs,
          },
          tpotMs,
          inputTokens: 500,
          outputTokens: 200,
        })
      )
    }
  }
  return out
}

/** vLLM's running requests and DCGM's DRAM activity per replica, one sample a minute. */
function resources(): ResourceSeries[] {
  const rng = createTestRng(3071)
  const out: ResourceSeries[] = []
  for (let r = 0; r < REPLICAS; r++) {
    const labels = { replica: `r${r}` }
    const running = Array.from({ length: MINUTES }, (_, m) => ({
      timeUs: T0_US + m * MIN_US,
      value: Math.floor(rng() * (m >= FROM && m < DRAM_TO ? 2.6 : 1.5)),
    }))
    const dram = Array.from({ length: MINUTES }, (_, m) => ({
      timeUs: T0_US + m * MIN_US,
      value: m >= FROM && m < DRAM_TO ? 0.93 + 0.03 * rng() : 0.1 + 0.25 * rng(),
    }))
    out.push(
      { kind: 'running', metric: 'vllm:num_requests_running', labels, points: running },
      { kind: 'dram_active', metric: 'DCGM_FI_PROF_DRAM_ACTIVE', labels, points: dram }
    )
  }
  return out
}

function input(): DiagnosisInput {
  return minutesInput(requests(), MINUTES, resources())
}

const SLOW = 600_000

describe('a weak memory-bandwidth slowdown that comes back', () => {
  it.fails(
    'names the memory bandwidth, not healthy',
    () => {
      const { diagnosis } = diagnose(input())
      expect(diagnosis.findings[0]?.cause).toBe('engine.memory_bandwidth')
    },
    SLOW
  )
})
