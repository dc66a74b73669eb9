/**
 * A stage figure over no requests is unknown, never 0 (CONTRACT §4, ADR 0343): with no slow
 * request the slow cohort has no mean, no share and no excess over the others; the others' figures
 * stay measured.
 */
import { describe, expect, it } from 'vitest'
import { frameFromRequests } from '../frame/frame.js'
import { makeTimeline, T0_US } from '../testing/make-timeline.js'
import { computeStageBreakdown, TTFT_STAGES } from './stage-stats.js'
import { stageEvidence } from '../explain/evidence.js'

function frameOf(n: number) {
  return frameFromRequests(
    Array.from({ length: n }, (_, i) =>
      makeTimeline({
        startUs: T0_US + i * 1_000_000,
        stagesMs: { 'engine.queue': 10 + i, 'engine.prefill': 40 },
        outputTokens: 100,
      })
    )
  )
}

describe('stage breakdown over an empty cohort (ADR 0343)', () => {
  it('with no slow request, the slow mean, share and excess are null, the others measured', () => {
    const frame = frameOf(20)
    const slow = new Uint8Array(frame.n)
    const eligible = new Uint8Array(frame.n).fill(1)
    const b = computeStageBreakdown(frame, slow, eligible, TTFT_STAGES)
    const queue = b.stats.find((s) => s.stage === 'engine.queue')!
    expect(queue.slowMeanUs).toBeNull()
    expect(queue.slowShare).toBeNull()
    expect(queue.excessUs).toBeNull()
    expect(queue.excessShare).toBeNull()
    expect(queue.baselineMeanUs).toBeCloseTo(19_500, 0)
    expect(queue.baselineShare).toBeGreaterThan(0)
    expect(queue.presence).toBe(1)
    expect(stageEvidence(queue, 'TTFT')).toMatchObject({ observed: null })
    expect(stageEvidence(queue, 'TTFT').text).toMatch(/takes – on average .*: – of their extra/)
  })

  it('a stage no request has has no P99; one frame without requests has no presence', () => {
    const frame = frameOf(10)
    const all = new Uint8Array(frame.n).fill(1)
    const tls = computeStageBreakdown(frame, all, all, TTFT_STAGES).stats.find(
      (s) => s.stage === 'client.tls'
    )!
    expect(tls.presence).toBe(0)
    expect(tls.p99Us).toBeNull()
    const empty = frameOf(0)
    const none = computeStageBreakdown(empty, new Uint8Array(0), new Uint8Array(0)).stats
    expect(none.every((s) => s.presence === null && s.slowMeanUs === null)).toBe(true)
  })

  it('with no stage longer in the slow cohort, no stage carries a share of extra time', () => {
    const frame = frameOf(20)
    // The fastest half is "slow": every stage is shorter there, so no extra time exists.
    const slow = Uint8Array.from({ length: frame.n }, (_, i) => (i < 10 ? 1 : 0))
    const eligible = new Uint8Array(frame.n).fill(1)
    const stats = computeStageBreakdown(frame, slow, eligible, TTFT_STAGES).stats
    const queue = stats.find((s) => s.stage === 'engine.queue')!
    expect(queue.excessUs).toBeLessThan(0)
    expect(queue.excessShare).toBeNull()
  })
})
