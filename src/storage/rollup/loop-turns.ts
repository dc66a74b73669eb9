/**
 * One answer's merge per turn of the event loop. A page's first wave asks its chart answers
 * together, and each one's merge of the rollup's buckets is synchronous work on the server's one
 * loop (tens of milliseconds on an idle host, several hundred on a busy one). Run back to back
 * in the turn whose poll read their requests, they held everything the loop had not read yet:
 * the page's own script, asked before them on a new connection, and the answers whose store
 * reads ended meanwhile (ADR 0438). Taking one merge per turn lets a poll phase run between two
 * merges, so what costs the loop a millisecond is read and answered there.
 */
const waiting: (() => void)[] = []
let scheduled = false

function next(): void {
  const wake = waiting.shift()
  // Queued from inside a check-phase callback, the next one runs in the loop's next turn,
  // after its poll phase.
  scheduled = waiting.length > 0
  if (scheduled) {
    setImmediate(next)
  }
  // The caller's continuation (the merge and the answer it builds) runs in this callback's
  // microtasks, before the next turn.
  wake?.()
}

/** Resolves in a turn of the event loop of its own, in the order asked. */
export function ownTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve)
    if (!scheduled) {
      scheduled = true
      setImmediate(next)
    }
  })
}
