import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import type { ProbeClientOptions } from './client.js'
import type { LoadWorkerMessage, LoadWorkerStart } from './load-worker.js'
import type { LoadPlan, RunOutcome } from './run.js'
import type { RequestMarks, RequestResult } from './types.js'
import { splitLoad } from './worker-split.js'
import type { WorkloadOptions } from './workload.js'

/**
 * Starts a load worker thread: its own event loop (and so its own core when one is free) for
 * its own connections. Under the TypeScript loader the worker registers it first.
 */
function spawnLoadWorker(): Worker {
  const target = new URL(
    import.meta.url.endsWith('.ts') ? './load-worker.ts' : './load-worker.js',
    import.meta.url
  ).href
  const register = import.meta.url.endsWith('.ts')
    ? `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register();`
    : ''
  const code = `${register} await import(${JSON.stringify(target)})`
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`))
}

/** Moves a worker's clock readings onto this thread's `performance.now()` timeline. */
export function shiftResult(r: RequestResult, shiftMs: number): RequestResult {
  const marks = { ...r.marks }
  for (const k of Object.keys(marks) as (keyof RequestMarks)[]) {
    const v = marks[k]
    if (typeof v === 'number') {
      marks[k] = v + shiftMs
    }
  }
  return {
    ...r,
    marks,
    contentArrivalsAtMs: r.contentArrivalsAtMs.map((t) => t + shiftMs),
    choiceArrivalsAtMs: r.choiceArrivalsAtMs.map((t) => t + shiftMs),
  }
}

/**
 * Runs one step's load in `workers` threads and merges what they measured: every request's
 * result, moved onto this thread's clock, so records, percentiles and compat views are computed
 * over the union exactly as for one process (nothing is averaged across workers).
 */
export async function runLoadInWorkers(args: {
  workers: number
  client: ProbeClientOptions
  workload: WorkloadOptions
  plan: LoadPlan
  signal: AbortSignal
  onResult?(result: RequestResult): void
}): Promise<RunOutcome> {
  const { client, workload, plan, workers } = args
  const startAtEpochMs = Date.now() + 500 + 100 * workers
  const results: RequestResult[] = []
  const spans: { startedAtMs: number; endedAtMs: number; interrupted: boolean }[] = []
  const running: Promise<void>[] = []
  const threads: Worker[] = []
  for (let i = 0; i < workers; i++) {
    const share = splitLoad(plan.mode, plan.maxRequests, i, workers)
    if (share === null) {
      continue
    }
    const worker = spawnLoadWorker()
    threads.push(worker)
    let shiftMs = 0
    running.push(
      new Promise<void>((resolve, reject) => {
        worker.on('message', (m: LoadWorkerMessage) => {
          if (m.type === 'ready') {
            shiftMs = m.timeOrigin - performance.timeOrigin
          } else if (m.type === 'result') {
            const r = shiftResult(m.result, shiftMs)
            results.push(r)
            args.onResult?.(r)
          } else {
            spans.push({
              startedAtMs: m.startedAtMs + shiftMs,
              endedAtMs: m.endedAtMs + shiftMs,
              interrupted: m.interrupted,
            })
            void worker.terminate()
            resolve()
          }
        })
        worker.once('error', reject)
      })
    )
    const { lookup: _lookup, url, ...rest } = client
    const start: LoadWorkerStart = {
      client: { ...rest, url: url.href },
      workload: { ...workload, seed: workload.seed + 7919 * i },
      plan: { ...plan, mode: share.mode, maxRequests: share.maxRequests },
      startAtEpochMs,
      startDelayMs: share.startDelayMs,
    }
    worker.postMessage(start)
  }
  const onAbort = (): void => {
    for (const t of threads) {
      t.postMessage('abort')
    }
  }
  args.signal.addEventListener('abort', onAbort, { once: true })
  try {
    await Promise.all(running)
  } finally {
    args.signal.removeEventListener('abort', onAbort)
  }
  return {
    results,
    startedAtMs: Math.min(...spans.map((s) => s.startedAtMs)),
    endedAtMs: Math.max(...spans.map((s) => s.endedAtMs)),
    interrupted: spans.some((s) => s.interrupted),
  }
}
