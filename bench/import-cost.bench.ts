/**
 * Where an import into DuckDB spends its CPU, per span, against read + JSON.parse of the same
 * file in the same process. Each run imports the JSON Lines file into a fresh DuckDB file and
 * reports:
 *   - whole-process CPU (getrusage, all threads) and its split: the event loop's thread against
 *     the threads started since (DuckDB's; bench/thread-cpu.ts);
 *   - per store call: calls, items, and the time from call to settle (`insertSpans`,
 *     `upsertRequests` new / replacing, `getSpans` for traces read back, `extent`);
 *   - closing the store (the checkpoint that folds the WAL into the file);
 *   - the import into a sink that drops everything (reading, parsing, decoding, batching).
 * Runs alternate (`--rounds`), in reverse order every other round, so each variant sees the same
 * neighbours' load and the same share of warm and cold positions.
 *
 *   node --expose-gc --import tsx bench/import-cost.bench.ts --requests 20000 --rounds 2
 *   ... --sdk-spans   # beside the stages' span writes, the same count of OTel-SDK spans (the
 *                     # spans of bench/ingest-cost) through the same store path in the same run,
 *                     # the import's first in odd rounds (`--sdk-first`: the SDK spans')
 *   ... --variants 'import|server'  # which pipelines and settings to run (see VARIANTS)
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/import-cost.bench.ts --rounds 1
 *   npx tsx scripts/cpu-profile-summary.ts /tmp/prof/<file>.cpuprofile   # self time by file
 */
import { join } from 'node:path'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { createSilentLogger } from '../src/core/logger.js'
import { importPaths } from '../src/ingest/import/import.js'
import { createImportPipeline } from '../src/ingest/import/import-pipeline.js'
import { prepareStoreForImport } from '../src/cli/commands/import-store.js'
import {
  createIngestPipeline,
  type IngestPipelineOptions,
} from '../src/ingest/pipeline/pipeline.js'
import { zeroIngestCounters } from '../src/ingest/pipeline/counters.js'
import type { IngestSink } from '../src/ingest/pipeline/types.js'
import { countingSink } from '../src/ingest/testing/sinks.js'
import { createDuckDbStore, duckDbSharedOf } from '../src/storage/duckdb/duckdb-store.js'
import type { SpanStore } from '../src/storage/span-store.js'
import { numArg } from './cli-args.js'
import { readAndParse, writeJsonl } from './import-files.js'
import { markStartupThreads, threadCpu, threadCpuSince } from './thread-cpu.js'
import type { Span } from '../src/core/model/span.js'
import { stripContent } from '../src/ingest/pipeline/content-filter.js'
import { DEFAULT_ASSEMBLE_BATCH_TRACES } from '../src/ingest/pipeline/pipeline.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { SPAN_COLUMNS } from '../src/storage/duckdb/span-chunks.js'
import { assembleBatches } from './assemble-batches.js'
import { sdkBodies } from './sdk-bodies.js'

interface CallStats {
  calls: number
  items: number
  ms: number
}

/** Wraps the store's write and read-back methods, adding up calls, items and time to settle. */
function timedStore(store: SpanStore): { store: SpanStore; stats: Map<string, CallStats> } {
  const stats = new Map<string, CallStats>()
  const note = (name: string, items: number, ms: number): void => {
    const s = stats.get(name) ?? { calls: 0, items: 0, ms: 0 }
    s.calls++
    s.items += items
    s.ms += ms
    stats.set(name, s)
  }
  const timed = async <T>(name: string, items: number, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now()
    try {
      return await work()
    } finally {
      note(name, items, performance.now() - t0)
    }
  }
  const wrapped: SpanStore = Object.create(store) as SpanStore
  wrapped.insertSpans = (spans) =>
    timed('insertSpans', spans.length, () => store.insertSpans(spans))
  wrapped.upsertRequests = (list, options) =>
    timed(
      options?.newTraces === true ? 'upsertRequests new' : 'upsertRequests replacing',
      list.length,
      () => store.upsertRequests(list, options)
    )
  wrapped.getSpans = (ids) => timed('getSpans (read back)', ids.length, () => store.getSpans(ids))
  wrapped.extent = () => timed('extent', 0, () => store.extent())
  return { store: wrapped, stats }
}

type MakePipeline = (options: IngestPipelineOptions) => IngestSink

/**
 * Not the import's path: each batch's spans stored, then its traces assembled from that batch
 * alone and written as new requests, with no pending traces, held spans, duplicate check,
 * seen-trace filter or write queue. Right only for a file whose every trace lies within one
 * batch (this bench's: one trace per line), so what the import costs beyond it bounds what an
 * import that knew its traces whole could save (ADR 0453).
 */
