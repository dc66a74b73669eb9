/**
 * What one request write costs per request as the store fills, written the way the ingest writer
 * interleaves them: a round of span batches (2,000-span bodies, 4,000 items a round), then one
 * request write of the traces assembled a few rounds earlier, into a DuckDB file opened with the
 * server's settings for a 1 GiB budget (memory_limit 40 %, a checkpoint every 128 MiB of WAL).
 * Each window of request writes prints wall ms and process CPU ms per request (DuckDB's threads
 * included), the rows stored, the WAL's size and the checkpoints seen (the WAL shrank).
 *
 *   npx tsx bench/request-write-cost.bench.ts                    # new traces (newTraces: true)
 *   npx tsx bench/request-write-cost.bench.ts --replace          # upserts: delete + insert
 *   npx tsx bench/request-write-cost.bench.ts --reader           # a reader querying meanwhile
 *   npx tsx bench/request-write-cost.bench.ts --memory-mb 160 --checkpoint-mb 16
 *
 * Flags: --hog-ms N spins the main thread N ms every --hog-every-ms M (25), --traces N (default 150,000), --chunk N requests per write (512), --lag N rounds between
 * a trace's spans and its request (2), --window N writes per printed line (20).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { assembleRequest } from '../src/core/assembly/assemble-request.js'
import { groupSpansByTrace } from '../src/core/assembly/group-by-trace.js'
import type { RequestTimeline } from '../src/core/model/request.js'
import { decodeTraces } from '../src/core/otlp/decode-traces.js'
import { makeLlmTraceRequest } from '../src/core/otlp/testing/make-llm-request.js'
import { createDuckDbStore, duckDbSharedOf } from '../src/storage/duckdb/duckdb-store.js'
import { intArg } from './cli-args.js'

const TRACES = intArg('--traces', 150_000)
const CHUNK = intArg('--chunk', 512)
const LAG = intArg('--lag', 2)
const WINDOW = intArg('--window', 20)
const MEMORY_MB = intArg('--memory-mb', 410)
const CHECKPOINT_MB = intArg('--checkpoint-mb', 128)
const REPLACE = process.argv.includes('--replace')
const READER = process.argv.includes('--reader')
/** Main-thread work beside the writes (ms spun every --hog-every-ms), as HTTP and admission do. */
const HOG_MS = process.argv.includes('--hog-ms') ? intArg('--hog-ms', 1) : 0
const HOG_EVERY_MS = intArg('--hog-every-ms', 25)
/** Traces per 2,000-span body, bodies per writer round (4,000 items). */
const BODY_TRACES = 500
const ROUND_BODIES = 2

const dir = mkdtempSync(join(tmpdir(), 'tokenline-reqwrite-'))
const path = join(dir, 'bench.duckdb')
const walBytes = (): number => {
  try {
    return statSync(`${path}.wal`).size
  } catch {
    return 0
  }
}

const store = await createDuckDbStore({
  path,
  memoryLimitBytes: MEMORY_MB * 1024 * 1024,
  checkpointThresholdBytes: CHECKPOINT_MB * 1024 * 1024,
})
let readerStop = false
let readerQueries = 0
const readerLoop = async (): Promise<void> => {
  const shared = duckDbSharedOf(store)
  while (!readerStop && shared !== null) {
    await shared.read(async (c) => {
      await c.run('SELECT count(*), quantile_cont(e2e_us, 0.99) FROM requests')
    })
    readerQueries++
    await new Promise((r) => setTimeout(r, 50))
  }
}
const reader = READER ? readerLoop() : Promise.resolve()
const hog =
  HOG_MS > 0
    ? setInterval(() => {
        const until = performance.now() + HOG_MS
        while (performance.now() < until) {
          // Busy: the event loop runs nothing else meanwhile.
        }
      }, HOG_EVERY_MS)
    : null

console.log(
  `${TRACES} traces, ${CHUNK} requests per write, ${REPLACE ? 'upsert (delete + insert)' : 'new traces'}, memory_limit ${MEMORY_MB} MiB, checkpoint ${CHECKPOINT_MB} MiB${READER ? ', a reader meanwhile' : ''}${HOG_MS > 0 ? `, main thread busy ${HOG_MS} ms every ${HOG_EVERY_MS} ms` : ''}`
)
console.log(
  'writes | requests stored | wall ms/request | CPU ms/request | span write ms/1k spans | WAL MiB | checkpoints'
)
const ready: RequestTimeline[][] = []
let pending: RequestTimeline[] = []
let traceAt = 0
let spansStored = 0
let requestsStored = 0
let writes = 0
let checkpoints = 0
let lastWal = 0
let win = { wallMs: 0, cpuUs: 0, requests: 0, spanMs: 0, spans: 0 }
const noteWal = (): void => {
  const w = walBytes()
  if (w < lastWal) {
    checkpoints++
  }
  lastWal = w
}
const allWall: number[] = []
while (traceAt < TRACES || pending.length > 0 || ready.length > 0) {
  // One round of span batches, as the writer takes them.
  const roundRequests: RequestTimeline[] = []
  for (let b = 0; b < ROUND_BODIES && traceAt < TRACES; b++) {
    const spans = decodeTraces(makeLlmTraceRequest(BODY_TRACES, traceAt)).spans
    traceAt += BODY_TRACES
    const t = performance.now()
    await store.insertSpans(spans)
    win.spanMs += performance.now() - t
    win.spans += spans.length
    spansStored += spans.length
    noteWal()
    for (const trace of groupSpansByTrace(spans).values()) {
      const request = assembleRequest(trace)
      if (request !== null) {
        roundRequests.push(request)
      }
    }
  }
  if (roundRequests.length > 0) {
    ready.push(roundRequests)
  }
  if (ready.length > LAG || traceAt >= TRACES) {
    pending.push(...(ready.shift() ?? []))
  }
  // One background task between two rounds: a request write of up to CHUNK requests.
  if (pending.length >= CHUNK || (traceAt >= TRACES && pending.length > 0)) {
    const list = pending.slice(0, CHUNK)
    pending = pending.slice(CHUNK)
    const cpu = process.cpuUsage()
    const t = performance.now()
    await store.upsertRequests(list, REPLACE ? undefined : { newTraces: true })
    const ms = performance.now() - t
    const used = process.cpuUsage(cpu)
    noteWal()
    allWall.push(ms / list.length)
    win.wallMs += ms
    win.cpuUs += used.user + used.system
    win.requests += list.length
    requestsStored += list.length
    writes++
    if (writes % WINDOW === 0) {
      console.log(
        `${writes} | ${requestsStored} | ${(win.wallMs / win.requests).toFixed(3)} | ${(win.cpuUs / 1000 / win.requests).toFixed(3)} | ${((win.spanMs / win.spans) * 1000).toFixed(1)} | ${(lastWal / 1048576).toFixed(1)} | ${checkpoints}`
      )
      win = { wallMs: 0, cpuUs: 0, requests: 0, spanMs: 0, spans: 0 }
    }
  }
}
readerStop = true
if (hog !== null) {
  clearInterval(hog)
}
await reader
const sorted = [...allWall].sort((a, b) => a - b)
const q = (p: number): string => (sorted[Math.floor(p * (sorted.length - 1))] ?? 0).toFixed(3)
console.log(
  `request writes: ${writes}, wall ms/request p50 ${q(0.5)}, p90 ${q(0.9)}, max ${q(1)}; spans ${spansStored}, checkpoints ${checkpoints}${READER ? `, reader queries ${readerQueries}` : ''}`
)
await store.close()
rmSync(dir, { recursive: true, force: true })
