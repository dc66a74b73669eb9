/**
 * Parts of the twin's fit timed alone on the stored `whatif` bench window, each against the way
 * the fit did it before (kept here as the reference), in one process, alternating, the order
 * reversed every other round, the results compared by their bits.
 *
 *   npx tsx bench/whatif-fit-parts.bench.ts [--rounds 6]
 *   BENCH_REQUESTS=200000 npx tsx bench/whatif-fit-parts.bench.ts
 *
 * Parts: `routing`, the router check's densities at each arrival (ADR 0528): per replica a lane
 * walk written out and read back with the chosen replica gathered through the arrival order,
 * against `LaneIntegrals.leastAndOwnAt`; `spanRunning`, each replica's peak of requests running and
 * the batch its decode steps stay at or below (ADR 0528), before with its events merged into a
 * copy, now merged as they are walked, with a fixed step model and without one.
 */
import { createHash } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { sortByKey } from '../src/core/stats/sorted.js'
import type { StepModel } from '../src/sim/twin/engine.js'
import { runningFigures, spanRunning } from '../src/sim/twin/fit.js'
import type { LaneIntegrals } from '../src/sim/twin/lane-integrals.js'
import { loadTwinWindow } from '../src/sim/twin/load.js'
import type { ObservedRequests } from '../src/sim/twin/observed.js'
import { fitStepLaws, LANES } from '../src/sim/twin/step-law.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { whatIfStore } from './whatif-store.js'
import { argAfter, loadAverage, log, spread } from './cli-args.js'

const N = Number(process.env.BENCH_REQUESTS ?? 1_000_000)
const ROUNDS = Number(argAfter('--rounds') ?? 6)

/** The arrivals in time order, as the fit sorts them. */
function arrivalOrder(o: ObservedRequests): { arrivals: Int32Array; at: Float64Array } {
  const arrivals = new Int32Array(o.n)
  for (let k = 0; k < o.n; k++) {
    arrivals[k] = k
  }
  sortByKey(arrivals, o.queuedUs)
  const at = new Float64Array(o.n)
  for (let k = 0; k < o.n; k++) {
    at[k] = o.queuedUs[arrivals[k]!]!
  }
  return { arrivals, at }
}

/** The router check's densities as the fit read them before ADR 0528. */
function routingBefore(o: ObservedRequests, beside: LaneIntegrals): Float64Array[] {
  const { arrivals, at } = arrivalOrder(o)
  const least = new Float64Array(o.n).fill(Infinity)
  const chosen = new Float64Array(o.n)
  const held = new Float64Array(o.n)
  for (let r = 0; r < o.replicas.length; r++) {
    beside.densitiesAt(r * LANES + 3, at, held)
    for (let k = 0; k < o.n; k++) {
      least[k] = Math.min(least[k]!, held[k]!)
      if (o.replica[arrivals[k]!] === r) {
        chosen[k] = held[k]!
      }
    }
  }
  return [least, chosen]
}

/** The same densities as `fitTwin` reads them now. */
function routingNow(o: ObservedRequests, beside: LaneIntegrals): Float64Array[] {
  const { arrivals, at } = arrivalOrder(o)
  const chosenReplica = new Int32Array(o.n)
  for (let k = 0; k < o.n; k++) {
    chosenReplica[k] = o.replica[arrivals[k]!]!
  }
  const least = new Float64Array(o.n)
  const chosen = new Float64Array(o.n)
  beside.leastAndOwnAt(
    o.replicas.map((_, r) => r * LANES + 3),
    at,
    chosenReplica,
    least,
    chosen
  )
  return [least, chosen]
}

const RUNNING_HOLD_US = 2_000

