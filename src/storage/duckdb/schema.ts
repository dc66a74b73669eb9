/**
 * The DuckDB schema as ordered migration steps. `applyMigrations` runs on every open: it records
 * applied steps in `schema_migrations` and applies the missing ones, each in its own transaction.
 * Steps are append-only: never edit a released step, add a new one.
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import { AppError } from '../../core/errors.js'
import { DIMENSIONS, UNATTRIBUTED_STAGES, type StageName } from '../../core/model/request.js'
import { stageColumn } from '../query/request-fields.js'

interface Migration {
  version: number
  name: string
  statements: string[]
}

/**
 * The stage columns of the first schema, in their table order. Frozen: stages added later get
 * their own migration step and sit after `span_count` (see `REQUEST_STAGES_ADDED`).
 */
export const REQUEST_STAGES_V1 = [
  'client.dns',
  'client.connect',
  'client.tls',
  'client.send',
  'network',
  'gateway.queue',
  'gateway.auth',
  'gateway.ratelimit',
  'gateway.route',
  'gateway.guardrail',
  'gateway.upstream',
  'downstream',
  'engine.frontend',
  'engine.queue',
  'engine.prefill',
  'engine.decode',
  'stream',
] as const satisfies readonly StageName[]

/** Stage columns of migration 3: a gateway's upstream call after its first chunk (ADR 0115). */
const REQUEST_STAGES_V3: readonly StageName[] = ['gateway.stream']

/** Stage columns added after the first schema, in table order (after `span_count`). */
export const REQUEST_STAGES_ADDED: readonly StageName[] = [
  ...UNATTRIBUTED_STAGES,
  ...REQUEST_STAGES_V3,
]

/** A request's columns before its dimensions, in table order. */
const requestHead = [
  'trace_id VARCHAR NOT NULL',
  'start_us BIGINT NOT NULL',
  'end_us BIGINT NOT NULL',
]

/** A request's columns after its dimensions in the first schema, in table order. */
const requestTail = [
  ...REQUEST_STAGES_V1.map((s) => `${stageColumn(s)} DOUBLE`),
  'downstream_name VARCHAR',
  'ttft_us DOUBLE',
  'ttft_source VARCHAR',
  'tpot_us DOUBLE',
  'itl_max_us DOUBLE',
  'e2e_us DOUBLE',
  'input_tokens DOUBLE',
  'output_tokens DOUBLE',
  'cached_tokens DOUBLE',
  'status INTEGER',
  'error_type VARCHAR',
  'retries INTEGER',
  'connection_reused BOOLEAN',
  'tls_resumed BOOLEAN',
  'has_client BOOLEAN NOT NULL',
  'has_gateway BOOLEAN NOT NULL',
  'has_engine BOOLEAN NOT NULL',
  'span_count INTEGER NOT NULL',
]

/** The `requests` table of the first schema (a view of the same columns since step 9). */
const requestColumns = [...requestHead, ...DIMENSIONS.map((d) => `${d} VARCHAR`), ...requestTail]

const nameOf = (column: string): string => column.split(' ')[0] as string

/**
 * The columns of `request_rows` other than `dimension_set`, in the order `requests` shows them:
 * the head, then (after the dimensions) the tail and the stages added by steps 2 and 3.
 */
const rowHead = requestHead.map(nameOf)
const rowTail = [...requestTail.map(nameOf), ...REQUEST_STAGES_ADDED.map(stageColumn)]

/**
 * The `requests` view: the columns, names and order of the table it replaced, so every read
 * keeps `FROM requests` and its answers. An inner join: every row's set is written in the same
 * transaction as the row, or before it (ADR 0492).
 */
const REQUESTS_VIEW_SQL = `CREATE VIEW requests AS SELECT ${[
  ...rowHead.map((c) => `r.${c}`),
  ...DIMENSIONS.map((d) => `d.${d}`),
  ...rowTail.map((c) => `r.${c}`),
].join(', ')} FROM request_rows r JOIN dimension_sets d ON d.id = r.dimension_set`

