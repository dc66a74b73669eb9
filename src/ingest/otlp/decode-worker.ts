/**
 * The decode worker of `decode-pool.ts`: decodes OTLP bodies (their buffers transferred, not
 * copied) and posts back the decoded items, or the error the inline decoder would have thrown.
 */
import { parentPort } from 'node:worker_threads'
import { toWireError } from '../../core/errors.js'
import { decodeMetricsBody, decodeTracesBody } from './decode.js'
import type { DecodeJob, DecodeReply } from './decode-pool.js'

const port = parentPort
if (port !== null) {
  port.on('message', (job: DecodeJob) => {
    let reply: DecodeReply
    try {
      const result =
        job.signal === 'traces'
          ? decodeTracesBody(job.format, job.body, job.bounds)
          : decodeMetricsBody(job.format, job.body, job.bounds)
      reply = { id: job.id, result }
    } catch (err) {
      reply = {
        id: job.id,
        error: toWireError(err),
      }
    }
    port.postMessage(reply)
  })
}
