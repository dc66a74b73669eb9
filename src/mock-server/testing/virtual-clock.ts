/**
 * An `EngineClock` that moves only when told, for running the mock engine without waiting: its
 * timers fire in the order they are due (ties in the order they were set), each `lateMs(k)`
 * after it was due (k: how many fired before it; on time by default), as a busy host's fire late.
 * A run takes no wall time and is the same every run.
 */
import type { EngineClock } from '../engine.js'

export interface VirtualClock {
  readonly clock: EngineClock
  /** The clock's time (ms). */
  readonly nowMs: number
  /** Moves the clock to `ms`; no timer fires. */
  setNow: (ms: number) => void
  /** When the next timer is due (ms); Infinity when none is set. */
  nextDueMs: () => number
  /** Fires the next timer due, the clock set to its due time plus its lateness. */
  fireNext: () => void
  /** Fires timers until none is left. */
  drain: () => void
}

export function createVirtualClock(
  startMs = 0,
  lateMs: (k: number) => number = () => 0
): VirtualClock {
  let now = startMs
  let fired = 0
  const timers: { at: number; fn: () => void }[] = []
  const next = (): (typeof timers)[number] | undefined => {
    let first: (typeof timers)[number] | undefined
    for (const t of timers) {
      if (first === undefined || t.at < first.at) {
        first = t
      }
    }
    return first
  }
  const fireNext = (): void => {
    const t = next()
    if (t === undefined) {
      return
    }
    timers.splice(timers.indexOf(t), 1)
    now = t.at + lateMs(fired++)
    t.fn()
  }
  return {
    clock: {
      now: () => now,
      setTimeout(fn, ms) {
        const timer = { at: now + ms, fn }
        timers.push(timer)
        return timer
      },
      clearTimeout(handle) {
        const i = timers.indexOf(handle as (typeof timers)[number])
        if (i !== -1) {
          timers.splice(i, 1)
        }
      },
    },
    get nowMs() {
      return now
    },
    setNow: (ms) => {
      now = ms
    },
    nextDueMs: () => next()?.at ?? Infinity,
    fireNext,
    drain: () => {
      while (timers.length > 0) {
        fireNext()
      }
    },
  }
}