/** NULL-safe equality of every dimension between `requests` (r) and `dimension_sets` (d). */
const sameSet = DIMENSIONS.map((d) => `r.${d} IS NOT DISTINCT FROM d.${d}`).join(' AND ')

/** The migration steps, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial tables',
    statements: [
      `CREATE TABLE spans (
        trace_id VARCHAR NOT NULL,
        span_id VARCHAR NOT NULL,
        parent_span_id VARCHAR,
        name VARCHAR NOT NULL,
        kind INTEGER NOT NULL,
        start_us BIGINT NOT NULL,
        end_us BIGINT NOT NULL,
        status_code INTEGER NOT NULL,
        status_message VARCHAR,
        attributes JSON NOT NULL,
        resource JSON NOT NULL,
        scope_name VARCHAR NOT NULL,
        scope_version VARCHAR,
        events JSON NOT NULL
      )`,
      // No primary key: upserts are delete + insert in one transaction (see docs/storage.md).
      `CREATE TABLE requests (${requestColumns.join(', ')})`,
      `CREATE TABLE metric_samples (
        series_id BIGINT NOT NULL,
        name VARCHAR NOT NULL,
        labels JSON NOT NULL,
        time_us BIGINT NOT NULL,
        value DOUBLE NOT NULL
      )`,
      `CREATE TABLE metric_families (
        name VARCHAR PRIMARY KEY,
        type VARCHAR NOT NULL,
        help VARCHAR,
        unit VARCHAR
      )`,
      `CREATE TABLE events (
        time_us BIGINT NOT NULL,
        kind VARCHAR NOT NULL,
        model VARCHAR,
        version VARCHAR,
        replica VARCHAR,
        node VARCHAR,
        message VARCHAR,
        reason VARCHAR
      )`,
    ],
  },
  {
    version: 2,
    name: 'unattributed stages',
    statements: UNATTRIBUTED_STAGES.map(
      (s) => `ALTER TABLE requests ADD COLUMN ${stageColumn(s)} DOUBLE`
    ),
  },
  {
    version: 3,
    name: 'gateway.stream stage',
    statements: REQUEST_STAGES_V3.map(
      (s) => `ALTER TABLE requests ADD COLUMN ${stageColumn(s)} DOUBLE`
    ),
  },
  {
    version: 4,
    name: 'saved request rollup',
    // ADR 0351 (rollup-persist.ts): a counter every write to `requests` moves in its own
    // transaction, and the rollup's buckets saved at close with the counter they are current at.
    statements: [
      `CREATE TABLE rollup_state (
        requests_generation BIGINT NOT NULL,
        saved_generation BIGINT
      )`,
      'INSERT INTO rollup_state VALUES (0, NULL)',
      `CREATE TABLE rollup_buckets (
        seq INTEGER NOT NULL,
        kind VARCHAR NOT NULL,
        base_us BIGINT NOT NULL,
        bucket_us BIGINT NOT NULL,
        entry VARCHAR NOT NULL
      )`,
    ],
  },
  {
    version: 5,
    name: 'saved request pages',
    // ADR 0362 (request-pages.ts): the first pages of `queryRequests` saved at close beside the
    // rollup, current at the same counter.
    statements: [
      `CREATE TABLE request_pages (
        seq INTEGER NOT NULL,
        key VARCHAR NOT NULL,
        page VARCHAR NOT NULL
      )`,
    ],
  },
  {
    version: 6,
    name: 'saved diagnosis answers',
    // ADR 0366 (saved-answers.ts): the last diagnosis and concentration answers per window
    // definition saved at close beside the rollup, read back under the same counter.
    statements: [
      `CREATE TABLE saved_answers (
        seq INTEGER NOT NULL,
        cache VARCHAR NOT NULL,
        def VARCHAR NOT NULL,
        as_of_ms DOUBLE NOT NULL,
        answer VARCHAR NOT NULL
      )`,
    ],
  },
  {
    version: 7,
    name: 'span bodies per write',
    // ADR 0395 (span-bodies.ts): each span write is one row of `span_writes` holding its spans
    // as one body, plus one row per trace in it, which is what finds a trace's writes again. The
    // `spans` table is no longer written; the rows an older build wrote there stay and are read
    // beside the bodies until retention has deleted them.
    statements: [
      `CREATE TABLE span_writes (
        write_id BIGINT NOT NULL,
        first_start_us BIGINT NOT NULL,
        last_start_us BIGINT NOT NULL,
        last_end_us BIGINT NOT NULL,
        span_count INTEGER NOT NULL,
        body BLOB NOT NULL
      )`,
      `CREATE TABLE span_traces (
        trace_id VARCHAR NOT NULL,
        write_id BIGINT NOT NULL,
        last_start_us BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 8,
    name: 'span bodies of format 2',
    // ADR 0403 (span-bodies.ts): bodies written from here on may be of format 2 (ids as bytes),
    // which a build of step 7 cannot read. No table changes: the step is here so that such a
    // build refuses the file when it opens it (STORE_UNSUPPORTED, "upgrade tokenline"), instead
    // of opening it and failing on the first trace read.
    statements: [],
  },
  {
    version: 9,
    name: 'request dimension sets',
    // ADR 0492 (dimension-sets.ts): a request's eight dimension strings are stored once per
    // distinct set in `dimension_sets`, each request row holding its set's id; `requests` is a
    // view joining them back, with the old table's columns in its order. The rows keep their
    // order (the time order their zone maps prune by); the sets' ids are dense from 0.
    statements: [
      `CREATE TABLE dimension_sets (id INTEGER PRIMARY KEY, ${DIMENSIONS.map((d) => `${d} VARCHAR`).join(', ')})`,
      `CREATE TABLE request_rows (${[
        ...requestHead,
        'dimension_set INTEGER NOT NULL',
        ...requestTail,
        ...REQUEST_STAGES_ADDED.map((s) => `${stageColumn(s)} DOUBLE`),
      ].join(', ')})`,
      `INSERT INTO dimension_sets SELECT
        (row_number() OVER (ORDER BY ${DIMENSIONS.map((d) => `${d} NULLS FIRST`).join(', ')}) - 1)::INTEGER,
        ${DIMENSIONS.join(', ')}
        FROM (SELECT DISTINCT ${DIMENSIONS.join(', ')} FROM requests)`,
      `INSERT INTO request_rows SELECT ${[
        ...rowHead.map((c) => `r.${c}`),
        'd.id',
        ...rowTail.map((c) => `r.${c}`),
      ].join(', ')} FROM requests r JOIN dimension_sets d ON ${sameSet} ORDER BY r.rowid`,
      'DROP TABLE requests',
      REQUESTS_VIEW_SQL,
    ],
  },
]

/** Newest schema version this build knows. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0

/**
 * Brings the database up to `SCHEMA_VERSION`. Throws `STORE_UNSUPPORTED` when the file was
 * written by a newer version of Tokenline.
 */
