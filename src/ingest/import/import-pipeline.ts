/**
 * The ingest pipeline as `tokenline import` uses it: the same pipeline, with far smaller limits
 * on what it holds in memory while traces wait for their quiet period.
 *
 * An import reads as fast as the store writes, so the pending traces of the wall-clock quiet
 * period (5 s by default) grow with the import rate, up to the server's limits of 100 000
 * traces and 100 000 held spans: most of an import's live heap. A file holds a trace's spans
 * close together, so assembling the oldest traces early (what the pipeline does past the limits)
 * rarely meets a trace that is still incomplete, and when it does the later spans re-assemble
 * it from the store, as for late spans on a server. Measured in docs/storage.md ("Import"); docs/adr/0058.
 */
import {
  createIngestPipeline,
  type IngestPipeline,
  type IngestPipelineOptions,
} from '../pipeline/pipeline.js'

/** Pending traces and held spans during an import (the server keeps 100 000 of each). */
const IMPORT_HELD_LIMIT = 10_000

/** Creates the pipeline an import writes through (options as `createIngestPipeline`). */
export function createImportPipeline(options: IngestPipelineOptions): IngestPipeline {
  return createIngestPipeline({
    maxPendingTraces: IMPORT_HELD_LIMIT,
    maxHeldSpans: IMPORT_HELD_LIMIT,
    // No client waits for an import's batches: its request writes stay as large as they can be.
    assembleChunkMs: 0,
    ...options,
  })
}
