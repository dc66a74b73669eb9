/**
 * `tokenline diagnose`: why is it slow? Reads files into a temporary in-memory store, or a
 * database, or asks a running server, then prints the CONTRACT §5 diagnosis.
 */
import { Option, type Command } from 'commander'
import { runDiagnosis } from '../../core/diagnosis/run-diagnosis.js'
import type { DiagnoseResult } from '../../core/diagnosis/diagnose.js'
import type { SloTargets } from '../../core/diagnosis/frame/input.js'
import {
  renderDiagnosisMarkdown,
  renderDiagnosisText,
} from '../../core/diagnosis/explain/render.js'
import { sendWithRetry } from '../../client/send-with-retry.js'
import { bearerHeaders, isAuthStatus, replyError } from '../../client/server-reply.js'
import { AppError } from '../../core/errors.js'
import type { Diagnosis } from '../../core/model/diagnosis.js'
import { millisFromMicros, type Micros } from '../../core/model/units.js'
import { DEFAULTS } from '../../config/defaults.js'
import type { SpanStore } from '../../storage/span-store.js'
import { withImportedStore } from '../import-to-memory.js'
import { readClientToken } from '../client-token.js'
import {
  addFilterOptions,
  addSourceOptions,
  chooseSource,
  filtersOf,
  openDbSource,
  resolveWindowFlags,
  type FilterFlags,
  type SourceFlags,
  type WindowFlags,
} from '../source-options.js'

type Format = 'text' | 'json' | 'markdown'

interface DiagnoseFlags extends SourceFlags, WindowFlags, FilterFlags {
  format: Format
  sloTtftMs?: string
  sloTpotMs?: string
  sloE2eMs?: string
}

function parsePositive(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) {
    return undefined
  }
  const v = Number(text)
  if (!(v > 0) || !Number.isFinite(v)) {
    throw new AppError(
      'INPUT_INVALID',
      `--${flag} must be a positive number of milliseconds (actual: ${JSON.stringify(text)})`
    )
  }
  return v
}

/** The --slo-*-ms flags as the diagnosis's latency targets (at p99, its default). */
function slosOf(flags: DiagnoseFlags): SloTargets | null {
  const targets: SloTargets = {}
  const ttftMs = parsePositive('slo-ttft-ms', flags.sloTtftMs)
  const tpotMs = parsePositive('slo-tpot-ms', flags.sloTpotMs)
  const e2eMs = parsePositive('slo-e2e-ms', flags.sloE2eMs)
  if (ttftMs !== undefined) {
    targets.ttftMs = ttftMs
  }
  if (tpotMs !== undefined) {
    targets.tpotMs = tpotMs
  }
  if (e2eMs !== undefined) {
    targets.e2eMs = e2eMs
  }
  return Object.keys(targets).length > 0 ? targets : null
}

async function diagnoseStore(store: SpanStore, flags: DiagnoseFlags): Promise<DiagnoseResult> {
  const extent = await store.extent()
  const window = resolveWindowFlags(flags, extent ? ((extent.endUs + 1) as Micros) : null)
  return runDiagnosis(store, { ...window, filters: filtersOf(flags), slos: slosOf(flags) })
}

async function diagnoseViaServer(
  apiUrl: string,
  flags: DiagnoseFlags,
  token: string | null,
  wholeData = false
): Promise<DiagnoseResult> {
  const url = new URL('/api/diagnosis', apiUrl)
  if (flags.from !== undefined) {
    url.searchParams.set('from', flags.from)
  }
  if (flags.to !== undefined) {
    url.searchParams.set('to', flags.to)
  }
  if (flags.from === undefined && flags.since !== undefined) {
    url.searchParams.set('since', flags.since)
  } else if (flags.from === undefined && flags.to === undefined) {
    // A database's default window is all of its data; a server's is the last 30 minutes.
    if (wholeData) {
      url.searchParams.set('window', 'all')
    } else {
      url.searchParams.set('since', '30m')
    }
  }
  for (const [d, values] of Object.entries(filtersOf(flags))) {
    for (const v of values ?? []) {
      url.searchParams.append(d, v)
    }
  }
  // The server's configured SLO tiers apply unless the flags give targets (api.md).
  const slos = slosOf(flags)
  if (slos?.ttftMs !== undefined) {
    url.searchParams.set('slo_ttft_ms', String(slos.ttftMs))
  }
  if (slos?.tpotMs !== undefined) {
    url.searchParams.set('slo_tpot_ms', String(slos.tpotMs))
  }
  if (slos?.e2eMs !== undefined) {
    url.searchParams.set('slo_e2e_ms', String(slos.e2eMs))
  }
  const reply = await sendWithRetry(url, () => ({ method: 'GET', headers: bearerHeaders(token) }))
  if (reply.status === 'failure') {
    throw await replyError(reply, apiUrl, 'the diagnosis', token !== null)
  }
  const body = (await reply.response.json().catch(() => null)) as unknown
  return { diagnosis: body as Diagnosis, skipped: [] }
}

