import { CommanderError } from 'commander'
import { isAppError, type ErrorCode } from '../core/errors.js'

/** Exit codes, as `tokenline --help` and docs/cli.md document them. */
export const EXIT_OK = 0
export const EXIT_FAILURE = 1
export const EXIT_USAGE = 2
export const EXIT_STORE = 3

/** The one table from error code to exit code (the server's twin is `server/http-errors.ts`). */
const EXIT_CODE_OF: Partial<Record<ErrorCode, number>> = {
  CONFIG_INVALID: EXIT_USAGE,
  INPUT_INVALID: EXIT_USAGE,
  QUERY_INVALID: EXIT_USAGE,
  SIM_SCENARIO_INVALID: EXIT_USAGE,
  PROBE_INVALID: EXIT_USAGE,
  AUTH_FAILED: EXIT_USAGE,
  STORE_LOCKED: EXIT_STORE,
  STORE_UNAVAILABLE: EXIT_STORE,
}

/** Commander's own outcomes that are not failures (help and version were asked for). */
const COMMANDER_OK = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help'])

/**
 * The one place the CLI turns an error into output and an exit code: a known error prints one
 * line with its code (no stack); a usage error commander already printed exits 2; anything else
 * is a bug and prints its stack.
 */
export function reportError(err: unknown): void {
  if (err instanceof CommanderError) {
    // Commander has printed its message (and the help hint) already.
    process.exitCode = COMMANDER_OK.has(err.code) ? EXIT_OK : EXIT_USAGE
    return
  }
  if (isAppError(err)) {
    process.stderr.write(`tokenline: ${err.message} [${err.code}]\n`)
    process.exitCode = EXIT_CODE_OF[err.code] ?? EXIT_FAILURE
    return
  }
  process.stderr.write(
    `tokenline: unexpected error\n${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`
  )
  process.exitCode = EXIT_FAILURE
}