function assembledPerBatch({ store }: IngestPipelineOptions): IngestSink {
  const counters = zeroIngestCounters()
  return {
    async submitSpans(spans) {
      const kept = stripContent(spans)
      await store.insertSpans(kept)
      const requests = assembleBatches([kept])
      await store.upsertRequests(requests, { newTraces: true })
      counters.spansAccepted += kept.length
      counters.requestsAssembled += requests.length
    },
    submitMetrics: async () => {},
    submitEvents: async () => {},
    flush: async () => {},
    counters: () => ({ ...counters }),
    close: async () => {},
  }
}

interface Variant {
  make: MakePipeline
  /** What is done to the store before the import (`tokenline import`: prepareStoreForImport). */
  prepare?: (store: SpanStore) => Promise<void>
  /**
   * The store in memory instead of a fresh file: no WAL at commit and no checkpoint at close, so
   * the difference to `import` is what the file costs (ADR 0453).
   */
  inMemory?: boolean
}

/** DuckDB settings run on the writer connection before the import. */
const settings =
  (...sql: string[]) =>
  async (store: SpanStore): Promise<void> => {
    for (const statement of sql) {
      await duckDbSharedOf(store)?.write(async (conn) => {
        await conn.run(statement)
      })
    }
  }

/** Pipelines and store settings to compare: name → how the import's sink and store are made. */
const VARIANTS: Record<string, Variant> = {
  import: { make: createImportPipeline, prepare: prepareStoreForImport },
  'import, DuckDB default threads': { make: createImportPipeline },
  server: { make: createIngestPipeline },
  'import, insertion order off': {
    make: createImportPipeline,
    prepare: settings('SET threads = 1', 'SET preserve_insertion_order = false'),
  },
  'assembled per batch': { make: assembledPerBatch, prepare: prepareStoreForImport },
  'import, in memory': {
    make: createImportPipeline,
    prepare: prepareStoreForImport,
    inMemory: true,
  },
}

/** CPU seconds of the whole process and by thread group (bench/thread-cpu.ts), since `start`. */
interface Cpu {
  s: number
  main: number | null
  node: number | null
  later: number | null
}

interface CpuStart {
  cpu: NodeJS.CpuUsage
  threads: ReturnType<typeof threadCpu>
}

const cpuStart = (): CpuStart => ({ cpu: process.cpuUsage(), threads: threadCpu() })

function cpuSince(start: CpuStart): Cpu {
  const c = process.cpuUsage(start.cpu)
  const t = threadCpuSince(start.threads)
  const of = (k: 'main' | 'node' | 'later'): number | null =>
    t === null ? null : (t.get(k) ?? 0) / 1000
  return { s: (c.user + c.system) / 1e6, main: of('main'), node: of('node'), later: of('later') }
}

interface RunResult {
  /** Everything but closing the store. */
  cpu: Cpu
  /** Wall seconds, closing included. */
  wallS: number
  /** Closing the store (its checkpoint); DuckDB's threads end with it, so measured apart. */
  close: Cpu
  spans: number
  requests: number
  rssMb: number
  stats: Map<string, CallStats>
}

async function importIntoDuckDb(file: string, path: string, variant: Variant): Promise<RunResult> {
  global.gc?.()
  const start = cpuStart()
  const t0 = performance.now()
  const raw = await createDuckDbStore({ path: variant.inMemory === true ? ':memory:' : path })
  const { store, stats } = timedStore(raw)
  await variant.prepare?.(raw)
  const sink = variant.make({ store, logger: createSilentLogger(), now: Date.now })
  let rss = process.memoryUsage.rss()
  const sampler = setInterval(() => (rss = Math.max(rss, process.memoryUsage.rss())), 100)
  try {
    const summary = await importPaths([file], sink)
    await sink.close()
    const cpu = cpuSince(start)
    const closing = cpuStart()
    await raw.close()
    const close = cpuSince(closing)
    return {
      cpu,
      wallS: (performance.now() - t0) / 1000,
      close,
      spans: summary.stored.spans,
      requests: summary.requests,
      rssMb: rss / 1_048_576,
      stats,
    }
  } finally {
    clearInterval(sampler)
  }
}

/**
 * The server's stages one after another on the import's own spans (as bench/ingest-cost does
 * for SDK bodies): span writes in the import's batches, assembly of every trace, request writes
 * of new traces in the assembler's chunks, closing the store. Their sum against the pipeline's
 * run is what the pipeline adds.
 */
