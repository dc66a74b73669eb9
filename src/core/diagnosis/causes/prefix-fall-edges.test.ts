/**
 * A prefix-cache fall's edges placed inside the scrape intervals that hold them (ADR 0309). The
 * counters are scraped every minute at each pod's own second, so the interval that holds the
 * fall's last seconds is stamped in the step after them: read on the grid, the window ends up to
 * a minute late. Each interval's hit rate between the levels outside and inside the fall is the
 * share of it the fall held.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import type { DiagnosisInput, ResourceSeries } from '../frame/input.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'

const S_US = 1_000_000
const MIN_US = 60 * S_US
const MINUTES = 40
const PER_MINUTE = 120
const PODS = ['r0', 'r1', 'r2', 'r3']
/** Scrape second of each pod within the minute. */
const PHASE_S = [14, 29, 41, 53]
const PROMPT = 1000
const HIGH = 0.66
const LOW = 0.05

/** Hit rate at second `s` of the data: the fall from 787 s to 1448 s (off every step edge). */
const FALL = { fromS: 787, toS: 1448 }
const hitRateAtS = (s: number): number => (s >= FALL.fromS && s < FALL.toS ? LOW : HIGH)

/** Hits counted between two seconds: the hit rate's integral at a steady lookup rate. */
function hitsBetween(fromS: number, toS: number, perS: number): number {
  const inFall = Math.max(0, Math.min(toS, FALL.toS) - Math.max(fromS, FALL.fromS))
  return perS * (inFall * LOW + (toS - fromS - inFall) * HIGH)
}

function input(): DiagnosisInput {
  const rng = createTestRng(309)
  const requests: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    for (let k = 0; k < PER_MINUTE; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / PER_MINUTE) * MIN_US)
      const noise = 0.85 + 0.3 * rng()
      const uncached = PROMPT * (1 - hitRateAtS((startUs - T0_US) / S_US))
      requests.push(
        makeTimeline({
          startUs,
          dims: { replica: PODS[k % PODS.length] as string, node: `n${k % 2}` },
          stagesMs: {
            'engine.queue': 3 * noise,
            'engine.prefill': (8 + 0.1 * uncached) * noise,
            'engine.decode': 2000 * noise,
          },
          tpotMs: 13 * noise,
          inputTokens: PROMPT,
          outputTokens: 150,
        })
      )
    }
  }
  const perS = ((PER_MINUTE / PODS.length) * PROMPT) / 60
  const resources: ResourceSeries[] = PODS.flatMap((pod, p) => {
    const queries: ResourceSeries = {
      kind: 'prefix_queries',
      metric: 'vllm:prefix_cache_queries_total',
      labels: { pod },
      points: [],
    }
    const hits: ResourceSeries = {
      kind: 'prefix_hits',
      metric: 'vllm:prefix_cache_hits_total',
      labels: { pod },
      points: [],
    }
    // The counters' own swing: a hundredth of the lookups of each interval.
    let swing = 0
    for (let m = 0; m < MINUTES; m++) {
      const atS = m * 60 + (PHASE_S[p] as number)
      const timeUs = T0_US + atS * S_US
      swing += perS * 60 * 0.01 * (rng() - 0.5)
      queries.points.push({ timeUs, value: perS * atS })
      hits.points.push({ timeUs, value: hitsBetween(0, atS, perS) + swing })
    }
    return [queries, hits]
  })
  return minutesInput(requests, MINUTES, resources)
}

describe('a prefix-cache fall read on counters is placed inside its scrape intervals', () => {
  it('starts and ends within a few seconds of the fall, not at the steps that stamp its edges', () => {
    const { diagnosis } = diagnose(input())
    const f = diagnosis.findings[0]!
    expect(f.cause).toBe('engine.prefix_cache_miss')
    const startS = (microsFromIso(f.window!.start)! - T0_US) / S_US
    const endS = (microsFromIso(f.window!.end)! - T0_US) / S_US
    expect(Math.abs(startS - FALL.fromS)).toBeLessThanOrEqual(5)
    expect(Math.abs(endS - FALL.toS)).toBeLessThanOrEqual(5)
  })

  it('dates the fall in its evidence where its window starts, not at the start of its step', () => {
    const { diagnosis } = diagnose(input())
    const f = diagnosis.findings[0]!
    const line = f.evidence.find((e) => e.text.startsWith('prefix-cache hit rate fell'))
    expect(line?.text).toContain(` at ${f.window!.start}:`)
  })
})
