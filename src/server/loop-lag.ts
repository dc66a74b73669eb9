/**
 * How late the event loop has been lately: the longest lateness of a short timer over the last
 * couple of seconds. A request's handler starts only once the loop gets to its socket, so on a
 * saturated host it may have waited about this long before the server's clock for its answer
 * started; the OTLP listeners count it against the exporters' 10 s timeout (ADR 0190).
 */

export interface LoopLag {
  /** The longest lateness seen over the recent window (ms, ≥ 0). */
  recentMs(): number
  close(): void
}

/** How often the timer is due (ms): short enough that a stall of a few hundred ms shows. */
const TICK_MS = 50
/** Ticks kept: the last 2 s. */
const KEPT = 40

/** Starts the timer (unref'd: it never keeps the process alive). */
export function startLoopLag(now: () => number = () => performance.now()): LoopLag {
  const lateness = new Float64Array(KEPT)
  let at = 0
  let due = now() + TICK_MS
  const timer = setInterval(() => {
    const t = now()
    lateness[at] = Math.max(0, t - due)
    at = (at + 1) % KEPT
    due = t + TICK_MS
  }, TICK_MS)
  timer.unref()
  return {
    recentMs() {
      // The stall in progress counts too: a timer that is late now has not fired yet.
      let max = Math.max(0, now() - due)
      for (const v of lateness) {
        max = Math.max(max, v)
      }
      return max
    },
    close() {
      clearInterval(timer)
    },
  }
}
