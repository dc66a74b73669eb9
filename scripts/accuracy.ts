/**
 * Prints the diagnosis accuracy table over the simulator's scenarios:
 * top-1 (the first finding is the injected cause), top-3, and scope (top finding's scope equals
 * the expected one). Usage: npx tsx scripts/accuracy.ts [--seeds 3] [--scenario NAME] [--verbose]
 * [--duration MS] [--probe-share 0..1]
 */
import { listScenarios } from '../src/sim/index.js'
import { diagnoseScenario } from '../src/testing/diagnosis-sim.js'

const args = process.argv.slice(2)
const seeds = Number(args[args.indexOf('--seeds') + 1] ?? 3) || 3
const only = args.includes('--scenario') ? args[args.indexOf('--scenario') + 1] : undefined
const verbose = args.includes('--verbose')
const durationMs = args.includes('--duration')
  ? Number(args[args.indexOf('--duration') + 1])
  : undefined
const probeShare = args.includes('--probe-share')
  ? Number(args[args.indexOf('--probe-share') + 1])
  : undefined

const rows: string[] = []
let n = 0
let top1 = 0
let top3 = 0
let scope = 0
for (const sc of listScenarios()) {
  if (only && sc.name !== only) {
    continue
  }
  let s1 = 0
  let s3 = 0
  let sScope = 0
  const tops: string[] = []
  for (let seed = 1; seed <= seeds; seed++) {
    const { expected, result } = await diagnoseScenario(sc.name, seed, durationMs, probeShare)
    // Combined scenarios inject several causes: the top finding may name any of them (with its
    // scope); top-3 must hold all of them.
    const findings = result.diagnosis.findings
    const first = findings[0]
    const wants =
      expected.causes.length > 0
        ? expected.causes
        : [{ cause: 'healthy', scope: { dimension: null, value: null } }]
    const match = wants.find((w) => w.cause === first?.cause)
    const ok1 = match !== undefined && (match.cause !== 'healthy' || findings.length === 1)
    const ok3 = wants.every((w) => findings.slice(0, 3).some((f) => f.cause === w.cause))
    const okScope =
      ok1 &&
      first !== undefined &&
      match !== undefined &&
      first.scope.dimension === match.scope.dimension &&
      first.scope.value === match.scope.value
    s1 += ok1 ? 1 : 0
    s3 += ok3 ? 1 : 0
    sScope += okScope ? 1 : 0
    tops.push(
      `${first?.cause}@${first?.confidence}${first?.scope.dimension ? `[${first.scope.dimension}=${first.scope.value}]` : ''}`
    )
    if (verbose) {
      console.log(`\n=== ${sc.name} seed ${seed}: expected ${JSON.stringify(expected.causes)}`)
      for (const f of findings) {
        console.log(`  ${f.cause} ${f.confidence} ${JSON.stringify(f.scope)}`)
        for (const e of f.evidence) {
          console.log(`     - ${e.text}`)
        }
      }
      console.log(`  concentration: ${JSON.stringify(result.diagnosis.concentration.slice(0, 5))}`)
    }
  }
  n += seeds
  top1 += s1
  top3 += s3
  scope += sScope
  rows.push(
    `| ${sc.name} | ${expected0(sc.causes)} | ${s1}/${seeds} | ${s3}/${seeds} | ${sScope}/${seeds} | ${tops.join(', ')} |`
  )
}

function expected0(causes: readonly string[]): string {
  return causes.join('+')
}

console.log('| scenario | injected | top-1 | top-3 | scope | top finding per seed |')
console.log('|---|---|---|---|---|---|')
for (const r of rows) {
  console.log(r)
}
console.log(
  `\ntop-1 ${top1}/${n} (${Math.round((100 * top1) / Math.max(1, n))}%), top-3 ${top3}/${n} (${Math.round((100 * top3) / Math.max(1, n))}%), scope ${scope}/${n} (${Math.round((100 * scope) / Math.max(1, n))}%)`
)
