/**
 * A thread of the twin's run pool (ADR 0454): keeps the fits it was sent and runs the seeded
 * runs it is asked for, answering each with its task's index.
 */
import { parentPort } from 'node:worker_threads'
import type { TwinFit } from '../twin/fit.js'
import { holdRunScratch, runTask } from '../twin/predict.js'
import type { RunWorkerReply, RunWorkerRequest } from './run-pool.js'

const port = parentPort
if (port === null) {
  throw new Error('run-worker runs as a worker thread')
}
const fits = new Map<number, TwinFit>()
// Each task is its own turn here: the runs' buffers are kept from one to the next for the
// worker's life, which is the pool's (ADR 0513).
holdRunScratch()
port.on('message', (m: RunWorkerRequest) => {
  if (m.type === 'fit') {
    // A run reads the model, the observed rows, the cached tokens and the bins' keep only; the
    // step law's rows (for refits, made on the main thread) are not sent.
    fits.set(m.id, m.fit as TwinFit)
    return
  }
  let reply: RunWorkerReply
  try {
    const fit = fits.get(m.fitId)
    if (fit === undefined) {
      throw new Error(`run-worker: fit ${m.fitId} was not sent`)
    }
    reply = { index: m.index, figures: runTask(fit, m.task) }
  } catch (err) {
    reply = {
      index: m.index,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    }
  }
  port.postMessage(reply)
})
