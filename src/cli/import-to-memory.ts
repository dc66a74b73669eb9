import { AppError } from '../core/errors.js'
import { createSilentLogger } from '../core/logger.js'
import { importPaths } from '../ingest/import/import.js'
import { createIngestPipeline } from '../ingest/pipeline/pipeline.js'
import { createMemoryStore } from '../storage/memory/memory-store.js'
import type { SpanStore } from '../storage/span-store.js'

/**
 * Imports files and folders into a new in-memory store, for commands that work on files without
 * a database (`diagnose PATH…`, `alerts test PATH…`). Names each unreadable file on stderr.
 * The caller closes the store.
 */
export async function importIntoMemoryStore(
  paths: readonly string[]
): Promise<{ store: SpanStore; files: number; readable: number }> {
  const store = createMemoryStore()
  const sink = createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: Date.now,
    sweepIntervalMs: 0,
  })
  try {
    const summary = await importPaths([...paths], sink)
    const unreadable = summary.files.filter((f) => f.error !== null)
    for (const f of unreadable) {
      process.stderr.write(`tokenline: skipped ${f.file}: ${f.error}\n`)
    }
    await sink.flush()
    return {
      store,
      files: summary.files.length,
      readable: summary.files.length - unreadable.length,
    }
  } finally {
    await sink.close()
  }
}

/**
 * Reads `paths` into a temporary in-memory store, runs `work` on it and closes it: the file mode
 * of `diagnose`, `whatif` and `compare`. Nothing readable among the paths is bad input (exit 2).
 */
export async function withImportedStore<T>(
  paths: readonly string[],
  work: (store: SpanStore) => Promise<T>
): Promise<T> {
  const { store, files, readable } = await importIntoMemoryStore(paths)
  try {
    if (files === 0 || readable === 0) {
      throw new AppError(
        'INPUT_INVALID',
        `expected readable trace, metric or event files (actual: nothing readable in ${paths.join(', ')})`
      )
    }
    return await work(store)
  } finally {
    await store.close()
  }
}
