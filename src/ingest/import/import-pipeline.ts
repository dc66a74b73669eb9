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
 *
 * Its span transactions are one DuckDB row group each (ADR 0318): DuckDB then writes the rows
 * compressed into the file as they are appended and logs only block pointers, so neither the
 * write-ahead log nor the checkpoint at the store's close writes them a second time.
 */
import {
  createIngestPipeline,
  type IngestPipeline,
  type IngestPipelineOptions,
} from '../pipeline/pipeline.js'

/** Pending traces during an import (the server keeps 100 000). */
const IMPORT_HELD_LIMIT = 10_000

/**
 * Spans per import transaction: DuckDB's row group (`ROW_GROUP_SIZE`, 122 880 rows). A
 * transaction that appends a whole row group has it written compressed to the file during the
 * append ("optimistic write"); a smaller one goes to the write-ahead log uncompressed (~313 bytes
 * a span) and is compressed again by the checkpoint (ADR 0223 measured both).
 */
export const IMPORT_SPANS_PER_WRITE = 122_880

/**
 * Requests per import request transaction. A row-group batch commits ~30 000 traces at once
 * (four spans a trace), and early assembly takes all but 9 000 of the pending ones in one run,
 * so its requests are there to be written together; a transaction on the 50-column `requests`
 * table has a large fixed cost (4 096 requests took 0.5–0.6× the CPU per request of 1 000,
 * docs/storage.md "Insert cost"). The server's 4 096 keeps a request write short for the
 * batches that wait behind it; an import's batches wait for nothing.
 */
const IMPORT_ASSEMBLE_BATCH_TRACES = 16_384

/**
 * Import batches the write queue holds at once: the one being written and the one the reader
 * handed over meanwhile (the batcher's two in flight, batcher.ts).
 */
const IMPORT_BATCHES_QUEUED = 2

/** Creates the pipeline an import writes through (options as `createIngestPipeline`). */
export function createImportPipeline(options: IngestPipelineOptions): IngestPipeline {
  const pipeline = createIngestPipeline({
    maxPendingTraces: IMPORT_HELD_LIMIT,
    // A committed batch's spans wait in the assembler until early assembly takes them: past
    // twice this limit they would be let go and read back from the store, so it takes a batch.
    maxHeldSpans: IMPORT_SPANS_PER_WRITE,
    // No client waits for an import's batches: its request writes stay as large as they can be.
    assembleChunkMs: 0,
    assembleBatchTraces: IMPORT_ASSEMBLE_BATCH_TRACES,
    // The queue takes two row-group batches. The batcher's batches in flight bound what it
    // holds; a bound on the write's expected time, or on a batch's wait for the writer, would
    // only refuse the second batch while the first is written, for no client.
    maxQueueItems: IMPORT_BATCHES_QUEUED * IMPORT_SPANS_PER_WRITE,
    maxQueueSpans: IMPORT_BATCHES_QUEUED * IMPORT_SPANS_PER_WRITE,
    maxQueueBytes: Number.POSITIVE_INFINITY,
    maxQueueDelayMs: Number.POSITIVE_INFINITY,
    maxHoldMs: Number.POSITIVE_INFINITY,
    ...options,
  })
  return { ...pipeline, batchSpans: IMPORT_SPANS_PER_WRITE }
}
