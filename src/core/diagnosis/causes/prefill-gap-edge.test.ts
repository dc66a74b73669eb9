/**
 * A prefill runs in the same engine step as the running streams' decode, so longer prefills
 * lengthen the streams' longest gap by about as much: the stalls are the prefills' cause's when
 * the prefill rose by at least half as much as the gap, and a buffering proxy's when the prefills
 * kept their time (ADR 0544).
 */
import { describe, expect, it } from 'vitest'
import type { Cause, Finding } from '../../model/diagnosis.js'
import { asMicros, isoFromMicros } from '../../model/units.js'
import { buildContext } from '../frame/context.js'
import { explainAway } from '../explain/explain-away.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { causeRecord } from './index.js'
import { prefillHeldTheGaps } from './prefill-gap-edge.js'

/**
 * 120 client streams a minute for 20 minutes; from minute 10 the prefill takes `late.prefillMs`
 * (22 ms before) and the longest gap `late.gapMs` (47 ms before), give or take a tenth.
 */
function ctxOf(late: { prefillMs: number; gapMs: number }) {
  const rng = createTestRng(544)
  const requests = []
  for (let m = 0; m < 20; m++) {
    const isLate = m >= 10
    for (let k = 0; k < 120; k++) {
      const noise = 0.9 + 0.2 * rng()
      requests.push(
        makeTimeline({
          startUs: T0_US + m * 60_000_000 + k * 500_000,
          dims: { replica: `r${k % 2}` },
          stagesMs: {
            'engine.queue': 5 * noise,
            'engine.prefill': (isLate ? late.prefillMs : 22) * noise,
            'engine.decode': 1800 * noise,
          },
          tpotMs: 9 * noise,
          itlMaxMs: (isLate ? late.gapMs : 47) * noise,
          hasClient: true,
          outputTokens: 200,
        })
      )
    }
  }
  return buildContext(minutesInput(requests, 20))
}

const at = (minute: number): string => isoFromMicros(asMicros(T0_US + minute * 60_000_000))
const finding = (cause: Cause, confidence: number): Finding => ({
  cause,
  confidence,
  scope: { dimension: null, value: null },
  window: { start: at(10), end: at(20) },
  evidence: [],
  actions: [],
})

describe('stream gaps that longer prefills held (ADR 0544)', () => {
  it('the prefix-cache and long-prompt records carry the edge to the stream stalls', () => {
    for (const root of ['engine.prefix_cache_miss', 'engine.long_prompts'] as const) {
      expect(Object.keys(causeRecord(root)?.explainsWhen ?? {})).toContain('proxy.stream_buffering')
    }
  })

  it('for: the gap rose 80 ms while the prefill rose 85 ms (the prompts computed again)', () => {
    const ctx = ctxOf({ prefillMs: 107, gapMs: 127 })
    const line = prefillHeldTheGaps(
      ctx,
      finding('engine.prefix_cache_miss', 0.96),
      finding('proxy.stream_buffering', 0.95)
    )
    expect(line?.metric).toBe('prefill_gap_rise')
    expect(line?.text).toMatch(
      /^the streams' longest gap between tokens rose (7\d|8\d) ms at the median and the prefill of the requests beside them (8\d|9\d) ms/
    )
  })

  it('against: the gap rose 150 ms with the prefills unchanged (a proxy holding tokens)', () => {
    const ctx = ctxOf({ prefillMs: 22, gapMs: 197 })
    expect(
      prefillHeldTheGaps(
        ctx,
        finding('engine.prefix_cache_miss', 0.96),
        finding('proxy.stream_buffering', 0.95)
      )
    ).toBeNull()
  })

  it("against: the prefill rose 50 ms of the gap's 150 ms", () => {
    const ctx = ctxOf({ prefillMs: 72, gapMs: 197 })
    expect(
      prefillHeldTheGaps(
        ctx,
        finding('engine.long_prompts', 0.95),
        finding('proxy.stream_buffering', 0.95)
      )
    ).toBeNull()
  })

  it('explained away: the stalls rank below the prefix-cache collapse and say why', () => {
    const ctx = ctxOf({ prefillMs: 107, gapMs: 127 })
    const cache = finding('engine.prefix_cache_miss', 0.96)
    const proxy = finding('proxy.stream_buffering', 0.95)
    explainAway(ctx, [cache, proxy])
    expect(cache.confidence).toBe(0.96)
    expect(proxy.confidence).toBeCloseTo(0.864)
    expect(proxy.evidence.map((e) => e.metric)).toEqual(['explained_by', 'prefill_gap_rise'])
  })

  it('a finding without a window reads as no edge', () => {
    const ctx = ctxOf({ prefillMs: 107, gapMs: 127 })
    const open = { ...finding('engine.prefix_cache_miss', 0.96), window: null }
    expect(prefillHeldTheGaps(ctx, open, finding('proxy.stream_buffering', 0.95))).toBeNull()
  })
})
