import { readFile } from 'node:fs/promises'
import { get as httpGet } from 'node:http'
import { get as httpsGet } from 'node:https'
import cliProgress from 'cli-progress'
import type { Command } from 'commander'
import { Option } from 'commander'
import { AppError } from '../../core/errors.js'
import { EXIT_FAILURE } from '../report-error.js'
import { compareRuns, parseRecords, renderComparisonText } from '../../probe/compare.js'
import { COMPAT_TOOLS, parseCompatTools } from '../../probe/compat.js'
import { loadDataset } from '../../probe/dataset.js'
import { parseDurationMs } from '../../probe/durations.js'
import { parseSlo, renderReportText, type ProbeReport } from '../../probe/report.js'
import type { LoadMode } from '../../probe/run.js'
import { parseRateList, type ArrivalKind } from '../../probe/schedule.js'
import {
  describeLoad,
  runProbeSession,
  type ProbeSessionOptions,
} from '../../probe/probe-session.js'
import { loadTokenCounter } from '../../probe/tokenizer.js'
import { parseLengthDist } from '../../probe/workload.js'

/** Flags of `tokenline probe` as commander hands them over. */
export interface ProbeFlags {
  model?: string
  api: string
  rate?: string
  arrival: string
  rampTo?: string
  rampDuration?: string
  concurrency?: string
  requests?: string
  duration?: string
  sweep?: string
  seed: string
  dataset?: string
  inputTokens: string
  outputTokens: string
  tokenizer?: string
  sharedPrefix: string
  prefixGroups: string
  turns: string
  http2?: boolean
  newConnection?: boolean
  insecure?: boolean
  timeout: string
  connectTimeout: string
  header: string[]
  out?: string
  rawGaps?: boolean
  otlp?: string
  region?: string
  slo?: string
  compat?: string
  workers?: string
  format: string
}

const invalid = (msg: string): AppError => new AppError('INPUT_INVALID', msg)

function positiveInt(name: string, text: string): number {
  const n = Number(text)
  if (!Number.isInteger(n) || n <= 0) {
    throw invalid(`${name} expects a positive integer (actual: ${text})`)
  }
  return n
}

function duration(name: string, text: string, bare: 'ms' | 's'): number {
  const ms = parseDurationMs(text, bare)
  if (ms === null) {
    throw invalid(`${name} expects a duration like 500ms, 30s, 5m (actual: ${text})`)
  }
  return ms
}

/** Turns a base URL into the endpoint URL for the chosen API. */
export function resolveEndpoint(url: string, api: 'chat' | 'completions'): URL {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw invalid(`expected an http:// or https:// URL (actual: ${url})`)
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw invalid(`expected an http:// or https:// URL (actual: ${url})`)
  }
  if (u.pathname === '/' || u.pathname === '' || u.pathname.replace(/\/+$/, '') === '/v1') {
    u.pathname = api === 'chat' ? '/v1/chat/completions' : '/v1/completions'
  }
  return u
}

/** Validates flags into session options (without the model, which may need a lookup). */
export async function resolveProbeOptions(
  url: string,
  flags: ProbeFlags,
  signal: AbortSignal
): Promise<
  Omit<ProbeSessionOptions, 'workload'> & {
    workload: Omit<ProbeSessionOptions['workload'], 'model'> & { model: string | null }
  }
