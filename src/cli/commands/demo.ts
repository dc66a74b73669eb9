import { rm, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Command } from 'commander'
import { runDiagnosis } from '../../core/diagnosis/run-diagnosis.js'
import { loadConfig } from '../../config/load.js'
import {
  renderDiagnosisMarkdown,
  renderDiagnosisText,
} from '../../core/diagnosis/explain/render.js'
import { AppError } from '../../core/errors.js'
import { importPaths } from '../../ingest/import/import.js'
import { createConsoleLogger } from '../../server/logger.js'
import { startServer } from '../../server/main.js'
import { parseDurationFlag } from '../duration-flag.js'
import { getScenario, listScenarios } from '../../sim/index.js'
import { simulateToDirectory } from '../../sim/node/write-files.js'
import { createProgress } from '../progress.js'
import { addServerOptions, serverFlagsToConfig } from '../server-options.js'
import { findWebRoot } from './serve.js'
import { closeOnSignal } from '../shutdown.js'

/** A canary that is slower than the stable version: a change event, a scoped tail, a clear action. */
export const DEFAULT_DEMO_SCENARIO = 'version-regression'
const DEFAULT_DEMO_DB = '.tokenline/demo.duckdb'

async function removeDb(path: string): Promise<void> {
  await Promise.all([rm(path, { force: true }), rm(`${path}.wal`, { force: true })])
}

export function registerDemoCommand(program: Command): void {
  const cmd = program
    .command('demo')
    .description(
      'simulate an inference cluster with a real fault, ingest it, print the diagnosis and serve the dashboard'
    )
    .option(
      '--scenario <name>',
      `scenario to simulate (see \`tokenline simulate --list\`)`,
      DEFAULT_DEMO_SCENARIO
    )
    .option('--seed <n>', 'random seed (same seed, same data)', '1')
    .option('--duration <d>', 'simulated time, e.g. 20m or 1h', '20m')
    .option('--once', 'print the diagnosis and exit instead of serving the dashboard')
    .option('--format <fmt>', 'diagnosis output: text, json or markdown', 'text')
  addServerOptions(cmd, DEFAULT_DEMO_DB)
    .addHelpText(
      'after',
      `
The simulated data ends now, so the dashboard's default "last 30 minutes" shows it. The demo
database (${DEFAULT_DEMO_DB} unless --db is given) is recreated on every run.

Examples:
  $ tokenline demo                                  # default scenario, dashboard on :4320
  $ tokenline demo --scenario node-degraded --port 0
  $ tokenline demo --once --format json             # just the diagnosis JSON`
    )
    .action(async (opts: Record<string, unknown>) => {
      const scenario = String(opts.scenario)
      if (getScenario(scenario) === undefined) {
        throw new AppError(
          'INPUT_INVALID',
          `unknown scenario ${JSON.stringify(scenario)}; expected one of: ${listScenarios()
            .map((s) => s.name)
            .join(', ')}`
        )
      }
      const format = String(opts.format)
      if (!['text', 'json', 'markdown'].includes(format)) {
        throw new AppError(
          'INPUT_INVALID',
          `--format must be text, json or markdown (actual: ${format})`
        )
      }
      const seed = Number(opts.seed)
      if (!Number.isInteger(seed) || seed < 0) {
        throw new AppError(
          'INPUT_INVALID',
          `--seed must be a non-negative integer (actual: ${String(opts.seed)})`
        )
      }
      const durationMs = parseDurationFlag('--duration', String(opts.duration))
      const flags = serverFlagsToConfig(opts)
      if (flags.store === undefined) {
        flags.store = { kind: 'duckdb', path: DEFAULT_DEMO_DB }
      }
      const { config, warnings } = await loadConfig({
        flags,
        ...(typeof opts.config === 'string' ? { configPath: opts.config } : {}),
      })
      const logger = createConsoleLogger(opts.logLevel === undefined ? 'warn' : config.log.level)
      for (const w of warnings) {
        logger.warn(w)
      }
      if (config.store.kind === 'duckdb') {
        await removeDb(config.store.path)
      }

      const outDir = await mkdtemp(join(tmpdir(), 'tokenline-demo-'))
      const progress = createProgress('simulate')
      const sim = await simulateToDirectory({
        scenario,
        seed,
        durationMs,
        outDir,
        startMs: Date.now() - durationMs,
        onProgress: (f) => progress.update(f),
      })
      progress.stop()
      process.stderr.write(
        `Simulated ${sim.requests} requests, ${sim.metricSamples} metric samples, ${sim.events} events (${scenario}, seed ${seed}).\n`
      )

      const webRoot = findWebRoot()
      const server = await startServer(config, logger, webRoot === undefined ? {} : { webRoot })
      try {
        const ingestBar = createProgress('ingest')
        // The simulator writes its events twice (JSONL and a Kubernetes list); ingest one copy.
        const files = sim.files
          .filter((f) => f !== 'events-k8s.json' && f !== 'expected.json')
          .map((f) => join(outDir, f))
        await importPaths(files, server.ingest, {
          onProgress: (done: number, total: number) =>
            ingestBar.update(total > 0 ? done / total : 1),
        })
        await server.ingest.flush()
        ingestBar.stop()
        await rm(outDir, { recursive: true, force: true })

        const { diagnosis, skipped } = await runDiagnosis(server.store, {})
        const injected = sim.expected.causes
          .map(
            (c) =>
              `${c.cause}${c.scope.dimension ? ` (${c.scope.dimension}=${c.scope.value})` : ''}`
          )
          .join(', ')
        if (format === 'json') {
          process.stdout.write(`${JSON.stringify(diagnosis, null, 2)}\n`)
        } else {
          process.stdout.write(
            format === 'markdown'
              ? renderDiagnosisMarkdown(diagnosis, skipped)
              : renderDiagnosisText(diagnosis, skipped)
          )
          process.stdout.write(
            `\nInjected by the simulator: ${injected === '' ? 'nothing (a healthy run)' : injected}\n`
          )
        }
        if (opts.once === true) {
          return
        }
        const stream = format === 'json' ? process.stderr : process.stdout
        stream.write(
          `\nDashboard: ${server.apiUrl}/\nOTLP/HTTP: ${server.otlpUrl}\nOTLP/gRPC: ${server.otlpGrpcUrl ?? 'off'}\nPress Ctrl-C to stop.\n`
        )
        if (webRoot === undefined) {
          logger.warn('dashboard not built: run `npm run build:web` (the API works without it)')
        }
        await closeOnSignal(() => Promise.resolve())
      } finally {
        await server.close()
      }
    })
}
