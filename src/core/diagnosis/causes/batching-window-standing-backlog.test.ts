/**
 * `engine.batching_window` over engines that hold a standing backlog (ADR 0330). A backlog's wait
 * scales with how many wait ahead and how long the slots are held, so its floor and median grow by
 * the same factor; a window adds the same wait to both. Read as a scale and a fixed wait, a rise
 * whose fixed part is a small remainder of the median's rise is the backlog's own growth.
 * Against: a healthy run whose floor rose with slots held longer is not a window. For: a window
 * under no backlog is named, and so is one that opens while a backlog stands (both): its fixed
 * wait is the whole rise.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import type { ResourceSeries } from '../frame/input.js'
import { buildContext } from '../frame/context.js'
import { diagnoseGridCase, evidenceText, gridCase, gridCaseInput } from '../testing/grid.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { MIN_CONFIDENCE } from '../thresholds.js'
import { engineBatchingWindowCause, scaleAndShift } from './engine-batching-window.js'

const MIN_US = 60_000_000

function ruleOf(input: Parameters<typeof buildContext>[0]): { confidence: number; text: string } {
  const r = engineBatchingWindowCause.evaluate(buildContext(input))
  if (r === null || 'skipped' in r) {
    return { confidence: 0, text: '' }
  }
  return { confidence: r.confidence, text: r.evidence.map((e) => e.text).join(' | ') }
}

/**
 * 120 requests a minute over four replicas whose engines are idle (nobody waiting; most requests
 * wait nothing, the rest a millisecond or two); from minute 24 to 30 every request waits
 * 60–150 ms for its batch.
 */
function windowWithoutBacklog(): {
  requests: RequestTimeline[]
  resources: ResourceSeries[]
} {
  const rng = createTestRng(3300)
  const requests: RequestTimeline[] = []
  for (let m = 0; m < 40; m++) {
    for (let k = 0; k < 120; k++) {
      const noise = 0.9 + 0.2 * rng()
      let queueMs = rng() < 0.7 ? 0 : 2 * rng()
      if (m >= 24 && m < 30) {
        queueMs += 60 + 90 * rng()
      }
      requests.push(
        makeTimeline({
          startUs: T0_US + m * MIN_US + Math.floor((k / 120) * MIN_US),
          dims: { replica: `r${k % 4}`, node: `n${k % 2}` },
          stagesMs: {
            'engine.queue': queueMs,
            'engine.prefill': 40 * noise,
            'engine.decode': 1500 * noise,
          },
          tpotMs: 10 * noise,
          inputTokens: 500,
          outputTokens: 150,
        })
      )
    }
  }
  const resources: ResourceSeries[] = [0, 1, 2, 3].map((k) => ({
    kind: 'waiting',
    metric: 'vllm:num_requests_waiting',
    labels: { pod: `r${k}`, node: `n${k % 2}` },
    points: Array.from({ length: 40 * 4 }, (_, i) => ({
      timeUs: T0_US + i * 15_000_000,
      value: 0,
    })),
  }))
  return { requests, resources }
}

// Each grid case generates and diagnoses about 7 200 requests: seconds alone, minutes on a
// loaded machine. The bound is on the host, not on the code.
const SLOW = 300_000

describe('scaleAndShift: a queue change read as a scale and a fixed wait', () => {
  it('a backlog that grew scales floor and median alike: no fixed wait', () => {
    const s = scaleAndShift({ outside: 20, inside: 26 }, { outside: 140, inside: 182 })!
    expect(s.scale).toBeCloseTo(1.3, 6)
    expect(s.shift).toBeCloseTo(0, 6)
    expect(s.share).toBe(0)
  })

  it('a window adds the same wait to floor and median: all of the rise', () => {
    const s = scaleAndShift({ outside: 20, inside: 45 }, { outside: 140, inside: 165 })!
    expect(s.scale).toBeCloseTo(1, 6)
    expect(s.shift).toBeCloseTo(25, 6)
    expect(s.share).toBeCloseTo(1, 6)
  })

  it('both: the fixed wait is its part of the median rise, the rest is the scale', () => {
    // Grid run 227-104's levels (ms): floor 18.3 → 33.8, median 139 → 171.
    const s = scaleAndShift({ outside: 18.3, inside: 33.8 }, { outside: 139, inside: 171 })!
    expect(s.scale).toBeGreaterThan(1.1)
    expect(s.shift).toBeGreaterThan(10)
    expect(s.share).toBeGreaterThan(0.3)
    expect(s.share).toBeLessThan(0.5)
  })

  it('an unknown gap is no reading', () => {
    expect(scaleAndShift({ outside: 20, inside: 30 }, { outside: 20, inside: 40 })).toBeNull()
    expect(scaleAndShift({ outside: 20, inside: NaN }, { outside: 100, inside: 120 })).toBeNull()
  })
})

describe('engine.batching_window over a standing backlog', () => {
  it(
    'against: a healthy run whose floor rose with its standing backlog is no window',
    () => {
      // Grid run 227-104 (engine spans and metrics, long outputs, nothing injected): 2.1 requests
      // waiting per replica all run; over 7 steps the slots were held 9.8 s against 8.7 s and the
      // floor rose 18 → 34 ms with the median 139 → 171 ms. It was answered a window at 0.57.
      const c = gridCase(227, 104)
      expect(ruleOf(gridCaseInput(c).input).confidence).toBeLessThan(MIN_CONFIDENCE)
      const { diagnosis } = diagnoseGridCase(c)
      expect(diagnosis.findings[0]?.cause).toBe('healthy')
    },
    SLOW
  )

  it(
    'for (both): a 1.5× window that opens while a backlog stands is named, the backlog said',
    () => {
      // Grid run 227-72: 1.5–2.4 requests waiting per replica before and inside; the floor rose
      // 17 → 37 ms while the median stayed at 128–131 ms: the whole rise is a fixed wait.
      const { diagnosis } = diagnoseGridCase(gridCase(227, 72))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.batching_window')
      expect(top.confidence).toBeGreaterThanOrEqual(0.7)
      expect(evidenceText(top)).toMatch(/a standing backlog that did not grow with the wait/)
    },
    SLOW
  )

  it(
    'for: a window under no backlog is named, and the evidence says nobody waits',
    () => {
      const { requests, resources } = windowWithoutBacklog()
      const r = ruleOf(minutesInput(requests, 40, resources))
      expect(r.confidence).toBeGreaterThanOrEqual(0.7)
      expect(r.text).toMatch(/no backlog behind the wait/)
    },
    SLOW
  )
})
