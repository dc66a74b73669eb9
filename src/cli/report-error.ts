import { isAppError } from '../core/errors.js'

/**
 * The one place the CLI turns an error into output and an exit code: a known error prints one
 * line with its code (no stack); anything else is a bug and prints its stack.
 * Exit codes: 1 runtime failure, 2 invalid usage/config/input, 3 store locked or unavailable.
 */
export function reportError(err: unknown): void {
  if (isAppError(err)) {
    process.stderr.write(`tokenline: ${err.message} [${err.code}]\n`)
    process.exitCode =
      err.code === 'CONFIG_INVALID' || err.code === 'INPUT_INVALID' || err.code === 'QUERY_INVALID'
        ? 2
        : err.code === 'STORE_LOCKED' || err.code === 'STORE_UNAVAILABLE'
          ? 3
          : 1
    return
  }
  process.stderr.write(
    `tokenline: unexpected error\n${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`
  )
  process.exitCode = 1
}