export async function applyMigrations(
  connection: DuckDBConnection,
  nowIso: string,
  /** Stop after this step (the tests' way to write a file of an older schema). */
  upTo = SCHEMA_VERSION
): Promise<number[]> {
  await connection.run(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name VARCHAR NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL
  )`)
  const reader = await connection.runAndReadAll(
    'SELECT coalesce(max(version), 0) AS v FROM schema_migrations'
  )
  const current = Number(reader.getRowsJS()[0]?.[0] ?? 0)
  if (current > SCHEMA_VERSION) {
    throw new AppError(
      'STORE_UNSUPPORTED',
      `expected a database schema up to version ${SCHEMA_VERSION}, found version ${current}: the file was written by a newer tokenline; upgrade tokenline to read it`
    )
  }
  const applied: number[] = []
  for (const step of MIGRATIONS) {
    if (step.version <= current || step.version > upTo) {
      continue
    }
    await connection.run('BEGIN TRANSACTION')
    try {
      for (const sql of step.statements) {
        await connection.run(sql)
      }
      await connection.run('INSERT INTO schema_migrations VALUES ($1, $2, $3::TIMESTAMPTZ)', [
        step.version,
        step.name,
        nowIso,
      ])
      await connection.run('COMMIT')
    } catch (err) {
      await connection.run('ROLLBACK')
      throw err
    }
    applied.push(step.version)
  }
  return applied
}
