/**
 * Every replica's tokens 3.8× as slow for seven minutes in 36 while DRAM is 94 % busy, and the
 * queue that the slower tokens leave grows on one replica only (contract seed 89
 * `engine.memory_bandwidth#0`). The slowest TTFTs are all that replica's, and its slow requests
 * decode 3.8× as slowly per token as the other replicas' requests over the whole run, most of
 * them from before and after: that read as a degraded replica at 0.95. A degraded replica makes
 * its own requests slow and leaves its peers as they were at the same time; here the peers slowed
 * in the same minutes, and the DRAM rose over the same steps as the TPOT (ADR 0308).
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import type { DiagnosisInput, ResourceSeries } from '../frame/input.js'
import { diagnose } from '../diagnose.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'

const MIN_US = 60_000_000
const MINUTES = 36
const PER_MINUTE = 80
const REPLICAS = 4
const FROM = 13
const TO = 20
/** The replica whose queue grows while every replica decodes slower. */
const QUEUED = 'r3'

function requests(): RequestTimeline[] {
  const rng = createTestRng(8913)
  const out: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    const slow = m >= FROM && m < TO
    for (let k = 0; k < PER_MINUTE; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / PER_MINUTE) * MIN_US)
      const replica = `r${k % REPLICAS}`
      const noise = 0.9 + 0.2 * rng()
      const tpotMs = 13 * noise * (slow ? 3.8 : 1)
      // The backlog builds from the fault's start and is gone a minute after it.
      const queueMs =
        replica === QUEUED && slow ? 4000 * (m - FROM + (k / PER_MINUTE) * 1) * noise : 2 * noise
      out.push(
        makeTimeline({
          startUs,
          dims: { replica, node: `n${(k % REPLICAS) >> 1}` },
          stagesMs: {
            'engine.queue': queueMs,
            'engine.prefill': 40 * noise,
            'engine.decode': 150 * tpotMs,
          },
          tpotMs,
          inputTokens: 600,
          outputTokens: 150,
        })
      )
    }
  }
  return out
}

/** vLLM's running requests and DCGM's DRAM activity per replica, one sample a minute. */
function resources(): ResourceSeries[] {
  const rng = createTestRng(8914)
  const out: ResourceSeries[] = []
  for (let r = 0; r < REPLICAS; r++) {
    const labels = { replica: `r${r}` }
    const running = Array.from({ length: MINUTES }, (_, m) => ({
      timeUs: T0_US + m * MIN_US,
      value: m >= FROM && m < TO ? 4 : Math.floor(rng() * 2.2),
    }))
    const dram = Array.from({ length: MINUTES }, (_, m) => ({
      timeUs: T0_US + m * MIN_US,
      value: m >= FROM && m < TO ? 0.92 + 0.04 * rng() : 0.15 + 0.2 * rng(),
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

describe('a fleet-wide bandwidth slowdown whose queue grew on one replica', () => {
  it(
    'names the memory bandwidth, and the replica is not called degraded',
    () => {
      const { diagnosis } = diagnose(input())
      expect(diagnosis.findings[0]?.cause).toBe('engine.memory_bandwidth')
      const node = diagnosis.findings.find((f) => f.cause === 'node.degraded')
      expect(node === undefined || node.confidence < 0.5).toBe(true)
    },
    SLOW
  )
})
