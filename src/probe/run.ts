import type { ProbeClient } from './client.js'
import { generateArrivals, type ArrivalOptions } from './schedule.js'
import type { RequestResult } from './types.js'
import {
  buildRequestBody,
  type ChatMessage,
  type Workload,
  type WorkloadOptions,
} from './workload.js'

/** Open loop at a rate (honest schedule) or closed loop with N concurrent users. */
export type LoadMode =
  { kind: 'rate'; arrivals: ArrivalOptions } | { kind: 'concurrency'; concurrency: number }

export interface LoadPlan {
  mode: LoadMode
  /** Stop after this many requests (turns count one each); null for no limit. */
  maxRequests: number | null
  /** Stop scheduling after this long (ms); null for no limit. */
  durationMs: number | null
  /** After a stop signal, wait this long for in-flight requests before cutting them (ms). */
  drainGraceMs: number
}

/** The clock is injected so schedules can be tested without waiting. */
export interface RunClock {
  /** Monotonic milliseconds. */
  now(): number
  /** Resolves at monotonic time `atMs` (or at once if past); early when `signal` aborts. */
  sleepUntil(atMs: number, signal: AbortSignal): Promise<void>
}

export interface RunDeps {
  client: Pick<ProbeClient, 'send' | 'close'>
  workload: Workload
  body: Pick<WorkloadOptions, 'model' | 'api' | 'extraBody'>
  clock: RunClock
  /** Stop scheduling (e.g. Ctrl-C); in-flight requests get `drainGraceMs` to finish. */
  signal: AbortSignal
  onResult?(result: RequestResult): void
  onStarted?(): void
}

export interface RunOutcome {
  results: RequestResult[]
  startedAtMs: number
  endedAtMs: number
  interrupted: boolean
}

/** The real clock: `performance.now()` and timers. */
export function createSystemClock(): RunClock {
  return {
    now: () => performance.now(),
    sleepUntil(atMs, signal) {
      const wait = atMs - performance.now()
      if (wait <= 0 || signal.aborted) {
        return Promise.resolve()
      }
      return new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer)
          signal.removeEventListener('abort', done)
          resolve()
        }
        const timer = setTimeout(done, wait)
        signal.addEventListener('abort', done, { once: true })
      })
    },
  }
}

/**
 * Drives the workload through the client. In rate mode each conversation's first request is
 * sent at its scheduled time whether or not earlier ones finished (open loop), and its latency
 * counts from that scheduled time; later turns of a conversation follow their predecessor.
 */
export async function runLoad(plan: LoadPlan, deps: RunDeps): Promise<RunOutcome> {
  const { clock, signal } = deps
  const results: RequestResult[] = []
  const startedAtMs = clock.now()
  const deadline =
    plan.durationMs === null ? Number.POSITIVE_INFINITY : startedAtMs + plan.durationMs
  let started = 0
  const budgetLeft = (): boolean =>
    !signal.aborted && (plan.maxRequests === null || started < plan.maxRequests)

  const runConversation = async (firstScheduledAtMs: number): Promise<void> => {
    const conv = deps.workload.nextConversation()
    const history: ChatMessage[] =
      conv.system !== null ? [{ role: 'system', content: conv.system }] : []
    let scheduledAtMs = firstScheduledAtMs
    for (let t = 0; t < conv.userTurns.length; t++) {
      if (t > 0 && (!budgetLeft() || clock.now() >= deadline)) {
        return
      }
      if (t > 0) {
        started++
      }
      history.push({ role: 'user', content: conv.userTurns[t] as string })
      deps.onStarted?.()
      const result = await deps.client.send({
        body: buildRequestBody(deps.body, history, conv.maxTokens[t] ?? null),
        scheduledAtMs,
        keepText: conv.userTurns.length > 1,
      })
      results.push(result)
      deps.onResult?.(result)
      if (result.error !== null) {
        return
      }
      history.push({ role: 'assistant', content: result.text })
      scheduledAtMs = clock.now()
    }
  }

  const inflight = new Set<Promise<void>>()
  const track = (p: Promise<void>): void => {
    inflight.add(p)
    void p.finally(() => inflight.delete(p))
  }

  if (plan.mode.kind === 'rate') {
    for (const offsetMs of generateArrivals(plan.mode.arrivals)) {
      const at = startedAtMs + offsetMs
      if (!budgetLeft() || at > deadline || !Number.isFinite(at)) {
        break
      }
      await clock.sleepUntil(at, signal)
      if (signal.aborted) {
        break
      }
      started++
      track(runConversation(at))
    }
  } else {
    const worker = async (): Promise<void> => {
      while (budgetLeft() && clock.now() < deadline) {
        started++
        await runConversation(clock.now())
      }
    }
    for (let i = 0; i < plan.mode.concurrency; i++) {
      track(worker())
    }
  }

  let interrupted = false
  const all = Promise.all([...inflight]).then(() => undefined)
  if (signal.aborted) {
    interrupted = true
    await Promise.race([all, sleepPlain(plan.drainGraceMs)])
    deps.client.close()
    await all
  } else {
    const onAbort = (): void => {
      interrupted = true
    }
    signal.addEventListener('abort', onAbort, { once: true })
    // In closed-loop mode workers stop by themselves; a later Ctrl-C still cuts the wait short.
    await Promise.race([
      all,
      new Promise<void>((resolve) =>
        signal.addEventListener('abort', () => resolve(), { once: true })
      ),
    ])
    if (signal.aborted) {
      await Promise.race([all, sleepPlain(plan.drainGraceMs)])
      deps.client.close()
      await all
    }
  }
  return { results, startedAtMs, endedAtMs: clock.now(), interrupted }
}

function sleepPlain(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}
