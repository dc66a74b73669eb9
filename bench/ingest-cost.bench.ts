/**
 * Where the CPU of OTLP ingest goes, per span, stage by stage: the stages the server runs for
 * every export body (`bench/ingest-http.bench.ts` measures them together, over HTTP), run here
 * one after another on the same SDK-serialised bodies so each can be timed on its own:
 *
 *   1. decode          protobuf body → spans (`decodeTracesProtobuf`); beside it, not in the
 *                      total: the same bodies through one decode worker, the server's default
 *                      (`ingest.decodeWorkers`), the event loop only building the spans the
 *                      worker posts back as columns (`span-transfer.ts`); the last line, "total,
 *                      decode in the worker", is the total with that path in place of decode:
 *                      what a server with default settings pays
 *   2. bookkeeping     content filter + size estimate (what `submitSpans` does before queueing)
 *   3. span writes     `insertSpans` into a DuckDB file, one transaction per group of bodies
 *                      (the group commit of that many concurrent exporters), commit included
 *   4. assembly        spans grouped by trace → request timelines (`assembleTrace`)
 *   5. request writes  `upsertRequests` of new traces (`newTraces`, no delete: the pipeline's
 *                      path for a trace it assembled itself), in the assembler's chunks (1000);
 *                      beside it, not in the total: the same requests upserted into another fresh
 *                      file with the delete-then-append of a trace that may be stored already;
 *                      and, not in the total either, the checkpoint folding the WAL into the file
 *
 * For each: CPU µs per span of the whole process (DuckDB's own threads included), wall µs per
 * span, the part of the wall time spent in V8 garbage collection, and (on Linux) the CPU split
 * by thread: the event loop's, Node's other threads (V8's GC helpers and compiler), DuckDB's. Their sum bounds what one
 * core can ingest; the machine's other load changes wall times, far less the CPU figures.
 *
 *   npx tsx bench/ingest-cost.bench.ts                    # 200 bodies of 512 spans, 8 per commit
 *   npx tsx bench/ingest-cost.bench.ts --bodies 400 --group 16
 *   npx tsx bench/ingest-cost.bench.ts --duckdb-threads 0   # DuckDB's own count (one per core)
 *   npx tsx bench/ingest-cost.bench.ts --span-body none     # span bodies not deflated (ADR 0396)
 *
 * `--marks FILE` writes each stage's start and end (µs on the clock V8's CPU profiles use) to
 * FILE, so `scripts/cpu-profile-summary.ts PROFILE --marks FILE` can split a `node --cpu-prof`
 * profile of this bench by stage.
 */
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PerformanceObserver } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import type { Span } from '../src/core/model/span.js'
import { stripContent } from '../src/ingest/pipeline/content-filter.js'
import { spansBytes } from '../src/ingest/pipeline/item-bytes.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { createDecodePool } from '../src/ingest/otlp/decode-pool.js'
import { DEFAULT_ASSEMBLE_BATCH_TRACES } from '../src/ingest/pipeline/pipeline.js'
import { createDuckDbStore, duckDbSharedOf } from '../src/storage/duckdb/duckdb-store.js'
import { DEFAULTS } from '../src/config/defaults.js'
import type { BodyCodec } from '../src/storage/duckdb/span-bodies.js'
import { assembleBatches } from './assemble-batches.js'
import { sdkBodies } from './sdk-bodies.js'
import { markStartupThreads, threadCpu, threadCpuSince } from './thread-cpu.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '200' },
    group: { type: 'string', default: '8' },
    /** DuckDB's worker threads; the server's default (`store.duckDbThreads`) unless given. */
    'duckdb-threads': { type: 'string', default: String(DEFAULTS.store.duckDbThreads) },
    marks: { type: 'string' },
    /** How the store keeps span bodies (ADR 0396): deflate (the store's default) or none. */
    'span-body': { type: 'string', default: 'deflate' },
  },
})
const BODIES = Number(args.bodies)
const GROUP = Number(args.group)
const THREADS = Number(args['duckdb-threads'])
const MARKS = args.marks
const SPAN_BODY = args['span-body'] as BodyCodec
if (MARKS !== undefined) {
  writeFileSync(MARKS, '')
}
/** Monotonic µs, the clock of a V8 CPU profile's `startTime` and sample times. */
const monotonicUs = (): bigint => process.hrtime.bigint() / 1000n
/** The trace assembler's default chunk (`assembleBatchTraces`). */
const ASSEMBLE_CHUNK = DEFAULT_ASSEMBLE_BATCH_TRACES

