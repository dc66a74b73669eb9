/**
 * Randomised before/after grid for `compare` (issue 26, part 2): pairs of simulated windows on
 * platforms drawn from a seed, each a kind whose truth is known, through the memory store and
 * `compareStored` as the CLI runs it.
 *
 *   same        two runs of one platform at one rate, other traffic seeds: nothing changed, so
 *               no measure may be `improved` or `regressed`, and each P50 interval should hold 0
 *   traffic     the same platform, the after side at 0.5–2× the rate: a traffic change alone,
 *               which must never be `improved` (a `regressed` at a higher load is counted apart)
 *   scale-out   one or two replicas more at the same traffic: the truth is the same comparison on
 *               a pair of runs four times as long with other traffic seeds; the short pair's
 *               intervals should hold the truth's change, agree with its sign where the truth's
 *               interval excludes 0, and the verdict must not be `regressed`
 *   node        the `node-degraded` scenario split at its onset: TPOT must not be `improved`
 *
 * The ~95 % intervals of several measures are scored, so a few misses among many are expected;
 * a false `improved` on `same` or `traffic` is a defect and makes the exit code 1.
 *
 *   npx tsx bench/compare-grid.bench.ts [--cases 24] [--seed 1] [--window-s 150] [--detail]
 *
 * Not part of `npm test`: a randomised measurement, read against the same seed before a change.
 */
import { compareStored, type Span } from '../src/core/compare/load.js'
import { intArg, numArg } from './cli-args.js'
import type { CompareReport, CompareMeasure } from '../src/core/compare/compare.js'
import { createSeededRandom } from '../src/core/stats/seeded-random.js'
import { simulateIntoStore } from '../src/sim/node/into-store.js'
import { createRun } from '../src/sim/run.js'
import { createMemoryStore } from '../src/storage/memory/memory-store.js'

type Kind = 'same' | 'traffic' | 'scale-out' | 'node'

const count = intArg('--cases', 24)
const seed = intArg('--seed', 1)
const windowMs = numArg('--window-s', 150) * 1000
const detail = process.argv.includes('--detail')

const MEASURES: readonly CompareMeasure[] = ['ttft', 'tpot', 'e2e']
const QUANTILES = ['p50', 'p99'] as const
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)

interface PairOptions {
  scenario: string
  seed: number
  durationMs: number
  trafficSeeds: [number, number]
  rates?: [number | undefined, number | undefined]
  replicas?: [number | undefined, number | undefined]
}

/** Two runs of one platform, the second an hour after the first, compared as two windows. */
async function pair(o: PairOptions): Promise<CompareReport> {
  const store = createMemoryStore()
  try {
    const sides: Span[] = []
    for (const k of [0, 1] as const) {
      const rate = o.rates?.[k]
      const replicas = o.replicas?.[k]
      const run = await simulateIntoStore(store, {
        scenario: o.scenario,
        seed: o.seed,
        trafficSeed: o.trafficSeeds[k],
        durationMs: o.durationMs,
        startMs: T0 + k * 3_600_000,
        ...(rate === undefined ? {} : { loadFactor: rate }),
        ...(replicas === undefined ? {} : { replicas }),
      })
      sides.push({ fromUs: run.startUs, toUs: run.endUs })
    }
    return await compareStored(store, sides[0]!, sides[1]!, { dimensions: false })
  } finally {
    await store.close()
  }
}

/** The platform's replica count, as its scenario draws it. */
function replicasOf(scenario: string, platform: number): number {
  return createRun({ scenario, seed: platform, durationMs: 60_000 }).simulation.config.cluster
    .replicas
}

interface Outcome {
  id: string
  kind: Kind
  text: string
  /** Checks this case scored: name → passed. */
  checks: Map<string, boolean>
  falseImproved: boolean
}

const verdicts = (r: CompareReport): string =>
  `${r.verdict} (${MEASURES.map((m) => `${m} ${r.measures[m].verdict}`).join(', ')})` +
  (r.notes.some((n) => /traffic than the before window/.test(n))
    ? ' [a traffic change took a verdict back]'
    : '')

const pct = (v: number | null): string =>
  v === null ? '–' : `${v >= 0 ? '+' : ''}${(100 * v).toFixed(1)}%`

const iv = (v: readonly [number, number] | null): string =>
  v === null ? '[–]' : `[${pct(v[0])}, ${pct(v[1])}]`

function holds(interval: readonly [number, number] | null, x: number | null): boolean | null {
  return interval === null || x === null ? null : interval[0] <= x && x <= interval[1]
}

