import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Command } from 'commander'
import { loadConfig } from '../../config/load.js'
import { createConsoleLogger } from '../../server/logger.js'
import { startServer } from '../../server/main.js'
import { addServerOptions, serverFlagsToConfig } from '../server-options.js'
import { whenStopRequested } from '../shutdown.js'

/** The built dashboard, when `npm install` (prepare) or `npm run build:web` produced it. */
export function findWebRoot(): string | undefined {
  const root = fileURLToPath(new URL('../../../dist/web/', import.meta.url))
  return existsSync(`${root}index.html`) ? root : undefined
}

export function registerServeCommand(program: Command): void {
  const cmd = program
    .command('serve')
    .description(
      'run the ingest server (OTLP/HTTP, Prometheus scraping, events) with the dashboard and query API'
    )
  addServerOptions(cmd)
    .addHelpText(
      'after',
      `
Listeners:
  OTLP/HTTP  POST /v1/traces, POST /v1/metrics   (default 127.0.0.1:4318)
  OTLP/gRPC  TraceService/Export, MetricsService/Export (default 127.0.0.1:4317; -1 = off)
  UI/API     dashboard, GET /api/*, POST /api/events (default 127.0.0.1:4320)

Examples:
  $ tokenline serve
  $ tokenline serve --db /var/lib/tokenline/prod.duckdb --scrape http://10.0.0.5:8000/metrics
  $ tokenline serve --scrape vllm-0=http://10.0.0.5:8000/metrics --scrape vllm-1=http://10.0.0.6:8000/metrics
  $ tokenline serve --port 0 --otlp-port 0 --otlp-grpc-port 0 --db :memory:   # free ports, nothing kept
  $ tokenline serve --host 0.0.0.0 --allowed-host tokenline.internal \\
      --auth-token-file /etc/tokenline/tokens --tls-cert cert.pem --tls-key key.pem
  $ OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 your-gateway   # point exporters here`
    )
    .action(async (opts: Record<string, unknown>) => {
      // Before anything is opened: a signal during start-up stops the server once it is up.
      const stopRequested = whenStopRequested()
      const { config, warnings } = await loadConfig({
        flags: serverFlagsToConfig(opts),
        ...(typeof opts.config === 'string' ? { configPath: opts.config } : {}),
      })
      const logger = createConsoleLogger(config.log.level)
      for (const w of warnings) {
        logger.warn(w)
      }
      const webRoot = findWebRoot()
      const server = await startServer(config, logger, webRoot === undefined ? {} : { webRoot })
      process.stdout.write(
        `Tokenline is listening\n  OTLP/HTTP: ${server.otlpUrl}  (POST /v1/traces, /v1/metrics)\n  OTLP/gRPC: ${server.otlpGrpcUrl === null ? 'off (--otlp-grpc-port -1)' : `${server.otlpGrpcUrl}  (TraceService/Export, MetricsService/Export)`}\n  Dashboard: ${server.apiUrl}/\n  API:       ${server.apiUrl}/api/health\n  Store:     ${config.store.kind === 'memory' ? 'memory' : config.store.path}\n`
      )
      if (webRoot === undefined) {
        logger.warn('dashboard not built: run `npm run build:web` (the API works without it)')
      }
      const signal = await stopRequested
      logger.info(`${signal} received: stopping (a second signal exits at once)`)
      await server.close()
    })
}
