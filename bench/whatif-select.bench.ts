/**
 * A seeded run's percentile selection alone: P50, P95 and P99 of 1.5M values (a run's TTFT at
 * 1.5x on the 1M window is that many), selected the highest rank first (each lower one under
 * the one before, as `selectRanks` did before ADR 0514) against `selectRanks`, which selects the
 * rank nearest the middle of its stretch first. Alternating, the order reversed every other
 * round, the same values each; the values found are checked equal.
 *
 *   node --import tsx bench/whatif-select.bench.ts [--rounds 10] [--n 1500000]
 */
import { performance } from 'node:perf_hooks'
import { rankIndex, selectRank, selectRanks } from '../src/core/stats/quantile.js'
import { createRng } from '../src/core/stats/seeded-random.js'
import { argAfter, loadAverage } from './cli-args.js'

const ROUNDS = Number(argAfter('--rounds') ?? 10)
const N = Number(argAfter('--n') ?? 1_500_000)

/** The order `selectRanks` selected in before: the highest rank first, each inside the last. */
function highestFirst(values: Float64Array, ranks: readonly number[]): Map<number, number> {
  const out = new Map<number, number>()
  let below = values.length
  for (const rank of [...new Set(ranks)].sort((a, b) => b - a)) {
    out.set(rank, selectRank(values.subarray(0, below), rank))
    below = rank
  }
  return out
}

const rng = createRng(513)
// Waits in ms, log-normal with a long tail, in µs as a run's figures hold them.
const source = Float64Array.from(
  { length: N },
  () =>
    Math.exp(
      5 + 1.5 * Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next())
    ) * 1000
)
const ranks = [0.5, 0.95, 0.99].map((q) => rankIndex(N, q))
const variants = [
  { name: 'highest first', f: highestFirst },
  { name: 'nearest the middle first', f: selectRanks },
]
const ratios: number[] = []
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 === 0 ? variants : [variants[1]!, variants[0]!]
  const ms = new Map<string, number>()
  const found: string[] = []
  for (const v of order) {
    const a = Float64Array.from(source)
    const t = performance.now()
    const at = v.f(a, ranks)
    ms.set(v.name, performance.now() - t)
    found.push(ranks.map((k) => at.get(k)).join(' '))
  }
  const before = ms.get('highest first')!
  const after = ms.get('nearest the middle first')!
  ratios.push(after / before)
  process.stdout.write(
    `round ${r}: highest first ${before.toFixed(1)} ms, nearest the middle first ${after.toFixed(1)} ms, ratio ${(after / before).toFixed(3)}, same values ${found[0] === found[1]}\n`
  )
}
ratios.sort((a, b) => a - b)
process.stdout.write(
  `ratio ${ratios[0]!.toFixed(3)}–${ratios.at(-1)!.toFixed(3)}, median ${ratios[Math.floor(ratios.length / 2)]!.toFixed(3)}; load average ${loadAverage()}\n`
)
