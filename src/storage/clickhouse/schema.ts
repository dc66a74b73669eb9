/**
 * The ClickHouse schema as ordered migration steps, versioned like the DuckDB store's: each step
 * is recorded in `tokenline_schema_migrations` and applied once. Steps are append-only.
 *
 * Spans live in the OpenTelemetry Collector's own `otel_traces` table (the clickhouseexporter's
 * default DDL, column for column), so a Collector and `tokenline serve` write and read the same
 * table; `CREATE … IF NOT EXISTS` leaves a table the Collector made as it is. The rest are
 * Tokenline's tables, prefixed `tokenline_`. See ADR 0036.
 */
import { AppError, errorMessage } from '../../core/errors.js'
import { DIMENSIONS, STAGE_NAMES, type StageName } from '../../core/model/request.js'
import { stageColumn } from '../query/request-fields.js'
import type { ClickHouseExecutor } from './executor.js'
import { ident, int, str, toNum } from './sql.js'

/** Table names; the Collector's are configurable as in its exporter (`traces_table_name`, …). */
export interface ClickHouseTables {
  traces: string
  metricsGauge: string
  metricsSum: string
  metricsHistogram: string
}

export const DEFAULT_TABLES: ClickHouseTables = {
  traces: 'otel_traces',
  metricsGauge: 'otel_metrics_gauge',
  metricsSum: 'otel_metrics_sum',
  metricsHistogram: 'otel_metrics_histogram',
}

/** Every table as `database`.`table`, ready for SQL. */
export interface QualifiedTables {
  traces: string
  requests: string
  samples: string
  families: string
  events: string
  migrations: string
  sloAlerts: string
  sloAlertHistory: string
  sloCursors: string
  sloSamples: string
  metricsGauge: string
  metricsSum: string
  metricsHistogram: string
}

/** Qualifies the configured names with the database (identifiers validated). */
export function qualify(database: string, t: ClickHouseTables): QualifiedTables {
  const q = (name: string): string => `${ident(database)}.${ident(name)}`
  return {
    traces: q(t.traces),
    requests: q('tokenline_requests'),
    samples: q('tokenline_metric_samples'),
    families: q('tokenline_metric_families'),
    events: q('tokenline_events'),
    migrations: q('tokenline_schema_migrations'),
    sloAlerts: q('tokenline_slo_alerts'),
    sloAlertHistory: q('tokenline_slo_alert_history'),
    sloCursors: q('tokenline_slo_cursors'),
    sloSamples: q('tokenline_slo_samples'),
    metricsGauge: q(t.metricsGauge),
    metricsSum: q(t.metricsSum),
    metricsHistogram: q(t.metricsHistogram),
  }
}

interface Migration {
  version: number
  name: string
  statements: (t: QualifiedTables, ttl: (column: string) => string) => string[]
  /**
   * Set on a step the store works without (with this cost): when it fails, for example because
   * the user may insert but not alter a table the Collector made, the store still opens, warns
   * with this text, and tries the step again on the next open.
   */
  withoutIt?: string
}

/** Stages added after the first schema, each by its own migration step (ADR 0115). */
const STAGES_ADDED_V3: readonly StageName[] = ['gateway.stream']

const requestColumns = [
  'trace_id String',
  'start_us Int64',
  'end_us Int64',
  ...DIMENSIONS.map((d) => `${d} LowCardinality(Nullable(String))`),
  // Frozen as the first schema had them: later stages come with their own migration.
  ...STAGE_NAMES.filter((s) => !STAGES_ADDED_V3.includes(s)).map(
    (s) => `${stageColumn(s)} Nullable(Float64)`
  ),
  'downstream_name LowCardinality(Nullable(String))',
  'ttft_us Nullable(Float64)',
  'ttft_source LowCardinality(Nullable(String))',
  'tpot_us Nullable(Float64)',
  'itl_max_us Nullable(Float64)',
  'e2e_us Nullable(Float64)',
  'input_tokens Nullable(Float64)',
  'output_tokens Nullable(Float64)',
  'cached_tokens Nullable(Float64)',
  'status Nullable(Int32)',
  'error_type LowCardinality(Nullable(String))',
  'retries Nullable(Int32)',
  'connection_reused Nullable(Bool)',
  'tls_resumed Nullable(Bool)',
  'has_client Bool',
  'has_gateway Bool',
  'has_engine Bool',
  'span_count Int32',
  // Replacing version: the newest upsert of a trace wins (see ADR 0036).
  'row_version UInt64',
]

