/**
 * `tokenline whatif`: fit the twin to a stored window, check that it reproduces the window, and
 * predict what a change would do. Same sources as `diagnose` (files, `--db`, `--server`).
 */
import { readFile } from 'node:fs/promises'
import { Option, type Command } from 'commander'
import { z } from 'zod'
import { sendWithRetry } from '../../client/send-with-retry.js'
import { bearerHeaders, replyError } from '../../client/server-reply.js'
import { AppError } from '../../core/errors.js'
import type { Micros } from '../../core/model/units.js'
import { loadTwinWindow } from '../../sim/twin/load.js'
import { parseChanges, parseCount, parseSweep, type ChangeTexts } from '../../sim/twin/parse.js'
import { renderWhatIfText } from '../../sim/twin/render.js'
import { poolThreads, runPooled } from '../../sim/node/run-pool.js'
import { DEFAULT_RUNS, whatIfRuns, type WhatIfReport } from '../../sim/twin/whatif.js'
import type { SpanStore } from '../../storage/span-store.js'
import { readClientToken } from '../client-token.js'
import {
  addSourceOptions,
  chooseSource,
  collect,
  openDbSource,
  resolveWindowFlags,
  type SourceFlags,
  type WindowFlags,
} from '../source-options.js'

/** Exit code of a refusal: the twin does not fit the window, or cannot model a change. */
export const EXIT_REFUSED = 4

interface WhatIfFlags extends ChangeTexts, SourceFlags, WindowFlags {
  changes?: string
  sweep?: string
  sloTtftMs?: string
  runs?: string
  seed: string
  threads: string
  format: 'text' | 'json'
}

/** The YAML file of several changes: the flags' names in camelCase, values as on the command line. */
const CHANGES_FILE = z
  .object({
    load: z.union([z.string(), z.number()]),
    rate: z.union([z.string(), z.number()]),
    concurrency: z.union([z.string(), z.number()]),
    replicas: z.union([z.string(), z.number()]),
    routing: z.string(),
    maxNumSeqs: z.union([z.string(), z.number()]),
    maxTokensCap: z.union([z.string(), z.number()]),
    split: z.string(),
    removeCause: z.union([z.string(), z.array(z.string())]),
  })
  .partial()
  .strict()

async function changesFromFile(path: string): Promise<ChangeTexts> {
  // The YAML parser only when a file is given: not on the way to a stored window (ADR 0526).
  const { parse: parseYaml } = await import('yaml')
  let raw: unknown
  try {
    raw = parseYaml(await readFile(path, 'utf8'))
  } catch (err) {
    throw new AppError(
      'INPUT_INVALID',
      `--changes ${path}: ${err instanceof Error ? err.message : String(err)}`
    )
  }
  const parsed = CHANGES_FILE.safeParse(raw ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new AppError(
      'INPUT_INVALID',
      `--changes ${path}: ${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'invalid'} (keys: ${Object.keys(CHANGES_FILE.shape).join(', ')})`
    )
  }
  const out: ChangeTexts = {}
  for (const [k, v] of Object.entries(parsed.data)) {
    if (k === 'removeCause') {
      out.removeCause = Array.isArray(v) ? v : [String(v)]
    } else if (v !== undefined) {
      out[k as Exclude<keyof ChangeTexts, 'removeCause'>] = String(v)
    }
  }
  return out
}

const CHANGE_KEYS = [
  'load',
  'rate',
  'concurrency',
  'replicas',
  'routing',
  'maxNumSeqs',
  'maxTokensCap',
  'split',
] as const

/** The changes of the file, then the flags over them. */
async function changeTextsOf(flags: WhatIfFlags): Promise<ChangeTexts> {
  const texts = flags.changes === undefined ? {} : await changesFromFile(flags.changes)
  for (const k of CHANGE_KEYS) {
    if (flags[k] !== undefined) {
      texts[k] = flags[k]
    }
  }
  if (flags.removeCause !== undefined) {
    texts.removeCause = [...(texts.removeCause ?? []), ...flags.removeCause]
  }
  return texts
}

