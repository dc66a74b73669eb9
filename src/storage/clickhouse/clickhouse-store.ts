/**
 * The ClickHouse adapter of the `SpanStore` port. Spans live in the OpenTelemetry Collector's
 * `otel_traces` table, so the store reads what a Collector's clickhouseexporter wrote and writes
 * what the exporter would; requests, metric samples, families and events live in Tokenline's
 * tables beside it (schema.ts, ADR 0036). Every analysis runs as SQL inside ClickHouse; only
 * results travel. The SQL talks to a `ClickHouseExecutor`: a server over HTTP or chdb in-process.
 * Only this folder imports a ClickHouse client.
 */
import type { Micros } from '../../core/model/units.js'
import type { SpanStore } from '../span-store.js'
import type { RequestQuery } from '../../core/model/query.js'
import { measureColumn } from '../query/request-fields.js'
import { validateRequestQuery } from '../query/validate.js'
import {
  queryAggregate,
  queryDimensionValues,
  queryHistogram,
  queryPercentiles,
} from './aggregate.js'
import type { ClickHouseExecutor } from './executor.js'
import { listStoredMetrics, querySeriesPoints, type CollectorMetricTables } from './metrics.js'
import { queryRequestColumns } from './request-columns.js'
import { deleteBefore } from './retention.js'
import {
  eventFromRow,
  eventToRow,
  requestFromRow,
  requestToRow,
  SPAN_SELECT,
  spanFromRow,
  spanToRow,
} from './rows.js'
import {
  applyMigrations,
  DEFAULT_TABLES,
  qualify,
  type ClickHouseTables,
  type QualifiedTables,
} from './schema.js'
import { int, requestWhere, str, strArray, timeClauses, toNum } from './sql.js'

export interface ClickHouseStoreOptions {
  executor: ClickHouseExecutor
  /** Database of the Collector's tables and Tokenline's (created when missing). */
  database: string
  /** The Collector's table names, when its exporter was configured with others. */
  tables?: Partial<ClickHouseTables>
  /** Rows older than this many days are dropped by ClickHouse TTL (0: kept until deleted). */
  ttlDays?: number
}

/** The executor and tables behind a ClickHouse store, for modules in this folder. */
export interface ClickHouseShared {
  exec: ClickHouseExecutor
  tables: QualifiedTables
  database: string
}

const sharedAccess = new WeakMap<SpanStore, ClickHouseShared>()

/** The executor and tables of a store made by `createClickHouseStore`, or null for other stores. */
export function clickHouseSharedOf(store: SpanStore): ClickHouseShared | null {
  return sharedAccess.get(store) ?? null
}

const toJsonLines = (rows: readonly object[]): string =>
  rows.map((r) => JSON.stringify(r)).join('\n')

