import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { runTwin, type StepModel, type TwinCluster } from './engine.js'
import type { ObservedRequests } from './observed.js'
import { queueClockOf } from './queue-clock.js'

const STEP_US = 20_000

/**
 * One replica whose steps are 20 ms long while a long request runs (the first 60 s) and which
 * is idle after it; short requests arrive over two minutes. `clock` is where the engine stamps
 * their queue entry: vLLM V1 when its busy loop drains the input queue after the step in flight
 * (`step`), or at arrival (`arrival`, the wait for that step counted as queue). Every queue also
 * holds the scheduler's own 20–60 µs.
 */
function window(clock: 'arrival' | 'step', seed: number): ObservedRequests {
  const rng = createRng(seed)
  const rows: { queued: number; queue: number; prefill: number; decode: number }[] = [
    { queued: 0, queue: 30, prefill: STEP_US, decode: 60e6 },
  ]
  for (let at = 1e6; at < 120e6; at += rng.exp(1e6)) {
    const busy = at < 60e6
    const residual = busy ? STEP_US - (at % STEP_US) : 0
    const overhead = rng.range(20, 60)
    rows.push(
      clock === 'step'
        ? { queued: at + residual, queue: overhead, prefill: 5_000, decode: 100_000 }
        : { queued: at, queue: residual + overhead, prefill: 5_000, decode: 100_000 }
    )
  }
  const n = rows.length
  return {
    n,
    queuedUs: Float64Array.from(rows, (r) => r.queued),
    queueUs: Float64Array.from(rows, (r) => r.queue),
    prefillUs: Float64Array.from(rows, (r) => r.prefill),
    decodeUs: Float64Array.from(rows, (r) => r.decode),
    replica: new Int32Array(n),
    replicas: ['vllm-0'],
  } as unknown as ObservedRequests
}

describe('queueClockOf', () => {
  it('reads vLLM V1’s clock: requests reaching a running replica queue no longer than at an idle one', () => {
    const c = queueClockOf(window('step', 3))
    expect(c.busyArrivals).toBeGreaterThan(40)
    expect(c.idleArrivals).toBeGreaterThan(40)
    expect(c.value).toBe('step')
  })

  it('keeps the arrival clock where a running replica makes them wait for its step', () => {
    const c = queueClockOf(window('arrival', 3))
    expect(c.value).toBe('arrival')
    expect(c.busyQueueP50Ms!).toBeGreaterThan(5)
  })

  it('assumes the arrival clock when one side has too few requests to test', () => {
    const o = window('step', 4)
    // Only the long request's first 10 s: every short request arrives at a running replica.
    const keep = Array.from({ length: o.n }, (_, i) => i).filter((i) => o.queuedUs[i]! < 10e6)
    const sub = {
      ...o,
      n: keep.length,
      queuedUs: Float64Array.from(keep, (i) => o.queuedUs[i]!),
      queueUs: Float64Array.from(keep, (i) => o.queueUs[i]!),
      prefillUs: Float64Array.from(keep, (i) => o.prefillUs[i]!),
      decodeUs: Float64Array.from(keep, (i) => o.decodeUs[i]!),
      replica: new Int32Array(keep.length),
    } as ObservedRequests
    const c = queueClockOf(sub)
    expect(c.idleArrivals).toBeLessThan(20)
    expect(c.value).toBe('arrival')
    expect(c.source).toMatch(/^assumed/)
  })
})

describe('runTwin pickedUs', () => {
  const step: StepModel = {
    decodeBaseUs: 10_000,
    perDecodeSeqUs: 0,
    perKvTokenUs: 0,
    prefillBaseUs: 0,
    perPrefillTokenUs: 0,
  }
  const cluster: TwinCluster = {
    replicas: [
      {
        name: 'r0',
        step,
        maxNumSeqs: 1,
        kvCapacityTokens: Infinity,
        maxBatchedTokens: 8192,
        pool: 0,
      },
    ],
    routing: 'round_robin',
    shares: [1],
    splitMinPrompt: null,
  }

  it('is the arrival at an idle replica, else the end of the step in flight, even when the cap holds it longer', () => {
    // Job 0 runs 5 steps of 10 ms from t=0 (its first token at 10 ms, its end at 50 ms). Job 1
    // arrives at 23 ms, inside a decode run, and job 2 at 30 ms, on a step boundary; with one
    // slot, both are scheduled only after job 0 ends. Job 3 arrives at an idle replica.
    const res = runTwin(
      cluster,
      {
        n: 4,
        arriveUs: Float64Array.from([0, 23_000, 30_000, 500_000]),
        prompt: Float64Array.from([10, 10, 10, 10]),
        cached: new Float64Array(4),
        output: Float64Array.from([5, 2, 2, 2]),
        replica: new Int32Array(4).fill(-1),
      },
      createRng(1)
    )
    expect(Array.from(res.pickedUs)).toEqual([0, 30_000, 30_000, 500_000])
    expect(res.scheduledUs[1]).toBe(50_000)
  })
})
