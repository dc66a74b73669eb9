/**
 * `npx tokenline serve` runs as npm → `sh -c` → node. npm forwards SIGINT and SIGTERM to the
 * shell only, and the shell dies of them without passing them on; SIGHUP is not forwarded at
 * all. Either way node is left running under PID 1, holding its ports and the database lock.
 * When npm started the process, it watches the processes between itself and npm, and treats
 * their end as a hangup: it sends itself SIGHUP, which every long-running command handles like
 * SIGTERM (and which ends the others). Outside npm nothing is watched: a shell or a container
 * runtime signals node directly, and `(tokenline serve &)` must keep running after its shell.
 */
import { readFileSync } from 'node:fs'

/** How often the launcher is looked at: cheap (one /proc read per ancestor), and well under the
 * 10 s a process manager waits before SIGKILL. */
const WATCH_INTERVAL_MS = 250

/** npm → sh → node is two levels; a wrapper script in between makes three. */
const MAX_LEVELS = 4

interface ProcInfo {
  ppid: number
  zombie: boolean
  command: string
}

/** /proc/<pid>/stat and cmdline, or null when the process is gone or there is no /proc. */
function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name in parentheses may hold spaces and parentheses: fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()
    return { ppid: Number(fields[1]), zombie: fields[0] === 'Z', command }
  } catch {
    return null
  }
}

function isNpm(command: string): boolean {
  // npm renames itself "npm exec …", "npm run …" (process.title); older ones show npm-cli.js.
  return /(^|\/)(npm|npx)(\s|$)|npm-cli\.js|npx-cli\.js/.test(command)
}

/**
 * The pids from the parent up to the npm process that launched this one, nearest first; empty
 * when npm did not launch it (or /proc cannot say, where only the parent is watched).
 */
function findLauncherChain(env: NodeJS.ProcessEnv, ppid: number): number[] {
  if (env.npm_lifecycle_event === undefined || ppid <= 1) {
    return []
  }
  const chain: number[] = []
  let pid = ppid
  for (let level = 0; level < MAX_LEVELS && pid > 1; level++) {
    const info = readProc(pid)
    if (info === null) {
      return level === 0 ? [ppid] : []
    }
    chain.push(pid)
    if (isNpm(info.command)) {
      return chain
    }
    pid = info.ppid
  }
  // An npm variable inherited from further up, with no npm close above: not ours to follow.
  return []
}

function isGone(pid: number): boolean {
  const info = readProc(pid)
  if (info !== null) {
    return info.zombie
  }
  try {
    process.kill(pid, 0)
    return false
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'EPERM'
  }
}

/**
 * Sends this process SIGHUP once when the npm launcher (or a process between it and this one)
 * is gone. The timer never keeps the process alive.
 */
export function watchLauncher(env: NodeJS.ProcessEnv = process.env): void {
  watchArenaLauncher(env)
  const ppid = process.ppid
  const chain = findLauncherChain(env, ppid)
  if (chain.length === 0) {
    return
  }
  const timer = setInterval(() => {
    if (process.ppid !== ppid || chain.some(isGone)) {
      clearInterval(timer)
      process.kill(process.pid, 'SIGHUP')
    }
  }, WATCH_INTERVAL_MS)
  timer.unref()
}

/**
 * A server started by bin/malloc-arenas.js (ADR 0313) stops as on a hangup when that launcher is
 * gone (its IPC channel closes), since nothing would pass signals on or report its exit.
 */
function watchArenaLauncher(env: NodeJS.ProcessEnv): void {
  if (env['TOKENLINE_LAUNCHER_IPC'] !== '1' || process.send === undefined) {
    return
  }
  process.once('disconnect', () => process.kill(process.pid, 'SIGHUP'))
  process.channel?.unref()
}
