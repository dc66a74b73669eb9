/**
 * The decode worker's path after full collections, which the cost bench's worker (its heap small,
 * `bench/ingest-cost.bench.ts`) rarely has but a server's worker has as it runs: `rounds` rounds
 * of `bodies` SDK bodies, a full collection before each, CPU µs per span of each round.
 *
 *   --mode pool        through one decode worker (one body in flight), the collection on the
 *                      event loop's heap only (a worker's heap cannot be collected from outside)
 *   --mode one-thread  the worker's path in this thread: `decodeTracesBody`, `packSpans`, the
 *                      packing posted through a `MessageChannel` (buffers transferred) and
 *                      `unpackSpans`, so the collection reaches both sides' functions
 *
 * With `node --expose-gc --trace-deopt` it shows which functions of the path are thrown away
 * when a collection frees what their optimised code held on to ("reason: weak objects").
 *
 *   node --expose-gc --import tsx bench/decode-worker-recompile.bench.ts --mode one-thread
 */
import { parseArgs } from 'node:util'
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads'
import { decodeTracesBody } from '../src/ingest/otlp/decode.js'
import { createDecodePool } from '../src/ingest/otlp/decode-pool.js'
import {
  packSpans,
  transferList,
  unpackSpans,
  type PackedSpans,
} from '../src/ingest/otlp/span-transfer.js'
import { sdkBodies } from './sdk-bodies.js'

const { values: args } = parseArgs({
  options: {
    mode: { type: 'string', default: 'one-thread' },
    rounds: { type: 'string', default: '6' },
    bodies: { type: 'string', default: '40' },
  },
})
const ROUNDS = Number(args.rounds)
const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) {
  throw new Error('run with node --expose-gc')
}
if (args.mode !== 'pool' && args.mode !== 'one-thread') {
  throw new Error('--mode is pool or one-thread')
}
const bodies = sdkBodies(Number(args.bodies))
const pool = args.mode === 'pool' ? createDecodePool({ workers: 1 }) : null
const { port1, port2 } = new MessageChannel()

/** One round; in a function of its own so no register keeps its last spans alive. */
async function round(): Promise<number> {
  let spans = 0
  for (const b of bodies) {
    if (pool !== null) {
      spans += (await pool.traces('protobuf', b.slice())).spans.length
    } else {
      const packed = packSpans(decodeTracesBody('protobuf', b.slice()).spans)
      port1.postMessage(packed, transferList(packed))
      spans += unpackSpans(receiveMessageOnPort(port2)?.message as PackedSpans).length
    }
  }
  return spans
}

// Warm: every function of the path compiled before the first collection.
for (let w = 0; w < 3; w++) {
  await round()
}
const perSpan: number[] = []
for (let r = 1; r <= ROUNDS; r++) {
  gc()
  await new Promise((resolve) => setTimeout(resolve, 10))
  const cpu0 = process.cpuUsage()
  const spans = await round()
  const cpu = process.cpuUsage(cpu0)
  perSpan.push((cpu.user + cpu.system) / spans)
}
const sorted = [...perSpan].sort((a, b) => a - b)
console.log(
  `${args.mode}, ${bodies.length} bodies per round, each after a full collection: CPU µs per span ` +
    `${perSpan.map((v) => v.toFixed(2)).join(' ')}; median ${(sorted[Math.floor(sorted.length / 2)] ?? NaN).toFixed(2)}`
)
port1.close()
await pool?.close()
