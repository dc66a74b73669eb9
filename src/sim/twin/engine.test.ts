import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import {
  LoadCounts,
  RunScratch,
  runTwin,
  stepDurationUs,
  type StepModel,
  type TwinCluster,
  type TwinJobs,
} from './engine.js'

const FLAT_10MS: StepModel = {
  decodeBaseUs: 10_000,
  perDecodeSeqUs: 0,
  perKvTokenUs: 0,
  prefillBaseUs: 0,
  perPrefillTokenUs: 0,
}

function cluster(maxNumSeqs: number, step: StepModel = FLAT_10MS): TwinCluster {
  return {
    replicas: [
      { name: 'r0', step, maxNumSeqs, kvCapacityTokens: Infinity, maxBatchedTokens: 8192, pool: 0 },
    ],
    routing: 'round_robin',
    shares: [1],
    splitMinPrompt: null,
  }
}

/** 400 requests arriving as a Poisson process of mean gap `gapUs`, lognormal prompts and outputs. */
function poissonRows(
  seed: number,
  gapUs: number
): { at: number; prompt: number; output: number }[] {
  const rng = createRng(seed)
  const rows: { at: number; prompt: number; output: number }[] = []
  let t = 0
  for (let i = 0; i < 400; i++) {
    t += rng.exp(gapUs)
    rows.push({
      at: t,
      prompt: Math.round(rng.lognormal(600, 0.8)),
      output: 2 + Math.round(rng.lognormal(80, 0.8)),
    })
  }
  return rows
}

/** A step law with every term, for the decode-run tests. */
const FULL_STEP: StepModel = {
  decodeBaseUs: 7000,
  perDecodeSeqUs: 20,
  perKvTokenUs: 0.05,
  prefillBaseUs: 1000,
  perPrefillTokenUs: 40,
}

function jobs(rows: { at: number; prompt: number; output: number }[]): TwinJobs {
  return {
    n: rows.length,
    arriveUs: Float64Array.from(rows, (r) => r.at),
    prompt: Float64Array.from(rows, (r) => r.prompt),
    cached: new Float64Array(rows.length),
    output: Float64Array.from(rows, (r) => r.output),
    replica: new Int32Array(rows.length).fill(-1),
  }
}

describe('stepDurationUs', () => {
  const m: StepModel = {
    decodeBaseUs: 7000,
    perDecodeSeqUs: 10,
    perKvTokenUs: 0.05,
    prefillBaseUs: 1000,
    perPrefillTokenUs: 40,
  }
  it.each([
    // memory-bound decode: 7000 + 10·4 + 0.05·4000
    { prefill: 0, batch: 4, kv: 4000, want: 7240 },
    // a short prompt rides the decode step
    { prefill: 100, batch: 4, kv: 4000, want: 7240 },
    // a long prompt makes the step compute-bound: 1000 + 40·1000
    { prefill: 1000, batch: 4, kv: 4000, want: 41_000 },
  ])('prefill $prefill, batch $batch → $want µs', ({ prefill, batch, kv, want }) => {
    expect(stepDurationUs(m, prefill, batch, kv)).toBeCloseTo(want, 6)
  })
})

