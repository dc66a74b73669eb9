/** Command-line flags of the benches: `--flag N`, with a default when the flag is absent. */

/** A positive number after `flag`, or `fallback` when the flag is not given. */
export function numArg(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag)
  if (i === -1) {
    return fallback
  }
  const n = Number(process.argv[i + 1])
  if (!Number.isFinite(n) || n <= 0) {
    throw new Error(`${flag} must be a positive number (actual: ${process.argv[i + 1]})`)
  }
  return n
}

/** A positive integer after `flag`, or `fallback` when the flag is not given. */
export function intArg(flag: string, fallback: number): number {
  const n = numArg(flag, fallback)
  if (!Number.isInteger(n)) {
    throw new Error(
      `${flag} must be a positive integer (actual: ${process.argv[process.argv.indexOf(flag) + 1]})`
    )
  }
  return n
}

/** The text after `flag`, or undefined when the flag is not given. */
export function argAfter(flag: string): string | undefined {
  const at = process.argv.indexOf(flag)
  return at === -1 ? undefined : process.argv[at + 1]
}

/** One line on stdout. */
export function log(line: string): void {
  process.stdout.write(`${line}\n`)
}
