/**
 * Simulator throughput and memory. Default: 1,000,000 requests on 8 replicas (SIM_REQUESTS to
 * change), traces discarded; then a 10× smaller run for peak-RSS comparison (memory flat with
 * duration), and the baseline: the small run with OTLP/JSON rendered for every request.
 *   npx tsx bench/sim.bench.ts            SIM_REQUESTS=200000 npx tsx bench/sim.bench.ts
 */
import { Simulation, defaultSimConfig, createRun } from '../src/sim/index.js'

const total = Number(process.env.SIM_REQUESTS ?? 1_000_000)
const rate = 160 // requests/s on 8 replicas: ~60% of their capacity

function simulate(requests: number): {
  wallMs: number
  done: number
  steps: number
  peakRssMb: number
} {
  const cfg = defaultSimConfig()
  cfg.cluster.replicas = 8
  cfg.workload.ratePerSec = rate
  cfg.client.probeShare = 0.1
  const sim = new Simulation(cfg, 1, (requests / rate) * 1e6)
  let done = 0
  let peak = 0
  const t0 = performance.now()
  for (const s of sim.run()) {
    if (s.kind === 'requests') {
      done += s.requests.length
    } else if (s.kind === 'scrape') {
      peak = Math.max(peak, process.memoryUsage().rss)
    }
  }
  const wallMs = performance.now() - t0
  const steps = sim.replicas.reduce((n, r) => n + r.stats.steps, 0)
  return { wallMs, done, steps, peakRssMb: peak / 2 ** 20 }
}

function withTraces(durationMs: number): { wallMs: number; done: number; bytes: number } {
  const run = createRun({ scenario: 'healthy', seed: 1, durationMs, ratePerSec: rate })
  let done = 0
  let bytes = 0
  const t0 = performance.now()
  for (const o of run.outputs()) {
    if (o.kind === 'requests') {
      done += o.requests.length
      bytes += run.tracesJson(o.requests).length
    }
  }
  return { wallMs: performance.now() - t0, done, bytes }
}

const big = simulate(total)
const small = simulate(Math.round(total / 10))
const traced = withTraces(Math.max(60_000, Math.round((total / 100 / rate) * 1000)))
const tracedBare = simulate(traced.done)
const perSec = (n: number, ms: number) => Math.round(n / (ms / 1000))
console.log(
  `simulate ${big.done} requests, 8 replicas: ${(big.wallMs / 1000).toFixed(1)} s (goal < 30 s)`
)
console.log(
  `  ${perSec(big.done, big.wallMs)} requests/s simulated, ${perSec(big.steps, big.wallMs)} engine steps/s, ${((big.wallMs * 1000) / big.steps).toFixed(2)} µs/step`
)
console.log(
  `  peak RSS ${big.peakRssMb.toFixed(0)} MB vs ${small.peakRssMb.toFixed(0)} MB for ${small.done} requests (ratio ${(big.peakRssMb / small.peakRssMb).toFixed(2)})`
)
console.log(
  `with OTLP/JSON rendered: ${traced.done} requests ${perSec(traced.done, traced.wallMs)} req/s, ${(traced.bytes / traced.done / 1024).toFixed(1)} KiB/request`
)
console.log(
  `  ratio rendered / discarded: ${(traced.wallMs / tracedBare.wallMs).toFixed(2)}× (${perSec(tracedBare.done, tracedBare.wallMs)} req/s discarded)`
)
