/**
 * The worker of `import-decode-pool.ts`: splits a segment of OTLP/JSON Lines (its buffer
 * transferred, not copied), decodes its lines and posts back the spans (packed as columns,
 * `span-transfer.ts`) and rejects.
 */
import { parentPort } from 'node:worker_threads'
import { errorMessage } from '../../core/errors.js'
import { decodeTraceLines } from './decode-trace-lines.js'
import type { LinesJob, LinesReply } from './decode-pool.js'
import { linesOfBytes } from './read-lines.js'
import { packSpans, transferList } from '../otlp/span-transfer.js'

const port = parentPort
if (port !== null) {
  port.on('message', (job: LinesJob) => {
    let reply: LinesReply
    let transfer: ArrayBuffer[] = []
    try {
      const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength)
      const { spans, ...rest } = decodeTraceLines(linesOfBytes(bytes))
      const packed = packSpans(spans)
      transfer = transferList(packed)
      reply = { id: job.id, result: { ...rest, spans: packed } }
    } catch (err) {
      reply = { id: job.id, error: errorMessage(err) }
    }
    port.postMessage(reply, transfer)
  })
}