> {
  if (flags.api !== 'chat' && flags.api !== 'completions') {
    throw invalid(`--api expects chat or completions (actual: ${flags.api})`)
  }
  const api = flags.api
  if (flags.arrival !== 'poisson' && flags.arrival !== 'constant') {
    throw invalid(`--arrival expects poisson or constant (actual: ${flags.arrival})`)
  }
  const arrival: ArrivalKind = flags.arrival
  const seed = Number(flags.seed)
  const rampDurationMs =
    flags.rampDuration !== undefined
      ? duration('--ramp-duration', flags.rampDuration, 's')
      : undefined
  const rampToPerS = flags.rampTo !== undefined ? Number(flags.rampTo) : undefined
  if (rampToPerS !== undefined && (!Number.isFinite(rampToPerS) || rampToPerS < 0)) {
    throw invalid(`--ramp-to expects a rate ≥ 0 (actual: ${flags.rampTo})`)
  }
  const rateMode = (ratePerS: number): LoadMode => ({
    kind: 'rate',
    arrivals: {
      kind: arrival,
      ratePerS,
      seed,
      ...(rampToPerS !== undefined ? { rampToPerS, rampDurationMs: rampDurationMs ?? 60_000 } : {}),
    },
  })
  const modes = [flags.rate, flags.concurrency, flags.sweep].filter((x) => x !== undefined).length
  if (modes > 1) {
    throw invalid('choose one of --rate, --concurrency, --sweep')
  }
  let steps: LoadMode[]
  if (flags.sweep !== undefined) {
    const rates = parseRateList(flags.sweep)
    if (rates === null) {
      throw invalid(`--sweep expects rates like 1,2,4 (actual: ${flags.sweep})`)
    }
    steps = rates.map(rateMode)
  } else if (flags.rate !== undefined) {
    const r = Number(flags.rate)
    if (!Number.isFinite(r) || r <= 0) {
      throw invalid(`--rate expects requests per second > 0 (actual: ${flags.rate})`)
    }
    steps = [rateMode(r)]
  } else {
    steps = [
      {
        kind: 'concurrency',
        concurrency:
          flags.concurrency !== undefined ? positiveInt('--concurrency', flags.concurrency) : 1,
      },
    ]
  }
  const maxRequests =
    flags.requests !== undefined ? positiveInt('--requests', flags.requests) : null
  const durationMs =
    flags.duration !== undefined ? duration('--duration', flags.duration, 's') : null
  const inputLen = parseLengthDist(flags.inputTokens)
  const outputLen = parseLengthDist(flags.outputTokens)
  if (inputLen === null || outputLen === null) {
    throw invalid(
      `--input-tokens/--output-tokens expect N, uniform:A-B or normal:MEAN,SD (actual: ${flags.inputTokens} / ${flags.outputTokens})`
    )
  }
  const slo = flags.slo !== undefined ? parseSlo(flags.slo, (s) => parseDurationMs(s, 'ms')) : null
  if (flags.slo !== undefined && slo === null) {
    throw invalid(`--slo expects ttft=500ms,tpot=50ms,e2e=10s (actual: ${flags.slo})`)
  }
  const compat = flags.compat !== undefined ? parseCompatTools(flags.compat) : []
  if (compat === null) {
    throw invalid(
      `--compat expects one or more of ${COMPAT_TOOLS.join(', ')}, comma-separated (actual: ${flags.compat})`
    )
  }
  const headers: Record<string, string> = {}
  for (const h of flags.header) {
    const i = h.indexOf(':')
    if (i <= 0) {
      throw invalid(`--header expects "Name: value" (actual: ${h})`)
    }
    headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim()
  }
  const dataset = flags.dataset !== undefined ? (await loadDataset(flags.dataset)).items : null
  const tokens = flags.tokenizer !== undefined ? await loadTokenCounter(flags.tokenizer) : null
  return {
    client: {
      url: resolveEndpoint(url, api),
      http2: flags.http2 === true,
      insecure: flags.insecure === true,
      newConnection: flags.newConnection === true,
      timeoutMs: duration('--timeout', flags.timeout, 's'),
      connectTimeoutMs: duration('--connect-timeout', flags.connectTimeout, 's'),
      headers,
    },
    workload: {
      model: flags.model ?? null,
      api,
      inputLen,
      outputLen,
      sharedPrefixTokens: Number(flags.sharedPrefix) || 0,
      prefixGroups: positiveInt('--prefix-groups', flags.prefixGroups),
      turns: positiveInt('--turns', flags.turns),
      dataset,
      seed,
      ...(tokens === null ? {} : { tokens }),
    },
    tokenizer: tokens?.source ?? null,
    steps,
    maxRequests: maxRequests ?? (durationMs === null ? 100 : null),
    durationMs,
    drainGraceMs: 2000,
    outFile: flags.out ?? null,
    rawGaps: flags.rawGaps === true,
    otlpEndpoint: flags.otlp ?? null,
    region: flags.region ?? null,
    slo,
    compat,
    workers: flags.workers !== undefined ? positiveInt('--workers', flags.workers) : 1,
    signal,
  }
}

/** Asks the server for its first model id (GET /v1/models); falls back to `default`. */
/**
 * The model to ask for when `--model` is not given: the first id of the target's `/v1/models`.
 * Fails loudly: a guessed name would make every request of a real engine answer 404.
 */