async function runCase(k: number, rnd: () => number): Promise<Outcome> {
  const kind: Kind = (['same', 'traffic', 'scale-out', 'node'] as const)[k % 4]!
  const platform = 1000 * seed + k
  const scenario = kind === 'node' ? 'node-degraded' : rnd() < 0.5 ? 'healthy' : 'healthy-heavy'
  const traffic: [number, number] = [10 * platform + 1, 10 * platform + 2]
  const id = `${seed}-${k}`
  const checks = new Map<string, boolean>()
  let text: string
  let falseImproved = false

  if (kind === 'same' || kind === 'traffic') {
    const factor = kind === 'same' ? 1 : ([0.5, 0.7, 1.4, 2] as const)[Math.floor(rnd() * 4)]!
    const r = await pair({
      scenario,
      seed: platform,
      durationMs: windowMs,
      trafficSeeds: traffic,
      rates: [undefined, factor === 1 ? undefined : factor],
    })
    const anyImproved =
      r.verdict === 'improved' || MEASURES.some((m) => r.measures[m].verdict === 'improved')
    falseImproved = anyImproved
    checks.set('no improved', !anyImproved)
    if (kind === 'same') {
      const anyRegressed =
        r.verdict === 'regressed' || MEASURES.some((m) => r.measures[m].verdict === 'regressed')
      checks.set('no regressed', !anyRegressed)
      for (const m of MEASURES) {
        const h = holds(r.measures[m].p50.interval, 0)
        if (h !== null) {
          checks.set(`${m} p50 holds 0`, h)
        }
      }
    } else {
      checks.set(
        'regressed (counted apart)',
        r.verdict === 'regressed' || MEASURES.some((m) => r.measures[m].verdict === 'regressed')
      )
    }
    text =
      `${scenario} platform ${platform}, ×${factor}: ${verdicts(r)}; coverage ${pct(r.workload.coverage)}; ` +
      MEASURES.map(
        (m) => `${m} p50 ${pct(r.measures[m].p50.change)} ${iv(r.measures[m].p50.interval)}`
      ).join(', ')
  } else if (kind === 'scale-out') {
    const base = replicasOf(scenario, platform)
    const more = base + 1 + Math.floor(rnd() * 2)
    const common = { scenario, seed: platform, replicas: [base, more] as [number, number] }
    const truth = await pair({
      ...common,
      durationMs: 4 * windowMs,
      trafficSeeds: [10 * platform + 3, 10 * platform + 4],
    })
    const short = await pair({ ...common, durationMs: windowMs, trafficSeeds: traffic })
    checks.set('not regressed', short.verdict !== 'regressed')
    checks.set('credited (improved)', short.verdict === 'improved')
    const parts: string[] = []
    for (const m of MEASURES) {
      for (const q of QUANTILES) {
        const t = truth.measures[m][q]
        const c = short.measures[m][q]
        const h = holds(c.interval, t.change)
        if (h !== null) {
          checks.set(`${m} ${q} holds the truth`, h)
        }
        if (
          t.interval !== null &&
          c.interval !== null &&
          (t.interval[0] > 0 || t.interval[1] < 0)
        ) {
          const sign = Math.sign(t.change ?? 0)
          checks.set(`${m} ${q} sign`, Math.sign(c.change ?? 0) === sign)
        }
        parts.push(`${m} ${q} ${pct(c.change)} ${iv(c.interval)} truth ${pct(t.change)}`)
      }
    }
    text = `${scenario} platform ${platform}, ${base} → ${more} replicas: ${verdicts(short)}; ${parts.join(', ')}`
  } else {
    const store = createMemoryStore()
    let r: CompareReport
    try {
      const run = await simulateIntoStore(store, {
        scenario,
        seed: platform,
        trafficSeed: traffic[0],
        durationMs: 4 * windowMs,
        startMs: T0,
      })
      const cause = run.expected.causes[0]!
      const onsetUs = Date.parse(cause.window.start) * 1000
      r = await compareStored(
        store,
        { fromUs: run.startUs, toUs: onsetUs },
        { fromUs: onsetUs, toUs: run.endUs + 60_000_000 },
        { dimensions: false }
      )
    } finally {
      await store.close()
    }
    checks.set('tpot not improved', r.measures.tpot.verdict !== 'improved')
    checks.set('tpot p50 change above 0', (r.measures.tpot.p50.change ?? 0) > 0)
    text = `${scenario} platform ${platform}: ${verdicts(r)}; tpot p50 ${pct(r.measures.tpot.p50.change)} ${iv(r.measures.tpot.p50.interval)}, p99 ${pct(r.measures.tpot.p99.change)} ${iv(r.measures.tpot.p99.interval)}`
  }
  return { id, kind, text, checks, falseImproved }
}

const rnd = createSeededRandom(seed)
const outcomes: Outcome[] = []
const started = performance.now()
for (let k = 0; k < count; k++) {
  const o = await runCase(k, rnd)
  outcomes.push(o)
  const failed = [...o.checks].filter(([, ok]) => !ok).map(([name]) => name)
  process.stderr.write(`\r${k + 1}/${count} cases`)
  if (detail) {
    process.stdout.write(
      `\n${o.id} ${o.kind}: ${o.text}${failed.length > 0 ? `\n    missed: ${failed.join(', ')}` : ''}`
    )
  }
}
process.stderr.write('\n')
process.stdout.write(
  `${detail ? '\n\n' : ''}compare grid: ${count} cases, seed ${seed}, ${windowMs / 1000} s windows\n`
)
for (const kind of ['same', 'traffic', 'scale-out', 'node'] as const) {
  const of = outcomes.filter((o) => o.kind === kind)
  const tally = new Map<string, { pass: number; n: number }>()
  for (const o of of) {
    for (const [name, ok] of o.checks) {
      const t = tally.get(name) ?? { pass: 0, n: 0 }
      t.n++
      t.pass += ok ? 1 : 0
      tally.set(name, t)
    }
  }
  process.stdout.write(
    `${kind.padEnd(10)} n=${String(of.length).padStart(3)}  ${[...tally]
      .map(([name, t]) => `${name} ${t.pass}/${t.n}`)
      .join(', ')}\n`
  )
}
const falseImproved = outcomes.filter((o) => o.falseImproved)
process.stdout.write(
  `false "improved" on a pair with no fix: ${falseImproved.length}${falseImproved.length > 0 ? ` (${falseImproved.map((o) => o.id).join(', ')})` : ''}\n` +
    `time: ${((performance.now() - started) / 1000 / count).toFixed(1)} s per case\n`
)
process.exitCode = falseImproved.length > 0 ? 1 : 0
