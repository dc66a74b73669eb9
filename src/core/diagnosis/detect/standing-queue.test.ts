/**
 * A queue that grows only on a standing-slow replica is that condition's cost, not engine-wide
 * saturation (ADR 0279). Against saturation: the slow replica's queue runs away in the second
 * half while the other replicas' typical request waits as before (their tail grows with the
 * traffic). For saturation: every replica's typical request waits longer. And the condition must
 * hold the queue: one whose requests wait little while the rest wait more holds nothing.
 */
import { describe, expect, it } from 'vitest'
import type { StandingCondition } from '../../model/diagnosis.js'
import { frameFromRequests, startMask } from '../frame/frame.js'
import { createTestRng, makeTimeline, T0_US } from '../testing/make-timeline.js'
import { queueOfStanding } from './standing-queue.js'

const MINUTES = 30
const HALF_US = T0_US + (MINUTES / 2) * 60_000_000
const END_US = T0_US + MINUTES * 60_000_000
const REPLICAS = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5']

function condition(dimension: string, value: string): StandingCondition {
  return {
    dimension,
    value,
    measure: 'tpot',
    observed: 45,
    baseline: 23,
    cost_p99: 1.8,
    text: `${dimension}=${value}: TPOT median 45 ms against 23 ms for the rest`,
  }
}

/**
 * Six replicas, 120 requests a minute round-robin. Outside the second half, 90 % of requests wait
 * 0 and the rest up to 50 ms. `queueMs` gives a request's wait in the second half.
 */
function run(queueMs: (replica: string, atMinute: number, u: number) => number) {
  const rng = createTestRng(11)
  const requests = []
  for (let k = 0; k < MINUTES * 120; k++) {
    const startUs = T0_US + k * 500_000
    const replica = REPLICAS[k % REPLICAS.length] as string
    const u = rng()
    const atMinute = (startUs - T0_US) / 60_000_000
    const queue = startUs >= HALF_US ? queueMs(replica, atMinute, u) : u < 0.9 ? 0 : 500 * (u - 0.9)
    requests.push(
      makeTimeline({
        startUs,
        dims: { replica, node: replica === 'r5' ? 'n2' : replica < 'r2' ? 'n0' : 'n1' },
        stagesMs: {
          'engine.queue': queue,
          'engine.prefill': 40 + 10 * rng(),
          'engine.decode': 2000,
        },
      })
    )
  }
  const frame = frameFromRequests(requests)
  return { frame, inWindow: startMask(frame, HALF_US, END_US) }
}

/** The other replicas' wait with more traffic: most still wait 0, the tail grows to 1.5 s. */
const restWithRamp = (u: number): number => (u < 0.9 ? 0 : u < 0.98 ? 300 * (u - 0.9) : 1500 * u)

describe('a queue held by a standing condition', () => {
  it('against saturation: only the always-slower replica queues, the others wait as before', () => {
    const { frame, inWindow } = run((replica, minute, u) =>
      // Past its capacity, r5's queue grows by a second a minute.
      replica === 'r5' ? (minute - 15) * 1000 * (0.8 + 0.4 * u) : restWithRamp(u)
    )
    const held = queueOfStanding(frame, frame.stages['engine.queue'], inWindow, [
      condition('replica', 'r5'),
    ])
    expect(held?.condition.value).toBe('r5')
    expect(held!.share).toBeGreaterThan(0.9)
    expect(held!.restDelta).toBeLessThan(0.147)
  })

  it('for saturation: every replica makes its typical request wait longer', () => {
    const { frame, inWindow } = run((replica, minute, u) =>
      replica === 'r5' ? (minute - 15) * 1000 * (0.8 + 0.4 * u) : 200 + 400 * u
    )
    expect(
      queueOfStanding(frame, frame.stages['engine.queue'], inWindow, [condition('replica', 'r5')])
    ).toBeNull()
  })

  it('a condition whose requests hold little of the queue is not its cause', () => {
    // r5's wait rises a little, the others' a lot in the tail: the queue is not r5's.
    const { frame, inWindow } = run((replica, _minute, u) =>
      replica === 'r5' ? 100 * u : u < 0.9 ? 0 : 20_000 * (u - 0.9)
    )
    expect(
      queueOfStanding(frame, frame.stages['engine.queue'], inWindow, [condition('replica', 'r5')])
    ).toBeNull()
  })

  it('a region is no place the engine queues on', () => {
    const { frame, inWindow } = run((replica, minute, u) =>
      replica === 'r5' ? (minute - 15) * 1000 * (0.8 + 0.4 * u) : restWithRamp(u)
    )
    expect(
      queueOfStanding(frame, frame.stages['engine.queue'], inWindow, [
        condition('region', 'us-east-1'),
      ])
    ).toBeNull()
  })
})
