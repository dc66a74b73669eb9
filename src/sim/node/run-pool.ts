/**
 * Runs the twin's batches of seeded runs on several threads (ADR 0454): this thread and up to
 * `threads − 1` workers take the batch's tasks from one queue, and each result is placed at its
 * task's index, so the answer is the serial one whatever order the runs finish in.
 */
import { availableParallelism } from 'node:os'
import type { Worker } from 'node:worker_threads'
import { spawnWorkerBeside } from '../../ingest/pipeline/spawn-worker.js'
import type { TwinFit } from '../twin/fit.js'
import {
  holdRunScratch,
  runSerially,
  runTask,
  type RunBatch,
  type RunFigures,
  type RunTask,
  type Runs,
} from '../twin/predict.js'

/** What a worker is sent: a fit once, then tasks on it. */
export type RunWorkerRequest =
  | { type: 'fit'; id: number; fit: Pick<TwinFit, 'model' | 'observed' | 'cached' | 'binKeep'> }
  | { type: 'run'; fitId: number; index: number; task: RunTask }

export type RunWorkerReply =
  { index: number; figures: RunFigures } | { index: number; error: string }

/**
 * A task a worker cannot be sent runs here: a replica's custom step cost (`stepUs`, a bench's
 * engine law) is a function, which a thread cannot be passed.
 */
function cloneable(task: RunTask): boolean {
  return task.cluster.replicas.every((r) => r.stepUs === undefined)
}

interface Thread {
  worker: Worker
  /** The fits it holds, by identity. */
  fits: WeakSet<TwinFit>
  busy: boolean
}

export class RunPool {
  private readonly threads: Thread[] = []
  private readonly fitIds = new WeakMap<TwinFit, number>()
  private nextFitId = 0

  /** `threads` counts this one: 2 runs here and on one worker. */
  constructor(readonly size: number) {}

  /** Runs a batch's tasks, this thread taking its share; the results in the tasks' order. */
  async run(batch: RunBatch): Promise<RunFigures[]> {
    const { fit, tasks } = batch
    if (this.size < 2 || tasks.length < 2 || !tasks.every(cloneable)) {
      return tasks.map((t) => runTask(fit, t))
    }
    while (this.threads.length < Math.min(this.size, tasks.length) - 1) {
      this.threads.push({
        worker: spawnWorkerBeside(import.meta.url, './run-worker'),
        fits: new WeakSet(),
        busy: false,
      })
    }
    const out: (RunFigures | undefined)[] = new Array(tasks.length)
    let next = 0
    let failed: Error | null = null
    let pending = 0
    let wake: (() => void) | null = null
    const give = (thread: Thread): void => {
      if (next >= tasks.length || failed !== null) {
        thread.busy = false
        return
      }
      const index = next++
      this.send(thread, fit)
      thread.busy = true
      pending++
      thread.worker.postMessage({
        type: 'run',
        fitId: this.fitIds.get(fit)!,
        index,
        task: tasks[index]!,
      } satisfies RunWorkerRequest)
    }
    const listeners = this.threads.map((thread) => {
      const onMessage = (m: RunWorkerReply): void => {
        pending--
        if ('error' in m) {
          failed ??= new Error(m.error)
        } else {
          out[m.index] = m.figures
        }
        give(thread)
        wake?.()
      }
      const onError = (err: Error): void => {
        pending--
        failed ??= err
        thread.busy = false
        wake?.()
      }
      thread.worker.on('message', onMessage)
      thread.worker.on('error', onError)
      return () => {
        thread.worker.off('message', onMessage)
        thread.worker.off('error', onError)
      }
    })
    try {
      for (const thread of this.threads) {
        give(thread)
      }
      // This thread runs a task whenever none is waiting for a worker to take it, then lets the
      // workers' replies in (each hands its worker the next task) before taking another.
      while (next < tasks.length && failed === null) {
        const index = next++
        out[index] = runTask(fit, tasks[index]!)
        await new Promise<void>((resolve) => setImmediate(resolve))
      }
      while (pending > 0) {
        await new Promise<void>((resolve) => {
          wake = resolve
        })
        wake = null
      }
    } finally {
      for (const off of listeners) {
        off()
      }
    }
    if (failed !== null) {
      throw failed
    }
    return out as RunFigures[]
  }

  /** Sends `fit` to a worker that does not hold it yet (cloned, once per worker and fit). */
  private send(thread: Thread, fit: TwinFit): void {
    if (thread.fits.has(fit)) {
      return
    }
    let id = this.fitIds.get(fit)
    if (id === undefined) {
      id = this.nextFitId++
      this.fitIds.set(fit, id)
    }
    const { model, observed, cached, binKeep } = fit
    thread.worker.postMessage({
      type: 'fit',
      id,
      fit: { model, observed, cached, binKeep },
    } satisfies RunWorkerRequest)
    thread.fits.add(fit)
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()))
  }
}

/**
 * Threads the seeded runs share: `asked`, at most the host's cores (a batch's size caps it too,
 * in {@link RunPool.run}), else 1 (serially). Measured on a 2-core host (ADR 0455),
 * a second thread raised the command's CPU at 200k and at 1M requests and did not lower its wall
 * time beyond the host's spread, so the pool runs only when asked for.
 */
export function poolThreads(asked: number | undefined): number {
  return Math.max(1, Math.min(Math.floor(asked ?? 1), availableParallelism()))
}

/** Drives `runs` with each batch spread over `threads` threads (1: serially, as before). */
export async function runPooled<T>(runs: Runs<T>, threads: number): Promise<T> {
  if (threads < 2) {
    return runSerially(runs)
  }
  const pool = new RunPool(threads)
  // This thread's runs are one turn each between the workers' replies.
  const release = holdRunScratch()
  try {
    let step = runs.next([])
    while (step.done !== true) {
      step = runs.next(await pool.run(step.value))
    }
    return step.value
  } finally {
    release()
    await pool.close()
  }
}
