/**
 * `tokenline compare`: did it get better? Two windows of server-side telemetry, per measure,
 * stage and dimension, workload-normalised so that a traffic change is not credited to a fix.
 */
import { Option, type Command } from 'commander'
import { sendWithRetry } from '../../client/send-with-retry.js'
import { bearerHeaders, replyError } from '../../client/server-reply.js'
import type { CompareReport } from '../../core/compare/compare.js'
import { compareStored, parseRange, splitAt } from '../../core/compare/load.js'
import { renderCompareText } from '../../core/compare/render.js'
import { AppError } from '../../core/errors.js'
import { parseDurationMs } from '../../core/model/duration.js'
import type { SpanStore } from '../../storage/span-store.js'
import { readClientToken } from '../client-token.js'
import {
  addSourceOptions,
  chooseSource,
  openDbSource,
  type SourceFlags,
} from '../source-options.js'
import { withImportedStore } from '../import-to-memory.js'

interface CompareFlags extends SourceFlags {
  before?: string
  after?: string
  at?: string
  span: string
  format: 'text' | 'json'
}

function spanUsOf(flags: CompareFlags): number {
  const ms = parseDurationMs(flags.span)
  if (ms === null || !(ms > 0)) {
    throw new AppError(
      'INPUT_INVALID',
      `--span must be a duration like 30m or 2h (actual: ${JSON.stringify(flags.span)})`
    )
  }
  return ms * 1000
}

function checkFlags(flags: CompareFlags): void {
  const windows = flags.before !== undefined || flags.after !== undefined
  if (
    windows === (flags.at !== undefined) ||
    (windows && (flags.before === undefined || flags.after === undefined))
  ) {
    throw new AppError(
      'INPUT_INVALID',
      'give --before FROM..TO and --after FROM..TO, or --at EVENT'
    )
  }
  if (flags.before !== undefined && flags.after !== undefined) {
    parseRange('--before', flags.before)
    parseRange('--after', flags.after)
  }
  spanUsOf(flags)
}

async function compareOnStore(store: SpanStore, flags: CompareFlags): Promise<CompareReport> {
  if (flags.at !== undefined) {
    const { before, after, event } = await splitAt(store, flags.at, spanUsOf(flags))
    const report = await compareStored(store, before, after)
    return { ...report, notes: [`split at ${event}`, ...report.notes] }
  }
  return compareStored(
    store,
    parseRange('--before', flags.before!),
    parseRange('--after', flags.after!)
  )
}

async function compareViaServer(
  apiUrl: string,
  flags: CompareFlags,
  token: string | null
): Promise<CompareReport> {
  const url = new URL('/api/compare', apiUrl)
  for (const k of ['before', 'after', 'at', 'span'] as const) {
    if (flags[k] !== undefined) {
      url.searchParams.set(k, flags[k])
    }
  }
  const reply = await sendWithRetry(url, () => ({ method: 'GET', headers: bearerHeaders(token) }))
  if (reply.status === 'failure') {
    throw await replyError(reply, apiUrl, 'the comparison', token !== null)
  }
  return (await reply.response.json()) as CompareReport
}

async function compare(paths: string[], flags: CompareFlags): Promise<CompareReport> {
  checkFlags(flags)
  const source = chooseSource(paths, flags)
  const token = await readClientToken(flags.tokenFile)
  if (source.kind === 'server') {
    return compareViaServer(source.url, flags, token)
  }
  if (source.kind === 'paths') {
    return withImportedStore(source.paths, (store) => compareOnStore(store, flags))
  }
  const opened = await openDbSource(source)
  if (opened.kind === 'server') {
    return compareViaServer(opened.apiUrl, flags, token)
  }
  try {
    return await compareOnStore(opened.store, flags)
  } finally {
    await opened.store.close()
  }
}

export function registerCompareCommand(program: Command): void {
  const cmd = program
    .command('compare')
    .description(
      'before/after verdict on two windows: per measure, stage and dimension, traffic-normalised'
    )
  addSourceOptions(cmd)
  cmd
    .option('--before <range>', 'the window before the change: FROM..TO (RFC 3339 or epoch ms)')
    .option('--after <range>', 'the window after the change: FROM..TO')
    .option(
      '--at <event>',
      'split around a change event: a time, or KIND[:TEXT] (the latest match)'
    )
    .option('--span <duration>', 'with --at: the length of each side, clipped to the data', '30m')
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'json']).default('text')
    )
    .addHelpText(
      'after',
      `
Each measure (TTFT, TPOT, E2E), stage and dimension value is compared as "after" against
"before, reweighted to after's workload" (prompt and output length, traffic per minute), so a
traffic change alone is not called a fix. Changes of P50 and P99 come with bootstrap 95 %
intervals (99 % per dimension value), resampled in blocks of requests that ran at the same time;
a verdict needs its interval to exclude zero and a change of at least 10 % (a P99 counts only
with 1,000 requests a side). A gain with clearly less traffic after (or a loss with more) stays
"no clear change", with a note. When the windows' traffic barely overlaps the verdict is
"inconclusive".

Exit codes: 0 compared (whatever the verdict), 2 bad flags, no readable input or a token the
server refused (401/403), 3 database locked or server unreachable.

Examples:
  $ tokenline compare --db .tokenline/tokenline.duckdb --at deploy
  $ tokenline compare --db .tokenline/tokenline.duckdb --at deploy:v0.9.1 --span 1h --format json
  $ tokenline compare ./dump/ --before 2025-06-02T09:00:00Z..2025-06-02T09:30:00Z --after 2025-06-02T10:00:00Z..2025-06-02T10:30:00Z
  $ tokenline compare --server http://127.0.0.1:4320 --at scale
See docs/whatif.md (compare: method and output).`
    )
    .action(async (paths: string[], flags: CompareFlags) => {
      const report = await compare(paths, flags)
      process.stdout.write(
        flags.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : renderCompareText(report)
      )
    })
}