describe('runTwin', () => {
  it('gives the first token at the end of the prefill step and one token per later step', () => {
    // t=0 admitted ─ step 1 (prefill) ─ 10 ms first token ─ 4 decode steps ─ 50 ms end
    const r = runTwin(cluster(8), jobs([{ at: 0, prompt: 100, output: 5 }]), createRng(1))
    expect(r.scheduledUs[0]).toBe(0)
    expect(r.firstTokenUs[0]).toBe(10_000)
    expect(r.endUs[0]).toBe(50_000)
  })

  it('queues a request while max_num_seqs are running, and admits it when one ends', () => {
    const two = jobs([
      { at: 0, prompt: 100, output: 5 },
      { at: 1000, prompt: 100, output: 2 },
    ])
    const one = runTwin(cluster(1), two, createRng(1))
    expect(one.scheduledUs[1]).toBe(50_000)
    // With room for both, the second joins the next step (after the one in flight).
    const both = runTwin(cluster(2), two, createRng(1))
    expect(both.scheduledUs[1]).toBe(10_000)
    expect(both.endUs[1]).toBe(30_000)
  })

  it('spreads requests over replicas by least load', () => {
    const c = cluster(8)
    c.replicas.push({ ...c.replicas[0]!, name: 'r1' })
    c.shares.push(1)
    c.routing = 'least_loaded'
    const r = runTwin(
      c,
      jobs([
        { at: 0, prompt: 10, output: 50 },
        { at: 1, prompt: 10, output: 50 },
        { at: 2, prompt: 10, output: 50 },
      ]),
      createRng(1)
    )
    expect([...r.replica].sort()).toEqual([0, 0, 1].sort())
    expect(new Set(r.replica.slice(0, 2))).toEqual(new Set([0, 1]))
  })

  it('routes on the loads at the route instant, where the requests on their way count nowhere', () => {
    const c = cluster(8)
    c.replicas.push({ ...c.replicas[0]!, name: 'r1' })
    c.shares.push(1)
    c.routing = 'least_loaded'
    const j = jobs([
      { at: 0, prompt: 10, output: 500 },
      { at: 1000, prompt: 10, output: 50 },
      { at: 1001, prompt: 10, output: 50 },
    ])
    // The second and third are routed 1 ms before they reach the engine: the third sees r0
    // holding the first and r1 empty, the second still on its way to r1, and joins it.
    j.routeUs = Float64Array.from([0, 10, 11])
    const r = runTwin(c, j, createRng(1))
    expect([...r.replica]).toEqual([0, 1, 1])
    expect([...r.arriveUs]).toEqual([0, 1000, 1001])
  })

  it('orders a routed arrival and a step end of the same instant by when each was pushed', () => {
    const c = cluster(8)
    const rows = [
      { at: 0, prompt: 10, output: 5 },
      { at: 10_000, prompt: 10, output: 5 },
    ]
    // Routed at 0, before the first step (ending at 10 ms) was pushed: the arrival comes first,
    // waits for that step's end and is admitted there.
    const early = jobs(rows)
    early.routeUs = Float64Array.from([0, 0])
    const a = runTwin(c, early, createRng(1))
    expect(a.pickedUs[1]).toBe(10_000)
    expect(a.scheduledUs[1]).toBe(10_000)
    // Routed at 10 ms, after it: the step ends first and starts a decode run, which the arrival
    // splits, so the request waits one step more.
    const late = jobs(rows)
    late.routeUs = Float64Array.from([0, 10_000])
    const b = runTwin(c, late, createRng(1))
    expect(b.pickedUs[1]).toBe(20_000)
    expect(b.scheduledUs[1]).toBe(20_000)
  })

  it('splits decode runs at routed arrivals exactly as it would step by step', () => {
    const rows = poissonRows(11, 30_000)
    const c = cluster(16, FULL_STEP)
    c.replicas.push({ ...c.replicas[0]!, name: 'r1' }, { ...c.replicas[0]!, name: 'r2' })
    c.shares.push(1, 1)
    c.routing = 'least_loaded'
    const routed = (): TwinJobs => {
      const j = jobs(rows)
      // 4–8 ms ahead of the queue, so the arrivals reach the engine out of their route order.
      const ahead = createRng(3)
      j.routeUs = Float64Array.from(rows, (r) => r.at - ahead.range(4000, 8000))
      return j
    }
    const fast = runTwin(c, routed(), createRng(1))
    const slow = runTwin(c, routed(), createRng(1), null, false)
    expect([...fast.replica]).toEqual([...slow.replica])
    for (let i = 0; i < rows.length; i++) {
      expect(fast.pickedUs[i]).toBeCloseTo(slow.pickedUs[i]!, 3)
      expect(fast.scheduledUs[i]).toBeCloseTo(slow.scheduledUs[i]!, 3)
      expect(fast.firstTokenUs[i]).toBeCloseTo(slow.firstTokenUs[i]!, 3)
      expect(fast.endUs[i]).toBeCloseTo(slow.endUs[i]!, 3)
    }
    for (let r = 0; r < 3; r++) {
      expect(fast.busyUs[r]).toBeCloseTo(slow.busyUs[r]!, 0)
    }
  })

  it('sends long prompts to the split pool', () => {
    const c = cluster(8)
    c.replicas.push({ ...c.replicas[0]!, name: 'long', pool: 1 })
    c.shares.push(1)
    c.splitMinPrompt = 4000
    const r = runTwin(
      c,
      jobs([
        { at: 0, prompt: 8000, output: 2 },
        { at: 1, prompt: 500, output: 2 },
      ]),
      createRng(1)
    )
    expect([...r.replica]).toEqual([1, 0])
  })

  it('adds decode-only steps up at once exactly as it would step by step', () => {
    const rows = poissonRows(5, 40_000)
    const c = cluster(16, FULL_STEP)
    c.replicas.push({ ...c.replicas[0]!, name: 'r1' })
    c.shares.push(1)
    c.routing = 'least_loaded'
    const fast = runTwin(c, jobs(rows), createRng(1))
    const slow = runTwin(c, jobs(rows), createRng(1), null, false)
    expect([...fast.replica]).toEqual([...slow.replica])
    for (let i = 0; i < rows.length; i++) {
      expect(fast.scheduledUs[i]).toBeCloseTo(slow.scheduledUs[i]!, 3)
      expect(fast.firstTokenUs[i]).toBeCloseTo(slow.firstTokenUs[i]!, 3)
      expect(fast.endUs[i]).toBeCloseTo(slow.endUs[i]!, 3)
    }
    expect(fast.busyUs[0]).toBeCloseTo(slow.busyUs[0]!, 0)
    expect(fast.kvPeakTokens[1]).toBe(slow.kvPeakTokens[1])
  })

  it('preempts the newest request when the KV cache runs full, recomputes it, and loses no job', () => {
    //   KV 1,000 tokens; two requests of 400 prompt tokens decode 300 tokens each:
    //   a: prompt 400 ─ decode ──────────────────────────────── 700 held at its end
    //   b:  prompt 400 ─ decode ───┤ preempted at 1,000 held ├─ waits ─ recompute ─ decode ─┤
    const c = cluster(8)
    c.replicas[0]!.kvCapacityTokens = 1000
    const rows = [
      { at: 0, prompt: 400, output: 300 },
      { at: 1, prompt: 400, output: 300 },
    ]
    const r = runTwin(c, jobs(rows), createRng(1))
    expect(r.preemptions[0]).toBeGreaterThan(0)
    expect(r.kvPeakTokens[0]).toBeLessThanOrEqual(1000)
    expect(r.endUs[0]).toBeLessThan(r.endUs[1]!)
    // b's first token came before its preemption and is kept; its end comes after a finished.
    expect(r.firstTokenUs[1]).toBeLessThan(r.endUs[0]!)
    // Without the limit both share every step and end together.
    const free = runTwin(cluster(8), jobs(rows), createRng(1))
    expect(free.preemptions[0]).toBe(0)
    expect(r.endUs[1]! - free.endUs[1]!).toBeGreaterThan(100 * 10_000)
  })

  it('preempts the same way step by step and in decode runs', () => {
    const rng = createRng(9)
    const rows = []
    let t = 0
    for (let i = 0; i < 300; i++) {
      t += rng.exp(30_000)
      rows.push({
        at: t,
        prompt: Math.round(rng.lognormal(800, 0.6)),
        output: 2 + Math.round(rng.lognormal(150, 0.6)),
      })
    }
    const step: StepModel = {
      decodeBaseUs: 7000,
      perDecodeSeqUs: 20,
      perKvTokenUs: 0.05,
      prefillBaseUs: 1000,
      perPrefillTokenUs: 40,
    }
    const c = cluster(64, step)
    c.replicas[0]!.kvCapacityTokens = 12_000
    const fast = runTwin(c, jobs(rows), createRng(1))
    const slow = runTwin(c, jobs(rows), createRng(1), null, false)
    expect(fast.preemptions[0]).toBeGreaterThan(10)
    expect(fast.preemptions[0]).toBe(slow.preemptions[0])
    for (let i = 0; i < rows.length; i++) {
      expect(Number.isFinite(fast.endUs[i])).toBe(true)
      expect(fast.endUs[i]).toBeCloseTo(slow.endUs[i]!, 3)
    }
  })
})

