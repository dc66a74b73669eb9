import { ConfigError } from '../core/errors.js'
import { DEFAULTS } from './defaults.js'
import { configSchema, type Config, type ResolvedConfig } from './schema.js'
import { parseSloSettings } from './slo.js'

type LeafKind = 'string' | 'int' | 'bool' | 'list'

interface Leaf {
  section: 'server' | 'store' | 'clickhouse' | 'ingest' | 'scrape' | 'api' | 'metrics' | 'log'
  key: string
  kind: LeafKind
  /** Environment variables, most specific first; the first one set wins. */
  env: string[]
}

/** Every scalar config key, its type and its environment variables (documented in docs/config.md). */
export const CONFIG_LEAVES: readonly Leaf[] = [
  {
    section: 'server',
    key: 'host',
    kind: 'string',
    env: ['TOKENLINE_SERVER_HOST', 'TOKENLINE_HOST'],
  },
  {
    section: 'server',
    key: 'apiPort',
    kind: 'int',
    env: ['TOKENLINE_SERVER_API_PORT', 'TOKENLINE_PORT'],
  },
  {
    section: 'server',
    key: 'otlpPort',
    kind: 'int',
    env: ['TOKENLINE_SERVER_OTLP_PORT', 'TOKENLINE_OTLP_PORT'],
  },
  {
    section: 'server',
    key: 'otlpGrpcPort',
    kind: 'int',
    env: ['TOKENLINE_SERVER_OTLP_GRPC_PORT', 'TOKENLINE_OTLP_GRPC_PORT'],
  },
  {
    section: 'server',
    key: 'authTokenFile',
    kind: 'string',
    env: ['TOKENLINE_AUTH_TOKEN_FILE'],
  },
  { section: 'server', key: 'tlsCert', kind: 'string', env: ['TOKENLINE_TLS_CERT'] },
  { section: 'server', key: 'tlsKey', kind: 'string', env: ['TOKENLINE_TLS_KEY'] },
  {
    section: 'server',
    key: 'allowedHosts',
    kind: 'list',
    env: ['TOKENLINE_SERVER_ALLOWED_HOSTS'],
  },
  {
    section: 'server',
    key: 'allowedOrigins',
    kind: 'list',
    env: ['TOKENLINE_SERVER_ALLOWED_ORIGINS'],
  },
  {
    section: 'server',
    key: 'headersTimeoutMs',
    kind: 'int',
    env: ['TOKENLINE_SERVER_HEADERS_TIMEOUT_MS'],
  },
  {
    section: 'server',
    key: 'requestTimeoutMs',
    kind: 'int',
    env: ['TOKENLINE_SERVER_REQUEST_TIMEOUT_MS'],
  },
  {
    section: 'server',
    key: 'keepAliveTimeoutMs',
    kind: 'int',
    env: ['TOKENLINE_SERVER_KEEP_ALIVE_TIMEOUT_MS'],
  },
  {
    section: 'server',
    key: 'maxConnections',
    kind: 'int',
    env: ['TOKENLINE_SERVER_MAX_CONNECTIONS'],
  },
  {
    section: 'server',
    key: 'maxConnectionsPerIp',
    kind: 'int',
    env: ['TOKENLINE_SERVER_MAX_CONNECTIONS_PER_IP'],
  },
  {
    section: 'server',
    key: 'grpcMaxConcurrentStreams',
    kind: 'int',
    env: ['TOKENLINE_SERVER_GRPC_MAX_CONCURRENT_STREAMS'],
  },
  {
    section: 'server',
    key: 'grpcKeepaliveTimeMs',
    kind: 'int',
    env: ['TOKENLINE_SERVER_GRPC_KEEPALIVE_TIME_MS'],
  },
  {
    section: 'server',
    key: 'grpcKeepaliveTimeoutMs',
    kind: 'int',
    env: ['TOKENLINE_SERVER_GRPC_KEEPALIVE_TIMEOUT_MS'],
  },
  {
    section: 'server',
    key: 'grpcMaxConnectionIdleMs',
    kind: 'int',
    env: ['TOKENLINE_SERVER_GRPC_MAX_CONNECTION_IDLE_MS'],
  },
  {
    section: 'server',
    key: 'grpcMaxConnectionAgeMs',
    kind: 'int',
    env: ['TOKENLINE_SERVER_GRPC_MAX_CONNECTION_AGE_MS'],
  },
  { section: 'store', key: 'kind', kind: 'string', env: ['TOKENLINE_STORE_KIND'] },
  { section: 'store', key: 'path', kind: 'string', env: ['TOKENLINE_STORE_PATH', 'TOKENLINE_DB'] },
  {
    section: 'store',
    key: 'duckDbThreads',
    kind: 'int',
    env: ['TOKENLINE_STORE_DUCKDB_THREADS'],
  },
  { section: 'clickhouse', key: 'url', kind: 'string', env: ['TOKENLINE_CLICKHOUSE_URL'] },
  {
    section: 'clickhouse',
    key: 'database',
    kind: 'string',
    env: ['TOKENLINE_CLICKHOUSE_DATABASE'],
  },
  { section: 'clickhouse', key: 'user', kind: 'string', env: ['TOKENLINE_CLICKHOUSE_USER'] },
  { section: 'clickhouse', key: 'caFile', kind: 'string', env: ['TOKENLINE_CLICKHOUSE_CA_FILE'] },
  { section: 'clickhouse', key: 'ttlDays', kind: 'int', env: ['TOKENLINE_CLICKHOUSE_TTL_DAYS'] },
  {
    section: 'clickhouse',
    key: 'tracesTable',
    kind: 'string',
    env: ['TOKENLINE_CLICKHOUSE_TRACES_TABLE'],
  },
  { section: 'clickhouse', key: 'metricsGaugeTable', kind: 'string', env: [] },
  { section: 'clickhouse', key: 'metricsSumTable', kind: 'string', env: [] },
  { section: 'clickhouse', key: 'metricsHistogramTable', kind: 'string', env: [] },
  { section: 'clickhouse', key: 'assemble', kind: 'bool', env: ['TOKENLINE_CLICKHOUSE_ASSEMBLE'] },
  { section: 'clickhouse', key: 'assembleLookbackMs', kind: 'int', env: [] },
  { section: 'ingest', key: 'maxBodyBytes', kind: 'int', env: ['TOKENLINE_INGEST_MAX_BODY_BYTES'] },
  {
    section: 'ingest',
    key: 'maxQueueItems',
    kind: 'int',
    env: ['TOKENLINE_INGEST_MAX_QUEUE_ITEMS'],
  },
  {
    section: 'ingest',
    key: 'maxQueueSpans',
    kind: 'int',
    env: ['TOKENLINE_INGEST_MAX_QUEUE_SPANS'],
  },
  {
    section: 'ingest',
    key: 'maxQueueBytes',
    kind: 'int',
    env: ['TOKENLINE_INGEST_MAX_QUEUE_BYTES'],
  },
  {
    section: 'ingest',
    key: 'maxQueueDelayMs',
    kind: 'int',
    env: ['TOKENLINE_INGEST_MAX_QUEUE_DELAY_MS'],
  },
  {
    section: 'ingest',
    key: 'maxInFlightBytes',
    kind: 'int',
    env: ['TOKENLINE_INGEST_MAX_IN_FLIGHT_BYTES'],
  },
  {
    section: 'ingest',
    key: 'memoryLimitBytes',
    kind: 'int',
    env: ['TOKENLINE_INGEST_MEMORY_LIMIT_BYTES'],
  },
  {
    section: 'ingest',
    key: 'maxFutureSkewMs',
    kind: 'int',
    env: ['TOKENLINE_INGEST_MAX_FUTURE_SKEW_MS'],
  },
  { section: 'ingest', key: 'quietMs', kind: 'int', env: ['TOKENLINE_INGEST_QUIET_MS'] },
  { section: 'ingest', key: 'keepContent', kind: 'bool', env: ['TOKENLINE_INGEST_KEEP_CONTENT'] },
  { section: 'ingest', key: 'llmRoutes', kind: 'list', env: ['TOKENLINE_INGEST_LLM_ROUTES'] },
  {
    section: 'ingest',
    key: 'decodeWorkers',
    kind: 'int',
    env: ['TOKENLINE_INGEST_DECODE_WORKERS'],
  },
  { section: 'scrape', key: 'targets', kind: 'list', env: ['TOKENLINE_SCRAPE_TARGETS'] },
  { section: 'scrape', key: 'intervalMs', kind: 'int', env: ['TOKENLINE_SCRAPE_INTERVAL_MS'] },
  { section: 'scrape', key: 'timeoutMs', kind: 'int', env: ['TOKENLINE_SCRAPE_TIMEOUT_MS'] },
  { section: 'api', key: 'maxWindowMs', kind: 'int', env: ['TOKENLINE_API_MAX_WINDOW_MS'] },
  { section: 'api', key: 'maxBuckets', kind: 'int', env: ['TOKENLINE_API_MAX_BUCKETS'] },
  { section: 'api', key: 'maxRows', kind: 'int', env: ['TOKENLINE_API_MAX_ROWS'] },
  {
    section: 'api',
    key: 'maxFilterValues',
    kind: 'int',
    env: ['TOKENLINE_API_MAX_FILTER_VALUES'],
  },
  {
    section: 'api',
    key: 'maxDiagnosisBytes',
    kind: 'int',
    env: ['TOKENLINE_API_MAX_DIAGNOSIS_BYTES'],
  },
  { section: 'api', key: 'maxImportBytes', kind: 'int', env: ['TOKENLINE_API_MAX_IMPORT_BYTES'] },
  {
    section: 'metrics',
    key: 'dimensions',
    kind: 'list',
    env: ['TOKENLINE_METRICS_DIMENSIONS'],
  },
  {
    section: 'metrics',
    key: 'maxLabelSets',
    kind: 'int',
    env: ['TOKENLINE_METRICS_MAX_LABEL_SETS'],
  },
  {
    section: 'metrics',
    key: 'findingsWindowMs',
    kind: 'int',
    env: ['TOKENLINE_METRICS_FINDINGS_WINDOW_MS'],
  },
  {
    section: 'metrics',
    key: 'findingsIntervalMs',
    kind: 'int',
    env: ['TOKENLINE_METRICS_FINDINGS_INTERVAL_MS'],
  },
  { section: 'log', key: 'level', kind: 'string', env: ['TOKENLINE_LOG_LEVEL'] },
]

