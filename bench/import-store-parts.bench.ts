/**
 * The import's store side taken apart (ADR 0522): N of the bench's requests decoded from their
 * JSON into spans and batched as `tokenline import` does, then, in one process, each into a
 * fresh DuckDB file through the import's pipeline:
 *
 *   decode alone   the decode and batching with the batches dropped (this test's baseline)
 *   full           the pipeline into the store, as the import runs it
 *   noRequests     the same with `upsertRequests` doing nothing (no request writes)
 *   noSpans        the same with `insertSpans` doing nothing (no span writes)
 *   neither        both left out: the pipeline's bookkeeping and the assembly alone
 *
 * CPU seconds of the whole process per run; the parts are differences from `neither`. The order
 * is reversed every other round. The requests are decoded from text held in memory, so the
 * file's reading is not in any run.
 *
 *   node --expose-gc --import tsx bench/import-store-parts.bench.ts [--requests 20000] [--rounds 3]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { prepareStoreForImport } from '../src/cli/commands/import-store.js'
import { createSilentLogger } from '../src/core/logger.js'
import { decodeTraces } from '../src/core/otlp/decode-traces.js'
import { makeLlmTraceRequest } from '../src/core/otlp/testing/make-llm-request.js'
import { ImportBatcher } from '../src/ingest/import/batcher.js'
import { createImportPipeline } from '../src/ingest/import/import-pipeline.js'
import type { IngestSink } from '../src/ingest/pipeline/types.js'
import { countingSink } from '../src/ingest/testing/sinks.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import type { SpanStore } from '../src/storage/span-store.js'

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
  },
})
const requests = Number(values.requests)
const rounds = Number(values.rounds)

const VARIANTS: Record<string, (store: SpanStore) => SpanStore> = {
  full: (store) => store,
  noRequests: (store) => ({ ...store, upsertRequests: async () => {} }),
  noSpans: (store) => ({ ...store, insertSpans: async () => {} }),
  neither: (store) => ({ ...store, insertSpans: async () => {}, upsertRequests: async () => {} }),
}

async function cpuSeconds(work: () => Promise<void>): Promise<number> {
  global.gc?.()
  const c0 = process.cpuUsage()
  await work()
  const c = process.cpuUsage(c0)
  return (c.user + c.system) / 1e6
}

async function decodeInto(lines: readonly string[], sink: IngestSink): Promise<void> {
  const batcher = new ImportBatcher(sink)
  for (const line of lines) {
    await batcher.addSpans(decodeTraces(JSON.parse(line)).spans)
  }
  await batcher.flush()
}

async function main(): Promise<void> {
  const lines: string[] = []
  for (let i = 0; i < requests; i++) {
    lines.push(JSON.stringify(makeLlmTraceRequest(1, i)))
  }
  const dir = await mkdtemp(join(tmpdir(), 'tokenline-import-parts-'))
  let files = 0
  const intoStore = async (variant: string): Promise<void> => {
    const store = await createDuckDbStore({ path: join(dir, `store-${files++}.duckdb`) })
    await prepareStoreForImport(store)
    const make = VARIANTS[variant] as (store: SpanStore) => SpanStore
    const sink = createImportPipeline({
      store: make(store),
      logger: createSilentLogger(),
      now: Date.now,
    })
    try {
      await decodeInto(lines, sink)
    } finally {
      await sink.close()
      await store.close()
    }
  }
  try {
    const names = Object.keys(VARIANTS)
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 0 ? [...names].reverse() : names
      const out = [
        `decode alone ${(await cpuSeconds(() => decodeInto(lines, countingSink()))).toFixed(2)}`,
      ]
      for (const name of order) {
        out.push(`${name} ${(await cpuSeconds(() => intoStore(name))).toFixed(2)}`)
      }
      console.log(`round ${round}, load ${(loadavg()[0] ?? 0).toFixed(1)}: CPU s ${out.join(', ')}`)
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