let gcMs = 0
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcMs += e.duration
  }
}).observe({ entryTypes: ['gc'] })

interface Cost {
  name: string
  /** Counted in the total (the alternatives shown beside a stage are not). */
  inTotal: boolean
  cpuUs: number
  wallUs: number
  gcUs: number
  /** CPU µs per span on the event loop's thread, on Node's other threads, on DuckDB's. */
  mainUs: number
  nodeUs: number
  laterUs: number
}
const costs: Cost[] = []

async function stage<T>(
  name: string,
  spans: number,
  work: () => T | Promise<T>,
  inTotal = true
): Promise<T> {
  // Let the previous stage's garbage go first, so it is not billed here.
  ;(globalThis as { gc?: () => void }).gc?.()
  await new Promise((resolve) => setTimeout(resolve, 10))
  const gc0 = gcMs
  const threads0 = threadCpu()
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const mark0 = monotonicUs()
  const out = await work()
  const wallMs = performance.now() - t0
  if (MARKS !== undefined) {
    appendFileSync(MARKS, `${mark0}\t${monotonicUs()}\t${name.trim()}\n`)
  }
  const cpu = process.cpuUsage(cpu0)
  const threads = threadCpuSince(threads0)
  const perSpan = (key: 'main' | 'node' | 'later'): number =>
    threads === null ? NaN : ((threads.get(key) ?? 0) * 1000) / spans
  // GC entries are delivered asynchronously: give the observer a turn.
  await new Promise((resolve) => setTimeout(resolve, 0))
  costs.push({
    name,
    inTotal,
    cpuUs: (cpu.user + cpu.system) / spans,
    wallUs: (wallMs * 1000) / spans,
    gcUs: ((gcMs - gc0) * 1000) / spans,
    mainUs: perSpan('main'),
    nodeUs: perSpan('node'),
    laterUs: perSpan('later'),
  })
  return out
}

// Started first, so its thread counts with Node's own (`node`), not with DuckDB's.
const pool = createDecodePool({ workers: 1 })
markStartupThreads()
const bodies = sdkBodies(BODIES)
/** What `submitSpans` does before queueing: the content filter and the size estimate. */
function bookkeeping(spans: readonly Span[]): Span[] {
  const out = stripContent(spans)
  spansBytes(out)
  return out
}

