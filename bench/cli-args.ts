/** Command-line flags of the benches: `--flag N`, with a default when the flag is absent. */
import { loadavg } from 'node:os'

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

/**
 * What a bench that alternates two trees in one process needs: the other tree's checkout
 * (`BENCH_BASE_TREE`) and the collector, run between measurements (`node --expose-gc`).
 */
export function pairedTrees(): { base: string; gc: () => void } {
  const base = process.env.BENCH_BASE_TREE
  if (base === undefined) {
    throw new Error('BENCH_BASE_TREE: the tree to compare with')
  }
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) {
    throw new Error('run with node --expose-gc')
  }
  return { base, gc }
}

/** The 1, 5 and 15 minute load averages, two decimals each, for a bench's lines. */
export function loadAverage(): string {
  return loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')
}

/** The median of `v`: the middle value, or the mean of the middle two for an even count. */
function median(v: readonly number[]): number {
  const s = [...v].sort((a, b) => a - b)
  return s.length % 2 === 1 ? s[s.length >> 1]! : (s[(s.length >> 1) - 1]! + s[s.length >> 1]!) / 2
}

/** `min–max (median m)` of `v`, each to `digits` decimals. */
export function spread(v: readonly number[], digits = 0): string {
  return `${Math.min(...v).toFixed(digits)}–${Math.max(...v).toFixed(digits)} (median ${median(v).toFixed(digits)})`
}

/**
 * A paired bench's last lines: whether every run of both trees gave the same bytes (`what`: the
 * thing hashed, e.g. "window"), then the load average; a difference fails the bench's exit code.
 */
export function endWithHashes(hashes: ReadonlySet<string>, what: string): void {
  log(
    hashes.size === 1
      ? `every ${what} the same bytes (${[...hashes][0]})`
      : `${what.toUpperCase()}S DIFFER: ${[...hashes].join(' ')}`
  )
  log(`load average after: ${loadAverage()}`)
  if (hashes.size !== 1) {
    process.exitCode = 1
  }
}