async function discoverModel(endpoint: URL, insecure: boolean): Promise<string> {
  const url = new URL('/v1/models', endpoint)
  let body: { data?: { id?: unknown }[] }
  try {
    body = JSON.parse(await getText(url, insecure)) as typeof body
  } catch (err) {
    throw new AppError(
      'PROBE_INVALID',
      `cannot discover the model from GET ${url.href} (${err instanceof Error ? err.message : String(err)}); pass --model NAME`
    )
  }
  const id = body.data?.[0]?.id
  if (typeof id !== 'string' || id === '') {
    throw new AppError(
      'PROBE_INVALID',
      `GET ${url.href} listed no model (expected {"data":[{"id":…}]}); pass --model NAME`
    )
  }
  return id
}

/** GET as text with a 5 s timeout; `insecure` accepts a self-signed certificate, as the probe does. */
function getText(url: URL, insecure: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? httpsGet : httpGet
    const req = get(url, { timeout: 5000, rejectUnauthorized: !insecure }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        if ((res.statusCode ?? 0) >= 400) {
          reject(new Error(`HTTP ${res.statusCode}`))
        } else {
          resolve(Buffer.concat(chunks).toString('utf8'))
        }
      })
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')))
    req.on('error', reject)
  })
}

/**
 * A run where no request succeeded measured nothing: say why and exit non-zero, so scripts and
 * CI do not take an empty report for a result.
 */
function reportTotalFailure(reports: readonly ProbeReport[], target: string): void {
  const requests = reports.reduce((n, r) => n + r.requests, 0)
  const succeeded = reports.reduce((n, r) => n + r.succeeded, 0)
  if (requests === 0 || succeeded > 0) {
    return
  }
  const errors = new Map<string, number>()
  for (const r of reports) {
    for (const [k, v] of Object.entries(r.errors)) {
      errors.set(k, (errors.get(k) ?? 0) + v)
    }
  }
  const reasons = [...errors].sort((a, b) => b[1] - a[1])
  const top = reasons[0]?.[0] ?? 'unknown'
  const hint = FAILURE_HINTS[top] ?? FAILURE_HINTS[top.replace(/^http_(\d)\d\d$/, 'http_$1xx')]
  process.stderr.write(
    `tokenline: all ${requests} requests failed (${reasons.map(([k, v]) => `${k} ${v}`).join(', ')}); ${hint ?? `check that ${target} serves OpenAI-compatible streaming`}\n`
  )
  process.exitCode = EXIT_FAILURE
}

const FAILURE_HINTS: Record<string, string> = {
  connect_refused: 'nothing listens at that address: check the URL and port',
  dns: 'the host name does not resolve',
  tls: 'the TLS handshake failed: for a self-signed certificate add --insecure',
  connect_timeout: 'the connection timed out: check the address and any firewall',
  connect_unreachable: 'no route to that address',
  timeout: 'the server did not answer in time: raise --timeout or check its load',
  stream_aborted: 'the server cut the streams: check its logs and any proxy in between',
  bad_response: 'the answers were not OpenAI-compatible streams: check the path',
  http_4xx: 'the server refused the request: check --model and the path',
  http_5xx: 'the server failed the requests: check its logs',
}

const EXAMPLES = `
Examples:
  # 50 requests, 4 users in a closed loop, report on stdout
  $ tokenline probe http://127.0.0.1:8000 --concurrency 4 --requests 50

  # honest open loop: Poisson arrivals at 5 req/s for 2 minutes, one JSONL record per request
  $ tokenline probe http://127.0.0.1:8000 --rate 5 --duration 2m --out run.jsonl --slo ttft=500ms,tpot=50ms

  # find the knee: sweep rates, 30 s each, and report the way vLLM, GuideLLM and AIPerf would
  $ tokenline probe https://llm.internal --sweep 1,2,4,8 --duration 30s --compat vllm,guidellm,aiperf

  # join the engine's spans: send traceparent and export the client span to Tokenline
  $ tokenline probe http://127.0.0.1:8000 --rate 2 --otlp http://127.0.0.1:4318

  # prompts of 1000-1500 tokens as the model counts them (a local tokenizer.json, no download)
  $ tokenline probe http://127.0.0.1:8000 --input-tokens uniform:1000-1500 --tokenizer ./model/tokenizer.json

  # compare two runs phase by phase (Mann-Whitney U)
  $ tokenline probe compare before.jsonl after.jsonl

Every latency counts from the request's scheduled send time; see docs/probe.md for the definitions.`

