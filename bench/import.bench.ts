/**
 * `tokenline import` throughput: writes a JSON Lines file of N OTLP trace requests (one request
 * of 4 spans per line, as the Collector file exporter writes), then times, in one process:
 *   1. the baseline: reading the file line by line (readline, its default 64 KiB reads) and
 *      JSON.parse of every line;
 *   2. importPaths into a sink that drops everything (the import's own reading and decoding),
 *      decoding on the main thread and in `--workers` decode workers; and, beside them, the
 *      reader the import used before (readline over 256 KiB reads, a line at a time) feeding the
 *      same decoder and batcher;
 *   3. importPaths into a fresh DuckDB file through the import's pipeline (decode, store spans,
 *      assemble and store request timelines), decoding inline and in workers;
 *   4. the same requests as a framed protobuf capture, into the sink and into DuckDB.
 * Each import reports its peak heap and, with --expose-gc, the peak heap still reachable after
 * a collection (sampled every 2 s). The load average is printed before and after.
 *
 *   node --expose-gc --import tsx bench/import.bench.ts --requests 20000
 *   ... --workers 2            # decode workers for the worker runs (default: cores − 1, min 1,
 *                              # what `tokenline import --decode-workers auto` starts; the CLI's
 *                              # default decodes inline, as the "decode inline" runs do, ADR 0509)
 *   ... --compare-limits       # also one batch in flight, and the server's pending limits
 *   ... --rounds 2             # every run again (the first round pays JIT and DuckDB warm-up),
 *                              # every other round in reverse order
 *   ... --only DuckDB          # only the runs whose name contains this text (the baseline always)
 *
 * Beside wall time, each run reports its CPU time (the whole process: decode workers and DuckDB's
 * threads included) as a ratio to the baseline's CPU time: on a busy machine wall times move
 * with the neighbours' load, the CPU a run needs far less.
 *   BENCH_REQUESTS=20000 npx tsx bench/import.bench.ts
 */
import { createReadStream, createWriteStream, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { once } from 'node:events'
import { createSilentLogger } from '../src/core/logger.js'
import { decodeTraces } from '../src/core/otlp/decode-traces.js'
import { importPaths, type ImportOptions } from '../src/ingest/import/import.js'
import { ImportBatcher } from '../src/ingest/import/batcher.js'
import { autoImportDecodeWorkers } from '../src/ingest/import/decode-pool.js'
import { createImportPipeline } from '../src/ingest/import/import-pipeline.js'
import { encodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { createIngestPipeline } from '../src/ingest/pipeline/pipeline.js'
import type { IngestSink } from '../src/ingest/pipeline/types.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { prepareStoreForImport } from '../src/cli/commands/import-store.js'
import { makeLlmTraceRequest } from '../src/core/otlp/testing/make-llm-request.js'
import { readAndParse, writeJsonl } from './import-files.js'
import { countingSink } from '../src/ingest/testing/sinks.js'

function flagValue(name: string): string | undefined {
  const i = process.argv.indexOf(name)
  return i === -1 ? undefined : process.argv[i + 1]
}

function requestedCount(): number {
  const flag = flagValue('--requests')
  const n = Number(flag ?? process.env.BENCH_REQUESTS ?? 100_000)
  if (!Number.isInteger(n) || n <= 0) {
    throw new Error(`--requests must be a positive integer (actual: ${flag})`)
  }
  return n
}

function requestedWorkers(): number {
  const flag = flagValue('--workers')
  const n = flag === undefined ? autoImportDecodeWorkers() : Number(flag)
  if (!Number.isInteger(n) || n <= 0) {
    throw new Error(`--workers must be a positive integer (actual: ${flag})`)
  }
  return n
}

/** The same requests as the Collector file exporter's `format: proto` (length-prefixed). */
async function writeFramedProtobuf(path: string, requests: number): Promise<void> {
  const out = createWriteStream(path)
  for (let i = 0; i < requests; i++) {
    const msg = encodeTracesProtobuf(makeLlmTraceRequest(1, i))
    const len = Buffer.alloc(4)
    len.writeUInt32BE(msg.length)
    out.write(len)
    if (!out.write(msg)) {
      await once(out, 'drain')
    }
  }
  out.end()
  await once(out, 'finish')
}

/**
 * The import's reader before it split lines on the bytes: readline over the 256 KiB reads the
 * import makes, one line at a time, into the same decoder and batcher.
 */
async function importWithReadline(path: string, sink: IngestSink): Promise<void> {
  const batcher = new ImportBatcher(sink)
  const rl = createInterface({
    input: createReadStream(path, { highWaterMark: 256 * 1024 }),
    crlfDelay: Infinity,
  })
  for await (const line of rl) {
    if (line.trim() === '') {
      continue
    }
    await batcher.addSpans(decodeTraces(JSON.parse(line)).spans)
  }
  await batcher.flush()
}

interface Measured {
  s: number
  /** CPU seconds of the whole process (all threads). */
  cpuS: number
  heapMb: number
  liveMb: number
  spans: number
}

/** Runs `work`, sampling the heap every 200 ms and, with --expose-gc, after a GC every 2 s. */
async function measure(work: () => Promise<number>): Promise<Measured> {
  global.gc?.()
  const before = process.memoryUsage().heapUsed
  let peak = before
  let live = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed)
  }, 200)
  // With --expose-gc: the heap still reachable (what a limit must bound), not garbage.
  const gcSampler = setInterval(() => {
    if (global.gc) {
      global.gc()
      live = Math.max(live, process.memoryUsage().heapUsed)
    }
  }, 2000)
  const t0 = performance.now()
  const cpu0 = process.cpuUsage()
  try {
    const spans = await work()
    const s = (performance.now() - t0) / 1000
    const cpu = process.cpuUsage(cpu0)
    const mb = (b: number): number => (b - before) / 1_048_576
    return { s, cpuS: (cpu.user + cpu.system) / 1e6, heapMb: mb(peak), liveMb: mb(live), spans }
  } finally {
    clearInterval(sampler)
    clearInterval(gcSampler)
  }
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US')
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')