/**
 * How many recent insert blocks a table remembers to drop a resent copy (ADR 0198). A retry falls
 * inside it unless more blocks than this are inserted while the retry waits (up to 6 s): at most
 * ~1 700 inserts a second into one table. Each remembered block costs a hash on the server.
 */
export const DEDUPLICATION_WINDOW = 10_000

/** The migration steps, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'otel_traces and tokenline tables',
    statements: (t, ttl) => [
      // The exporter's default traces DDL (non-full-text variant), plus a persisted insert
      // order so a span stored twice reads back as its last copy.
      `CREATE TABLE IF NOT EXISTS ${t.traces} (
        Timestamp DateTime64(9) CODEC(Delta(8), ZSTD(1)),
        TraceId String CODEC(ZSTD(1)),
        SpanId String CODEC(ZSTD(1)),
        ParentSpanId String CODEC(ZSTD(1)),
        TraceState String CODEC(ZSTD(1)),
        SpanName LowCardinality(String) CODEC(ZSTD(1)),
        SpanKind LowCardinality(String) CODEC(ZSTD(1)),
        ServiceName LowCardinality(String) CODEC(ZSTD(1)),
        ResourceAttributes Map(LowCardinality(String), String) CODEC(ZSTD(1)),
        ScopeName String CODEC(ZSTD(1)),
        ScopeVersion String CODEC(ZSTD(1)),
        SpanAttributes Map(LowCardinality(String), String) CODEC(ZSTD(1)),
        Duration UInt64 CODEC(T64, ZSTD(1)),
        StatusCode LowCardinality(String) CODEC(ZSTD(1)),
        StatusMessage String CODEC(ZSTD(1)),
        Events Nested (
          Timestamp DateTime64(9),
          Name LowCardinality(String),
          Attributes Map(LowCardinality(String), String)
        ) CODEC(ZSTD(1)),
        Links Nested (
          TraceId String,
          SpanId String,
          TraceState String,
          Attributes Map(LowCardinality(String), String)
        ) CODEC(ZSTD(1)),
        INDEX idx_trace_id TraceId TYPE bloom_filter(0.001) GRANULARITY 1,
        INDEX idx_res_attr_key mapKeys(ResourceAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,
        INDEX idx_res_attr_value mapValues(ResourceAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,
        INDEX idx_span_attr_key mapKeys(SpanAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,
        INDEX idx_span_attr_value mapValues(SpanAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,
        INDEX idx_duration Duration TYPE minmax GRANULARITY 1
      ) ENGINE = MergeTree
      PARTITION BY toDate(Timestamp)
      ORDER BY (ServiceName, SpanName, toDateTime(Timestamp), Timestamp)
      ${ttl('toDateTime(Timestamp)')}
      SETTINGS index_granularity = 8192, ttl_only_drop_parts = 1, enable_block_number_column = 1`,
      // One row per trace; the newest version wins (FINAL on read). Ordered by trace id, the
      // replacing key, with a minmax index on start_us for windows.
      `CREATE TABLE IF NOT EXISTS ${t.requests} (
        ${requestColumns.join(',\n        ')},
        INDEX idx_start start_us TYPE minmax GRANULARITY 1
      ) ENGINE = ReplacingMergeTree(row_version)
      ORDER BY trace_id
      ${ttl('toDateTime(intDiv(start_us, 1000000))')}`,
      `CREATE TABLE IF NOT EXISTS ${t.samples} (
        name LowCardinality(String),
        labels Map(LowCardinality(String), String),
        time_us Int64 CODEC(Delta(8), ZSTD(1)),
        value Float64 CODEC(ZSTD(1))
      ) ENGINE = MergeTree
      PARTITION BY toDate(toDateTime(intDiv(time_us, 1000000)))
      ORDER BY (name, labels, time_us)
      ${ttl('toDateTime(intDiv(time_us, 1000000))')}`,
      `CREATE TABLE IF NOT EXISTS ${t.families} (
        name String, type LowCardinality(String), help Nullable(String), unit Nullable(String),
        row_version UInt64
      ) ENGINE = ReplacingMergeTree(row_version) ORDER BY name`,
      `CREATE TABLE IF NOT EXISTS ${t.events} (
        time_us Int64, kind LowCardinality(String), model Nullable(String),
        version Nullable(String), replica Nullable(String), node Nullable(String),
        message Nullable(String), reason Nullable(String)
      ) ENGINE = MergeTree ORDER BY time_us
      ${ttl('toDateTime(intDiv(time_us, 1000000))')}`,
    ],
  },
  {
    version: 2,
    name: 'SLO alert states, history, cursors and samples',
    // The SloStore's records as JSON documents beside the columns queries filter on, like the
    // DuckDB store's; replaced by key through row_version (read with FINAL). No TTL: the SLO
    // retention (slo.retention) deletes them.
    statements: (t) => [
      `CREATE TABLE IF NOT EXISTS ${t.sloAlerts} (
        key String, doc String, row_version UInt64
      ) ENGINE = ReplacingMergeTree(row_version) ORDER BY key`,
      `CREATE TABLE IF NOT EXISTS ${t.sloAlertHistory} (
        time_us Int64, seq UInt64, key String, doc String
      ) ENGINE = MergeTree ORDER BY (time_us, seq)`,
      `CREATE TABLE IF NOT EXISTS ${t.sloCursors} (
        name String, value_us Int64, row_version UInt64
      ) ENGINE = ReplacingMergeTree(row_version) ORDER BY name`,
      `CREATE TABLE IF NOT EXISTS ${t.sloSamples} (
        trace_id String, kind LowCardinality(String), tier LowCardinality(String), start_us Int64,
        ${DIMENSIONS.map((d) => `${d} LowCardinality(Nullable(String))`).join(', ')},
        doc String, row_version UInt64
      ) ENGINE = ReplacingMergeTree(row_version) ORDER BY (trace_id, kind)`,
    ],
  },
  {
    version: 3,
    name: 'gateway.stream stage',
    statements: (t) =>
      STAGES_ADDED_V3.map(
        (s) =>
          `ALTER TABLE ${t.requests} ADD COLUMN IF NOT EXISTS ${stageColumn(s)} Nullable(Float64)`
      ),
  },
  {
    version: 4,
    name: 'insert deduplication window on append-only tables',
    // Plain MergeTree keeps no insert hashes unless told (the window defaults to 0), so a batch
    // resent after a lost reply was stored twice. The replacing tables collapse a resent copy by
    // key already. Setting it again is harmless, so a step cut short is completed by the next open.
    statements: (t) =>
      [t.traces, t.samples, t.events, t.sloAlertHistory].map(
        (table) =>
          `ALTER TABLE ${table} MODIFY SETTING non_replicated_deduplication_window = ${int(DEDUPLICATION_WINDOW)}`
      ),
    withoutIt:
      'a batch resent after a lost reply may be stored twice; grant ALTER on these tables, or set non_replicated_deduplication_window on them by hand',
  },
]

/** Newest schema version this build knows. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0

/**
 * Brings the database up to `SCHEMA_VERSION` (creating the database when missing). Throws
 * `STORE_UNSUPPORTED` when a newer Tokenline wrote it.
 */
