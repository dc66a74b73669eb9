import { readFile } from 'node:fs/promises'
import { get as httpGet } from 'node:http'
import { get as httpsGet } from 'node:https'
import cliProgress from 'cli-progress'
import type { Command } from 'commander'
import { Option } from 'commander'
import { AppError, errorMessage, isAppError } from '../../core/errors.js'
import { EXIT_FAILURE } from '../report-error.js'
import { compareRuns, parseRecords, renderComparisonText } from '../../probe/compare.js'
import { COMPAT_TOOLS } from '../../probe/compat.js'
import { renderReportText, type ProbeReport } from '../../probe/report.js'
import {
  describeLoad,
  runProbeSession,
  type ProbeSessionOptions,
} from '../../probe/probe-session.js'
import { resolveProbeOptions, type ProbeFlags } from '../../probe/resolve-options.js'
import { raiseToRealtime, readScheduling } from '../../probe/realtime.js'
import { onStopSignal } from '../shutdown.js'
import { readClientToken, TOKEN_ENV } from '../client-token.js'
import { checkOtlpToken } from '../../client/otlp-exporter.js'

const invalid = (msg: string): AppError => new AppError('INPUT_INVALID', msg)

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
      `cannot discover the model from GET ${url.href} (${errorMessage(err)}); pass --model NAME`
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
    .option(
      '--token-file <file>',
      `file holding the bearer token (ingest scope) for --otlp, when the receiver requires one; else $${TOKEN_ENV}`
    )
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
    .option(
      '--realtime',
      'run the probe under SCHED_FIFO (Linux, root or CAP_SYS_NICE) so its time stamps never wait for a core behind other processes; refused → a warning, and the run goes on'
    )
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'json']).default('text')
    )
    .addHelpText('after', EXAMPLES)
    .action(async (url: string | undefined, flags: ProbeCliFlags) => {
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
          throw new AppError('INPUT_INVALID', `cannot read ${path} (${errorMessage(err)})`)
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

/** The probe's flags, with the CLI's own `--token-file` for the `--otlp` receiver. */
type ProbeCliFlags = ProbeFlags & { tokenFile?: string }

async function runProbeCli(url: string, flags: ProbeCliFlags): Promise<void> {
  const controller = new AbortController()
  const removeStopHandlers = onStopSignal((signal) => {
    process.stderr.write(
      `\n${signal === 'SIGINT' ? 'interrupted' : `${signal} received`}: finishing in-flight requests (a second signal cuts them)\n`
    )
    controller.abort()
  })
  try {
    const resolved = await resolveProbeOptions(url, flags, controller.signal)
    const model =
      resolved.workload.model ??
      (await discoverModel(resolved.client.url, resolved.client.insecure === true))
    let otlpToken: string | null = null
    if (resolved.otlpEndpoint !== null) {
      otlpToken = await readClientToken(flags.tokenFile)
      // Before the run, not after it: a refused token would otherwise lose every span.
      await checkOtlpToken(resolved.otlpEndpoint, otlpToken)
    }
    const options: ProbeSessionOptions = {
      ...resolved,
      otlpToken,
      workload: { ...resolved.workload, model },
    }
    // Raised before the first connection, so warm-up and every stamp run under the same policy.
    const realtime = flags.realtime === true ? raiseToRealtime() : null
    if (realtime?.refused != null) {
      process.stderr.write(
        `tokenline: --realtime not applied: ${realtime.refused}; measuring under the ordinary scheduler\n`
      )
    }
    const scheduling = {
      realtimeRequested: flags.realtime === true,
      ...(realtime?.scheduling ?? readScheduling() ?? { policy: null, priority: null }),
      refused: realtime?.refused ?? null,
    }
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
    let authError: AppError | null = null
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
      onExportError(err) {
        exportErrors++
        if (authError === null && isAppError(err) && err.code === 'AUTH_FAILED') {
          authError = err
        }
      },
    })
    bar?.stop()
    if (flags.format === 'json') {
      process.stdout.write(
        JSON.stringify({
          schema: 'tokenline.probe/v1',
          steps: result.steps.map((s) => ({ ...s.report, compat: s.compat })),
          otlp: result.otlp,
          scheduling,
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
      if (scheduling.realtimeRequested) {
        process.stdout.write(
          `sched    ${scheduling.policy ?? 'unknown'}${scheduling.priority ? ` ${scheduling.priority}` : ''}${scheduling.refused === null ? ' (--realtime)' : ' (--realtime refused)'}\n`
        )
      }
    }
    if (exportErrors > 0) {
      process.stderr.write(`tokenline: ${exportErrors} OTLP export batches failed\n`)
    }
    if (authError !== null) {
      throw authError
    }
    reportTotalFailure(
      result.steps.map((s) => s.report),
      url
    )
  } finally {
    removeStopHandlers()
  }
}