async function main(): Promise<void> {
  const requests = requestedCount()
  const workers = requestedWorkers()
  const compareLimits = process.argv.includes('--compare-limits')
  // Later rounds show the cost once the JIT and DuckDB are warm; the first is what a CLI run pays.
  const rounds = Number(flagValue('--rounds') ?? 1)
  const dir = await mkdtemp(join(tmpdir(), 'tokenline-import-bench-'))
  try {
    console.log(`load average before: ${load()}`)
    const file = join(dir, 'traces.jsonl')
    let t = performance.now()
    await writeJsonl(file, requests)
    const sizeMb = statSync(file).size / 1_048_576
    console.log(
      `generated ${fmt(requests)} requests (${sizeMb.toFixed(0)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s`
    )

    const pbFile = join(dir, 'traces.binpb')
    await writeFramedProtobuf(pbFile, requests)
    const pbMb = statSync(pbFile).size / 1_048_576

    t = performance.now()
    const cpu0 = process.cpuUsage()
    const baselineSpans = await readAndParse(file)
    const baselineS = (performance.now() - t) / 1000
    const baselineCpu = process.cpuUsage(cpu0)
    const baselineCpuS = (baselineCpu.user + baselineCpu.system) / 1e6

    const noStore =
      (options: ImportOptions, path = file) =>
      async (): Promise<number> =>
        (await importPaths([path], countingSink(), options)).read.spans
    let n = 0
    // CPU of each DuckDB import's `store.close()`, which folds the WAL into the file (a
    // checkpoint on the event loop): part of the run's CPU, printed apart so its share shows.
    const closeCpuS: number[] = []
    const intoStore =
      (make: typeof createIngestPipeline, options: ImportOptions, path = file) =>
      async (): Promise<number> => {
        const store = await createDuckDbStore({ path: join(dir, `import-${n++}.duckdb`) })
        await prepareStoreForImport(store)
        const sink = make({ store, logger: createSilentLogger(), now: Date.now })
        try {
          return (await importPaths([path], sink, options)).stored.spans
        } finally {
          await sink.close()
          const c0 = process.cpuUsage()
          await store.close()
          const c = process.cpuUsage(c0)
          closeCpuS.push((c.user + c.system) / 1e6)
        }
      }

    const runs: [string, () => Promise<number>][] = [
      [
        'no store, reader as before (readline)',
        async () => {
          await importWithReadline(file, countingSink())
          return baselineSpans
        },
      ],
      ['no store, decode inline', noStore({})],
      [`no store, ${workers} decode worker(s)`, noStore({ decodeWorkers: workers })],
      [`no store, protobuf (${pbMb.toFixed(0)} MB, framed)`, noStore({}, pbFile)],
      ['DuckDB, decode inline', intoStore(createImportPipeline, {})],
      [
        `DuckDB, ${workers} decode worker(s)`,
        intoStore(createImportPipeline, { decodeWorkers: workers }),
      ],
      ['DuckDB, protobuf', intoStore(createImportPipeline, {}, pbFile)],
    ]
    if (compareLimits) {
      runs.push(
        ['DuckDB, one batch in flight', intoStore(createImportPipeline, { batchesInFlight: 1 })],
        ["DuckDB, the server's pending limits", intoStore(createIngestPipeline, {})]
      )
    }
    const only = flagValue('--only')
    const results: [string, Measured][] = []
    const chosen = runs.filter(([n]) => only === undefined || n.includes(only))
    for (let round = 1; round <= rounds; round++) {
      // Every other round in reverse, so no run always follows the same one (warm caches, a
      // collector's debt left by the run before).
      for (const [name, work] of round % 2 === 0 ? [...chosen].reverse() : chosen) {
        results.push([rounds > 1 ? `${round}: ${name}` : name, await measure(work)])
      }
    }

    console.log(
      `baseline  read + JSON.parse: ${baselineS.toFixed(2)} s (CPU ${baselineCpuS.toFixed(2)} s), ${fmt(baselineSpans / baselineS)} spans/s (file ${sizeMb.toFixed(0)} MB)`
    )
    for (const [name, r] of results) {
      console.log(
        `${name.padEnd(43)} ${r.s.toFixed(2)} s  ${(r.s / baselineS).toFixed(1)}x baseline  ` +
          `CPU ${r.cpuS.toFixed(2)} s ${(r.cpuS / baselineCpuS).toFixed(1)}x  ` +
          `${fmt(r.spans / r.s)} spans/s  heap peak +${r.heapMb.toFixed(0)} MB` +
          (global.gc ? `, reachable after GC +${r.liveMb.toFixed(0)} MB` : '')
      )
    }
    if (closeCpuS.length > 0) {
      console.log(
        `  of the DuckDB runs' CPU, closing the store (its checkpoint): ${closeCpuS.map((c) => `${c.toFixed(2)} s`).join(', ')}`
      )
    }
    console.log(`load average after: ${load()}`)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
