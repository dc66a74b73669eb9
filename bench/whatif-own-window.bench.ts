/**
 * The fit check on a window the twin's own engine made with a known law (issue 26, ADR 0448):
 * the scale bench's window (32 replicas, Poisson arrivals, its mix and seed), fitted as the scale
 * bench fits it (in memory) or as `whatif --db` does (written to a store without engine metrics
 * and read back over the store's extent). Prints the fitted twin beside the truth part by part,
 * then the replay of the window (TTFT, TPOT and queue P50 / P99 against its own) with the fitted
 * twin and with one fitted part at a time replaced by the truth.
 *
 *   npx tsx bench/whatif-own-window.bench.ts                     # 20,000 requests over an hour
 *   npx tsx bench/whatif-own-window.bench.ts --requests 1000000 --store
 *   npx tsx bench/whatif-own-window.bench.ts --requests 1667 --minutes 5
 *
 * `--store` also says whether the window read back equals the one written. `--parts` picks the
 * replays (default `fitted,law,roofline,caps,routing`); at 1M requests each is 10-30 s of CPU.
 */
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { applyChanges } from '../src/sim/twin/changes.js'
import type { TwinCluster } from '../src/sim/twin/engine.js'
import type { TwinFit } from '../src/sim/twin/fit.js'
import { loadTwinWindow, type TwinWindow } from '../src/sim/twin/load.js'
import { observedPercentiles, predict } from '../src/sim/twin/predict.js'
import { stepModelOf } from '../src/sim/twin/step-law.js'
import { checkFit } from '../src/sim/twin/whatif.js'
import {
  OWN_BEFORE_US,
  OWN_LAW,
  OWN_REPLICAS,
  ownCluster,
  ownRun,
  ownStore,
  ownWindow,
} from './whatif-own-store.js'

const arg = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(name)
  return at === -1 ? fallback : process.argv[at + 1]!
}
const N = Number(arg('--requests', '20000'))
const WINDOW_US = Number(arg('--minutes', '60')) * 60e6
const STORE = process.argv.includes('--store')
const PARTS = arg('--parts', 'fitted,law,roofline,caps,routing').split(',')
const RUNS = 5
const SEED = 1

const out = (line: string): void => {
  process.stdout.write(line + '\n')
}
const f1 = (x: number | null | undefined, d = 1): string =>
  x === null || x === undefined || !(x === x) ? '–' : x.toFixed(d)

/** The largest |memory − store| per column, and rows whose replica differs. */
function roundTrip(a: TwinWindow, b: TwinWindow): void {
  const x = a.requests
  const y = b.requests
  out(`round trip: ${x.n} written, ${y.n} read back (${y.dropped.total} left out)`)
  if (x.n !== y.n) {
    return
  }
  const cols = [
    'startUs',
    'queuedUs',
    'queueUs',
    'prefillUs',
    'decodeUs',
    'ttftUs',
    'tpotUs',
    'e2eUs',
    'promptTokens',
    'outputTokens',
    'cachedTokens',
  ] as const
  const worst = cols.map((k) => {
    let d = 0
    for (let i = 0; i < x.n; i++) {
      const e = Math.abs(x[k][i]! - y[k][i]!)
      d = e > d || e !== e ? e : d
    }
    return `${k} ${f1(d, 2)}`
  })
  let replicas = 0
  for (let i = 0; i < x.n; i++) {
    replicas += x.replicas[x.replica[i]!] === y.replicas[y.replica[i]!] ? 0 : 1
  }
  out(
    `  largest |written − read| (µs or tokens): ${worst.join(', ')}; replicas differ on ${replicas} rows`
  )
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  return s[s.length >> 1]!
}

