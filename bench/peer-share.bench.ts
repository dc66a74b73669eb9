/**
 * The peer share test of `routing.imbalance` (ADR 0274) alone over every case of a grid seed:
 * per case, the largest z of a replica's requests from a start on against its peers' (whatever
 * the bound), its two change tests (the edge, and its share before the start against after it
 * with that test's bound), the bound, and whether the record's peer line gives a finding. Lists
 * where it fires and the statistic's distribution on the runs without a routing fault or a cold start (its null).
 *
 *   npx tsx bench/peer-share.bench.ts --seed 67 [--cases 120]
 */
import { buildContext } from '../src/core/diagnosis/frame/context.js'
import { peerShareRise } from '../src/core/diagnosis/detect/peer-share.js'
import {
  routingAgainstPeers,
  routingImbalanceCause,
} from '../src/core/diagnosis/causes/routing-imbalance.js'
import { gridCaseInput, gridCases } from '../src/core/diagnosis/testing/grid.js'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback
}
const seed = Number(arg('seed', '67'))
const count = Number(arg('cases', '120'))
const nullZ: number[] = []
for (const c of gridCases(seed, count)) {
  const causes = c.spec.faults.map((f) => f.cause)
  const { input } = gridCaseInput(c)
  const ctx = buildContext(input)
  const rise = peerShareRise(ctx.frame, ctx.grid, new Set(ctx.youngReplicaUs.keys()))
  const finding = routingAgainstPeers(ctx)
  // The record answers with the peer line only where its first two lines give no finding.
  const used =
    finding !== null &&
    JSON.stringify(routingImbalanceCause.evaluate(ctx)) === JSON.stringify(finding)
  const routing = causes.includes('routing.imbalance')
  if (!routing && !causes.includes('replica.cold_start') && rise !== null) {
    nullZ.push(rise.z)
  }
  console.log(
    `${c.id.padEnd(7)} ${c.kind.padEnd(8)} ${c.subset.padEnd(18)} ${String(c.magnitude).padEnd(3)}× ${String(c.spec.faults[0]?.windowShare ?? 1).padEnd(4)} ${(causes.join('+') || 'healthy').padEnd(40)} z ${rise === null ? '–' : `${rise.z.toFixed(2)} ${rise.value} from ${rise.buckets.from} (edge ${rise.changeZ.toFixed(1)}, share before → after ${rise.shareChangeZ.toFixed(1)} of ${rise.shareChangeBound.toFixed(1)}) bound ${rise.bound.toFixed(2)}`} → ${finding === null ? '-' : `FIRES ${finding.scope.value} ${finding.confidence.toFixed(2)}${used ? ' USED' : ''}`}`
  )
}
nullZ.sort((a, b) => a - b)
const q = (p: number): string => (nullZ[Math.floor(p * (nullZ.length - 1))] ?? NaN).toFixed(2)
console.log(
  `null (no routing fault, no cold start): n=${nullZ.length} median ${q(0.5)} p90 ${q(0.9)} max ${q(1)}`
)