export interface ResolveInput {
  /** Values from command-line flags (highest precedence). */
  flags?: Config
  /** The process environment. */
  env?: Record<string, string | undefined>
  /** The parsed config file, as read (validated here). */
  file?: unknown
  /** Name of the file, for error messages. */
  fileName?: string
}

export interface ResolveResult {
  config: ResolvedConfig
  /** Environment values that were ignored, each naming its variable. */
  warnings: string[]
}

function parseEnvValue(kind: LeafKind, raw: string): unknown {
  switch (kind) {
    case 'string':
      return raw
    case 'int': {
      if (!/^-?\d+$/.test(raw.trim())) {
        return undefined
      }
      return Number(raw.trim())
    }
    case 'bool': {
      const v = raw.trim().toLowerCase()
      if (['1', 'true', 'yes', 'on'].includes(v)) {
        return true
      }
      if (['0', 'false', 'no', 'off'].includes(v)) {
        return false
      }
      return undefined
    }
    case 'list':
      return raw
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0)
  }
}

function describeIssues(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ')
}

/**
 * Resolves the configuration field by field: `flags ?? env ?? file ?? defaults`.
 * Invalid flags or file values throw `ConfigError` ("expected … (actual …)"); invalid
 * environment values are skipped with a warning naming the variable. Pure: no I/O.
 */