describe('runs on reused arrays', () => {
  it('give what runs on new arrays give, run after run, larger and smaller, least loaded', () => {
    const step: StepModel = { ...FLAT_10MS, perDecodeSeqUs: 50, perKvTokenUs: 0.01 }
    const c: TwinCluster = {
      replicas: [0, 1, 2].map((i) => ({
        name: `r${i}`,
        step,
        maxNumSeqs: 4,
        kvCapacityTokens: 6000,
        maxBatchedTokens: 2048,
        pool: 0,
      })),
      routing: 'least_loaded',
      shares: [1, 1, 1],
      splitMinPrompt: null,
    }
    const rng = createRng(2462)
    const draw = (n: number): TwinJobs => {
      let at = 0
      return jobs(
        Array.from({ length: n }, () => ({
          at: (at += rng.exp(20_000)),
          prompt: rng.int(10, 1500),
          output: rng.int(1, 300),
        }))
      )
    }
    const scratch = new RunScratch()
    for (const n of [400, 900, 50, 700]) {
      const js = draw(n)
      scratch.reset()
      const reused = runTwin(c, js, createRng(n), null, true, scratch)
      const fresh = runTwin(c, js, createRng(n))
      expect(reused).toEqual(fresh)
      // What a reset hands out again starts from zeros, whatever the last run left in it.
      scratch.reset()
      expect(scratch.float64(n).every((v) => v === 0)).toBe(true)
      expect(scratch.int32(n).every((v) => v === 0)).toBe(true)
    }
  })
})