function sweepOf(flags: WhatIfFlags): { factors: number[]; ttftP99Ms: number } | undefined {
  if (flags.sweep === undefined) {
    return undefined
  }
  const ms = Number(flags.sloTtftMs)
  if (flags.sloTtftMs === undefined || !(ms > 0)) {
    throw new AppError(
      'INPUT_INVALID',
      `--sweep needs the TTFT objective it tests: --slo-ttft-ms MS (actual: ${flags.sloTtftMs ?? 'missing'})`
    )
  }
  return { factors: parseSweep(flags.sweep), ttftP99Ms: ms }
}

async function whatIfOnStore(
  store: SpanStore,
  flags: WhatIfFlags,
  texts: ChangeTexts
): Promise<WhatIfReport> {
  const extent = await store.extent()
  const w = resolveWindowFlags(flags, extent ? ((extent.endUs + 1) as Micros) : null)
  const fromUs = w.fromUs ?? extent?.startUs
  const toUs = w.toUs ?? (extent ? extent.endUs + 1 : undefined)
  if (fromUs === undefined || toUs === undefined) {
    throw new AppError('INPUT_INVALID', 'the store holds no data to fit the twin to')
  }
  const threads = parseCount('--threads', flags.threads)
  const window = await loadTwinWindow(store, { fromUs, toUs })
  const sweep = sweepOf(flags)
  return runPooled(
    whatIfRuns(window, {
      changes: parseChanges(texts),
      ...(flags.runs === undefined
        ? DEFAULT_RUNS
        : { runs: parseCount('--runs', flags.runs, { min: 2 }) }),
      seed: parseCount('--seed', flags.seed, { min: 0 }),
      ...(sweep !== undefined ? { sweep } : {}),
    }),
    poolThreads(threads)
  )
}

/** Query parameters of `GET /api/whatif` for the flags (docs/api.md). */
function whatIfUrl(
  apiUrl: string,
  flags: WhatIfFlags,
  texts: ChangeTexts,
  wholeData: boolean
): URL {
  const url = new URL('/api/whatif', apiUrl)
  const set = (k: string, v: string | undefined): void => {
    if (v !== undefined) {
      url.searchParams.set(k, v)
    }
  }
  set('from', flags.from)
  set('to', flags.to)
  if (flags.from === undefined && flags.since !== undefined) {
    set('since', flags.since)
  } else if (flags.from === undefined && flags.to === undefined) {
    set(wholeData ? 'window' : 'since', wholeData ? 'all' : '30m')
  }
  set('load', texts.load)
  set('rate', texts.rate)
  set('concurrency', texts.concurrency)
  set('replicas', texts.replicas)
  set('routing', texts.routing)
  set('max_num_seqs', texts.maxNumSeqs)
  set('max_tokens_cap', texts.maxTokensCap)
  set('split', texts.split)
  for (const c of texts.removeCause ?? []) {
    url.searchParams.append('remove_cause', c)
  }
  set('sweep', flags.sweep)
  set('slo_ttft_ms', flags.sloTtftMs)
  set('runs', flags.runs)
  set('seed', flags.seed)
  return url
}

async function whatIfViaServer(
  apiUrl: string,
  flags: WhatIfFlags,
  texts: ChangeTexts,
  token: string | null,
  wholeData = false
): Promise<WhatIfReport> {
  const reply = await sendWithRetry(whatIfUrl(apiUrl, flags, texts, wholeData), () => ({
    method: 'GET',
    headers: bearerHeaders(token),
  }))
  if (reply.status === 'failure') {
    throw await replyError(reply, apiUrl, 'the prediction', token !== null)
  }
  return (await reply.response.json()) as WhatIfReport
}

async function whatIf(paths: string[], flags: WhatIfFlags): Promise<WhatIfReport> {
  const texts = await changeTextsOf(flags)
  // Parse before any store is opened, so bad flags fail fast.
  parseChanges(texts)
  sweepOf(flags)
  const source = chooseSource(paths, flags)
  const token = await readClientToken(flags.tokenFile)
  if (source.kind === 'server') {
    return whatIfViaServer(source.url, flags, texts, token)
  }
  if (source.kind === 'paths') {
    // The importers (OTLP, access logs, the span assembly: ~70 modules) only for files (ADR 0526).
    const { withImportedStore } = await import('../import-to-memory.js')
    return withImportedStore(source.paths, (store) => whatIfOnStore(store, flags, texts))
  }
  const opened = await openDbSource(source)
  if (opened.kind === 'server') {
    return whatIfViaServer(opened.apiUrl, flags, texts, token, true)
  }
  try {
    return await whatIfOnStore(opened.store, flags, texts)
  } finally {
    await opened.store.close()
  }
}

