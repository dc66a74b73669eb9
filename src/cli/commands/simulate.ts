import type { Command } from 'commander'
import { Option } from 'commander'
import cliProgress from 'cli-progress'
import { AppError } from '../../core/errors.js'
import { createSilentLogger } from '../../core/logger.js'
import { DEFAULT_DURATION_MS, listScenarios } from '../../sim/index.js'
import { simulateLive } from '../../sim/node/live.js'
import { simulateToDirectory } from '../../sim/node/write-files.js'
import { onStopSignal } from '../shutdown.js'
import { parseDurationFlag } from '../duration-flag.js'
import { addTokenFileOption, readClientToken } from '../client-token.js'

const EXAMPLES = `
Examples:
  $ tokenline simulate --list
  $ tokenline simulate --scenario node-degraded --seed 7 --duration 30m --out ./sim-node
  $ tokenline diagnose ./sim-node --format json          # compare with ./sim-node/expected.json
  $ tokenline simulate --scenario healthy --rate 20 --duration 2h --out ./big
  $ tokenline simulate --scenario gateway-connection-limit --otlp http://127.0.0.1:4318 \\
      --api http://127.0.0.1:4320 --scrape-port 9400 --speed 60
  $ tokenline serve --scrape http://127.0.0.1:9400/metrics   # so the server scrapes the simulated /metrics

Files written to --out: traces.jsonl (OTLP/JSON, one ExportTraceServiceRequest a line),
metrics.om (OpenMetrics with timestamps, promtool backfill format), events.jsonl and
events-k8s.json (the same change events in both formats), expected.json (injected causes).
With --otlp/--api/--scrape-port the same telemetry is played live against a running server,
--speed times faster than real time (1 or "realtime" = real time).`

function parseIntOption(name: string, text: string): number {
  const v = Number(text)
  if (!Number.isSafeInteger(v) || v < 0) {
    throw new AppError('INPUT_INVALID', `expected a whole number for ${name}, got "${text}"`)
  }
  return v
}

function parsePositive(name: string, text: string): number {
  const v = Number(text)
  if (!Number.isFinite(v) || v <= 0) {
    throw new AppError('INPUT_INVALID', `expected a positive number for ${name}, got "${text}"`)
  }
  return v
}

interface SimulateFlags {
  list?: boolean
  format: 'text' | 'json'
  scenario?: string
  seed: string
  duration: string
  out?: string
  rate?: string
  probeShare?: string
  start?: string
  otlp?: string
  api?: string
  scrapePort?: string
  speed: string
  tokenFile?: string
}