async function stagesIntoDuckDb(
  file: string,
  path: string,
  spansPerTx: number,
  requestsPerTx: number
): Promise<[string, Cpu][]> {
  const all: Span[] = []
  const collect = countingSink()
  collect.submitSpans = async (list) => {
    for (const s of list) {
      all.push(s)
    }
  }
  await importPaths([file], collect)
  const batches: Span[][] = []
  for (let i = 0; i < all.length; i += spansPerTx) {
    batches.push(all.slice(i, i + spansPerTx))
  }
  const out: [string, Cpu][] = []
  const stage = async <T>(name: string, work: () => Promise<T> | T): Promise<T> => {
    global.gc?.()
    const start = cpuStart()
    const r = await work()
    out.push([name, cpuSince(start)])
    return r
  }
  const store = await createDuckDbStore({ path })
  await prepareStoreForImport(store)
  const kept = await stage('content filter', () => batches.map((b) => stripContent(b)))
  await stage(`span writes (${spansPerTx}/tx)`, async () => {
    for (const b of kept) {
      await store.insertSpans(b)
    }
  })
  const requests = await stage('assembly', () => assembleBatches(kept))
  await stage(`request writes (${requestsPerTx}/tx, new)`, async () => {
    for (let i = 0; i < requests.length; i += requestsPerTx) {
      await store.upsertRequests(requests.slice(i, i + requestsPerTx), {
        newTraces: true,
      })
    }
  })
  await stage('close (checkpoint)', () => store.close())
  return out
}

/** The import's batch (ImportBatcher's default), one transaction each. */
const IMPORT_SPANS_PER_TX = 10_000

/** Spans per OTel-SDK body (bench/sdk-bodies.ts). */
const SDK_SPANS_PER_BODY = 512

/** At least `count` OTel-SDK spans, content stripped as the pipeline strips it. */
function sdkSpans(count: number): Span[] {
  const out: Span[] = []
  for (const body of sdkBodies(Math.ceil(count / SDK_SPANS_PER_BODY))) {
    for (const s of stripContent(decodeTracesProtobuf(body).spans)) {
      out.push(s)
    }
  }
  return out.slice(0, count)
}

/** Characters (or 8 per number) per span of what the store's span columns hold. */
function storedCharsPerSpan(spans: readonly Span[]): number {
  let chars = 0
  for (const s of spans) {
    for (const column of SPAN_COLUMNS) {
      const v = column.value(s)
      chars += typeof v === 'string' ? v.length : 8
    }
  }
  return chars / spans.length
}

/**
 * The span-write stage again in the same run, on the import's spans and on as many OTel-SDK
 * spans (bench/ingest-cost's), each into a fresh file in the same transactions: whether the
 * import's span writes cost more than the server's for the path or for the spans.
 */
async function spanWritesCompared(
  file: string,
  dir: string,
  spansPerTx: number,
  sdkFirst: boolean
): Promise<[string, Cpu, number][]> {
  const imported: Span[] = []
  const collect = countingSink()
  collect.submitSpans = async (list) => {
    for (const s of stripContent(list)) {
      imported.push(s)
    }
  }
  await importPaths([file], collect)
  const sdk = sdkSpans(imported.length)
  const out: [string, Cpu, number][] = []
  const kinds = [
    ['import spans', imported],
    ['SDK spans', sdk],
  ] as const
  for (const [name, spans] of sdkFirst ? [...kinds].reverse() : kinds) {
    const store = await createDuckDbStore({ path: join(dir, `compare-${out.length}.duckdb`) })
    await prepareStoreForImport(store)
    global.gc?.()
    const start = cpuStart()
    for (let i = 0; i < spans.length; i += spansPerTx) {
      await store.insertSpans(spans.slice(i, i + spansPerTx))
    }
    out.push([`span writes, ${name}`, cpuSince(start), storedCharsPerSpan(spans)])
    await store.close()
  }
  return out
}

async function importIntoSink(file: string): Promise<Cpu> {
  global.gc?.()
  const start = cpuStart()
  await importPaths([file], countingSink())
  return cpuSince(start)
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name)
  return i === -1 ? undefined : process.argv[i + 1]
}

/**
 * `--stage-batches 10000:4096,40000:16384`: spans and requests per transaction of each stage run
 * (`none`: no stage runs).
 */
