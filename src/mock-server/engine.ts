import { performance } from 'node:perf_hooks'

/**
 * Real-time engine model behind the mock server: a continuous-batching loop with a waiting
 * queue, prefill cost per prompt token and a decode step cost that grows with the batch.
 *
 * ```
 * step k:  admit waiting jobs (≤ maxBatch, KV budget) ─ cost = base + perSeq·running + prefill·newTokens
 *          after the step: new jobs emit their first token, running jobs their next one
 * ```
 * With `fixed` timing every job ignores the batch and emits its first token `ttftMs` after
 * arrival and then one every `itlMs` (drift-free, from absolute targets): the deterministic mode
 * the probe's accuracy tests measure against.
 */
export interface EngineModel {
  maxBatch: number
  prefillMsPerToken: number
  decodeStepBaseMs: number
  decodeStepPerSeqMs: number
  kvCapacityTokens: number
}

export const DEFAULT_ENGINE_MODEL: EngineModel = {
  maxBatch: 64,
  prefillMsPerToken: 0.05,
  decodeStepBaseMs: 8,
  decodeStepPerSeqMs: 0.15,
  kvCapacityTokens: 200_000,
}

export interface FixedTiming {
  ttftMs: number
  itlMs: number
}

/** Monotonic times of one job (ms), reported when it finishes. */
export interface JobTimes {
  arrivedAtMs: number
  admittedAtMs: number
  firstTokenAtMs: number
  finishedAtMs: number
}

export interface EngineJob {
  inputTokens: number
  outputTokens: number
  /** Called for each generated token, index from 0. */
  onToken(index: number): void
  onFinish(times: JobTimes): void
}

interface Running {
  job: EngineJob
  times: JobTimes
  emitted: number
  cancelled: boolean
}

export interface EngineStats {
  running: number
  waiting: number
  kvUsage: number
  preemptions: number
  /**
   * Steps run, the time the model gave them and the time they took (ms). A step is a timer; on a
   * busy host it fires late, and that lateness is the host's, not the model's: what a fit of
   * the engine's spans reads as step cost is `takenMs`, what the model meant is `plannedMs`.
   */
  steps: { count: number; plannedMs: number; takenMs: number }
}

/**
 * The clock the batching steps run on: the host's by default. A step is a timer, and a test
 * gives a clock whose timers fire late, as a busy host's do.
 */
export interface EngineClock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const HOST_CLOCK: EngineClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

export interface MockEngine {
  /** Queues a job; returns a cancel function (client went away). */
  submit(job: EngineJob): () => void
  stats(): EngineStats
  close(): void
}