/** The API of a `tokenline serve` on the default port of this machine, if one answers. */
async function findLocalServer(token: string | null): Promise<string | null> {
  const url = `http://127.0.0.1:${DEFAULTS.server.apiPort}`
  try {
    const res = await fetch(`${url}/api/health`, {
      headers: bearerHeaders(token),
      signal: AbortSignal.timeout(500),
    })
    // A server with tokens that refuses ours is still the server meant: asking it says so.
    if (
      isAuthStatus(res.status) &&
      /realm="tokenline"/.test(res.headers.get('www-authenticate') ?? '')
    ) {
      await res.body?.cancel()
      return url
    }
    const body = (await res.json()) as { status?: unknown; store?: unknown }
    return res.ok && body.status === 'ok' && typeof body.store === 'object' ? url : null
  } catch {
    return null
  }
}

/** Says on stderr which database was read and how old its newest data is. */
async function noteWhatWasRead(store: SpanStore, dbPath: string): Promise<void> {
  const [extent, stats] = await Promise.all([store.extent(), store.stats()])
  if (extent === null) {
    process.stderr.write(`tokenline: read ${dbPath}: it holds no data\n`)
    return
  }
  const endMs = millisFromMicros(extent.endUs)
  const ageMin = Math.max(0, Math.round((Date.now() - endMs) / 60_000))
  const age = ageMin < 120 ? `${ageMin} min ago` : `${Math.round(ageMin / 60)} h ago`
  process.stderr.write(
    `tokenline: read ${dbPath}: ${stats.requests} requests, the newest at ${new Date(endMs).toISOString().slice(0, 19).replace('T', ' ')} UTC (${age})\n`
  )
}

async function diagnosePaths(paths: string[], flags: DiagnoseFlags): Promise<DiagnoseResult> {
  return withImportedStore(paths, (store) => diagnoseStore(store, flags))
}

function print(result: DiagnoseResult, format: Format): void {
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify(result.diagnosis, null, 2)}\n`)
  } else if (format === 'markdown') {
    process.stdout.write(renderDiagnosisMarkdown(result.diagnosis, result.skipped))
  } else {
    process.stdout.write(renderDiagnosisText(result.diagnosis, result.skipped))
  }
}

export function registerDiagnoseCommand(program: Command): void {
  const cmd = program
    .command('diagnose')
    .description('explain why requests are slow: ranked causes with evidence and actions')
  addSourceOptions(cmd, {
    window: {
      from: 'window start (RFC 3339 or epoch ms)',
      to: 'window end (RFC 3339 or epoch ms)',
    },
  })
  cmd
    .option(
      '--slo-ttft-ms <ms>',
      'TTFT objective at p99: marks the SLO breached and widens the slow cohort'
    )
    .option('--slo-tpot-ms <ms>', 'TPOT objective at p99')
    .option('--slo-e2e-ms <ms>', 'end-to-end objective at p99')
    .addOption(
      new Option('--format <format>', 'output format')
        .choices(['text', 'json', 'markdown'])
        .default('text')
    )
  addFilterOptions(cmd)
  cmd
    .addHelpText(
      'after',
      `
Window: files and databases default to the whole span of the data (it may be months old);
a server defaults to the last 30 minutes. The first finding is the most likely cause; a healthy
window gives exactly one finding, "healthy". Too little data gives "healthy" with confidence 0
and the evidence "not enough data: N requests".

Exit codes: 0 diagnosis printed (also when it names causes), 2 bad flags or no readable input,
3 database locked or server unreachable. A server that refuses the token (401/403) is exit 2,
"authentication failed".

Examples:
  $ tokenline diagnose ./incident/                      # traces, metrics, events in a folder
  $ tokenline diagnose traces.jsonl metrics.om --format json | jq '.findings[0]'
  $ tokenline diagnose --db .tokenline/tokenline.duckdb --since 2h --replica vllm-0
  $ tokenline diagnose --server http://127.0.0.1:4320 --since 15m --format markdown
See docs/diagnosis.md (method, output) and docs/causes.md (every cause).`
    )
    .action(async (paths: string[], flags: DiagnoseFlags) => {
      const source = chooseSource(paths, flags)
      const token = await readClientToken(flags.tokenFile)
      let result: DiagnoseResult
      if (source.kind === 'server') {
        result = await diagnoseViaServer(source.url, flags, token)
      } else if (source.kind === 'paths') {
        result = await diagnosePaths(source.paths, flags)
      } else {
        const opened = await openDbSource(source)
        if (opened.kind === 'server') {
          result = await diagnoseViaServer(opened.apiUrl, flags, token, true)
        } else {
          // With no --db, a server on the default port is what "diagnose --since 30m" means,
          // even when it was started on another database.
          const live = source.given ? null : await findLocalServer(token)
          try {
            if (live !== null) {
              process.stderr.write(
                `tokenline: asking the running server at ${live} (pass --db to read a file)\n`
              )
            } else {
              await noteWhatWasRead(opened.store, opened.dbPath)
            }
            result =
              live !== null
                ? await diagnoseViaServer(live, flags, token)
                : await diagnoseStore(opened.store, flags)
          } finally {
            await opened.store.close()
          }
        }
      }
      print(result, flags.format)
    })
}
