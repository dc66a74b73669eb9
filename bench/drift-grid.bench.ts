/**
 * Robustness grid of traffic drifts (issue 23, class 2: a standing condition or an edge of the
 * data read as an incident). Every run's request rate moves 1.2–2.5× over the data along a line
 * or a half cosine, rising or falling, from the data's start or from a point mid-run, and the
 * engines' queue moves with it (fault-gen.ts: the queue follows each minute's load). Healthy and
 * standing-condition runs must answer `healthy`. The positive controls are steps of the same size:
 * a surge of every tenant's traffic (`engine.queue_saturation`) or one tenant's burst
 * (`tenant.noisy_neighbor`), alone or on top of a drift; they must be found (top-1).
 *
 *   npx tsx bench/drift-grid.bench.ts [--cases 48] [--seed 1] [--detail] [--case 1-3,1-7]
 *
 * Not part of `npm test`: a randomised measurement, read against the same seed before a change.
 */
import type { FaultSpec, TrafficDrift } from '../src/core/diagnosis/testing/fault-gen.js'
import { diagnoseGridCase, type GridCase } from '../src/core/diagnosis/testing/grid.js'
import { createSeededRandom } from '../src/core/stats/seeded-random.js'

type DriftKind = 'healthy' | 'standing' | 'step' | 'drift+step'

interface DriftCase {
  grid: GridCase
  kind: DriftKind
  drift: TrafficDrift | null
  /** The step's rate multiplier (controls only). */
  step: number | null
}

const args = process.argv.slice(2)
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback
}
const count = Number(arg('cases', '48'))
const seed = Number(arg('seed', '1'))
const detail = args.includes('--detail')
const only = arg('case', '') === '' ? null : new Set(arg('case', '').split(','))

const STANDING: FaultSpec['cause'][] = ['network.high_rtt', 'node.degraded', 'replica.small_batch']

/**
 * A step whose rate multiplier is `ratio`: every tenant's traffic (the saturation fault raises the
 * rate 0.35 per unit of magnitude) or one tenant's extra requests (0.1 of the rate per unit).
 */
function stepFault(
  cause: 'engine.queue_saturation' | 'tenant.noisy_neighbor',
  ratio: number,
  share: number
): FaultSpec {
  const perUnit = cause === 'engine.queue_saturation' ? 0.35 : 0.1
  return { cause, magnitude: 1 + (ratio - 1) / perUnit, windowShare: share }
}

function driftCases(seed: number, n: number): DriftCase[] {
  const rnd = createSeededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T
  const out: DriftCase[] = []
  for (let k = 0; k < n; k++) {
    const kind: DriftKind = (['healthy', 'standing', 'step', 'drift+step'] as const)[k % 4]!
    const ratio = 1.2 + rnd() * 1.3
    const drift: TrafficDrift = {
      ratio,
      shape: pick(['linear', 'smooth'] as const),
      fromShare: rnd() < 0.5 ? 0 : 0.2 + rnd() * 0.4,
      falling: rnd() < 0.5,
    }
    // A step starts mid-run (one at the data's first minute is no onset: ADR 0199) and lasts to
    // the end, as the generator's faults do.
    const stepShare = Math.round((0.25 + rnd() * 0.5) * 20) / 20
    const stepCause = pick(['engine.queue_saturation', 'tenant.noisy_neighbor'] as const)
    const stepRatio = kind === 'step' ? ratio : 1.2 + rnd() * 1.3
    const faults: FaultSpec[] =
      kind === 'healthy'
        ? []
        : kind === 'standing'
          ? [{ cause: pick(STANDING), magnitude: pick([2, 3]), windowShare: 1 }]
          : [stepFault(stepCause, stepRatio, stepShare)]
    const metrics = rnd() < 0.5
    out.push({
      kind,
      drift: kind === 'step' ? null : drift,
      step: kind === 'step' || kind === 'drift+step' ? stepRatio : null,
      grid: {
        id: `${seed}-${k}`,
        kind: kind === 'healthy' ? 'healthy' : kind === 'standing' ? 'standing' : 'incident',
        subset: 'all',
        magnitude: faults[0]?.magnitude ?? 1,
        cutMinutes: 0,
        spec: {
          seed: seed * 1000 + k,
          minutes: 30,
          perMinute: 240,
          workload: pick(['chat', 'long-prompts', 'long-outputs'] as const),
          client: rnd() < 0.5,
          gateway: rnd() < 0.6,
          metrics,
          events: false,
          faults,
          ...(kind === 'step' ? {} : { drift }),
        },
      },
    })
  }
  return out
}