/** `tokenline simulate`: writes or plays a simulated platform's telemetry. */
export function registerSimulateCommand(program: Command): void {
  addTokenFileOption(program.command('simulate'), 'ingest, for --otlp and --api')
    .description(
      'simulate an LLM serving platform and write (or send live) its telemetry, with a known cause injected'
    )
    .option('--list', 'list the scenarios and the causes they inject')
    .addOption(
      new Option('--format <format>', 'output of --list and the summary')
        .choices(['text', 'json'])
        .default('text')
    )
    .option('--scenario <name>', 'scenario to run (see --list)')
    .option('--seed <n>', 'seed; the same seed gives the same bytes', '1')
    .option('--duration <d>', 'simulated time: 90s, 30m, 2h', `${DEFAULT_DURATION_MS / 60_000}m`)
    .option('--out <dir>', 'write files into this folder')
    .option('--rate <r>', "replace the scenario's base arrival rate (requests/s)")
    .option('--probe-share <p>', 'share of requests with a probe client span (0..1)')
    .option(
      '--start <iso>',
      'RFC 3339 start of the simulated time (files only; default 2025-06-02T09:00:00Z)'
    )
    .option('--otlp <url>', 'send traces live to this OTLP/HTTP base URL (POST /v1/traces)')
    .option(
      '--api <url>',
      'send change events live to this Tokenline API base URL (POST /api/events)'
    )
    .option(
      '--scrape-port <n>',
      'serve the current metrics at http://127.0.0.1:<n>/metrics while playing live'
    )
    .option('--speed <x>', 'live mode: simulated seconds per real second, or "realtime"', '60')
    .addHelpText('after', EXAMPLES)
    .action(async (flags: SimulateFlags) => {
      if (flags.list === true) {
        const list = listScenarios()
        if (flags.format === 'json') {
          process.stdout.write(JSON.stringify(list, null, 2) + '\n')
        } else {
          const width = Math.max(...list.map((s) => s.name.length))
          for (const s of list) {
            process.stdout.write(`${s.name.padEnd(width)}  ${s.causes.join(' + ')}  ${s.summary}\n`)
          }
        }
        return
      }
      if (flags.scenario === undefined) {
        throw new AppError('INPUT_INVALID', 'expected --scenario NAME (or --list), got neither')
      }
      const live =
        flags.otlp !== undefined || flags.api !== undefined || flags.scrapePort !== undefined
      if (!live && flags.out === undefined) {
        throw new AppError(
          'INPUT_INVALID',
          'expected --out DIR, or --otlp/--api/--scrape-port for live mode, got none'
        )
      }
      const seed = parseIntOption('--seed', flags.seed)
      // The simulator steps in whole milliseconds.
      const durationMs = Math.round(parseDurationFlag('--duration', flags.duration))
      const rate = flags.rate === undefined ? undefined : parsePositive('--rate', flags.rate)
      const probeShare = flags.probeShare === undefined ? undefined : Number(flags.probeShare)
      if (probeShare !== undefined && !(probeShare >= 0 && probeShare <= 1)) {
        throw new AppError(
          'INPUT_INVALID',
          `expected --probe-share between 0 and 1, got "${flags.probeShare}"`
        )
      }
      let startMs: number | undefined
      if (flags.start !== undefined) {
        startMs = Date.parse(flags.start)
        if (Number.isNaN(startMs)) {
          throw new AppError(
            'INPUT_INVALID',
            `expected an RFC 3339 time for --start, got "${flags.start}"`
          )
        }
      }
      const bar =
        process.stderr.isTTY === true
          ? new cliProgress.SingleBar(
              {
                format: 'simulating [{bar}] {percentage}% | {eta_formatted} left',
                stream: process.stderr,
                hideCursor: true,
              },
              cliProgress.Presets.shades_classic
            )
          : null
      bar?.start(1000, 0)
      const onProgress = (f: number): void => bar?.update(Math.round(f * 1000))
      try {
        if (live) {
          const speed = flags.speed === 'realtime' ? 1 : parsePositive('--speed', flags.speed)
          const token = await readClientToken(flags.tokenFile)
          // A stop signal ends the playback after the batch in flight; the summary still prints.
          const stop = new AbortController()
          const removeStopHandlers = onStopSignal(() => stop.abort())
          const summary = await simulateLive({
            scenario: flags.scenario,
            seed,
            durationMs,
            speed,
            token,
            ...(flags.otlp === undefined ? {} : { otlpUrl: flags.otlp }),
            ...(flags.api === undefined ? {} : { apiUrl: flags.api }),
            ...(flags.scrapePort === undefined
              ? {}
              : { scrapePort: parseIntOption('--scrape-port', flags.scrapePort) }),
            ...(rate === undefined ? {} : { ratePerSec: rate }),
            ...(probeShare === undefined ? {} : { probeShare }),
            logger: createSilentLogger(),
            now: () => Date.now(),
            sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
            onProgress,
            onScrapeListening: (url) => process.stderr.write(`serving metrics at ${url}\n`),
            signal: stop.signal,
          }).finally(removeStopHandlers)
          bar?.stop()
          if (flags.format === 'json') {
            process.stdout.write(JSON.stringify(summary, null, 2) + '\n')
          } else {
            process.stdout.write(
              `played ${summary.requests} requests (${summary.postedBatches} posts, ${summary.failedPosts} failed), ${summary.events} events\n`
            )
          }
          if (summary.failedPosts > 0) {
            process.exitCode = 1
          }
          return
        }
        const summary = await simulateToDirectory({
          scenario: flags.scenario,
          seed,
          durationMs,
          outDir: flags.out!,
          onProgress,
          ...(startMs === undefined ? {} : { startMs }),
          ...(rate === undefined ? {} : { ratePerSec: rate }),
          ...(probeShare === undefined ? {} : { probeShare }),
        })
        bar?.stop()
        if (flags.format === 'json') {
          process.stdout.write(JSON.stringify(summary, null, 2) + '\n')
        } else {
          process.stdout.write(
            `wrote ${summary.requests} requests, ${summary.metricSamples} metric samples, ${summary.events} events to ${summary.outDir}\n` +
              `injected: ${summary.expected.causes.map((c) => `${c.cause}${c.scope.dimension ? ` (${c.scope.dimension}=${c.scope.value})` : ''}`).join(', ') || 'none (healthy)'}\n`
          )
        }
      } finally {
        bar?.stop()
      }
    })
}