export function createMockEngine(options: {
  model?: EngineModel
  fixed?: FixedTiming
  clock?: EngineClock
}): MockEngine {
  const model = options.model ?? DEFAULT_ENGINE_MODEL
  const clock = options.clock ?? HOST_CLOCK
  const waiting: Running[] = []
  const running: Running[] = []
  let stepTimer: unknown = null
  const fixedTimers = new Set<NodeJS.Timeout>()
  let closed = false
  const steps = { count: 0, plannedMs: 0, takenMs: 0 }
  let carryMs = 0

  const kvUsed = (): number => running.reduce((sum, r) => sum + r.job.inputTokens + r.emitted, 0)

  const finish = (r: Running, at: number): void => {
    r.times.finishedAtMs = at
    r.job.onFinish(r.times)
  }

  const step = (): void => {
    stepTimer = null
    if (closed) {
      return
    }
    for (let i = running.length - 1; i >= 0; i--) {
      if ((running[i] as Running).cancelled) {
        running.splice(i, 1)
      }
    }
    const admitted: Running[] = []
    let budget = model.kvCapacityTokens - kvUsed()
    while (waiting.length > 0 && running.length + admitted.length < model.maxBatch) {
      const next = waiting[0] as Running
      if (next.cancelled) {
        waiting.shift()
        continue
      }
      if (
        next.job.inputTokens + next.job.outputTokens > budget &&
        running.length + admitted.length > 0
      ) {
        break
      }
      waiting.shift()
      budget -= next.job.inputTokens + next.job.outputTokens
      next.times.admittedAtMs = clock.now()
      admitted.push(next)
    }
    if (running.length === 0 && admitted.length === 0) {
      // Idle: the next step starts on an arrival, owing nothing to the last one.
      carryMs = 0
      return
    }
    const prefillTokens = admitted.reduce((s, r) => s + r.job.inputTokens, 0)
    const costMs =
      model.decodeStepBaseMs +
      model.decodeStepPerSeqMs * (running.length + admitted.length) +
      model.prefillMsPerToken * prefillTokens
    const startedAt = clock.now()
    // Node runs a timer's delay in whole milliseconds (3.5 ms runs as 3) and fires it late by
    // however long the event loop or the host kept it: both are carried into the next step's
    // delay, so over a run the steps take the model's time. The debt is bounded by one base
    // step: a longer stall is not made up by a burst of empty steps, and stays in the counters.
    const wantedMs = costMs + carryMs
    const delayMs = Math.max(1, Math.round(wantedMs))
    carryMs = wantedMs - delayMs
    stepTimer = clock.setTimeout(() => {
      const at = clock.now()
      carryMs = Math.max(-model.decodeStepBaseMs, Math.min(1, carryMs - (at - startedAt - delayMs)))
      steps.count++
      steps.plannedMs += costMs
      steps.takenMs += at - startedAt
      running.push(...admitted)
      for (let i = 0; i < running.length; i++) {
        const r = running[i] as Running
        if (r.cancelled) {
          continue
        }
        if (r.emitted === 0) {
          r.times.firstTokenAtMs = at
        }
        r.job.onToken(r.emitted)
        r.emitted++
      }
      for (let i = running.length - 1; i >= 0; i--) {
        const r = running[i] as Running
        if (r.cancelled || r.emitted >= r.job.outputTokens) {
          running.splice(i, 1)
          if (!r.cancelled) {
            finish(r, at)
          }
        }
      }
      step()
    }, delayMs)
  }

  const submitFixed = (r: Running, fixed: FixedTiming): void => {
    const start = r.times.arrivedAtMs
    r.times.admittedAtMs = start
    const schedule = (index: number): void => {
      const target = start + fixed.ttftMs + index * fixed.itlMs
      const fire = (): void => {
        fixedTimers.delete(timer)
        if (r.cancelled || closed) {
          return
        }
        // Node counts a timer from the event loop's cached millisecond clock, so it can fire up to
        // a millisecond before its target: a fixed TTFT must never come out shorter than asked.
        if (performance.now() < target) {
          timer = setTimeout(fire, target - performance.now())
          fixedTimers.add(timer)
          return
        }
        if (index === 0) {
          r.times.firstTokenAtMs = performance.now()
        }
        r.job.onToken(index)
        r.emitted++
        if (r.emitted >= r.job.outputTokens) {
          finish(r, performance.now())
        } else {
          schedule(index + 1)
        }
      }
      let timer = setTimeout(fire, Math.max(0, target - performance.now()))
      fixedTimers.add(timer)
    }
    schedule(0)
  }

  return {
    submit(job) {
      const now = clock.now()
      const r: Running = {
        job,
        times: { arrivedAtMs: now, admittedAtMs: now, firstTokenAtMs: now, finishedAtMs: now },
        emitted: 0,
        cancelled: false,
      }
      if (options.fixed !== undefined) {
        submitFixed(r, options.fixed)
      } else {
        waiting.push(r)
        if (stepTimer === null) {
          step()
        }
      }
      return () => {
        r.cancelled = true
      }
    },
    stats() {
      return {
        running: running.length,
        waiting: waiting.filter((r) => !r.cancelled).length,
        kvUsage: Math.min(1, kvUsed() / model.kvCapacityTokens),
        preemptions: 0,
        steps: { ...steps },
      }
    },
    close() {
      closed = true
      if (stepTimer !== null) {
        clock.clearTimeout(stepTimer)
      }
      for (const t of fixedTimers) {
        clearTimeout(t)
      }
    },
  }
}
