/**
 * The ClickHouse `SloStore`: its tables live in the span store's database (migration 2 in
 * schema.ts) and every statement runs on that store's executor (see `clickHouseSharedOf`). As in
 * the DuckDB store, records are kept as JSON documents beside the few columns queries filter on.
 * Alerts, cursors and samples are replaced by key through `row_version` and read with `FINAL`;
 * deletes are lightweight DELETEs of keys read first, like the span store's retention.
 */
import { AppError } from '../../core/errors.js'
import { DIMENSIONS } from '../../core/model/request.js'
import type { Micros } from '../../core/model/units.js'
import type { SpanStore } from '../span-store.js'
import type {
  AlertHistoryEntry,
  AlertRecord,
  SampleQuery,
  SloStore,
  SlowSample,
} from '../slo-store.js'
import { clickHouseSharedOf } from './clickhouse-store.js'
import { filterClauses, int, str, strArray, toNum } from './sql.js'

const toJsonLines = (rows: readonly object[]): string =>
  rows.map((r) => JSON.stringify(r)).join('\n')

/** Opens the SLO tables inside the database of a store made by `createClickHouseStore`. */
export function createClickHouseSloStore(spanStore: SpanStore): SloStore {
  const shared = clickHouseSharedOf(spanStore)
  if (shared === null) {
    throw new AppError(
      'STORE_UNAVAILABLE',
      'expected a ClickHouse span store to keep SLO tables in, got another kind of store'
    )
  }
  const { exec, tables: t } = shared
  // Replacing versions: increasing within this process, and across processes as far as clocks
  // agree (as the span store's request versions).
  let lastVersion = 0
  const nextVersion = (): number => {
    lastVersion = Math.max(Date.now() * 1000, lastVersion + 1)
    return lastVersion
  }
  const docs = async <T>(sql: string): Promise<T[]> =>
    (await exec.rows(sql)).map((r) => JSON.parse(String(r['doc'])) as T)
  const limitOf = (n: number | undefined): string =>
    n === undefined ? '' : ` LIMIT ${int(Math.max(0, Math.floor(n)))}`

  const sampleWhere = (q: SampleQuery): string => {
    let sql = 'WHERE 1'
    if (q.fromUs !== undefined) {
      sql += ` AND start_us >= ${int(Math.floor(q.fromUs))}`
    }
    if (q.toUs !== undefined) {
      sql += ` AND start_us < ${int(Math.floor(q.toUs))}`
    }
    if (q.traceId !== undefined) {
      sql += ` AND trace_id = ${str(q.traceId)}`
    }
    if (q.kind !== undefined) {
      sql += ` AND kind = ${str(q.kind)}`
    }
    if (q.tiers && q.tiers.length > 0) {
      sql += ` AND has(${strArray(q.tiers)}, tier)`
    }
    return sql + filterClauses(q.filters)
  }

  return {
    async loadAlerts() {
      return docs<AlertRecord>(`SELECT doc FROM ${t.sloAlerts} FINAL ORDER BY key`)
    },
    async saveAlerts(records) {
      if (records.length === 0) {
        return
      }
      const version = nextVersion()
      const latest = [...new Map(records.map((r) => [r.key, r])).values()]
      await exec.insertJson(
        t.sloAlerts,
        toJsonLines(
          latest.map((r) => ({ key: r.key, doc: JSON.stringify(r), row_version: version }))
        )
      )
    },
    async appendAlertHistory(entries) {
      if (entries.length === 0) {
        return
      }
      // seq orders entries of the same time as they were appended (and names one for deletes).
      const base = nextVersion()
      lastVersion = base + entries.length
      await exec.insertJson(
        t.sloAlertHistory,
        toJsonLines(
          entries.map((e, i) => ({
            time_us: Math.floor(e.timeUs),
            seq: base + i,
            key: e.key,
            doc: JSON.stringify(e),
          }))
        )
      )
    },
    async listAlertHistory(q) {
      let where = 'WHERE 1'
      if (q.fromUs !== undefined) {
        where += ` AND time_us >= ${int(Math.floor(q.fromUs))}`
      }
      if (q.toUs !== undefined) {
        where += ` AND time_us < ${int(Math.floor(q.toUs))}`
      }
      return docs<AlertHistoryEntry>(
        `SELECT doc FROM ${t.sloAlertHistory} ${where} ORDER BY time_us DESC, seq ASC${limitOf(q.limit)}`
      )
    },
    async getCursor(name) {
      const [r] = await exec.rows(
        `SELECT value_us FROM ${t.sloCursors} FINAL WHERE name = ${str(name)}`
      )
      return r ? (toNum(r['value_us']) as Micros) : null
    },
    async setCursor(name, valueUs) {
      await exec.insertJson(
        t.sloCursors,
        JSON.stringify({ name, value_us: Math.floor(valueUs), row_version: nextVersion() })
      )
    },
    async insertSamples(list) {
      if (list.length === 0) {
        return
      }
      const version = nextVersion()
      const latest = [...new Map(list.map((s) => [`${s.traceId}\u0000${s.kind}`, s])).values()]
      await exec.insertJson(
        t.sloSamples,
        toJsonLines(
          latest.map((s) => ({
            trace_id: s.traceId,
            kind: s.kind,
            tier: s.tier,
            start_us: Math.floor(s.request.startUs),
            ...Object.fromEntries(DIMENSIONS.map((d) => [d, s.request.dims[d] ?? null])),
            doc: JSON.stringify(s),
            row_version: version,
          }))
        )
      )
    },
    async querySamples(q) {
      const where = sampleWhere(q)
      const [count] = await exec.rows(`SELECT count() AS n FROM ${t.sloSamples} FINAL ${where}`)
      let sql = `SELECT doc FROM ${t.sloSamples} FINAL ${where} ORDER BY start_us DESC, trace_id ASC`
      if (q.limit !== undefined || q.offset) {
        // ClickHouse needs a LIMIT with an OFFSET; 2^63 − 1 stands for "all".
        sql += ` LIMIT ${q.limit === undefined ? '9223372036854775807' : int(Math.max(0, Math.floor(q.limit)))}`
        if (q.offset) {
          sql += ` OFFSET ${int(Math.max(0, Math.floor(q.offset)))}`
        }
      }
      return { total: toNum(count?.['n'] ?? 0), rows: await docs<SlowSample>(sql) }
    },
    async deleteSamplesBefore(beforeUs, maxRows) {
      // The oldest first; every version of a picked key goes (its newest is the old one).
      const picked = await exec.rows(
        `SELECT trace_id, kind FROM ${t.sloSamples} FINAL
         WHERE start_us < ${int(Math.ceil(beforeUs))} ORDER BY start_us${limitOf(maxRows)}`
      )
      if (picked.length === 0) {
        return 0
      }
      const keys = picked.map((r) => `(${str(String(r['trace_id']))}, ${str(String(r['kind']))})`)
      await exec.command(
        `DELETE FROM ${t.sloSamples} WHERE (trace_id, kind) IN (${keys.join(', ')})`
      )
      return picked.length
    },
    async deleteAlertHistoryBefore(beforeUs, maxRows) {
      const picked = await exec.rows(
        `SELECT seq FROM ${t.sloAlertHistory}
         WHERE time_us < ${int(Math.ceil(beforeUs))} ORDER BY time_us, seq${limitOf(maxRows)}`
      )
      if (picked.length === 0) {
        return 0
      }
      const seqs = picked.map((r) => String(toNum(r['seq'])))
      await exec.command(`DELETE FROM ${t.sloAlertHistory} WHERE seq IN (${seqs.join(', ')})`)
      return picked.length
    },
    async stats() {
      const [r] = await exec.rows(`SELECT
        (SELECT count() FROM ${t.sloAlerts} FINAL) AS a,
        (SELECT count() FROM ${t.sloAlertHistory}) AS h,
        (SELECT count() FROM ${t.sloSamples} FINAL) AS s`)
      return {
        alerts: toNum(r?.['a'] ?? 0),
        alertHistory: toNum(r?.['h'] ?? 0),
        samples: toNum(r?.['s'] ?? 0),
      }
    },
  }
}