describe('runs on arrays taken unwritten', () => {
  // The arrays a run takes without zeroing them hold whatever the last run left; here they hold
  // a poison instead, so a read before the run writes changes the run (ADR 0523).
  it.each([
    { f64: NaN, i32: 1 },
    { f64: 1e12, i32: 0 },
    { f64: -1, i32: -1 },
  ])('give what runs on new arrays give: poison $f64 / $i32', ({ f64, i32 }) => {
    const step: StepModel = { ...FULL_STEP, perKvTokenUs: 0.02 }
    const c: TwinCluster = {
      replicas: [0, 1, 2].map((i) => ({
        name: `r${i}`,
        step,
        maxNumSeqs: 6,
        // Small enough to preempt, so the victims' admission order and decode start are read.
        kvCapacityTokens: 5000,
        maxBatchedTokens: 1024,
        pool: 0,
        ...(i === 2
          ? {
              stepUs: (p: number, d: number, kv: number, pairs: number) =>
                900 + 30 * p + 5 * d + 0.02 * kv + 1e-4 * pairs,
            }
          : {}),
      })),
      routing: 'least_loaded',
      shares: [1, 1, 1],
      splitMinPrompt: null,
    }
    const rng = createRng(2471)
    const rows = Array.from({ length: 600 }, (_, k) => ({
      at: k * 9000 + rng.range(0, 9000),
      prompt: rng.int(10, 1800),
      output: rng.int(1, 250),
    }))
    const js = jobs(rows)
    // Routed at the gateway, a few ms before the queue: the routed arrivals' own arrays are used.
    const routed: TwinJobs = { ...js, routeUs: js.arriveUs.map((a, k) => a - 1000 - (k % 7) * 300) }
    const scratch = RunScratch.poisoned(f64, i32)
    for (const j of [js, routed]) {
      scratch.reset()
      const fresh = runTwin(c, j, createRng(5))
      expect(fresh.preemptions.some((p) => p > 0)).toBe(true)
      expect(runTwin(c, j, createRng(5), null, true, scratch)).toEqual(fresh)
    }
    const loop = { users: 20, thinkUs: 50_000, untilUs: 4_000_000 }
    scratch.reset()
    expect(runTwin(c, js, createRng(6), loop, true, scratch)).toEqual(
      runTwin(c, js, createRng(6), loop)
    )
  })
})

describe('LoadCounts', () => {
  it('keeps the least load the plain minimum over the replicas gives, through random moves', () => {
    const rng = createRng(2463)
    for (let round = 0; round < 30; round++) {
      const R = rng.int(1, 40)
      const counts = new LoadCounts(R)
      const plain = new Array<number>(R).fill(0)
      for (let op = 0; op < 3000; op++) {
        const ri = rng.int(0, R - 1)
        // Arrivals a little more often than finishes, so loads climb past the first 64; a
        // finish only where a request is held.
        const d = plain[ri]! > 0 && rng.next() < 0.45 ? -1 : 1
        counts.add(ri, d)
        plain[ri]! += d
        expect(counts.least).toBe(Math.min(...plain))
      }
      expect(Array.from(counts.loads)).toEqual(plain)
    }
  })
})
