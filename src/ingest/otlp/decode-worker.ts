/**
 * The decode worker of `decode-pool.ts`: decodes OTLP bodies (their buffers transferred, not
 * copied) and posts back the decoded items (spans packed as columns, `span-transfer.ts`), or the
 * error the inline decoder would have thrown.
 */
import { getHeapStatistics } from 'node:v8'
import { parentPort } from 'node:worker_threads'
import { toWireError } from '../../core/errors.js'
import { decodeMetricsBody, decodeTracesBody } from './decode.js'
import type { DecodeJob, DecodeReply } from './decode-pool.js'
import { packSpans, transferList } from './span-transfer.js'

const port = parentPort
if (port !== null) {
  port.on('message', (job: DecodeJob) => {
    let reply: DecodeReply
    let transfer: ArrayBuffer[] = []
    try {
      if (job.signal === 'traces') {
        const { spans, rejected } = decodeTracesBody(job.format, job.body, job.bounds)
        const packed = packSpans(spans)
        transfer = transferList(packed)
        reply = { id: job.id, traces: { packed, rejected } }
      } else {
        reply = { id: job.id, result: decodeMetricsBody(job.format, job.body, job.bounds) }
      }
    } catch (err) {
      reply = {
        id: job.id,
        error: toWireError(err),
      }
    }
    // The worker's own V8 heap, which the main thread's memory counters do not see.
    const heap = getHeapStatistics()
    reply.heap = { usedBytes: heap.used_heap_size, totalBytes: heap.total_heap_size }
    port.postMessage(reply, transfer)
  })
}