export async function applyMigrations(
  exec: ClickHouseExecutor,
  database: string,
  t: QualifiedTables,
  ttlDays: number,
  warn: (message: string) => void = (message) => process.emitWarning(message)
): Promise<number[]> {
  await exec.command(`CREATE DATABASE IF NOT EXISTS ${ident(database)}`)
  await exec.command(`CREATE TABLE IF NOT EXISTS ${t.migrations} (
    version UInt32, name String, applied_at DateTime
  ) ENGINE = MergeTree ORDER BY version`)
  const [row] = await exec.rows(`SELECT max(version) AS v FROM ${t.migrations}`)
  const current = toNum(row?.['v'] ?? 0)
  if (current > SCHEMA_VERSION) {
    throw new AppError(
      'STORE_UNSUPPORTED',
      `expected a ClickHouse schema up to version ${SCHEMA_VERSION}, found version ${current}: a newer tokenline wrote this database; upgrade tokenline to read it`
    )
  }
  const ttl = (column: string): string =>
    ttlDays > 0 ? `TTL ${column} + INTERVAL ${int(ttlDays)} DAY` : ''
  const applied: number[] = []
  for (const step of MIGRATIONS) {
    if (step.version <= current) {
      continue
    }
    // ClickHouse DDL is not transactional; every statement is IF NOT EXISTS, so a step cut
    // short is completed by the next open.
    try {
      for (const sql of step.statements(t, ttl)) {
        await exec.command(sql)
      }
    } catch (err) {
      if (step.withoutIt === undefined) {
        throw err
      }
      warn(
        `ClickHouse schema step ${step.version} (${step.name}) was not applied: ${errorMessage(err)}. Without it ${step.withoutIt}.`
      )
      // Later steps wait for this one, so the versions stay in order and the next open retries.
      break
    }
    await exec.command(
      `INSERT INTO ${t.migrations} VALUES (${step.version}, ${str(step.name)}, now())`
    )
    applied.push(step.version)
  }
  return applied
}
