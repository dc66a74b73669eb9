/**
 * Bytes of V8 heap the protobuf trace reader allocates per span, and how many of them the
 * decoded spans keep: what each scavenge copies until the spans are committed (ADR 0207). Run
 * with a young generation large enough that no collection happens while a round decodes, so the
 * heap's growth over the round is what it allocated:
 *
 *   node --expose-gc --max-semi-space-size=256 --import tsx bench/otlp-decode-alloc.bench.ts
 *
 * Counts bytes, not time, so the figure does not move with the machine's load.
 */
import { parseArgs } from 'node:util'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import type { Span } from '../src/core/model/span.js'
import { sdkBodies } from './sdk-bodies.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '40' },
    rounds: { type: 'string', default: '5' },
  },
})
const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) {
  throw new Error('run with node --expose-gc')
}
const bodies = sdkBodies(Number(args.bodies))
for (const b of bodies) {
  decodeTracesProtobuf(b)
}
const allocated: number[] = []
const kept: number[] = []
/** The round's spans, held where the optimiser cannot see that they are no longer read. */
const held: { spans: Span[][] } = { spans: [] }
for (let round = 0; round < Number(args.rounds); round++) {
  held.spans = []
  gc()
  const before = process.memoryUsage().heapUsed
  const spans: Span[][] = bodies.map((b) => decodeTracesProtobuf(b).spans)
  held.spans = spans
  const after = process.memoryUsage().heapUsed
  const count = spans.reduce((n, s) => n + s.length, 0)
  gc()
  // Still referenced here, so the collection frees only what decoding threw away.
  const heldBytes = process.memoryUsage().heapUsed
  allocated.push((after - before) / count)
  kept.push((heldBytes - before) / count)
  if (spans.length !== bodies.length) {
    throw new Error('lost a body')
  }
}
const fmt = (v: number[]): string => v.map((x) => x.toFixed(0)).join(' / ')
console.log(`${bodies.length} SDK bodies of 512 spans, ${args.rounds} rounds; bytes per span`)
console.log(`  allocated while decoding  ${fmt(allocated)}`)
// Only the first round's figure is kept: in later rounds this V8 reports the heap after a full
// collection without the spans' bytes (the young generation's accounting), giving 0.
console.log(`  kept by the decoded spans ${(kept[0] ?? NaN).toFixed(0)} (first round)`)
