/**
 * How late the event loop is: the lateness of a short timer at its last tick, or of the tick now
 * overdue. A request's handler starts only once the loop gets to its socket; the timer's tick
 * runs just before the loop reads the sockets that became ready during a stall, so its lateness
 * is about how long those requests waited before the server's clock for their answer started.
 * The OTLP listeners count it against the exporters' 10 s timeout (ADR 0190).
 *
 * The last tick, not the worst of the last seconds: a request that arrives after a stall did not
 * wait through it, and counting the worst one would refuse it for nothing.
 */

export interface LoopLag {
  /** How late the loop is now or was at its last tick (ms, ≥ 0). */
  lastMs(): number
  close(): void
}

/** How often the timer is due (ms): short enough that a stall of a hundred ms shows. */
const TICK_MS = 50

/** Starts the timer (unref'd: it never keeps the process alive). */
export function startLoopLag(now: () => number = () => performance.now()): LoopLag {
  let last = 0
  let due = now() + TICK_MS
  const timer = setInterval(() => {
    const t = now()
    last = Math.max(0, t - due)
    due = t + TICK_MS
  }, TICK_MS)
  timer.unref()
  return {
    lastMs() {
      return Math.max(last, now() - due)
    },
    close() {
      clearInterval(timer)
    },
  }
}
