import { performance } from 'node:perf_hooks'

/**
 * The arrival time to give bytes read from a socket.
 *
 * The event loop learns that sockets are readable all at once (one `epoll_wait`), then reads them
 * one by one, running each read's JavaScript before the next. A clock read at each read charges a
 * socket for every socket read before it in the same pass: when a server writes 60 chunks within
 * one millisecond (or an engine's decode step emits a token to every stream at once), the last of
 * them was stamped milliseconds after it was known to be there. Every socket of one pass had bytes
 * waiting before the pass began, so the clock at the pass's first read is the closer reading for
 * what was waiting. A pass ends at the check phase (`setImmediate`), right after the poll phase
 * that does the reads.
 *
 * What was waiting is known only for a read that completes at most one SSE event: its bytes were
 * one server write, and part of it was there when the pass began. A read that completes two or
 * more events may carry a write that came in after the pass began (the probe was a whole
 * inter-token gap behind on that socket), so it gets its own clock reading, which is never early.
 * So does every read once the pass is older than {@link PASS_MAX_AGE_MS}: that bounds how early a
 * single event split over two TCP segments, the second arriving mid-pass, can be stamped.
 */
const PASS_MAX_AGE_MS = 5

let passAtMs = 0
let passOpen = false

function closePass(): void {
  passOpen = false
}

const LF_LF = Buffer.from('\n\n')
const CRLF_CRLF = Buffer.from('\r\n\r\n')

/**
 * Whether `bytes` hold at most one SSE event end (a blank line). HTTP/1.1 chunk framing and the
 * response head also end in CRLF CRLF; counting them too only errs towards the read's own clock.
 */
function endsAtMostOneEvent(bytes: Buffer): boolean {
  const lf = bytes.indexOf(LF_LF)
  const crlf = bytes.indexOf(CRLF_CRLF)
  if (lf !== -1 && crlf !== -1) {
    return false
  }
  if (lf !== -1) {
    return bytes.indexOf(LF_LF, lf + 2) === -1
  }
  return crlf === -1 || bytes.indexOf(CRLF_CRLF, crlf + 4) === -1
}

/** Call first thing on each socket read (before any parsing) with the bytes read. */
export function arrivalOf(bytes: Buffer): number {
  const now = performance.now()
  if (!passOpen) {
    passOpen = true
    passAtMs = now
    setImmediate(closePass)
    return now
  }
  return now - passAtMs <= PASS_MAX_AGE_MS && endsAtMostOneEvent(bytes) ? passAtMs : now
}
