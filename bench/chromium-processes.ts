/**
 * The paint bench's view of the Chromium it launches: which processes are the browser's, what
 * each has used of the CPU, and when a freshly launched browser has finished starting (ADR 0450).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import type { Browser } from 'playwright-core'

/** The flags the paint bench launches Chromium with. */
export const BENCH_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
]

const CLOCK_TICKS_PER_S = 100

/**
 * CPU seconds used so far by each live descendant of this process that is Chromium (the browser
 * Playwright launched and its children), by pid, with its `--type=` (none: the browser
 * process). Read from /proc on Linux; elsewhere, empty.
 */
export function chromiumCpu(): Map<number, { type: string; s: number }> {
  const procs: { pid: number; ppid: number; ticks: number }[] = []
  const out = new Map<number, { type: string; s: number }>()
  let entries: string[]
  try {
    entries = readdirSync('/proc').filter((d) => /^\d+$/.test(d))
  } catch {
    return out
  }
  for (const d of entries) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
      // The command name may hold spaces; the fields after its closing parenthesis do not.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      procs.push({ pid: Number(d), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) })
    } catch {
      // gone between the listing and the read
    }
  }
  const mine = new Set([process.pid])
  for (let grew = true; grew;) {
    grew = false
    for (const p of procs) {
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid)
        grew = true
      }
    }
  }
  for (const p of procs) {
    if (p.pid === process.pid || !mine.has(p.pid)) {
      continue
    }
    let cmd: string
    try {
      cmd = readFileSync(`/proc/${p.pid}/cmdline`, 'utf8')
    } catch {
      continue
    }
    if (!cmd.includes('chrom')) {
      continue
    }
    // Headless Chromium also starts a renderer for its own toolbar pages (the omnibox popup,
    // `--top-chrome-webui`), busy for seconds after launch: not the page's work.
    const type =
      (/--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser') +
      (cmd.includes('--top-chrome-webui') ? ' (browser UI)' : '')
    out.set(p.pid, { type, s: p.ticks / CLOCK_TICKS_PER_S })
  }
  return out
}

/** CPU seconds per process type between two readings (a process gone by `after` is not counted). */
export function cpuBetween(
  before: ReadonlyMap<number, { s: number }>,
  after: ReadonlyMap<number, { type: string; s: number }>
): Record<string, number> {
  const out: Record<string, number> = {}
  for (const [pid, { type, s }] of after) {
    out[type] = (out[type] ?? 0) + s - (before.get(pid)?.s ?? 0)
  }
  return out
}

/** The browser counts as started once all its processes together use less than this per second. */
const IDLE_CPU_S_PER_S = 0.02

/**
 * Waits until a freshly launched browser has finished starting: headless Chromium loads its own
 * toolbar pages (the omnibox popup) in a renderer of their own, 1-2 s of CPU in the first
 * seconds, and its browser process settles its profile. A user opens the dashboard in a browser
 * that is already running; charging that start to the page's load, on a host where the page gets
 * half a core, measured Chromium's start (ADR 0450). Reads the processes' CPU time over CDP,
 * a second apart, until one second adds less than `IDLE_CPU_S_PER_S`. Returns the seconds waited.
 */
export async function browserStarted(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession()
  const cpu = async (): Promise<number> => {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: { cpuTime: number }[]
    }
    return processInfo.reduce((sum, p) => sum + p.cpuTime, 0)
  }
  const t0 = performance.now()
  try {
    let last = await cpu()
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const now = await cpu()
      if (now - last < IDLE_CPU_S_PER_S || performance.now() - t0 > 60_000) {
        return (performance.now() - t0) / 1000
      }
      last = now
    }
  } finally {
    await session.detach()
  }
}