/** Registers `tokenline probe` and `tokenline probe compare`. */
export function registerProbeCommand(program: Command): void {
  const probe = program
    .command('probe')
    .description('load generator and latency probe for OpenAI-compatible streaming endpoints')
    .argument('[url]', 'base URL (http://host:port) or full endpoint URL')
    .option('--model <name>', 'model name to request (default: first of GET /v1/models)')
    .option('--api <api>', 'chat or completions', 'chat')
    .option('--rate <r>', 'open loop: requests per second')
    .addOption(
      new Option('--arrival <kind>', 'arrival process for --rate/--sweep')
        .choices(['poisson', 'constant'])
        .default('poisson')
    )
    .option('--ramp-to <r>', 'ramp the rate linearly from --rate to this')
    .option('--ramp-duration <d>', 'length of the ramp (default 60s)')
    .option(
      '--concurrency <n>',
      'closed loop: N users, each sends its next request when the last ends'
    )
    .option('--requests <n>', 'stop after N requests (default 100 when no --duration)')
    .option(
      '--duration <d>',
      'stop scheduling after this long (e.g. 30s, 5m); per step with --sweep'
    )
    .option('--sweep <rates>', 'run one open-loop step per rate, e.g. 1,2,4,8')
    .option('--seed <n>', 'seed for arrivals and synthetic prompts', '1')
    .option(
      '--dataset <file>',
      'JSONL prompts: {"prompt"} | {"messages"} | {"conversations"} | {"turns"}'
    )
    .option(
      '--input-tokens <dist>',
      'synthetic prompt length: N | uniform:A-B | normal:MEAN,SD',
      '128'
    )
    .option(
      '--tokenizer <path>',
      "the model's tokenizer.json (or its folder): --input-tokens and --shared-prefix become model tokens"
    )
    .option(
      '--output-tokens <dist>',
      'max_tokens per request: N | uniform:A-B | normal:MEAN,SD',
      '64'
    )
    .option('--shared-prefix <n>', 'tokens of a shared system prefix (prefix-cache workloads)', '0')
    .option('--prefix-groups <n>', 'distinct shared prefixes to rotate through', '1')
    .option('--turns <n>', 'user turns per conversation (multi-turn carries the history)', '1')
    .option('--http2', 'use HTTP/2 (h2 over TLS, h2c over plain TCP)')
    .option('--new-connection', 'open a fresh connection for every request (no keep-alive)')
    .option('--insecure', 'accept self-signed or invalid TLS certificates')
    .option('--timeout <d>', 'whole-request timeout', '60s')
    .option('--connect-timeout <d>', 'TCP connect + TLS handshake timeout', '10s')
    .option(
      '--header <h>',
      'extra request header "Name: value" (repeatable)',
      (v: string, acc: string[]) => [...acc, v],
      [] as string[]
    )
    .option('--out <file>', 'write one JSONL record per request')
    .option('--raw-gaps', 'add every inter-chunk gap (itl_gaps_ms) to the JSONL records')
    .option('--otlp <url>', 'export a client span per request to this OTLP/HTTP endpoint (JSON)')
    .option('--region <label>', 'where this probe runs (tokenline.client.region)')
    .option('--slo <slo>', 'goodput objectives, e.g. ttft=500ms,tpot=50ms,e2e=10s')
    .addOption(
      new Option(
        '--compat <tools>',
        `also report metrics as these tools define and name them, comma-separated (${COMPAT_TOOLS.join(', ')})`
      )
    )
    .option(
      '--workers <n>',
      'client threads, each with its own event loop and connections; results are merged per request (default: 1)'
    )
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'json']).default('text')
    )
    .addHelpText('after', EXAMPLES)
    .action(async (url: string | undefined, flags: ProbeFlags) => {
      if (url === undefined) {
        throw invalid('expected a target URL, e.g. tokenline probe http://127.0.0.1:8000')
      }
      await runProbeCli(url, flags)
    })

  probe
    .command('compare')
    .description(
      'Compare two probe runs (JSONL from --out) phase by phase with a Mann-Whitney U test'
    )
    .argument('<a>', 'baseline run (JSONL)')
    .argument('<b>', 'candidate run (JSONL)')
    .option(
      '--workers <n>',
      'client threads, each with its own event loop and connections; results are merged per request (default: 1)'
    )
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'json']).default('text')
    )
    .action(async (a: string, b: string, _flags: unknown, cmd: Command) => {
      // `--format` is also a `probe` option, so commander files it under the parent.
      const flags = cmd.optsWithGlobals<{ format: string }>()
      const read = async (path: string): Promise<ReturnType<typeof parseRecords>> => {
        try {
          return parseRecords(await readFile(path, 'utf8'))
        } catch (err) {
          throw new AppError(
            'INPUT_INVALID',
            `cannot read ${path} (${err instanceof Error ? err.message : String(err)})`
          )
        }
      }
      const ra = await read(a)
      const rb = await read(b)
      if (ra.records.length === 0 || rb.records.length === 0) {
        throw new AppError(
          'INPUT_INVALID',
          `expected probe JSONL records in both files (actual: ${ra.records.length} in ${a}, ${rb.records.length} in ${b})`
        )
      }
      const rows = compareRuns(ra.records, rb.records)
      if (flags.format === 'json') {
        process.stdout.write(
          JSON.stringify({ schema: 'tokenline.probe-compare/v1', a, b, phases: rows }) + '\n'
        )
      } else {
        process.stdout.write(renderComparisonText(rows, [a, b]))
      }
    })
}

