/**
 * `engine.batching_window` from the queue's floor (ADR 0215), `engine.prefix_cache_miss` from
 * the requests' cached tokens when the counters cannot resolve the fall (ADR 0216), and
 * `engine.memory_bandwidth` argued against by heavier prompts: for (the grid's misses are named),
 * against (a look-alike is not claimed) and explained away (the mechanism ranks below the root).
 * The runs are the grid's own cases, drawn from its seeds, so each test is the case that was read.
 */
import { describe, expect, it } from 'vitest'
import { buildContext } from '../frame/context.js'
import { frameFromRequests } from '../frame/frame.js'
import {
  diagnoseGridCase,
  evidenceText as texts,
  findingOf,
  gridCase as caseOf,
} from '../testing/grid.js'
import { generateRun } from '../testing/fault-gen.js'
import { engineBatchingWindowCause } from './engine-batching-window.js'
import { enginePrefixCacheMissCause } from './engine-prefix-cache-miss.js'
import { engineMemoryBandwidthCause } from './engine-memory-bandwidth.js'

// Each case generates and diagnoses 6 000–7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('engine.batching_window from the queue floor', () => {
  it(
    'for: a 3× window whose median step is within the per-step noise is named from its floor',
    () => {
      // Seed 11 run 119: the median queue per step 126 → 221 ms over 36 ms of noise (2.6 units),
      // the fastest tenth 18 → 96 ms over 6 ms.
      const { diagnosis } = diagnoseGridCase(caseOf(11, 119))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.batching_window')
      expect(top.confidence).toBeGreaterThanOrEqual(0.7)
      expect(texts(top)).toMatch(/fastest tenth of requests' engine\.queue per step rose/)
      expect(top.window?.start).toBe('2025-06-02T09:15:00.000Z')
    },
    SLOW
  )

  it(
    'explained away: over 90 % of the window, the queue the window makes is not saturation',
    () => {
      // Seed 11 run 59: 1.5× over 27 of 30 minutes on a busy long-prompt fleet (2.4 requests
      // waiting per engine throughout) was answered engine.queue_saturation 0.59.
      const { diagnosis } = diagnoseGridCase(caseOf(11, 59))
      expect(diagnosis.findings[0]?.cause).toBe('engine.batching_window')
      const queue = findingOf(diagnosis, 'engine.queue_saturation')
      if (queue !== undefined) {
        expect(queue.confidence).toBeLessThan(diagnosis.findings[0]!.confidence)
      }
    },
    SLOW
  )

  it(
    'against: a median that steps up over the last minute while the floor stays is not a window',
    () => {
      // Seed 19 run 93: KV pressure 1.2× over the last minute; the median queue per step went
      // from 134 to 233 ms over two steps, the fastest tenth from 17 to 27 ms (less in proportion).
      const { diagnosis } = diagnoseGridCase(caseOf(19, 93))
      const window = findingOf(diagnosis, 'engine.batching_window')
      expect(window === undefined || window.confidence < 0.3).toBe(true)
    },
    SLOW
  )

  it.each([
    ['engine.long_prompts', 3],
    ['engine.queue_saturation', 3],
    ['engine.kv_cache_pressure', 3],
  ] as const)(
    'against: a queue that %s scales (%s×) lifts its floor no more than its median',
    (cause, magnitude) => {
      const g = generateRun({
        seed: 215,
        minutes: 30,
        perMinute: 240,
        workload: 'chat',
        metrics: false,
        faults: [{ cause, magnitude, windowShare: 0.5 }],
      })
      const ctx = buildContext({
        window: g.window,
        frame: frameFromRequests(g.requests),
        resources: [],
        events: [],
      })
      const r = engineBatchingWindowCause.evaluate(ctx)
      const confidence = r === null || 'skipped' in r ? 0 : r.confidence
      expect(confidence).toBeLessThan(0.3)
    },
    SLOW
  )
})

describe('engine.prefix_cache_miss where the counters cannot see the fall', () => {
  it(
    'for: a collapse in the last minute, between two scrapes, is read from the requests',
    () => {
      // Seed 11 run 50: the hit rate 0.42 → 0 in the last minute; the counters, scraped once a
      // minute, have no rate there, and the answer was engine.memory_bandwidth 0.66.
      const { diagnosis } = diagnoseGridCase(caseOf(11, 50))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.prefix_cache_miss')
      expect(texts(top)).toMatch(
        /prefix-cache hit rate fell from 0\.42 to 0 at .*\(cached_tokens \/ input_tokens\)/
      )
      // The counters exist: no line says they are missing.
      expect(texts(top)).not.toMatch(/no metrics for prefix-cache hits/)
      // Explained away: the decode slowdown the uncached prefill causes ranks below it.
      const bandwidth = findingOf(diagnosis, 'engine.memory_bandwidth')
      if (bandwidth !== undefined) {
        expect(bandwidth.confidence).toBeLessThan(top.confidence)
      }
    },
    SLOW
  )

  it(
    'for: a 1.5× fall over the last minute on spans alone is a level of two half-minute steps',
    () => {
      const { diagnosis } = diagnoseGridCase(caseOf(11, 83))
      expect(diagnosis.findings[0]?.cause).toBe('engine.prefix_cache_miss')
    },
    SLOW
  )

  it(
    'against: a hit rate that fell in no source argues against a miss another reading proposed',
    () => {
      const c = caseOf(11, 36) // memory bandwidth 1.5× over the last minute; the cache is steady
      const g = generateRun(c.spec)
      const ctx = buildContext({
        window: g.window,
        frame: frameFromRequests(g.requests),
        resources: g.resources,
        events: [],
      })
      const counter = enginePrefixCacheMissCause.counter!(
        ctx,
        {
          cause: 'engine.prefix_cache_miss',
          confidence: 0.8,
          scope: { dimension: null, value: null },
          window: { start: '2025-06-02T09:29:00.000Z', end: '2025-06-02T09:30:00.000Z' },
          evidence: [],
          actions: [],
        },
        'ttft'
      )
      expect(counter?.factor).toBe(0.3)
      expect(counter?.evidence.text).toMatch(/^against: the prefix-cache hit rate did not fall/)
    },
    SLOW
  )
})

describe('engine.memory_bandwidth against heavier prompts', () => {
  it(
    'against: a TPOT rise that came with 1.7× the uncached prompt tokens per request is not named',
    () => {
      // Seed 17 run 71: long prompts from minute 8; the decode steps the prefill chunks share
      // slowed by 3.3 ms, and the answer was engine.memory_bandwidth 0.54, a wrong cause.
      const { diagnosis } = diagnoseGridCase(caseOf(17, 71))
      const bandwidth = findingOf(diagnosis, 'engine.memory_bandwidth')
      expect(bandwidth === undefined || bandwidth.confidence < 0.3).toBe(true)
      expect(diagnosis.findings[0]?.cause).not.toBe('engine.memory_bandwidth')
    },
    SLOW
  )

  it(
    'for: the same TPOT rise at the same prompts is still named, with nothing argued against',
    () => {
      const c = caseOf(7, 58) // memory bandwidth 2× over 35 % of the window
      const { diagnosis } = diagnoseGridCase(c)
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.memory_bandwidth')
      const g = generateRun(c.spec)
      const ctx = buildContext({
        window: g.window,
        frame: frameFromRequests(g.requests),
        resources: g.resources,
        events: [],
      })
      expect(engineMemoryBandwidthCause.counter!(ctx, top, 'tpot')).toBeNull()
    },
    SLOW
  )
})
