import { Option, type Command } from 'commander'
import type { Config } from '../config/schema.js'
import { ConfigError } from '../core/errors.js'

/** Options shared by `serve` and `demo`: listeners, store, ingest limits, scraping. */
export function addServerOptions(cmd: Command): Command {
  return cmd
    .option('--host <host>', 'address to bind both listeners to (default 127.0.0.1)')
    .option('--port <n>', 'UI/API port (default 4320; 0 = a free port)')
    .option('--otlp-port <n>', 'OTLP/HTTP ingest port (default 4318; 0 = a free port)')
    .option(
      '--db <file>',
      "DuckDB file (default .tokenline/tokenline.duckdb; ':memory:' keeps nothing)"
    )
    .option(
      '--store <url>',
      'ClickHouse store instead of DuckDB: clickhouse://host:8123, clickhouses://host:8443 or chdb:///dir'
    )
    .option('--scrape <url...>', 'Prometheus endpoint to scrape (repeatable)')
    .option('--scrape-interval <ms>', 'scrape interval in milliseconds (default 15000)')
    .option('--keep-content', 'keep prompt/completion content attributes (dropped by default)')
    .option(
      '--max-body-bytes <n>',
      'largest OTLP request body accepted, after gunzip (default 16777216)'
    )
    .option('--config <file>', 'config file (YAML or JSON; default ./tokenline.yaml if present)')
    .addOption(
      new Option('--log-level <level>', 'log level').choices([
        'debug',
        'info',
        'warn',
        'error',
        'silent',
      ])
    )
}

function intFlag(name: string, raw: unknown): number | undefined {
  if (raw === undefined) {
    return undefined
  }
  const text = String(raw)
  if (!/^\d+$/.test(text)) {
    throw new ConfigError(
      `--${name} must be a non-negative integer (actual: ${JSON.stringify(text)})`
    )
  }
  return Number(text)
}

/** Turns the parsed options of `addServerOptions` into a `Config` layer (flags). */
export function serverFlagsToConfig(opts: Record<string, unknown>): Config {
  const flags: Config = {}
  const server: NonNullable<Config['server']> = {}
  if (typeof opts.host === 'string') {
    server.host = opts.host
  }
  const port = intFlag('port', opts.port)
  if (port !== undefined) {
    server.apiPort = port
  }
  const otlpPort = intFlag('otlp-port', opts.otlpPort)
  if (otlpPort !== undefined) {
    server.otlpPort = otlpPort
  }
  if (Object.keys(server).length > 0) {
    flags.server = server
  }
  if (typeof opts.db === 'string') {
    flags.store =
      opts.db === ':memory:'
        ? { kind: 'memory', path: ':memory:' }
        : { kind: 'duckdb', path: opts.db }
  }
  if (typeof opts.store === 'string') {
    if (!/^(clickhouses?|https?|chdb):/.test(opts.store)) {
      throw new ConfigError(
        `--store must be a ClickHouse URL (clickhouse://, clickhouses://, http(s)://, chdb://) (actual: ${JSON.stringify(opts.store)})`
      )
    }
    flags.store = { kind: 'clickhouse' }
    flags.clickhouse = { url: opts.store }
  }
  const ingest: NonNullable<Config['ingest']> = {}
  if (opts.keepContent === true) {
    ingest.keepContent = true
  }
  const maxBody = intFlag('max-body-bytes', opts.maxBodyBytes)
  if (maxBody !== undefined) {
    ingest.maxBodyBytes = maxBody
  }
  if (Object.keys(ingest).length > 0) {
    flags.ingest = ingest
  }
  const scrape: NonNullable<Config['scrape']> = {}
  if (Array.isArray(opts.scrape)) {
    scrape.targets = opts.scrape.map(String)
  }
  const interval = intFlag('scrape-interval', opts.scrapeInterval)
  if (interval !== undefined) {
    scrape.intervalMs = interval
  }
  if (Object.keys(scrape).length > 0) {
    flags.scrape = scrape
  }
  if (typeof opts.logLevel === 'string') {
    flags.log = { level: opts.logLevel as 'info' }
  }
  return flags
}
