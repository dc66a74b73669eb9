import { parentPort } from 'node:worker_threads'
import { performance } from 'node:perf_hooks'
import { createProbeClient } from './client.js'
import { createSystemClock, runLoad, type LoadPlan } from './run.js'
import { createWorkload, type WorkloadOptions } from './workload.js'
import type { ProbeClientOptions } from './client.js'
import type { RequestResult } from './types.js'

/** What the parent sends a load worker (structured-cloneable: the URL travels as text). */
export interface LoadWorkerStart {
  client: Omit<ProbeClientOptions, 'url' | 'lookup'> & { url: string }
  workload: WorkloadOptions
  plan: LoadPlan
  /** Epoch ms at which every worker starts its schedule, so their schedules line up. */
  startAtEpochMs: number
  startDelayMs: number
}

/** Messages a load worker sends back; times are its own `performance.now()` readings. */
export type LoadWorkerMessage =
  | { type: 'ready'; timeOrigin: number }
  | { type: 'result'; result: RequestResult }
  | { type: 'done'; startedAtMs: number; endedAtMs: number; interrupted: boolean }

async function main(start: LoadWorkerStart): Promise<void> {
  const port = parentPort
  if (port === null) {
    return
  }
  const controller = new AbortController()
  port.on('message', (m: unknown) => {
    if (m === 'abort') {
      controller.abort()
    }
  })
  const client = createProbeClient({ ...start.client, url: new URL(start.client.url) })
  await client.warmUp?.()
  port.postMessage({
    type: 'ready',
    timeOrigin: performance.timeOrigin,
  } satisfies LoadWorkerMessage)
  const wait =
    start.startAtEpochMs + start.startDelayMs - (performance.timeOrigin + performance.now())
  if (wait > 0) {
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
  const outcome = await runLoad(start.plan, {
    client,
    workload: createWorkload(start.workload),
    body: start.workload,
    clock: createSystemClock(),
    signal: controller.signal,
    onResult(result) {
      port.postMessage({ type: 'result', result } satisfies LoadWorkerMessage)
    },
  })
  client.close()
  port.postMessage({
    type: 'done',
    startedAtMs: outcome.startedAtMs,
    endedAtMs: outcome.endedAtMs,
    interrupted: outcome.interrupted,
  } satisfies LoadWorkerMessage)
}

parentPort?.once('message', (start: LoadWorkerStart) => {
  void main(start)
})
