/**
 * `--realtime`: the probe's threads under SCHED_FIFO, so that a socket read is stamped as soon as
 * the data is there instead of after the kernel gives the core back from another process. On a
 * shared host (or on loopback, where the server measured runs beside the probe) that wait, not
 * the probe's own work, is most of the timing error's tail (docs/probe.md, ADR 0109).
 *
 * Node has no call for a scheduling policy, so this runs util-linux's `chrt` on the process
 * (`--all-tasks`: every thread there is now; threads started later, such as `--workers`, inherit
 * the policy from the thread that starts them). It needs root or CAP_SYS_NICE. The probe blocks
 * in epoll whenever it has nothing to read, and the kernel keeps 5 % of each second for other
 * tasks (`sched_rt_runtime_us`), so a real-time probe cannot lock up its host.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** Priority within SCHED_FIFO (1–99): above ordinary tasks, below the kernel's own threads. */
export const REALTIME_PRIORITY = 20

export interface Scheduling {
  /** The kernel's policy for the process's main thread, as `chrt` names it. */
  policy: 'other' | 'fifo' | 'rr' | 'batch' | 'idle' | 'deadline' | 'unknown'
  /** Real-time priority (0 unless fifo or rr). */
  priority: number
}

const POLICIES: readonly Scheduling['policy'][] = [
  'other',
  'fifo',
  'rr',
  'batch',
  'unknown',
  'idle',
  'deadline',
]

/**
 * The policy and real-time priority of a process, read back from `/proc/<pid>/stat` (fields 41
 * and 40); null where there is no such file (not Linux) or it cannot be read.
 */
export function readScheduling(pid: number = process.pid): Scheduling | null {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return null
  }
  // Field 2 (the command name) is in parentheses and may hold spaces: count from after it.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const priority = Number(rest[40 - 3])
  const policy = Number(rest[41 - 3])
  if (!Number.isInteger(policy) || !Number.isInteger(priority)) {
    return null
  }
  return { policy: POLICIES[policy] ?? 'unknown', priority }
}

export interface RealtimeOutcome {
  /** What the process runs under afterwards (read back, not assumed). */
  scheduling: Scheduling | null
  /** Why the request was refused; null when the process now runs under SCHED_FIFO. */
  refused: string | null
}

/** Runs `chrt` with `args` on `pid`; the reason it failed, or null. */
function chrt(args: readonly string[], pid: number): string | null {
  const run = spawnSync('chrt', [...args, String(pid)], { encoding: 'utf8', timeout: 5000 })
  if (run.error !== undefined) {
    return (run.error as NodeJS.ErrnoException).code === 'ENOENT'
      ? 'chrt (util-linux) is not installed'
      : `chrt failed (${run.error.message})`
  }
  if (run.status !== 0) {
    const said = run.stderr.trim().split('\n').pop() ?? ''
    const hint = /not permitted/i.test(said) ? ': needs root or CAP_SYS_NICE' : ''
    return `chrt refused (${said || `exit ${String(run.status)}`})${hint}`
  }
  return null
}

/** Puts every thread of `pid` under SCHED_FIFO at `priority`, and says what it got. */
export function raiseToRealtime(
  priority: number = REALTIME_PRIORITY,
  pid: number = process.pid
): RealtimeOutcome {
  if (process.platform !== 'linux') {
    return {
      scheduling: null,
      refused: `real-time scheduling is Linux only (this is ${process.platform})`,
    }
  }
  const failed = chrt(['--all-tasks', '--fifo', '--pid', String(priority)], pid)
  const scheduling = readScheduling(pid)
  if (failed !== null) {
    return { scheduling, refused: failed }
  }
  if (scheduling?.policy !== 'fifo') {
    return {
      scheduling,
      refused: `the process runs under ${scheduling?.policy ?? 'an unknown policy'} after chrt`,
    }
  }
  return { scheduling, refused: null }
}

/** Puts every thread of `pid` back under the ordinary policy (benches that compare both). */
export function lowerToNormal(pid: number = process.pid): string | null {
  return process.platform === 'linux' ? chrt(['--all-tasks', '--other', '--pid', '0'], pid) : null
}
