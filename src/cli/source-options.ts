/**
 * The flags that say where a reading command's data comes from, declared once for diagnose,
 * whatif and compare: files or folders, a database, a running server and its token, the window,
 * and the dimension filters. Each command adds only its own flags after these.
 */
import type { Command } from 'commander'
import { DEFAULT_DB_PATH } from '../config/defaults.js'
import { AppError } from '../core/errors.js'
import type { DimensionFilters } from '../core/model/query.js'
import { DIMENSIONS, type Dimension } from '../core/model/request.js'
import type { Micros } from '../core/model/units.js'
import { resolveWindowText, type ResolvedWindow } from '../core/model/window.js'
import { addTokenFileOption } from './client-token.js'
import { openStoreOrServer, type OpenedStore } from './open-store.js'

/** Where the data is: `paths` (the argument) else `--server` else `--db`. */
export interface SourceFlags {
  db?: string
  server?: string
  tokenFile?: string
}

/** The one source a reading command reads, as `chooseSource` decided it. */
export type Source =
  | { kind: 'server'; url: string }
  | { kind: 'paths'; paths: string[] }
  /** `given`: `--db` was passed (otherwise the default file, and maybe a server on the default port). */
  | { kind: 'db'; path: string; given: boolean }

/**
 * Paths, else `--server`, else `--db` (or the default file): the one rule for diagnose, whatif
 * and compare. `--server` next to paths or `--db` is refused by name (exit 2): each names other
 * data than the server's, and answering from one would hide that the other was not read.
 */
export function chooseSource(paths: string[], flags: SourceFlags): Source {
  if (flags.server !== undefined) {
    const others = [
      ...(flags.db !== undefined ? ['--db'] : []),
      ...(paths.length > 0 ? [`paths (${paths.join(', ')})`] : []),
    ]
    if (others.length > 0) {
      throw new AppError(
        'INPUT_INVALID',
        `--server cannot be combined with ${others.join(' or ')}: give one source of data`
      )
    }
    return { kind: 'server', url: flags.server }
  }
  if (paths.length > 0) {
    return { kind: 'paths', paths }
  }
  return { kind: 'db', path: flags.db ?? DEFAULT_DB_PATH, given: flags.db !== undefined }
}

/**
 * Opens a `db` source, or, when a running server holds the file, says so on stderr and returns
 * that server (the command then asks it for the whole of the data, as it would read the file).
 */
export async function openDbSource(source: { path: string }): Promise<OpenedStore> {
  const opened = await openStoreOrServer(source.path)
  if (opened.kind === 'server') {
    process.stderr.write(
      `tokenline: ${opened.dbPath} is held by a running server; asking ${opened.apiUrl}\n`
    )
  }
  return opened
}

export interface WindowFlags {
  since?: string
  from?: string
  to?: string
}

export type FilterFlags = Partial<Record<Dimension, string[]>>

export interface SourceOptionsSpec {
  /**
   * Adds `--since`, `--from` and `--to`, with the command's own words for the two ends (the
   * window is what the command reads, or what its model is fitted to).
   */
  window?: { from: string; to: string }
}

/** `[paths...]`, `--db`, `--server`, `--token-file` (read scope) and, if asked, the window. */
export function addSourceOptions(cmd: Command, spec: SourceOptionsSpec = {}): Command {
  cmd
    .argument(
      '[paths...]',
      'trace, metric and event files or folders (read into a temporary store)'
    )
    .option(
      '--db <file>',
      `DuckDB database file (default ${DEFAULT_DB_PATH} when no paths are given)`
    )
    .option('--server <url>', 'ask a running `tokenline serve` (its UI/API URL)')
  addTokenFileOption(cmd, 'read')
  if (spec.window !== undefined) {
    cmd
      .option(
        '--since <duration>',
        'window length back from the end of the data (server: from now), e.g. 30m'
      )
      .option('--from <time>', spec.window.from)
      .option('--to <time>', spec.window.to)
  }
  return cmd
}

/** One repeatable, comma-separated `--<dimension> <value>` filter per request dimension. */
export function addFilterOptions(cmd: Command): Command {
  for (const d of DIMENSIONS) {
    cmd.option(
      `--${d} <value>`,
      `only requests with this ${d} (repeatable, comma-separated)`,
      collect
    )
  }
  return cmd
}

/** Commander's accumulator for a repeatable, comma-separated flag. */
export function collect(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ]
}

/** The filter flags that were given, as the store's filters. */
export function filtersOf(flags: FilterFlags): DimensionFilters {
  const filters: DimensionFilters = {}
  for (const d of DIMENSIONS) {
    const values = flags[d]
    if (values && values.length > 0) {
      filters[d] = values
    }
  }
  return filters
}

/**
 * Window flags → explicit ends, by the resolver the server uses too (core/model/window.ts);
 * `--since` counts back from `--to`, else from `endUs` (the data's end). No flag: all the data.
 */
export function resolveWindowFlags(flags: WindowFlags, endUs: Micros | null): ResolvedWindow {
  if (flags.since === undefined && flags.from === undefined && flags.to === undefined) {
    return {}
  }
  const resolved = resolveWindowText(flags, { anchorUs: endUs, defaultLengthUs: null })
  if ('problem' in resolved) {
    const { name, expected, actual } = resolved.problem
    throw new AppError(
      'INPUT_INVALID',
      `--${name} must be ${expected.replace(/\b(from|to)\b(?= \(| is given)/g, '--$1')} (actual: ${JSON.stringify(actual)})`
    )
  }
  return resolved.window
}
