/**
 * The worker of `import-decode-pool.ts`: splits a segment of OTLP/JSON Lines (its buffer
 * transferred, not copied), decodes its lines and posts back the spans and rejects.
 */
import { parentPort } from 'node:worker_threads'
import { errorMessage } from '../../core/errors.js'
import { decodeTraceLines } from './decode-trace-lines.js'
import type { LinesJob, LinesReply } from './decode-pool.js'
import { linesOfBytes } from './read-lines.js'

const port = parentPort
if (port !== null) {
  port.on('message', (job: LinesJob) => {
    let reply: LinesReply
    try {
      const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength)
      reply = { id: job.id, result: decodeTraceLines(linesOfBytes(bytes)) }
    } catch (err) {
      reply = { id: job.id, error: errorMessage(err) }
    }
    port.postMessage(reply)
  })
}