export function resolveConfig(input: ResolveInput): ResolveResult {
  const warnings: string[] = []
  const fileLabel = input.fileName ?? 'config file'

  let file: Config = {}
  if (input.file !== undefined && input.file !== null) {
    const parsed = configSchema.safeParse(input.file)
    if (!parsed.success) {
      throw new ConfigError(`invalid ${fileLabel}: ${describeIssues(parsed.error)}`)
    }
    file = parsed.data
  }
  let flags: Config = {}
  if (input.flags !== undefined) {
    const parsed = configSchema.safeParse(input.flags)
    if (!parsed.success) {
      throw new ConfigError(`invalid option: ${describeIssues(parsed.error)}`)
    }
    flags = parsed.data
  }

  const env = input.env ?? {}
  const envConfig: Record<string, Record<string, unknown>> = {}
  for (const leaf of CONFIG_LEAVES) {
    const name = leaf.env.find((n) => env[n] !== undefined && env[n] !== '')
    if (name === undefined) {
      continue
    }
    const raw = env[name] ?? ''
    const value = parseEnvValue(leaf.kind, raw)
    const candidate = { [leaf.section]: { [leaf.key]: value } }
    const check = configSchema.safeParse(candidate)
    if (value === undefined || !check.success) {
      warnings.push(
        `ignored ${name}=${JSON.stringify(raw)}: expected ${leaf.kind} for ${leaf.section}.${leaf.key}`
      )
      continue
    }
    envConfig[leaf.section] = { ...envConfig[leaf.section], [leaf.key]: value }
  }

  const pick = <S extends keyof ResolvedConfig>(section: S, key: string): unknown => {
    const layers = [flags, envConfig as Config, file]
    for (const layer of layers) {
      const sec = (layer as Record<string, Record<string, unknown> | undefined>)[section]
      if (sec && sec[key] !== undefined) {
        return sec[key]
      }
    }
    return (DEFAULTS[section] as Record<string, unknown>)[key]
  }

  const resolved: Record<string, unknown> = {}
  for (const section of [
    'server',
    'store',
    'clickhouse',
    'ingest',
    'scrape',
    'api',
    'metrics',
    'log',
  ] as const) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(DEFAULTS[section])) {
      out[key] = pick(section, key)
    }
    resolved[section] = Object.freeze(out)
  }
  // The three sections are read as one: alert rules name SLO tiers, retention covers samples.
  resolved.slo = parseSloSettings({
    slo: flags.slo ?? file.slo,
    alerts: flags.alerts ?? file.alerts,
    retention: flags.retention ?? file.retention,
  })

  return { config: Object.freeze(resolved) as unknown as ResolvedConfig, warnings }
}
