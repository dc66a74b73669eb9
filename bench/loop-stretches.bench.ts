/**
 * The closed-loop reading alone (`loopStretches`, ADRs 0476 and 0477) on the `whatif` bench's
 * stored window, in-process: the window is loaded and what ran beside its requests rebuilt once,
 * then the reading is timed `--rounds` times (after one warm-up), each with the steady read it
 * starts from. Prints each round's wall time, their spread and the load average.
 *
 *   BENCH_REQUESTS=200000 npx tsx bench/loop-stretches.bench.ts [--rounds 7]
 */
import { performance } from 'node:perf_hooks'
import { arrivalProcess, loopStretches } from '../src/sim/twin/fit.js'
import { fitStepLaws } from '../src/sim/twin/step-law.js'
import { loadWhatIfWindow } from './whatif-store.js'
import { loadAverage } from './cli-args.js'

const N = Number(process.env.BENCH_REQUESTS ?? 1_000_000)
const at = process.argv.indexOf('--rounds')
const ROUNDS = at === -1 ? 7 : Number(process.argv[at + 1])
const log = (line: string): void => {
  process.stdout.write(`${line}\n`)
}

async function main(): Promise<void> {
  const w = await loadWhatIfWindow(N, log)
  const o = w.requests
  const R = o.replicas.length
  // The requests-in-engine lanes the reading samples do not depend on the cached tokens.
  const cached = new Float64Array(o.n)
  const { beside } = fitStepLaws(o, cached)
  const steady = arrivalProcess(beside, R, beside.fromUs, beside.toUs, o)
  const read = loopStretches(beside, R, o, steady)
  log(
    `${o.n} requests, ${R} replicas: read ${steady.process}, stretches ${read === null ? 'none' : read.stretches.length}`
  )
  const ms: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const t = performance.now()
    loopStretches(beside, R, o, steady)
    ms.push(performance.now() - t)
  }
  const sorted = [...ms].sort((a, b) => a - b)
  log(
    `loopStretches: ${ms.map((v) => v.toFixed(1)).join(' ')} ms; median ${sorted[Math.floor(ROUNDS / 2)]!.toFixed(1)}, ${sorted[0]!.toFixed(1)}–${sorted.at(-1)!.toFixed(1)}; load average ${loadAverage()}`
  )
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
