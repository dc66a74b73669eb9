/**
 * The decode stage of `bench/ingest-cost.bench.ts` alone, repeated: CPU µs per span of the whole
 * process for the same 200 OTel-SDK protobuf bodies (102,400 spans), decoded on the event loop
 * with every span kept (as the stage keeps them for the stages after it), and through one decode
 * worker (the server's default), each round after a full collection; the median of the rounds.
 * Its run-to-run spread is far smaller than the whole bench's on a loaded machine, so a change
 * to the trace reader of a few tenths of a µs shows here (ADR 0418); compare builds in
 * alternating processes, as for the whole bench.
 *
 *   node --expose-gc --import tsx bench/trace-decode-cost.bench.ts            # 5 rounds
 *   node --expose-gc --import tsx bench/trace-decode-cost.bench.ts --rounds 9
 */
import { parseArgs } from 'node:util'
import { createDecodePool } from '../src/ingest/otlp/decode-pool.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { sdkBodies } from './sdk-bodies.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '5' },
  },
})
const ROUNDS = Number(args.rounds)
const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) {
  console.warn('run with node --expose-gc: without it a round may pay for the last one’s garbage')
}

const pool = createDecodePool({ workers: 1 })
const bodies = sdkBodies(Number(args.bodies))
const total = bodies.reduce((n, b) => n + decodeTracesProtobuf(b).spans.length, 0)
// Warm both paths' JIT, as the server runs them all day.
for (let round = 0; round < 3; round++) {
  bodies.map((b) => decodeTracesProtobuf(b).spans)
  for (const body of bodies.slice(0, 20)) {
    await pool.traces('protobuf', body.slice())
  }
}

const cpuUs = (): number => {
  const { user, system } = process.cpuUsage()
  return user + system
}
const inline: number[] = []
const worker: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  gc?.()
  let t0 = cpuUs()
  const kept = bodies.map((b) => decodeTracesProtobuf(b).spans)
  inline.push((cpuUs() - t0) / total)
  // One body in flight: the worker's path alone (the event loop decodes when two are queued).
  const copies = bodies.map((b) => b.slice())
  gc?.()
  t0 = cpuUs()
  const unpacked = []
  for (const body of copies) {
    unpacked.push((await pool.traces('protobuf', body)).spans)
  }
  worker.push((cpuUs() - t0) / total)
  if (kept.length !== unpacked.length) {
    throw new Error('the two paths decoded different numbers of bodies')
  }
}
await pool.close()

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number
const show = (xs: number[]): string =>
  `median ${median(xs).toFixed(2)} (${xs.map((x) => x.toFixed(2)).join(', ')})`
console.log(
  `${bodies.length} OTel-SDK protobuf bodies, ${total} spans; CPU µs per span, ${ROUNDS} rounds`
)
console.log(`  decode on the event loop, spans kept  ${show(inline)}`)
console.log(`  in 1 decode worker                    ${show(worker)}`)