function stageBatchesFlag(): [number, number][] {
  const text = flag('--stage-batches') ?? `10000:${DEFAULT_ASSEMBLE_BATCH_TRACES}`
  if (text === 'none') {
    return []
  }
  return text.split(',').map((pair) => {
    const [spans, requests] = pair.split(':').map(Number)
    if (!Number.isInteger(spans) || !Number.isInteger(requests) || spans! <= 0 || requests! <= 0) {
      throw new Error(`--stage-batches: expected spans:requests[,…] (actual: ${text})`)
    }
    return [spans!, requests!]
  })
}

async function main(): Promise<void> {
  markStartupThreads()
  const requests = numArg('--requests', 20_000)
  const rounds = numArg('--rounds', 2)
  const stageBatches = stageBatchesFlag()
  const compareSdk = process.argv.includes('--sdk-spans')
  const sdkFirstIn = process.argv.includes('--sdk-first') ? 1 : 0
  const names = (flag('--variants') ?? 'import|import, DuckDB default threads').split('|')
  for (const n of names) {
    if (!(n in VARIANTS)) {
      throw new Error(
        `--variants: expected some of ${Object.keys(VARIANTS).join(', ')} (actual: ${n})`
      )
    }
  }
  const dir = await mkdtemp(join(tmpdir(), 'tokenline-import-cost-'))
  try {
    console.log(
      `load average before: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`
    )
    const file = join(dir, 'traces.jsonl')
    await writeJsonl(file, requests)
    let run = 0
    for (let round = 1; round <= rounds; round++) {
      const cpu0 = process.cpuUsage()
      const spans = await readAndParse(file)
      const cpu = process.cpuUsage(cpu0)
      const baseS = (cpu.user + cpu.system) / 1e6
      const us = (s: number): string => ((s * 1e6) / spans).toFixed(1)
      const sink = await importIntoSink(file)
      const sinkS = sink.s
      console.log(
        `round ${round}: read + parse ${baseS.toFixed(2)} s CPU (${us(baseS)} µs/span); ` +
          `into a dropping sink ${sinkS.toFixed(2)} s (${us(sinkS)} µs/span, ${(sinkS / baseS).toFixed(1)}×)`
      )
      const show = (name: string, c: Cpu): string =>
        `${name.padEnd(34)} ${us(c.s).padStart(6)} µs/span` +
        (c.main === null
          ? ''
          : ` (event loop ${us(c.main)}, Node's threads ${us(c.node ?? 0)}, DuckDB's ${us(c.later ?? 0)})`)
      console.log(`  ${show('dropping sink', sink)}`)
      for (const [spansPerTx, requestsPerTx] of stageBatches) {
        let sum = 0
        const path = join(dir, `${run++}.duckdb`)
        for (const [name, c] of await stagesIntoDuckDb(file, path, spansPerTx, requestsPerTx)) {
          console.log(`  stage ${show(name, c)}`)
          sum += c.s
        }
        console.log(
          `  stages' sum, decode excluded: ${us(sum)} µs/span; with the dropping sink's ${us(sinkS)}: ${us(sum + sinkS)} µs/span (${((sum + sinkS) / baseS).toFixed(1)}× read + parse)`
        )
      }
      if (compareSdk) {
        for (const [name, c, chars] of await spanWritesCompared(
          file,
          dir,
          IMPORT_SPANS_PER_TX,
          round % 2 === sdkFirstIn
        )) {
          console.log(`  ${show(name, c)}; ${chars.toFixed(0)} stored characters per span`)
        }
      }
      // Every other round runs the variants in reverse order: a later run in a round pays less
      // (warm JIT and caches), which would otherwise favour whichever variant runs second.
      for (const name of round % 2 === 1 ? names : [...names].reverse()) {
        const r = await importIntoDuckDb(file, join(dir, `${run++}.duckdb`), VARIANTS[name]!)
        const total = r.cpu.s + r.close.s
        console.log(
          `  ${name}: ${us(total)} µs/span, ${(total / baseS).toFixed(1)}× read + parse (wall ${r.wallS.toFixed(2)} s); ${r.spans} spans, ${r.requests} requests; peak RSS ${r.rssMb.toFixed(0)} MB`
        )
        console.log(`    ${show('import', r.cpu)}`)
        console.log(`    ${show('close (checkpoint)', r.close)}`)
        for (const [call, s] of r.stats) {
          console.log(
            `      ${call.padEnd(26)} ${String(s.calls).padStart(5)} calls ${String(s.items).padStart(7)} items  ${(s.ms / 1000).toFixed(2)} s to settle`
          )
        }
      }
    }
    console.log(
      `load average after: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