const describe = (d: TrafficDrift | null): string =>
  d === null
    ? 'no drift'
    : `${d.falling ? 'falls' : 'rises'} ${d.ratio.toFixed(2)}× ${d.shape} from ${Math.round(d.fromShare * 100)}%`

const cases = driftCases(seed, count).filter((c) => only === null || only.has(c.grid.id))
const rows: { c: DriftCase; top: string; confidence: number; ok: boolean }[] = []
for (const c of cases) {
  const { score, diagnosis } = diagnoseGridCase(c.grid)
  const ok = c.kind === 'healthy' || c.kind === 'standing' ? score.top === 'healthy' : score.top1
  rows.push({ c, top: score.top, confidence: score.confidence, ok })
  if (detail) {
    const fault = c.grid.spec.faults[0]
    const what =
      fault === undefined
        ? 'healthy'
        : `${fault.cause} ${c.step === null ? `${fault.magnitude}×` : `step ${c.step.toFixed(2)}× from ${Math.round((1 - fault.windowShare) * 100)}%`}`
    console.log(
      `${c.grid.id.padEnd(6)} ${c.kind.padEnd(10)} ${describe(c.drift).padEnd(34)} ${what.padEnd(52)} → ${score.top} ${score.confidence.toFixed(2)} ${ok ? '✓' : '✗'}`
    )
    for (const f of diagnosis.findings.slice(0, 2)) {
      console.log(
        `         ${f.cause} ${f.confidence.toFixed(2)} ${f.scope.dimension ?? ''}=${f.scope.value ?? ''}: ${f.evidence
          .slice(0, 4)
          .map((e) => e.text)
          .join(' | ')}`
      )
    }
  }
}

console.log(`drift grid: ${cases.length} cases, seed ${seed}, 240 requests/min × 30 min`)
const line = (label: string, list: typeof rows, what: string): void => {
  console.log(
    `  ${label.padEnd(30)} n=${String(list.length).padStart(3)}  ${what} ${list.filter((r) => !r.ok).length}`
  )
}
for (const kind of ['healthy', 'standing'] as const) {
  const list = rows.filter((r) => r.c.kind === kind)
  line(`${kind} with a drift`, list, 'false alarms')
  for (const [label, f] of [
    ['  rising', (r: (typeof rows)[number]): boolean => r.c.drift?.falling === false],
    ['  falling', (r: (typeof rows)[number]): boolean => r.c.drift?.falling === true],
    ['  from the start', (r: (typeof rows)[number]): boolean => r.c.drift?.fromShare === 0],
    ['  from mid-run', (r: (typeof rows)[number]): boolean => (r.c.drift?.fromShare ?? 0) > 0],
  ] as const) {
    line(label, list.filter(f), 'false alarms')
  }
}
for (const kind of ['step', 'drift+step'] as const) {
  const list = rows.filter((r) => r.c.kind === kind)
  line(`${kind} (positive control)`, list, 'missed')
  for (const cause of ['engine.queue_saturation', 'tenant.noisy_neighbor']) {
    line(
      `  ${cause}`,
      list.filter((r) => r.c.grid.spec.faults[0]?.cause === cause),
      'missed'
    )
  }
}
const alarms = rows.filter((r) => (r.c.kind === 'healthy' || r.c.kind === 'standing') && !r.ok)
const answered = new Map<string, number>()
for (const r of alarms) {
  answered.set(r.top, (answered.get(r.top) ?? 0) + 1)
}
console.log(
  `false alarms answered: ${[...answered].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`
)
