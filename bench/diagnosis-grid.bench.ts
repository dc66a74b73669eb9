/**
 * Randomised fault grid (src/core/diagnosis/testing/grid.ts) over the independent generator:
 * prints top-1 / top-3 / scope per magnitude, a confusion matrix of single-fault runs (injected →
 * answered), a calibration table (top confidence bin → share of top-1 answers that were right),
 * healthy false alarms and "healthy above 0.5 on a faulty run". Baseline: the same cases scored
 * by the old method (rules only) are not kept; the ratio printed is the time per case against
 * generating the case alone.
 *
 *   npx tsx bench/diagnosis-grid.bench.ts [--cases 120] [--seed 1] [--per-minute 240]
 *     [--detail]            one line per case: injected causes, magnitude, share, subset, answer
 *     [--subset gateway-only] [--magnitude 1.2] [--share 0.05]   run only the matching cases
 *                           (drawn from the same seed, so case ids match the full run's)
 *     [--case 67-77,67-18]  run only these case ids (same seed; ids as the full run prints them)
 */
import { performance } from 'node:perf_hooks'
import { generateRun } from '../src/core/diagnosis/testing/fault-gen.js'
import {
  gridCases,
  type GridKind,
  type GridSubset,
  MAGNITUDES,
  diagnoseGridCase,
  type CaseScore,
} from '../src/core/diagnosis/testing/grid.js'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback
}
const count = Number(arg('cases', '120'))
const seed = Number(arg('seed', '1'))
const perMinute = Number(arg('per-minute', '240'))

const detail = args.includes('--detail')
const onlySubset = arg('subset', '')
const onlyMagnitude = Number(arg('magnitude', 'NaN'))
const onlyShare = Number(arg('share', 'NaN'))
const onlyCases = new Set(
  arg('case', '')
    .split(',')
    .filter((id) => id !== '')
)
const cases = gridCases(seed, count, 30, perMinute).filter(
  (c) =>
    (onlySubset === '' || c.subset === onlySubset) &&
    (Number.isNaN(onlyMagnitude) || c.magnitude === onlyMagnitude) &&
    (Number.isNaN(onlyShare) || (c.spec.faults[0]?.windowShare ?? 1) === onlyShare) &&
    (onlyCases.size === 0 || onlyCases.has(c.id))
)
const scores: {
  magnitude: number
  windowShare: number
  kind: GridKind
  subset: GridSubset
  cut: boolean
  s: CaseScore
}[] = []
let genMs = 0
const started = performance.now()
for (const c of cases) {
  const t = performance.now()
  generateRun(c.spec)
  genMs += performance.now() - t
  const { score: s, diagnosis } = diagnoseGridCase(c)
  if (detail) {
    const injected = s.expected.map((e) => `${e.cause}(${e.scope.value ?? '-'})`).join('+')
    console.log(
      `${c.id.padEnd(7)} ${c.kind.padEnd(8)} ${c.subset.padEnd(18)} ${String(c.magnitude).padEnd(3)}× ${String(c.spec.faults[0]?.windowShare ?? 1).padEnd(4)} cut ${c.cutMinutes} ${(c.spec.workload ?? 'chat').padEnd(12)} ${injected || 'healthy'} → ${s.top} ${s.confidence.toFixed(2)}${s.top1 ? ' ✓' : ' ✗'} scope ${s.scope === null ? '-' : s.scope ? '✓' : '✗'} window ${s.windowErrorS === null ? '-' : `${Math.round(s.windowErrorS)} s`}`
    )
    for (const f of diagnosis.findings.slice(0, 3)) {
      console.log(
        `          ${f.cause} ${f.confidence.toFixed(2)} ${f.scope.dimension ?? ''}=${f.scope.value ?? ''}: ${f.evidence
          .slice(0, 3)
          .map((e) => e.text)
          .join(' | ')}`
      )
    }
  }
  scores.push({
    magnitude: c.magnitude,
    windowShare: c.spec.faults[0]?.windowShare ?? 1,
    kind: c.kind,
    subset: c.subset,
    cut: c.cutMinutes > 0,
    s,
  })
}
const totalMs = performance.now() - started

const pct = (a: number, b: number): string =>
  b === 0 ? '   -' : `${((100 * a) / b).toFixed(0).padStart(3)}%`
const row = (label: string, list: CaseScore[]): string => {
  const faulty = list.filter((s) => s.expected.length > 0)
  const scoped = faulty.filter((s) => s.scope !== null)
  return `${label.padEnd(16)} n=${String(list.length).padStart(3)}  top-1 ${pct(faulty.filter((s) => s.top1).length, faulty.length)}  top-3 ${pct(faulty.filter((s) => s.top3).length, faulty.length)}  scope ${pct(scoped.filter((s) => s.scope).length, scoped.length)}  healthy>0.5 on fault ${faulty.filter((s) => s.healthyError).length}`
}