// Warm the decoder's, the bookkeeping's and the assembler's JIT (the server runs them all day):
// measured once cold, the assembly stage was 5.5–12 µs per span, most of it compiling and the
// collector, against 2.3–3.2 warm (ADR 0224); bookkeeping, 2.3 cold against 0.2–0.3 warm.
{
  const warm = bodies.slice(0, 20).map((b) => decodeTracesProtobuf(b).spans)
  for (let round = 0; round < 3; round++) {
    assembleBatches(warm.map(bookkeeping))
    await Promise.all(bodies.slice(0, 2).map((b) => pool.traces('protobuf', b.slice())))
  }
}
const total = bodies.reduce((n, b) => n + decodeTracesProtobuf(b).spans.length, 0)
const dir = mkdtempSync(join(tmpdir(), 'tokenline-ingest-cost-'))
try {
  const decoded = await stage('decode', total, () =>
    bodies.map((b) => decodeTracesProtobuf(b).spans)
  )
  // One body in flight: the event loop never decodes a body itself (which it does when the
  // worker has two queued), so this is the worker's path alone.
  const copies = bodies.map((b) => b.slice())
  await stage(
    '  in 1 decode worker',
    total,
    async () => {
      for (const body of copies) {
        await pool.traces('protobuf', body)
      }
    },
    false
  )
  await pool.close()
  const kept = await stage('bookkeeping', total, () => decoded.map(bookkeeping))
  const store = await createDuckDbStore({
    path: join(dir, 'cost.duckdb'),
    threads: THREADS,
    spanBodyCodec: SPAN_BODY,
  })
  await stage(`span writes (${GROUP} bodies/tx)`, total, async () => {
    for (let i = 0; i < kept.length; i += GROUP) {
      await store.insertSpans(kept.slice(i, i + GROUP).flat())
    }
  })
  const requests = await stage('assembly', total, () => assembleBatches(kept))
  await stage(`request writes (${ASSEMBLE_CHUNK}/tx)`, total, async () => {
    for (let i = 0; i < requests.length; i += ASSEMBLE_CHUNK) {
      await store.upsertRequests(requests.slice(i, i + ASSEMBLE_CHUNK), { newTraces: true })
    }
  })
  const stats = await store.stats()
  // What the server pays each time the WAL reaches its threshold (256 MiB, ~600 000 spans with
  // their requests), which 200 bodies do not reach: shown beside the total, not in it.
  await stage(
    '  checkpoint of these writes',
    total,
    () => duckDbSharedOf(store)?.checkpoint(),
    false
  )
  await store.close()
  const other = await createDuckDbStore({ path: join(dir, 'upsert.duckdb'), threads: THREADS })
  await stage(
    '  the same, delete first',
    total,
    async () => {
      for (let i = 0; i < requests.length; i += ASSEMBLE_CHUNK) {
        await other.upsertRequests(requests.slice(i, i + ASSEMBLE_CHUNK))
      }
    },
    false
  )
  await other.close()
  if (stats.spans !== total || stats.requests !== requests.length) {
    throw new Error(`stored ${stats.spans} spans / ${stats.requests} requests, expected ${total}`)
  }

  const sum = costs
    .filter((c) => c.inTotal)
    .reduce(
      (a, c) => ({
        cpuUs: a.cpuUs + c.cpuUs,
        wallUs: a.wallUs + c.wallUs,
        gcUs: a.gcUs + c.gcUs,
        mainUs: a.mainUs + c.mainUs,
        nodeUs: a.nodeUs + c.nodeUs,
        laterUs: a.laterUs + c.laterUs,
      }),
      { cpuUs: 0, wallUs: 0, gcUs: 0, mainUs: 0, nodeUs: 0, laterUs: 0 }
    )
  console.log(
    `${BODIES} OTel-SDK protobuf bodies, ${total.toLocaleString('en-US')} spans, ${requests.length.toLocaleString('en-US')} requests, DuckDB threads ${THREADS === 0 ? 'default' : THREADS}; µs per span`
  )
  console.log(
    `  ${'stage'.padEnd(28)} ${'CPU'.padStart(7)} ${'wall'.padStart(7)} ${'of it GC'.padStart(9)}   CPU by thread: ${'main'.padStart(6)} ${'node'.padStart(6)} ${'duckdb'.padStart(6)}`
  )
  // The server decodes in a worker by default (`ingest.decodeWorkers` 1): the same total with
  // that path's cost in place of the inline decode's is what a server with default settings pays.
  const inline = costs.find((c) => c.name === 'decode')
  const worker = costs.find((c) => c.name.trim() === 'in 1 decode worker')
  const viaWorker =
    inline === undefined || worker === undefined
      ? []
      : [
          {
            name: 'total, decode in the worker',
            inTotal: false,
            cpuUs: sum.cpuUs - inline.cpuUs + worker.cpuUs,
            wallUs: sum.wallUs - inline.wallUs + worker.wallUs,
            gcUs: sum.gcUs - inline.gcUs + worker.gcUs,
            mainUs: sum.mainUs - inline.mainUs + worker.mainUs,
            nodeUs: sum.nodeUs - inline.nodeUs + worker.nodeUs,
            laterUs: sum.laterUs - inline.laterUs + worker.laterUs,
          },
        ]
  for (const c of [...costs, { name: 'total', inTotal: true, ...sum }, ...viaWorker]) {
    console.log(
      `  ${c.name.padEnd(28)} ${c.cpuUs.toFixed(2).padStart(7)} ${c.wallUs.toFixed(2).padStart(7)} ${c.gcUs.toFixed(2).padStart(9)}                  ${c.mainUs.toFixed(2).padStart(6)} ${c.nodeUs.toFixed(2).padStart(6)} ${c.laterUs.toFixed(2).padStart(6)}`
    )
  }
  console.log(
    `  one core at this CPU cost: ${Math.round(1e6 / sum.cpuUs).toLocaleString('en-US')} spans/s (HTTP and the event loop not counted)`
  )
  // Checked above (a shortfall throws); printed so that every run's output says it.
  console.log(
    `  stored: ${stats.spans.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} spans written, ${stats.requests.toLocaleString('en-US')} of ${requests.length.toLocaleString('en-US')} requests`
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
