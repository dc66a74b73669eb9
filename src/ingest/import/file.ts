/**
 * What the readers of one imported file share: its summary, its batcher and how rejects are
 * recorded (split from import.ts so the readers of each format can live in their own files).
 */
import type { InputFormat } from './detect-format.js'
import type { ImportBatcher, ImportCounts } from './batcher.js'
import type { TraceLinesPool } from './decode-pool.js'

/** One rejected line or item, named by file and line (line `null` for whole-document formats). */
export interface ImportReject {
  file: string
  line: number | null
  reason: string
}

export interface FileImportSummary {
  file: string
  format: InputFormat
  gzip: boolean
  bytes: number
  /** Items decoded from the file. */
  read: ImportCounts
  /** Items the sink acknowledged. */
  stored: ImportCounts
  /** Lines or items rejected (all of them; `rejects` lists the first few). */
  rejected: number
  rejects: ImportReject[]
  /**
   * Access logs only: lines read as requests, and lines that were no request (a proxy's own
   * start-up or debug lines). Whether a request is an LLM call is decided when it is assembled.
   */
  accessLog?: { records: number; skipped: number }
  /**
   * Prometheus text only: samples that carried no timestamp and were placed at `atMs`, the file's
   * modification time `mtimeMs` (or an upload's `mtime`, else when it was received), or the
   * nearest edge of the timed data read with it (ADR 0383, 0391, 0400): an inference the user
   * should see.
   */
  untimedSamples?: { count: number; atMs: number; mtimeMs?: number }
  /** Why the file was skipped or stopped (unknown format, unreadable), else `null`. */
  error: string | null
}

export interface FileCtx {
  summary: FileImportSummary
  batcher: ImportBatcher
  maxRejects: number
  pool: TraceLinesPool | null
}

export function reject(ctx: FileCtx, line: number | null, reason: string): void {
  ctx.summary.rejected++
  if (ctx.summary.rejects.length < ctx.maxRejects) {
    ctx.summary.rejects.push({ file: ctx.summary.file, line, reason })
  }
}
