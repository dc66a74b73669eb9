/**
 * Bytes of V8 heap the protobuf trace reader allocates per span, and how many of them the
 * decoded spans keep: what each scavenge copies until the spans are committed (ADR 0207). Run
 * with a young generation large enough that no collection happens while a round decodes, so the
 * heap's growth over the round is what it allocated:
 *
 *   node --expose-gc --max-semi-space-size=256 --import tsx bench/otlp-decode-alloc.bench.ts
 *   ... --json-lines 2000   # instead: the import's OTLP/JSON Lines (bench/import-files.ts, one
 *                           # request of 4 spans a line), parsed and decoded (ADR 0399)
 *
 * Counts bytes, not time, so the figure does not move with the machine's load.
 */
import { parseArgs } from 'node:util'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { decodeTraceLines } from '../src/ingest/import/decode-trace-lines.js'
import { makeLlmTraceRequest } from '../src/core/otlp/testing/make-llm-request.js'
import type { Span } from '../src/core/model/span.js'
import { sdkBodies } from './sdk-bodies.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '40' },
    rounds: { type: 'string', default: '5' },
    'json-lines': { type: 'string' },
  },
})
const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) {
  throw new Error('run with node --expose-gc')
}
const jsonLines = args['json-lines']
/** One decode input and its spans: an SDK body (protobuf), or 70 lines of JSON Lines. */
const inputs: (Uint8Array | string[])[] = []
if (jsonLines === undefined) {
  inputs.push(...sdkBodies(Number(args.bodies)))
} else {
  const lines = Array.from({ length: Number(jsonLines) }, (_, i) =>
    JSON.stringify(makeLlmTraceRequest(1, i))
  )
  // About what one 256 KiB read of the import holds.
  for (let i = 0; i < lines.length; i += 70) {
    inputs.push(lines.slice(i, i + 70))
  }
}
const decode = (input: Uint8Array | string[]): Span[] =>
  Array.isArray(input) ? decodeTraceLines(input).spans : decodeTracesProtobuf(input).spans
for (const input of inputs) {
  decode(input)
}
const allocated: number[] = []
const kept: number[] = []
/** The round's spans, held where the optimiser cannot see that they are no longer read. */
const held: { spans: Span[][] } = { spans: [] }
for (let round = 0; round < Number(args.rounds); round++) {
  held.spans = []
  gc()
  const before = process.memoryUsage().heapUsed
  const spans: Span[][] = inputs.map(decode)
  held.spans = spans
  const after = process.memoryUsage().heapUsed
  const count = spans.reduce((n, s) => n + s.length, 0)
  gc()
  // Still referenced here, so the collection frees only what decoding threw away.
  const heldBytes = process.memoryUsage().heapUsed
  allocated.push((after - before) / count)
  kept.push((heldBytes - before) / count)
  if (spans.length !== inputs.length) {
    throw new Error('lost an input')
  }
}
const fmt = (v: number[]): string => v.map((x) => x.toFixed(0)).join(' / ')
console.log(
  jsonLines === undefined
    ? `${inputs.length} SDK bodies of 512 spans, ${args.rounds} rounds; bytes per span`
    : `${jsonLines} JSON Lines of 4 spans, ${args.rounds} rounds; bytes per span`
)
console.log(`  allocated while decoding  ${fmt(allocated)}`)
// Only the first round's figure is kept: in later rounds this V8 reports the heap after a full
// collection without the spans' bytes (the young generation's accounting), giving 0.
console.log(`  kept by the decoded spans ${(kept[0] ?? NaN).toFixed(0)} (first round)`)
