/**
 * Request writes after full collections: rounds of store writes of the same 4 096 SDK requests
 * (`upsertRequests` of new traces, one DuckDB thread, a fresh file), a full collection (`gc()`)
 * before each round, CPU µs per request of each round. Run with `--trace-deopt` to see which
 * functions of the write path V8 throws away at a collection (ADR 0430).
 *
 *   node --expose-gc --import tsx bench/request-writes-gc.bench.ts [--rounds 6] [--writes 4]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { stripContent } from '../src/ingest/pipeline/content-filter.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { assembleBatches } from './assemble-batches.js'
import { sdkBodies } from './sdk-bodies.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '6' },
    writes: { type: 'string', default: '4' },
  },
})
const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) {
  throw new Error('run with node --expose-gc')
}

const requests = assembleBatches([
  sdkBodies(Number(args.bodies)).flatMap((b) => stripContent(decodeTracesProtobuf(b).spans)),
])
const batch = requests.slice(0, 4096)
const dir = mkdtempSync(join(tmpdir(), 'tokenline-request-writes-gc-'))
const store = await createDuckDbStore({ path: join(dir, 'writes.duckdb'), threads: 1 })
const rounds = Number(args.rounds)
const writes = Number(args.writes)
const perRound: number[] = []
for (let round = 0; round < rounds; round++) {
  gc()
  console.log(`round ${round}`)
  const start = process.cpuUsage()
  for (let k = 0; k < writes; k++) {
    // Fresh trace ids each write would cost the fill a string each; the same batch is appended
    // as new traces again, which the store takes (no unique key on `requests`).
    await store.upsertRequests(batch, { newTraces: true })
  }
  const used = process.cpuUsage(start)
  perRound.push((used.user + used.system) / writes / batch.length)
}
console.log(
  `${rounds} rounds of ${writes} writes of ${batch.length} requests, a full collection before each; CPU µs per request: ${perRound.map((v) => v.toFixed(2)).join(' ')}`
)
await store.close()
rmSync(dir, { recursive: true, force: true })