/** `fitTwin`'s `spanRunning` before ADR 0528. */
function spanRunningBefore(
  o: ObservedRequests,
  rows: readonly number[],
  step: StepModel | null
): { runningPeakSpans: number; pinnedBatch: number } {
  const starts: number[] = []
  const ends: number[] = []
  let kv = 0
  for (const i of rows) {
    const sched = o.queuedUs[i]! + o.queueUs[i]!
    const end = sched + o.prefillUs[i]! + o.decodeUs[i]!
    if (sched === sched && end === end) {
      starts.push(sched)
      ends.push(end)
    }
    kv += o.promptTokens[i]! + o.outputTokens[i]! / 2
  }
  kv /= Math.max(1, rows.length)
  // Starts and ends sorted apart and merged: the order of sorting (time, ±1) pairs together,
  // without a pair allocated per event. An end at the same instant as a start freed its slot first.
  const up = Float64Array.from(starts).sort()
  const down = Float64Array.from(ends).sort()
  const count = up.length + down.length
  const times = new Float64Array(count)
  const deltas = new Int8Array(count)
  for (let k = 0, u = 0, d = 0; k < count; k++) {
    const end = d < down.length && (u >= up.length || down[d]! <= up[u]!)
    times[k] = end ? down[d++]! : up[u++]!
    deltas[k] = end ? -1 : 1
  }
  let running = 0
  let peak = 0
  const steps: number[] = []
  for (let k = 0; k < count; k++) {
    running += deltas[k]!
    const held = k + 1 < count ? times[k + 1]! - times[k]! : 0
    if (held >= RUNNING_HOLD_US) {
      peak = Math.max(peak, running)
    }
    if (running > 0 && held > 0) {
      const us =
        step === null
          ? NaN
          : step.decodeBaseUs + running * (step.perDecodeSeqUs + step.perKvTokenUs * kv)
      steps[running] = (steps[running] ?? 0) + (us > 0 ? held / us : held)
    }
  }
  return runningFigures(steps, peak)
}

/** A step model of a replica's shape (the law's terms are the fit's; any positive ones walk alike). */
const STEP = { decodeBaseUs: 9_000, perDecodeSeqUs: 60, perKvTokenUs: 0.01 } as StepModel

function spanRunningOf(span: typeof spanRunning) {
  return (o: ObservedRequests): Float64Array[] => {
    const rowsOf: number[][] = o.replicas.map(() => [])
    for (let i = 0; i < o.n; i++) {
      rowsOf[o.replica[i]!]!.push(i)
    }
    return rowsOf.map((rows) => {
      const a = span(o, rows, STEP)
      const b = span(o, rows, null)
      return Float64Array.of(a.runningPeakSpans, a.pinnedBatch, b.runningPeakSpans, b.pinnedBatch)
    })
  }
}

function bits(arrays: Float64Array[]): string {
  const h = createHash('sha256')
  for (const a of arrays) {
    h.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength))
  }
  return h.digest('hex').slice(0, 16)
}

async function main(): Promise<void> {
  const db = await whatIfStore(N, false, log)
  const store = await createDuckDbStore({ path: db })
  let o: ObservedRequests
  try {
    const extent = await store.extent()
    if (extent === null) {
      throw new Error(`${db} holds no requests`)
    }
    o = (await loadTwinWindow(store, { fromUs: extent.startUs, toUs: extent.endUs + 1 })).requests
  } finally {
    await store.close()
  }
  // Lane 3 (requests in flight) does not read the cached tokens.
  const beside = fitStepLaws(o, new Float64Array(o.n)).beside
  log(`${o.n} requests, ${o.replicas.length} replicas; load average ${loadAverage()}`)
  const parts = {
    routing: [routingBefore, routingNow],
    spanRunning: [spanRunningOf(spanRunningBefore), spanRunningOf(spanRunning)],
  } as const
  for (const [name, [before, now]] of Object.entries(parts)) {
    const ratios: number[] = []
    const hashes = new Set<string>()
    for (let round = 0; round < ROUNDS; round++) {
      const la = loadAverage()
      const time = (f: typeof before): number => {
        const c = process.cpuUsage()
        const t = performance.now()
        hashes.add(bits(f(o, beside)))
        const wall = performance.now() - t
        const u = process.cpuUsage(c)
        return Math.max(wall, (u.user + u.system) / 1000)
      }
      const beforeFirst = round % 2 === 0
      const a = time(beforeFirst ? before : now)
      const b = time(beforeFirst ? now : before)
      const [tb, tn] = beforeFirst ? [a, b] : [b, a]
      ratios.push(tn / tb)
      log(
        `${name} round ${round + 1} (${beforeFirst ? 'before' : 'now'} first): before ${tb.toFixed(0)} ms, now ${tn.toFixed(0)} ms, ratio ${(tn / tb).toFixed(3)}; load average ${la}`
      )
    }
    log(
      `${name}: ratio now/before ${spread(ratios, 3)}, lower in ${ratios.filter((r) => r < 1).length} of ${ROUNDS}; ${hashes.size === 1 ? `the same bits (${[...hashes][0]})` : `BITS DIFFER: ${[...hashes].join(' ')}`}`
    )
    if (hashes.size !== 1) {
      process.exitCode = 1
    }
  }
  log(`load average after: ${loadAverage()}`)
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
