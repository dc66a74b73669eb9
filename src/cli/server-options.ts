import { Option, type Command } from 'commander'
import type { Config } from '../config/schema.js'
import { DEFAULTS } from '../config/defaults.js'
import { ConfigError } from '../core/errors.js'

/**
 * Options shared by `serve` and `demo`: listeners, store, ingest limits, scraping. `dbDefault`
 * is the database the command uses without `--db`, as its help shows it.
 */
export function addServerOptions(cmd: Command, dbDefault: string = DEFAULTS.store.path): Command {
  return cmd
    .option('--host <host>', `address to bind both listeners to (default ${DEFAULTS.server.host})`)
    .option('--port <n>', `UI/API port (default ${DEFAULTS.server.apiPort}; 0 = a free port)`)
    .option(
      '--otlp-port <n>',
      `OTLP/HTTP ingest port (default ${DEFAULTS.server.otlpPort}; 0 = a free port)`
    )
    .option(
      '--otlp-grpc-port <n>',
      `OTLP/gRPC ingest port (default ${DEFAULTS.server.otlpGrpcPort}; 0 = a free port, -1 = no gRPC listener)`
    )
    .option('--db <file>', `DuckDB file (default ${dbDefault}; ':memory:' keeps nothing)`)
    .option(
      '--scrape <target...>',
      'Prometheus endpoint to scrape: [NAME=]URL [label=value ...]; NAME is the replica the metrics belong to (repeatable)'
    )
    .option(
      '--scrape-interval <ms>',
      `scrape interval in milliseconds (default ${DEFAULTS.scrape.intervalMs})`
    )
    .option(
      '--store <url>',
      'ClickHouse store instead of DuckDB: clickhouse://host:8123, clickhouses://host:8443 or chdb:///dir'
    )
    .option('--keep-content', 'keep prompt/completion content attributes (dropped by default)')
    .option(
      '--max-body-bytes <n>',
      `largest OTLP request body accepted, after gunzip (default ${DEFAULTS.ingest.maxBodyBytes})`
    )
    .option(
      '--auth-token-file <file>',
      'require bearer tokens: one "scope token" per line, scopes ingest, read, read:tenant=NAME, admin (docs/security.md)'
    )
    .option(
      '--tls-cert <file>',
      'PEM certificate: serve both listeners over HTTPS (with --tls-key)'
    )
    .option('--tls-key <file>', 'PEM private key of --tls-cert')
    .option(
      '--allowed-host <name...>',
      'host name the UI/API answers to besides loopback and --host (repeatable; * for any)'
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

function portFlag(name: string, raw: unknown): number | undefined {
  const port = intFlag(name, raw)
  if (port !== undefined && port > 65535) {
    throw new ConfigError(`--${name} must be a TCP port from 0 to 65535 (actual: ${port})`)
  }
  return port
}

/** Turns the parsed options of `addServerOptions` into a `Config` layer (flags). */
export function serverFlagsToConfig(opts: Record<string, unknown>): Config {
  const flags: Config = {}
  const server: NonNullable<Config['server']> = {}
  if (typeof opts.host === 'string') {
    server.host = opts.host
  }
  const port = portFlag('port', opts.port)
  if (port !== undefined) {
    server.apiPort = port
  }
  const otlpPort = portFlag('otlp-port', opts.otlpPort)
  if (otlpPort !== undefined) {
    server.otlpPort = otlpPort
  }
  if (opts.otlpGrpcPort !== undefined) {
    const text = String(opts.otlpGrpcPort)
    if (!/^(-1|\d+)$/.test(text)) {
      throw new ConfigError(
        `--otlp-grpc-port must be a port, 0 for a free one or -1 for none (actual: ${JSON.stringify(text)})`
      )
    }
    server.otlpGrpcPort = Number(text)
  }
  if (typeof opts.authTokenFile === 'string') {
    server.authTokenFile = opts.authTokenFile
  }
  if (typeof opts.tlsCert === 'string') {
    server.tlsCert = opts.tlsCert
  }
  if (typeof opts.tlsKey === 'string') {
    server.tlsKey = opts.tlsKey
  }
  if (Array.isArray(opts.allowedHost)) {
    server.allowedHosts = opts.allowedHost.map(String)
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
