/**
 * The glibc malloc settings the launcher starts a command with.
 *
 * `tokenline serve` runs with at most two glibc malloc arenas (ADR 0313).
 *
 * glibc gives every thread that allocates its own arena, up to 8 per core, and gives a thread
 * arena's freed memory back to the system only from the top of its heap. The server's threads
 * (libuv's pool, where DuckDB's statements run, V8's helpers, the decode worker) each kept what
 * they had freed: under a steady 0.8× load 15 thread arenas held 41 MiB after the first 20 s and
 * 146 MiB after 14 minutes, growing ~7 MiB a minute with no sign of levelling off, while with
 * `MALLOC_ARENA_MAX=2` the same load kept them at 11–16 MiB. glibc reads the setting only from
 * the environment at process start, so the launcher starts the server again with it set.
 *
 * `tokenline whatif` runs with `glibc.malloc.hugetlb=1` where the kernel gives transparent huge
 * pages only to memory that asks for them (ADR 0531): its seeded runs and fit write typed arrays
 * of millions of elements, each a fresh mapping of 4 KiB pages; with 2 MiB pages the command on
 * a stored 1M-request window took 0.40–0.46 as many page faults and 0.918 of the CPU (median of 9
 * pairs run side by side), with the same answer.
 *
 * Plain JavaScript, run before the TypeScript loader: the launcher stays a bare node process.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import process from 'node:process'

/** Arenas glibc may create: the main one and one shared by every other thread. */
const ARENA_MAX = '2'

/** Set in the server's environment when this launcher started it and forwards stop signals. */
const LAUNCHER_ENV = 'TOKENLINE_LAUNCHER_IPC'

const STOP_SIGNALS = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])

/**
 * The environment to start `serve` in with capped arenas, or null to run in this process: any
 * other command, a platform without glibc (musl ignores the setting), an arena count or glibc
 * tunable the user chose, or a process this launcher already started.
 *
 * @param {readonly string[]} args the command line after the script
 * @param {NodeJS.ProcessEnv} env
 * @param {string} platform `process.platform`
 * @param {string | undefined} glibcVersion glibc's version at run time; undefined without glibc
 * @returns {NodeJS.ProcessEnv | null}
 */
export function arenaCappedEnv(args, env, platform, glibcVersion) {
  if (args[0] !== 'serve' || platform !== 'linux' || glibcVersion === undefined) {
    return null
  }
  if (
    env['MALLOC_ARENA_MAX'] !== undefined ||
    /glibc\.malloc\.arena_max/.test(env['GLIBC_TUNABLES'] ?? '') ||
    env[LAUNCHER_ENV] !== undefined
  ) {
    return null
  }
  return { ...env, MALLOC_ARENA_MAX: ARENA_MAX, [LAUNCHER_ENV]: '1' }
}

/** glibc's version at run time, or undefined (musl, macOS, Windows). */
export function glibcVersion() {
  const report = /** @type {{ header?: { glibcVersionRuntime?: string } } | undefined} */ (
    process.report?.getReport()
  )
  return report?.header?.glibcVersionRuntime
}

/** The first glibc with the `glibc.malloc.hugetlb` tunable. */
const HUGETLB_SINCE = [2, 35]

/**
 * The kernel's transparent huge page mode (`always`, `madvise`, `never`), or undefined where it
 * cannot be read (no such file: another kernel or platform).
 *
 * @returns {string | undefined}
 */
export function transparentHugePages() {
  try {
    const text = readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8')
    return /\[(\w+)\]/.exec(text)?.[1]
  } catch {
    return undefined
  }
}

/**
 * The environment to start `whatif` in with malloc asking for transparent huge pages, or null to
 * run in this process. Only where the kernel's mode is `madvise`: with `always` every large
 * mapping gets them already and with `never` none can, so a second process would buy nothing.
 * Null too for `--help` and `--server` (the twin runs elsewhere), without glibc 2.35 (older ones
 * do not know the tunable), or where `GLIBC_TUNABLES` already says it, whether the user chose it
 * or this launcher started the process.
 *
 * @param {readonly string[]} args the command line after the script
 * @param {NodeJS.ProcessEnv} env
 * @param {string} platform `process.platform`
 * @param {string | undefined} glibcVersion glibc's version at run time; undefined without glibc
 * @param {string | undefined} thp the kernel's transparent huge page mode
 * @returns {NodeJS.ProcessEnv | null}
 */
export function hugePageEnv(args, env, platform, glibcVersion, thp) {
  if (args[0] !== 'whatif' || platform !== 'linux' || thp !== 'madvise') {
    return null
  }
  // Help, or a server that runs the twin itself: nothing here writes large arrays.
  if (args.some((a) => a === '--help' || a === '-h' || a.startsWith('--server'))) {
    return null
  }
  const [major = 0, minor = 0] = (glibcVersion ?? '').split('.').map(Number)
  const [sinceMajor, sinceMinor] = HUGETLB_SINCE
  if (
    glibcVersion === undefined ||
    major < sinceMajor ||
    (major === sinceMajor && minor < sinceMinor)
  ) {
    return null
  }
  const tunables = env['GLIBC_TUNABLES']
  if (tunables !== undefined && /glibc\.malloc\.hugetlb/.test(tunables)) {
    return null
  }
  const own = 'glibc.malloc.hugetlb=1'
  return {
    ...env,
    GLIBC_TUNABLES: tunables === undefined || tunables === '' ? own : `${tunables}:${own}`,
  }
}

/**
 * Runs this command line again in a child with `env` and exits as it does. A stop signal is
 * passed on over the IPC channel, not as a signal: a process manager that signals the whole group
 * (systemd's default) reaches the server directly too, and the server counts the two as one
 * request, where two signals would cut its clean shutdown (src/cli/shutdown.ts).
 *
 * A command other than the server (`whatif`) takes no IPC channel: it has no clean shutdown to
 * ask for, so a stop signal is passed on as the signal itself.
 *
 * @param {NodeJS.ProcessEnv} env
 * @param {{ ipc?: boolean }} [options] `ipc: false` for a command without the server's channel
 */
export function runInChild(env, options = {}) {
  const ipc = options.ipc !== false
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env,
    stdio: ipc ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
  })
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (child.connected) {
        child.send({ stopSignal: signal })
      } else {
        child.kill(signal)
      }
    })
  }
  child.on('error', (err) => {
    process.stderr.write(`error: could not start tokenline ${process.argv[2]}: ${err.message}\n`)
    process.exit(1)
  })
  child.on('exit', (code, signal) => {
    if (signal !== null) {
      // Ends the launcher by the same signal, as a shell reports the server's end.
      process.removeAllListeners(signal)
      process.kill(process.pid, signal)
      return
    }
    process.exit(code ?? 1)
  })
}