export function registerWhatIfCommand(program: Command): void {
  const cmd = program
    .command('whatif')
    .description('fit a twin to a stored window and predict what a change would do to latency')
  addSourceOptions(cmd, {
    window: {
      from: 'start of the window the twin is fitted to (RFC 3339 or epoch ms)',
      to: 'end of that window (RFC 3339 or epoch ms)',
    },
  })
  cmd
    .option('--load <factor>', "scale the arrival rate (or a closed loop's clients), e.g. 1.5x")
    .option(
      '--rate <rps>',
      'set the mean arrival rate, requests per second (its shape over time kept)'
    )
    .option(
      '--concurrency <n>',
      'a closed loop of N clients, each sending when its last answer ends'
    )
    .option(
      '--replicas <delta>',
      'add or remove replicas, e.g. +2 or -1 (new ones like the median one)'
    )
    .option('--routing <policy>', 'least-loaded, round-robin or prefix-aware')
    .option('--max-num-seqs <n>', 'vLLM --max-num-seqs on every replica')
    .option('--max-tokens-cap <n>', "cap every request's output at N tokens (max_tokens)")
    .option('--split <spec>', 'long prompts to a pool of their own, e.g. long-prompts>4k:2')
    .option(
      '--remove-cause <finding>',
      "take a finding's cause away, e.g. node.degraded:NODE (repeatable)",
      collect
    )
    .option('--changes <file>', "a YAML file of several changes (the flags' names in camelCase)")
    .option(
      '--sweep <range>',
      'find the load at which TTFT p99 breaks --slo-ttft-ms, e.g. load=1x..3x; the headroom comes with a range over the intervals'
    )
    .option('--slo-ttft-ms <ms>', 'the TTFT p99 objective --sweep tests')
    .option(
      '--runs <n>',
      "seeded runs per prediction (default: 5, or 3 where the first three already agree to a tenth of the goal on every figure, as on a window of a million requests); while their TTFT medians disagree it adds as many again, up to 4x this many or, on a small window, until they have drawn 400k simulated requests per run asked for (2M at 5) (the interval is the range of all of them, widened by the step law's own spread when a prediction runs batches the window did not)"
    )
    .option('--seed <n>', 'first seed of the runs', '1')
    .option(
      '--threads <n>',
      'threads the seeded runs of each batch share, this one and N-1 workers (1: one run after another); the same answer either way, more CPU (docs/whatif.md)',
      '1'
    )
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'json']).default('text')
    )
    .addHelpText(
      'after',
      `
The twin is fitted to the window (arrivals, request mix, routing, each replica's step time,
capacity), then replays the window unchanged: its P50/P99 TTFT, TPOT and queue time are printed
beside the observed ones. A poor fit, or data without what the twin needs (engine stages, token
counts, replicas), is refused rather than guessed, as is a change the twin cannot model.

Exit codes: 0 predicted, 4 refused (the report says why), 2 bad flags, no readable input or a
token the server refused (401/403), 3 database locked or server unreachable.

Examples:
  $ tokenline whatif --db .tokenline/tokenline.duckdb --since 1h --load 1.5x
  $ tokenline whatif ./incident/ --replicas +1 --routing least-loaded --format json
  $ tokenline whatif --server http://127.0.0.1:4320 --since 30m --split long-prompts>4k:2
  $ tokenline whatif --db .tokenline/tokenline.duckdb --sweep load=1x..3x --slo-ttft-ms 800
  $ tokenline whatif --db .tokenline/tokenline.duckdb --changes changes.yaml
See docs/whatif.md (method, accuracy, every change).`
    )
    .action(async (paths: string[], flags: WhatIfFlags) => {
      const report = await whatIf(paths, flags)
      process.stdout.write(
        flags.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : renderWhatIfText(report)
      )
      if (report.refused !== null) {
        process.exitCode = EXIT_REFUSED
      }
    })
}
