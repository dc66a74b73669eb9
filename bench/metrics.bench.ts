/**
 * `GET /metrics` cost: observing assembled requests into the derived histograms (per request,
 * every stage present) against a baseline measured in the same run, the assembly itself of the
 * same requests (`assembleRequest` from their spans); then rendering a scrape at the cardinality
 * cap (100 label sets × 24 histograms) in both formats.
 *
 *   npx tsx bench/metrics.bench.ts                  # 50 000 requests on 100 replicas
 *   npx tsx bench/metrics.bench.ts --requests 200000
 */
import { assembleRequest } from '../src/core/assembly/assemble-request.js'
import { asMicros } from '../src/core/model/units.js'
import { renderExposition } from '../src/server/metrics/exposition.js'
import { createRequestMetrics } from '../src/server/metrics/request-metrics.js'
import { makeVllmTrace } from '../src/core/model/testing/builders.js'

function numArg(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag)
  const n = Number(i === -1 ? fallback : process.argv[i + 1])
  if (!(n > 0)) {
    throw new Error(`${flag} must be a positive number (actual: ${process.argv[i + 1]})`)
  }
  return n
}

const count = numArg('--requests', 50_000)
const traces = Array.from({ length: count }, (_, i) =>
  makeVllmTrace({
    startUs: asMicros(1_760_000_000_000_000 + i * 10_000),
    pod: `vllm-${i % 100}`,
    dnsUs: 1000,
    connectUs: 2000,
    tlsUs: 5000,
    retrievalUs: 3000,
  })
)

const t0 = performance.now()
const requests = traces.map((spans) => assembleRequest(spans))
const assembleMs = performance.now() - t0

const metrics = createRequestMetrics({
  dimensions: ['model', 'version', 'replica', 'route'],
  maxLabelSets: 100,
})
const t1 = performance.now()
metrics.observe(requests.filter((r) => r !== null))
const observeMs = performance.now() - t1

const families = metrics.families()
const series = families.reduce(
  (n, f) => n + (f.type === 'histogram' ? f.samples.length * 17 : f.samples.length),
  0
)
const t2 = performance.now()
const text = renderExposition(families, 'prometheus')
const renderTextMs = performance.now() - t2
const t3 = performance.now()
const om = renderExposition(families, 'openmetrics')
const renderOmMs = performance.now() - t3

const us = (ms: number) => ((ms * 1000) / count).toFixed(2)
console.log(`requests                 ${count} on 100 replicas, every stage present`)
console.log(`assemble (baseline)      ${us(assembleMs)} µs/request`)
console.log(
  `observe                  ${us(observeMs)} µs/request (${(observeMs / assembleMs).toFixed(2)}× assembly)`
)
console.log(`series exposed           ${series}`)
console.log(
  `render text 0.0.4        ${renderTextMs.toFixed(0)} ms, ${(text.length / 1048576).toFixed(1)} MiB`
)
console.log(
  `render OpenMetrics       ${renderOmMs.toFixed(0)} ms, ${(om.length / 1048576).toFixed(1)} MiB`
)
