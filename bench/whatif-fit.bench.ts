/**
 * The twin's fit alone (`fitTwin`) on the stored `whatif` bench window, one load and many fits in
 * one process: this tree's fit against another checkout's, alternating, the order reversed every
 * other round, each fit's CPU time (the main thread's work; the fit runs on one thread), the pages
 * it touched for the first time (minor page faults: fresh memory, dear on some hosts) and the
 * fitted model's bytes compared. Issue 26's fit on 1M requests, where `bench/whatif-store.bench.ts
 * --phases` times it once beside the read and the runs.
 *
 *   npx tsx bench/whatif-fit.bench.ts                        # this tree's fit, 6 rounds
 *   npx tsx bench/whatif-fit.bench.ts --against ../other     # alternating with ../other's fit
 *   BENCH_REQUESTS=200000 npx tsx bench/whatif-fit.bench.ts --rounds 8
 *
 * The store is `bench/whatif-store.ts`'s, kept in the temp folder (built when absent).
 */
import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { fitTwin, type FitOutcome } from '../src/sim/twin/fit.js'
import type { TwinWindow } from '../src/sim/twin/load.js'
import { loadWhatIfWindow } from './whatif-store.js'
import { argAfter, endWithHashes, loadAverage, log, spread } from './cli-args.js'

const N = Number(process.env.BENCH_REQUESTS ?? 1_000_000)
const ROUNDS = Number(argAfter('--rounds') ?? 6)

type Fit = (w: TwinWindow) => FitOutcome

/** The fitted model, cached tokens and kept bins as bytes: two fits that agree share the hash. */
function fitHash(f: FitOutcome): string {
  const h = createHash('sha256')
  if (!f.ok) {
    h.update(JSON.stringify(f.reasons))
    return h.digest('hex').slice(0, 16)
  }
  // Numbers by their bits (JSON would print −0 as 0 and NaN, ±Infinity as null).
  const bits = new Float64Array(1)
  const bytes = new Uint8Array(bits.buffer)
  h.update(
    JSON.stringify(f.fit.model, (_, v: unknown) => {
      if (typeof v === 'number') {
        bits[0] = v
        return Buffer.from(bytes).toString('hex')
      }
      return ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v
    })
  )
  h.update(new Uint8Array(f.fit.cached.buffer))
  h.update(new Uint8Array(f.fit.binKeep.buffer))
  return h.digest('hex').slice(0, 16)
}

interface Timed {
  cpuMs: number
  wallMs: number
  /** Pages the fit touched for the first time (minor page faults, in thousands). */
  faultsK: number
  hash: string
}

function timed(fit: Fit, w: TwinWindow): Timed {
  const faults = process.resourceUsage().minorPageFault
  const c = process.cpuUsage()
  const t = performance.now()
  const f = fit(w)
  const wallMs = performance.now() - t
  const u = process.cpuUsage(c)
  return {
    cpuMs: (u.user + u.system) / 1000,
    wallMs,
    faultsK: (process.resourceUsage().minorPageFault - faults) / 1000,
    hash: fitHash(f),
  }
}

async function main(): Promise<void> {
  const against = argAfter('--against')
  const other: Fit | null =
    against === undefined
      ? null
      : (
          (await import(pathToFileURL(resolve(against, 'src/sim/twin/fit.ts')).href)) as {
            fitTwin: Fit
          }
        ).fitTwin
  const w = await loadWhatIfWindow(N, log)
  log(`${w.requests.n} requests fitted; load average ${loadAverage()}`)
  const mine: number[] = []
  const theirs: number[] = []
  const ratios: number[] = []
  const hashes = new Set<string>()
  for (let round = 0; round < ROUNDS; round++) {
    const before = loadAverage()
    if (other === null) {
      const a = timed(fitTwin, w)
      hashes.add(a.hash)
      mine.push(a.cpuMs)
      log(
        `round ${round + 1}: ${a.cpuMs.toFixed(0)} ms CPU, ${a.wallMs.toFixed(0)} ms wall, ${a.faultsK.toFixed(0)}k page faults, ${a.hash}; load average ${before}`
      )
      continue
    }
    const otherFirst = round % 2 === 0
    const first = timed(otherFirst ? other : fitTwin, w)
    const second = timed(otherFirst ? fitTwin : other, w)
    const [o, m] = otherFirst ? [first, second] : [second, first]
    hashes.add(o.hash).add(m.hash)
    theirs.push(o.cpuMs)
    mine.push(m.cpuMs)
    ratios.push(m.cpuMs / o.cpuMs)
    log(
      `round ${round + 1} (${otherFirst ? 'other' : 'this'} first): other ${o.cpuMs.toFixed(0)} ms CPU (${o.wallMs.toFixed(0)} wall, ${o.faultsK.toFixed(0)}k page faults), this ${m.cpuMs.toFixed(0)} ms CPU (${m.wallMs.toFixed(0)} wall, ${m.faultsK.toFixed(0)}k page faults), ratio ${(m.cpuMs / o.cpuMs).toFixed(3)}; ${o.hash} ${m.hash}; load average ${before}`
    )
  }
  log(`this tree: ${spread(mine)} ms CPU`)
  if (other !== null) {
    log(`other: ${spread(theirs)} ms CPU`)
    log(
      `ratio this/other: ${spread(ratios, 3)}, lower in ${ratios.filter((r) => r < 1).length} of ${ratios.length}`
    )
  }
  endWithHashes(hashes, 'fit')
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
