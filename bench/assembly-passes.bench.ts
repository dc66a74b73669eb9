/**
 * The assembly stage alone, pass by pass: CPU µs per span of warm passes over the same SDK
 * bodies as `bench/ingest-cost.bench.ts`, each pass kept (as the stage keeps its timelines),
 * every other pass after a full collection (`gc()`), which is what the ingest-cost bench does
 * before each stage and what a server's old generation does from time to time.
 *
 *   node --expose-gc --import tsx bench/assembly-passes.bench.ts [--bodies 60] [--passes 10]
 */
import { parseArgs } from 'node:util'
import type { Span } from '../src/core/model/span.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { assembleBatches } from './assemble-batches.js'
import { sdkBodies } from './sdk-bodies.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '60' },
    passes: { type: 'string', default: '10' },
  },
})
const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) {
  throw new Error('run with node --expose-gc')
}
const bodies = sdkBodies(Number(args.bodies))
const warm = bodies.slice(0, 20).map((b) => decodeTracesProtobuf(b).spans)
for (let round = 0; round < 3; round++) {
  assembleBatches(warm)
}
const spans: Span[][] = bodies.map((b) => decodeTracesProtobuf(b).spans)
const count = spans.reduce((n, s) => n + s.length, 0)
const after: number[] = []
const without: number[] = []
for (let pass = 0; pass < Number(args.passes); pass++) {
  const collect = pass % 2 === 0
  if (collect) {
    gc()
  }
  const cpu0 = process.cpuUsage()
  const kept = assembleBatches(spans)
  const cpu = process.cpuUsage(cpu0)
  ;(collect ? after : without).push((cpu.user + cpu.system) / count)
  if (kept.length === 0) {
    throw new Error('no requests')
  }
}
const fmt = (xs: number[]): string => xs.map((x) => x.toFixed(2)).join(' ')
console.log(`${count} spans; CPU µs per span of each pass`)
console.log(`  after a full collection: ${fmt(after)}`)
console.log(`  without one:             ${fmt(without)}`)
