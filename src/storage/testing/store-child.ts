/**
 * Child process for store integration tests (run with `node --import tsx`):
 * - `insert DB BATCH`: inserts span batches forever, printing `ack <batches> <spans>` after each
 *   resolved `insertSpans`, so the parent can kill it right after an acknowledgement;
 * - `hold DB`: opens the store, prints `ready <pid>` and keeps it open until killed;
 * - `checkpoint DB BATCH`: as `insert`, and after every fourth batch prints `checkpoint` and
 *   folds the WAL into the file, so the parent can kill it in the middle of a checkpoint.
 */
import { createDuckDbStore, duckDbSharedOf } from '../duckdb/duckdb-store.js'
import { hexId, makeSpan } from '../../core/model/testing/builders.js'
import type { Micros } from '../../core/model/units.js'

const [mode, dbPath, batchText] = process.argv.slice(2)
if (!dbPath) {
  process.stderr.write('usage: store-child.ts insert|checkpoint|hold DB [BATCH]\n')
  process.exit(2)
}
const store = await createDuckDbStore({ path: dbPath })
if (mode === 'hold') {
  process.stdout.write(`ready ${process.pid}\n`)
  setInterval(() => undefined, 60_000)
} else {
  const batchSize = Number(batchText ?? '500')
  let batches = 0
  let spans = 0
  for (;;) {
    const list = Array.from({ length: batchSize }, (_, i) =>
      makeSpan({
        traceId: hexId(batches * batchSize + i + 1, 32),
        spanId: hexId(i + 1, 16),
        startUs: (1_700_000_000_000_000 + spans + i) as Micros,
        attributes: { batch: batches, 'gen_ai.request.model': 'llama' },
      })
    )
    await store.insertSpans(list)
    batches++
    spans += list.length
    process.stdout.write(`ack ${batches} ${spans}\n`)
    if (mode === 'checkpoint' && batches % 4 === 0) {
      process.stdout.write('checkpoint\n')
      await duckDbSharedOf(store)?.checkpoint()
    }
  }
}
