import { describe, expect, it } from 'vitest'
import type { Finding } from '../../model/diagnosis.js'
import type { RequestTimeline } from '../../model/request.js'
import { asMicros } from '../../model/units.js'
import { buildContext } from '../frame/context.js'
import { frameFromRequests } from '../frame/frame.js'
import { diagnosisStages, stagesMeasureOf } from './stage-breakdown.js'
import { makeTimeline, T0_US } from '../testing/make-timeline.js'

/**
 * 600 requests over 10 minutes (slow cohorts of 30). Every 50th waits 800 ms in the gateway queue (slow first token);
 * every 40th, another set, generates for 9 s (slow stream, long pauses between tokens):
 *
 *   typical     |gq 5|q 5|prefill 40|=========== decode 2 s ===========|
 *   queued      |====== gq 800 ======|q 5|prefill 40|==== decode 2 s ====|
 *   long        |gq 5|q 5|prefill 40|================ decode 9 s ================...|
 *
 * Over whole requests the long generations are the slowest and decode holds their time; the
 * slowest first tokens are the queued ones and their time is the gateway queue.
 */
function requests(): RequestTimeline[] {
  const out: RequestTimeline[] = []
  for (let i = 0; i < 600; i++) {
    const queued = i % 50 === 7
    const long = i % 40 === 3
    out.push(
      makeTimeline({
        startUs: T0_US + i * 1_000_000,
        stagesMs: {
          'gateway.queue': queued ? 800 : 5 + (i % 3),
          'engine.queue': 5 + (i % 5),
          'engine.prefill': 40 + (i % 7),
          'engine.decode': long ? 9000 : 2000 + (i % 11) * 10,
          stream: long ? 30 : 2,
        },
        tpotMs: long ? 40 : 10 + (i % 4) * 0.1,
        itlMaxMs: long ? 900 : 20 + (i % 6),
      })
    )
  }
  return out
}

const ctx = buildContext({
  window: { fromUs: T0_US, toUs: asMicros(T0_US + 600_000_000) },
  frame: frameFromRequests(requests()),
  resources: [],
  events: [],
})

function finding(cause: Finding['cause'], evidence: Finding['evidence'] = []): Finding {
  return {
    cause,
    confidence: 0.6,
    scope: { dimension: null, value: null },
    window: null,
    evidence,
    actions: [],
  }
}

const tpotRow: Finding['evidence'][number] = {
  dimension: 'replica_age',
  observed: 0.9,
  baseline: 0.1,
  text: 'requests to a new replica under 5 minutes after its first request make up 90% of the requests with the slowest TPOT vs 10% of the others',
}

describe('diagnosisStages', () => {
  it.each([
    ['gateway.queueing', 'ttft', 'gateway.queue', finding('gateway.queueing')],
    ['network.tls_handshake', 'ttft', 'gateway.queue', finding('network.tls_handshake')],
    ['engine.long_generations', 'tpot', 'engine.decode', finding('engine.long_generations')],
    ['proxy.stream_buffering', 'itl_max', 'engine.decode', finding('proxy.stream_buffering')],
    ['a TPOT cold start', 'tpot', 'engine.decode', finding('replica.cold_start', [tpotRow])],
    ['healthy', 'e2e', 'engine.decode', finding('healthy')],
    ['no finding', 'e2e', 'engine.decode', undefined],
  ] as const)('%s: the %s slow cohort, mostly %s', (_name, measure, first, top) => {
    expect(stagesMeasureOf(top)).toBe(measure)
    const stages = diagnosisStages(ctx, top)
    const byShare = [...stages].sort((a, b) => b.share_of_p99_slow - a.share_of_p99_slow)
    expect(byShare[0]?.stage).toBe(first)
    const sum = stages.reduce((s, x) => s + x.share_of_p99_slow, 0)
    expect(sum).toBeCloseTo(1, 2)
  })

  it('a first-token finding lists only the stages before the first token', () => {
    const stages = diagnosisStages(ctx, finding('gateway.queueing'))
    expect(stages.map((s) => s.stage)).toEqual(['gateway.queue', 'engine.queue', 'engine.prefill'])
    // The cohort holds its floor of 30 requests: the 12 queued ones (850 ms to the first token,
    // 800 of it queued) and 18 typical ones (~60 ms): 12 × 800 / (12 × 850 + 18 × 60) ≈ 0.85.
    expect(stages[0]!.share_of_p99_slow).toBeGreaterThan(0.8)
  })

  it('a stream finding lists only the stages after the first token', () => {
    const stages = diagnosisStages(ctx, finding('engine.long_generations'))
    expect(stages.map((s) => s.stage)).toEqual(['engine.decode', 'stream'])
  })

  it('whole requests list every stage some request has, in contract order', () => {
    const stages = diagnosisStages(ctx, finding('healthy'))
    expect(stages.map((s) => s.stage)).toEqual([
      'gateway.queue',
      'engine.queue',
      'engine.prefill',
      'engine.decode',
      'stream',
    ])
  })

  it('keeps the CONTRACT §5 shape: stage, share_of_p99_slow, p99_ms and nothing else', () => {
    for (const s of diagnosisStages(ctx, finding('gateway.queueing'))) {
      expect(Object.keys(s)).toEqual(['stage', 'share_of_p99_slow', 'p99_ms'])
    }
    const queue = diagnosisStages(ctx, finding('gateway.queueing'))[0]!
    // The P99 of the stage over every request that has it (12 of 600 queued: above the P99).
    expect(queue.p99_ms).toBe(800)
  })
})