console.log(
  `diagnosis grid: ${cases.length} cases, seed ${seed}, ${perMinute} requests/min × 30 min`
)
console.log('\nper magnitude')
for (const m of MAGNITUDES) {
  console.log(
    row(
      `${m}×`,
      scores.filter((x) => x.magnitude === m).map((x) => x.s)
    )
  )
}
console.log('\nper kind of run')
for (const k of ['incident', 'root', 'client', 'healthy', 'standing'] as const) {
  const list = scores.filter((x) => x.kind === k).map((x) => x.s)
  const listed = list.filter((x) => x.standingListed === true).length
  console.log(
    `${row(k, list)}${k === 'standing' ? `  answered healthy ${list.filter((x) => x.top === 'healthy').length}/${list.length}, condition listed ${listed}/${list.length}` : ''}`
  )
}
console.log('\nper signal subset')
for (const k of ['all', 'spans-only', 'engine-and-metrics', 'gateway-only'] as const) {
  console.log(
    row(
      k,
      scores.filter((x) => x.subset === k).map((x) => x.s)
    )
  )
}
console.log(
  row(
    'data cut 5 min',
    scores.filter((x) => x.cut).map((x) => x.s)
  )
)
console.log('\nper window share')
for (const w of [0.05, 0.2, 0.35, 0.5, 0.75, 0.9, 1]) {
  console.log(
    row(
      `${Math.round(w * 100)}% of window`,
      scores.filter((x) => x.windowShare === w).map((x) => x.s)
    )
  )
}
console.log(
  row(
    '\nall',
    scores.map((x) => x.s)
  )
)
const healthy = scores.filter((x) => x.s.expected.length === 0)
console.log(
  `healthy runs: ${healthy.length}, false alarms: ${healthy.filter((x) => x.s.healthyError).length}`
)

console.log(
  '\ncalibration (top finding a cause: its confidence → share that named an injected cause)'
)
const causeTop = scores.filter((x) => x.s.top !== 'healthy')
for (const [lo, hi] of [
  [0, 0.3],
  [0.3, 0.5],
  [0.5, 0.7],
  [0.7, 0.9],
  [0.9, 1.01],
] as const) {
  const bin = causeTop.filter((x) => x.s.confidence >= lo && x.s.confidence < hi)
  console.log(
    `  [${lo.toFixed(1)}, ${Math.min(1, hi).toFixed(1)})  n=${String(bin.length).padStart(3)}  right ${pct(bin.filter((x) => x.s.top1).length, bin.length)}`
  )
}
const healthyTop = scores.filter((x) => x.s.top === 'healthy')
console.log(
  `  "healthy" answers: ${healthyTop.length}, on healthy runs ${healthyTop.filter((x) => x.s.expected.length === 0).length}; highest confidence on a faulty run ${Math.max(0, ...healthyTop.filter((x) => x.s.expected.length > 0).map((x) => x.s.confidence)).toFixed(2)}`
)

const errs = scores
  .map((x) => x.s.windowErrorS)
  .filter((v): v is number => v !== null)
  .sort((a, b) => a - b)
const q = (p: number): string =>
  errs.length === 0
    ? '-'
    : `${Math.round(errs[Math.min(errs.length - 1, Math.floor(p * errs.length))]!)} s`
console.log(
  `\nwindow error (matching finding vs injected fault, worse end): n=${errs.length}  median ${q(0.5)}  p90 ${q(0.9)}  within 60 s ${pct(errs.filter((e) => e <= 60).length, errs.length)}`
)

console.log(
  '\nper cause (runs that injected it: top-1, top-3, scope; median window error; as top answer: n, mean confidence, right)'
)
const causes = new Set(scores.flatMap((x) => x.s.expected.map((e) => e.cause as string)))
for (const cause of [...causes].sort()) {
  const runs = scores.filter((x) => x.s.expected.some((e) => e.cause === cause)).map((x) => x.s)
  const scoped = runs.filter((r) => r.scope !== null)
  const we = runs
    .map((r) => r.windowErrorS)
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b)
  const asTop = scores.filter((x) => x.s.top === cause).map((x) => x.s)
  const meanConf = asTop.reduce((a, r) => a + r.confidence, 0) / Math.max(1, asTop.length)
  console.log(
    `  ${cause.padEnd(26)} n=${String(runs.length).padStart(3)}  top-1 ${pct(runs.filter((r) => r.top1).length, runs.length)}  top-3 ${pct(runs.filter((r) => r.top3).length, runs.length)}  scope ${pct(scoped.filter((r) => r.scope).length, scoped.length)}  window ${we.length ? `${Math.round(we[Math.floor(we.length / 2)]!)} s` : '   -'}  | top n=${String(asTop.length).padStart(3)} conf ${asTop.length ? meanConf.toFixed(2) : '   -'} right ${pct(asTop.filter((r) => r.top1).length, asTop.length)}`
  )
}

console.log('\nconfusion (single faults: injected → top-1 answer)')
const confusion = new Map<string, Map<string, number>>()
for (const x of scores) {
  if (x.s.expected.length !== 1) {
    continue
  }
  const want = x.s.expected[0]!.cause
  const m = confusion.get(want) ?? new Map<string, number>()
  m.set(x.s.top, (m.get(x.s.top) ?? 0) + 1)
  confusion.set(want, m)
}
for (const [want, m] of [...confusion].sort()) {
  const cells = [...m]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k === want ? '✓' : ''}${k} ${v}`)
  console.log(`  ${want.padEnd(26)} ${cells.join(', ')}`)
}
console.log(
  `\ntime: ${(totalMs / cases.length).toFixed(0)} ms per case (generate + diagnose); generating alone ${(genMs / cases.length).toFixed(0)} ms; ratio ${(totalMs / Math.max(1, genMs)).toFixed(1)}×`
)
