/**
 * The reader of proxy access logs for `tokenline import`: each line through its format's reader
 * (core/access-log/readers.ts), each request as the spans a tracing proxy would have sent, so
 * it is assembled, filtered to LLM calls and stored like any trace. A bad line is a counted
 * reject with its line number, never the end of the file.
 */
import type { Readable } from 'node:stream'
import { ACCESS_LOG_READERS, type AccessLogOptions } from '../../core/access-log/readers.js'
import type { AccessLogFormat } from '../../core/access-log/record.js'
import { spansOfRecord } from '../../core/access-log/to-spans.js'
import { reject, type FileCtx } from './file.js'
import { readLineBatches, readThenRethrow } from './read-lines.js'

export async function importAccessLog(
  ctx: FileCtx,
  content: Readable,
  format: AccessLogFormat,
  options: AccessLogOptions
): Promise<void> {
  const reader = ACCESS_LOG_READERS[format](options)
  const counts = { records: 0, skipped: 0 }
  ctx.summary.accessLog = counts
  await readThenRethrow(content, async () => {
    let lineNo = 0
    for await (const lines of readLineBatches(content)) {
      for (const line of lines) {
        lineNo++
        if (line.trim() === '') {
          continue
        }
        const result = reader.read(line)
        if (typeof result === 'string') {
          reject(ctx, lineNo, result)
          continue
        }
        if (result === null) {
          counts.skipped++
          continue
        }
        counts.records++
        const spans = spansOfRecord(result, line, lineNo)
        ctx.summary.read.spans += spans.length
        await ctx.batcher.addSpans(spans, true)
      }
    }
  })
}
