import { performance } from 'node:perf_hooks'

/**
 * The arrival time to give bytes read from a socket: the clock at the first read of this pass of
 * the event loop over ready sockets, while that reading is less than {@link BATCH_MAX_AGE_MS} old.
 *
 * The event loop learns that sockets are readable all at once (one `epoll_wait`), then reads them
 * one by one, running each read's JavaScript before the next. A clock read at each read charges a
 * socket for every socket read before it in the same pass: when a server writes 60 chunks within
 * one millisecond, the last of them was stamped 1–2 ms after it was known to be there. Every
 * socket of one pass was readable before the pass began, so the time of the pass's first read is
 * the closer reading for all of them. A pass ends at the check phase (`setImmediate`), which runs
 * right after the poll phase that does the reads.
 *
 * Bytes that reached a socket of the pass after the pass began would be stamped up to the pass's
 * age too early; that needs the probe to be a whole inter-token gap behind on that socket, and the
 * age limit bounds it: an older pass (the process waited for a core, or the pass is long) gives
 * the read its own clock reading, which is never early.
 */
const BATCH_MAX_AGE_MS = 1

let passAtMs = 0
let passOpen = false

function closePass(): void {
  passOpen = false
}

/** Call first thing on each socket read (before any parsing). */
export function arrivalNow(): number {
  const now = performance.now()
  if (!passOpen) {
    passOpen = true
    passAtMs = now
    setImmediate(closePass)
    return now
  }
  return now - passAtMs <= BATCH_MAX_AGE_MS ? passAtMs : now
}