async function runProbeCli(url: string, flags: ProbeFlags): Promise<void> {
  const controller = new AbortController()
  let interrupts = 0
  const onSigint = (): void => {
    interrupts++
    if (interrupts === 1) {
      process.stderr.write(
        '\ninterrupted: finishing in-flight requests (Ctrl-C again to cut them)\n'
      )
      controller.abort()
    } else {
      process.exit(130)
    }
  }
  process.on('SIGINT', onSigint)
  try {
    const resolved = await resolveProbeOptions(url, flags, controller.signal)
    const model =
      resolved.workload.model ??
      (await discoverModel(resolved.client.url, resolved.client.insecure === true))
    const options: ProbeSessionOptions = { ...resolved, workload: { ...resolved.workload, model } }
    const tty = process.stderr.isTTY === true
    const bar = tty
      ? new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: '{step} [{bar}] {value}/{total} requests | {errors} errors | {eta_formatted}',
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic
        )
      : null
    let done = 0
    let errors = 0
    let exportErrors = 0
    let stepStartMs = performance.now()
    const result = await runProbeSession({
      ...options,
      onStepStart(_index, mode) {
        stepStartMs = performance.now()
        done = 0
        errors = 0
        bar?.stop()
        bar?.start(options.maxRequests ?? Math.round((options.durationMs ?? 0) / 1000), 0, {
          step: describeLoad(mode),
          errors: 0,
        })
      },
      onResult(r) {
        done++
        errors += r.error === null ? 0 : 1
        if (bar !== null) {
          bar.update(
            options.maxRequests !== null
              ? done
              : Math.round((performance.now() - stepStartMs) / 1000),
            { errors }
          )
        }
      },
      onExportError() {
        exportErrors++
      },
    })
    bar?.stop()
    if (flags.format === 'json') {
      process.stdout.write(
        JSON.stringify({
          schema: 'tokenline.probe/v1',
          steps: result.steps.map((s) => ({ ...s.report, compat: s.compat })),
          otlp: result.otlp,
        }) + '\n'
      )
    } else {
      for (const s of result.steps) {
        process.stdout.write(renderReportText(s.report))
        for (const view of s.compat) {
          process.stdout.write(`\nas ${view.tool} defines and names them\n`)
          for (const l of view.lines) {
            process.stdout.write(`  ${l}\n`)
          }
          for (const n of view.notes) {
            process.stdout.write(`  · ${n}\n`)
          }
        }
        process.stdout.write('\n')
      }
      if (result.otlp !== null) {
        process.stdout.write(
          `otlp     ${result.otlp.exported} spans exported, ${result.otlp.failures} failed batches\n`
        )
      }
    }
    if (exportErrors > 0) {
      process.stderr.write(`tokenline: ${exportErrors} OTLP export batches failed\n`)
    }
    reportTotalFailure(
      result.steps.map((s) => s.report),
      url
    )
  } finally {
    process.off('SIGINT', onSigint)
  }
}