/** The fitted twin beside the truth, part by part. */
function parts(fit: TwinFit, w: TwinWindow): void {
  const m = fit.model
  const step = (k: Exclude<keyof typeof OWN_LAW, 'law' | 'perPrefillTokenSqUs'>): string =>
    f1(median(m.replicas.map((r) => r.step[k])), 3)
  out(
    `window ${f1((w.toUs - w.fromUs) / 60e6)} min, ${m.requests} requests; the step law read from exact integrals of what ran beside each request`
  )
  out(
    `  arrivals: ${m.arrival.process}, ${f1(m.arrival.meanRatePerSec, 2)} req/s (true: open, ${f1((N / WINDOW_US) * 1e6, 2)})`
  )
  out(
    `  mix: prompt P50 ${m.mix.promptTokens.p50} / P99 ${m.mix.promptTokens.p99}, output ${m.mix.outputTokens.p50} / ${m.mix.outputTokens.p99} (true: lognormal medians 700 and 180, the window's own draws resampled)`
  )
  out(
    `  before the engine: ${f1(m.outsideEngine.ttftP50Us / 1000, 2)} ms (true ${f1(OWN_BEFORE_US / 1000, 2)})`
  )
  out(`  routing: ${m.routing.policy}; ${m.routing.evidence} (true: least_loaded, even)`)
  out(`  law: ${m.stepLaw.law} (true: roofline); ${m.stepLaw.reason}`)
  out(
    `  step law, median replica: decode ${step('decodeBaseUs')} µs + ${step('perDecodeSeqUs')} µs/seq + ${step('perKvTokenUs')} µs/KV token, prefill ${step('prefillBaseUs')} µs + ${step('perPrefillTokenUs')} µs/token (true: 7000 + 15 + 0.040, 1200 + 35)`
  )
  const r0 = m.replicas[0]!
  out(
    `  max_num_seqs ${r0.maxNumSeqs.value} (${r0.maxNumSeqs.source}); KV ${r0.kvCapacityTokens.value ?? '–'} (${r0.kvCapacityTokens.source}); max_num_batched_tokens ${m.maxBatchedTokens.value} (${m.maxBatchedTokens.source}); the spans ran at most ${Math.max(...m.replicas.map((r) => r.runningPeakSpans))} at once (true: 256, unbounded, 8192)`
  )
}

/** The window replayed with `cluster`, beside its own figures. */
function replay(name: string, fit: TwinFit, change: (c: TwinCluster) => void): void {
  const same = applyChanges(fit, {})
  if (!same.ok) {
    throw new Error(same.reasons.join('; '))
  }
  change(same.cluster)
  const p = predict(fit, same.cluster, same.plan, { runs: RUNS, seed: SEED })
  const o = observedPercentiles(fit)
  const cell = (m: 'ttft' | 'tpot' | 'queue'): string =>
    (['p50', 'p99'] as const)
      .map((q) => {
        const r = p.measures[m][q].value
        const ob = o[m][q]
        const e =
          r !== null && ob !== null && ob > 0
            ? ` ${r >= ob ? '+' : ''}${f1(((r - ob) / ob) * 100)} %`
            : ''
        return `${f1(r)} / ${f1(ob)}${e}`
      })
      .join(', ')
  out(`  ${name.padEnd(30)} TTFT ${cell('ttft')} | TPOT ${cell('tpot')} | queue ${cell('queue')}`)
}

async function main(): Promise<void> {
  const run = ownRun(N, WINDOW_US)
  const memory = ownWindow(run, WINDOW_US)
  let w = memory
  if (STORE) {
    const path = await ownStore(run, WINDOW_US, process.argv.includes('--fresh'), out)
    const store = await createDuckDbStore({ path })
    try {
      const e = (await store.extent())!
      // As `whatif --db` reads it without --from/--to: the store's extent.
      w = await loadTwinWindow(store, { fromUs: e.startUs, toUs: e.endUs + 1 })
    } finally {
      await store.close()
    }
    roundTrip(memory, w)
  }
  const { report, fit } = checkFit(w, RUNS, SEED)
  if (fit === null) {
    throw new Error(report.reasons.join('; '))
  }
  parts(fit, w)
  out(`fit check: ${report.ok ? 'accepted' : `refused: ${report.reasons.join('; ')}`}`)
  out(`replayed / observed P50, P99 (ms), ${RUNS} runs:`)
  const truth = ownCluster()
  const roofline = fit.stepFit.fit('roofline')
  const swaps: Record<string, [string, (c: TwinCluster) => void]> = {
    fitted: ['fitted', () => {}],
    law: ['the true step law', (c) => c.replicas.forEach((r) => (r.step = { ...OWN_LAW }))],
    roofline: [
      'the fitted roofline law',
      (c) => c.replicas.forEach((r, k) => (r.step = stepModelOf(roofline, k))),
    ],
    caps: [
      'the true caps',
      (c) =>
        c.replicas.forEach((r) => {
          r.maxNumSeqs = truth.replicas[0]!.maxNumSeqs
          r.kvCapacityTokens = truth.replicas[0]!.kvCapacityTokens
          r.maxBatchedTokens = truth.replicas[0]!.maxBatchedTokens
        }),
    ],
    routing: [
      'the true routing',
      (c) => {
        c.routing = truth.routing
        c.shares = OWN_REPLICAS.map(() => 1)
      },
    ],
  }
  for (const part of PARTS) {
    const swap = swaps[part]
    if (swap === undefined) {
      throw new Error(`--parts: no part ${part} (${Object.keys(swaps).join(', ')})`)
    }
    replay(swap[0], fit, swap[1])
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
  process.exit(1)
})