/** Opens a ClickHouse store on an executor, applying schema migrations. */
export async function createClickHouseStore(options: ClickHouseStoreOptions): Promise<SpanStore> {
  const exec = options.executor
  const t = qualify(options.database, { ...DEFAULT_TABLES, ...options.tables })
  await applyMigrations(exec, options.database, t, options.ttlDays ?? 0)
  const collector = await collectorMetricTables(exec, options.database, {
    ...DEFAULT_TABLES,
    ...options.tables,
  })
  // A Collector-made otel_traces has no persisted insert order; its duplicates (exporter
  // retries) are identical, so any copy will do there.
  const blockOrder = await exec.binary(`SELECT _block_number FROM ${t.traces} LIMIT 0`).then(
    () => 'ORDER BY _block_number DESC',
    () => ''
  )
  // Upsert versions: increasing within this process, and across processes as far as clocks agree.
  let lastVersion = 0
  const nextVersion = (): number => {
    lastVersion = Math.max(Date.now() * 1000, lastVersion + 1)
    return lastVersion
  }

  const store: SpanStore = {
    async insertSpans(spans) {
      if (spans.length === 0) {
        return
      }
      await exec.insertJson(t.traces, toJsonLines(spans.map(spanToRow)))
    },

    async upsertRequests(list) {
      if (list.length === 0) {
        return
      }
      // Later entries of the same trace in one batch win, as with separate calls.
      const latest = [...new Map(list.map((r) => [r.traceId, r])).values()]
      const version = nextVersion()
      await exec.insertJson(t.requests, toJsonLines(latest.map((r) => requestToRow(r, version))))
    },

    async insertMetricSamples(samples) {
      if (samples.length === 0) {
        return
      }
      const rows = samples.map((s) => ({
        name: s.name,
        labels: s.labels,
        time_us: Math.round(s.timeUs),
        value: s.value,
      }))
      await exec.insertJson(t.samples, toJsonLines(rows))
    },

    async upsertMetricFamilies(families) {
      if (families.length === 0) {
        return
      }
      const version = nextVersion()
      await exec.insertJson(
        t.families,
        toJsonLines(families.map((f) => ({ ...f, row_version: version })))
      )
    },

    async insertEvents(events) {
      if (events.length === 0) {
        return
      }
      await exec.insertJson(t.events, toJsonLines(events.map(eventToRow)))
    },

    async getSpans(traceIds) {
      if (traceIds.length === 0) {
        return []
      }
      // A span stored twice (an exporter's retry) comes back once: the last stored copy.
      const found = await exec.rows(
        `SELECT ${SPAN_SELECT} FROM ${t.traces}
         WHERE TraceId IN ${strArray([...new Set(traceIds)])}
         ${blockOrder} LIMIT 1 BY TraceId, SpanId`
      )
      return found.map(spanFromRow)
    },

    async unassembledTraceIds(sinceUs, limit) {
      const found = await exec.rows(
        `SELECT DISTINCT TraceId AS id FROM ${t.traces}
         WHERE Timestamp >= fromUnixTimestamp64Micro(toInt64(${int(Math.floor(sinceUs))}))
           AND TraceId NOT IN (SELECT trace_id FROM ${t.requests})
         LIMIT ${int(Math.max(0, Math.floor(limit)))}`
      )
      return found.map((r) => String(r['id']))
    },

    async getRequest(traceId) {
      const [row] = await exec.rows(
        `SELECT * FROM ${t.requests} FINAL WHERE trace_id = ${str(traceId)} LIMIT 1`
      )
      return row ? requestFromRow(row) : null
    },

    async queryRequests(query: RequestQuery) {
      validateRequestQuery(query)
      const where = requestWhere(query)
      const dir = query.sortDir === 'asc' ? 'ASC' : 'DESC'
      let page = `SELECT * FROM ${t.requests} FINAL ${where}
        ORDER BY ${measureColumn(query.sortBy ?? 'start')} ${dir} NULLS LAST, trace_id ASC`
      if (query.limit !== undefined) {
        page += ` LIMIT ${int(query.limit)}`
      }
      if (query.offset) {
        page += ` OFFSET ${int(query.offset)}`
      }
      const [count] = await exec.rows(`SELECT count() AS n FROM ${t.requests} FINAL ${where}`)
      return { total: toNum(count?.['n'] ?? 0), rows: (await exec.rows(page)).map(requestFromRow) }
    },

    async *scanRequests(query: RequestQuery, batchSize = 10_000) {
      validateRequestQuery(query)
      const size = Math.max(1, Math.floor(batchSize))
      let after = ''
      for (;;) {
        const found = await exec.rows(
          `SELECT * FROM ${t.requests} FINAL ${requestWhere(query)}${after}
           ORDER BY start_us, trace_id LIMIT ${size}`
        )
        if (found.length === 0) {
          return
        }
        const batch = found.map(requestFromRow)
        const last = batch[batch.length - 1]
        if (last) {
          const s = int(last.startUs)
          after = ` AND (start_us > ${s} OR (start_us = ${s} AND trace_id > ${str(last.traceId)}))`
        }
        yield batch
        if (found.length < size) {
          return
        }
      }
    },

    scanRequestColumns: (query) => queryRequestColumns(exec, t.requests, query),
    percentiles: (query) => queryPercentiles(exec, t.requests, query),
    aggregateRequests: (query) => queryAggregate(exec, t.requests, query),
    countDimensionValues: (query) => queryDimensionValues(exec, t.requests, query),
    histogramRequests: (query) => queryHistogram(exec, t.requests, query),
    querySeries: (query) => querySeriesPoints(exec, t, collector, query),
    listMetrics: () => listStoredMetrics(exec, t, collector),

    async queryEvents(query) {
      let where = `WHERE 1${timeClauses('time_us', query)}`
      if (query.kinds && query.kinds.length > 0) {
        where += ` AND kind IN (${query.kinds.map(str).join(', ')})`
      }
      return (await exec.rows(`SELECT * FROM ${t.events} ${where} ORDER BY time_us`)).map(
        eventFromRow
      )
    },

    async extent() {
      const traceStart = 'toUnixTimestamp64Micro(Timestamp)'
      const [row] = await exec.rows(`SELECT min(s) AS s, max(e) AS e FROM (
        SELECT minOrNull(${traceStart}) AS s, maxOrNull(${traceStart} + intDiv(Duration, 1000)) AS e
          FROM ${t.traces}
        UNION ALL SELECT minOrNull(start_us), maxOrNull(end_us) FROM ${t.requests} FINAL
        UNION ALL SELECT minOrNull(time_us), maxOrNull(time_us) FROM ${t.samples}
        UNION ALL SELECT minOrNull(time_us), maxOrNull(time_us) FROM ${t.events})`)
      if (!row || row['s'] === null || row['e'] === null) {
        return null
      }
      return { startUs: toNum(row['s']) as Micros, endUs: toNum(row['e']) as Micros }
    },

    async stats() {
      const [row] = await exec.rows(`SELECT
        (SELECT count() FROM ${t.traces}) AS spans,
        (SELECT count() FROM ${t.requests} FINAL) AS requests,
        (SELECT count() FROM ${t.samples}) AS samples,
        (SELECT count() FROM ${t.events}) AS events,
        (SELECT sum(bytes_on_disk) FROM system.parts
          WHERE active AND database = ${str(options.database)}) AS bytes`)
      return {
        spans: toNum(row?.['spans'] ?? 0),
        requests: toNum(row?.['requests'] ?? 0),
        metricSamples: toNum(row?.['samples'] ?? 0),
        events: toNum(row?.['events'] ?? 0),
        bytes: toNum(row?.['bytes'] ?? 0),
      }
    },

    deleteBefore: (table, beforeUs, maxRows) => deleteBefore(exec, t, table, beforeUs, maxRows),

    close: () => exec.close(),
  }
  sharedAccess.set(store, { exec, tables: t, database: options.database })
  return store
}

async function collectorMetricTables(
  exec: ClickHouseExecutor,
  database: string,
  names: ClickHouseTables
): Promise<CollectorMetricTables> {
  const found = await exec.rows(
    `SELECT name FROM system.tables WHERE database = ${str(database)} AND name IN ${strArray([
      names.metricsGauge,
      names.metricsSum,
      names.metricsHistogram,
    ])}`
  )
  const present = new Set(found.map((r) => String(r['name'])))
  return {
    gauge: present.has(names.metricsGauge),
    sum: present.has(names.metricsSum),
    histogram: present.has(names.metricsHistogram),
  }
}
