/**
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
 * Plain JavaScript, run before the TypeScript loader: the launcher stays a bare node process.
 */
import { spawn } from 'node:child_process'
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

/**
 * Runs this command line again in a child with `env` and exits as it does. A stop signal is
 * passed on over the IPC channel, not as a signal: a process manager that signals the whole group
 * (systemd's default) reaches the server directly too, and the server counts the two as one
 * request, where two signals would cut its clean shutdown (src/cli/shutdown.ts).
 *
 * @param {NodeJS.ProcessEnv} env
 */
export function runInChild(env) {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
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
    process.stderr.write(`error: could not start the server: ${err.message}\n`)
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
