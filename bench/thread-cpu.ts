/**
 * CPU time of this process split by thread, from /proc/self/task (Linux only; elsewhere null):
 * the event loop's own thread against everything else (DuckDB's threads, V8's background GC and
 * compiler threads, libuv's pool), so a bench can say whose work a stage's CPU was.
 */
import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU ms by thread group: `main` (the event loop's thread), `node` (threads that existed when
 * `markStartupThreads` ran: V8's platform workers, GC helpers among them) and `later` (threads
 * started since: DuckDB's, and libuv's pool if anything used it). Thread names do not tell them
 * apart: Node's and DuckDB's threads are all named "node".
 */
export type ThreadCpu = Map<'main' | 'node' | 'later', number>

const TICK_MS = 10 // USER_HZ is 100 on Linux

let startup: Set<string> | null = null

/** Call before opening the store: threads alive now count as Node's own. */
export function markStartupThreads(): void {
  try {
    startup = new Set(readdirSync('/proc/self/task'))
  } catch {
    startup = null
  }
}

export function threadCpu(): ThreadCpu | null {
  let tids: string[]
  try {
    tids = readdirSync('/proc/self/task')
  } catch {
    return null
  }
  const out: ThreadCpu = new Map()
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      // The fields after the parenthesised name are fixed: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS
      const key =
        tid === String(process.pid) ? 'main' : startup?.has(tid) === true ? 'node' : 'later'
      out.set(key, (out.get(key) ?? 0) + ms)
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return out
}

/** `after − before` per group. */
export function threadCpuSince(before: ThreadCpu | null): ThreadCpu | null {
  const now = threadCpu()
  if (now === null || before === null) {
    return null
  }
  const out: ThreadCpu = new Map()
  for (const [k, v] of now) {
    out.set(k, v - (before.get(k) ?? 0))
  }
  return out
}
