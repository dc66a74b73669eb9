/**
 * The DuckDB `SloStore`: its tables live in the span store's database file and every statement
 * runs on that store's connections (see `duckDbSharedOf`). Records are kept as JSON documents
 * beside the few columns queries filter on; the tables are created on first use.
 */
import { listValue, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api'
import { AppError } from '../../core/errors.js'
import { DIMENSIONS } from '../../core/model/request.js'
import type { Micros } from '../../core/model/units.js'
import type { SpanStore } from '../span-store.js'
import type {
  AlertHistoryEntry,
  AlertRecord,
  SampleQuery,
  SloStore,
  SloStoreStats,
  SlowSample,
} from '../slo-store.js'
import { toNumber, type Row } from './connection.js'
import { duckDbSharedOf } from './duckdb-store.js'

const TABLES = [
  `CREATE TABLE IF NOT EXISTS slo_alerts (key VARCHAR PRIMARY KEY, doc JSON NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS slo_alert_history (time_us BIGINT NOT NULL, key VARCHAR NOT NULL, doc JSON NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS slo_cursors (name VARCHAR PRIMARY KEY, value_us BIGINT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS slo_samples (
    trace_id VARCHAR NOT NULL, kind VARCHAR NOT NULL, tier VARCHAR NOT NULL, start_us BIGINT NOT NULL,
    ${DIMENSIONS.map((d) => `${d} VARCHAR`).join(', ')},
    doc JSON NOT NULL)`,
]

/** Opens the SLO tables inside the database of a store made by `createDuckDbStore`. */
export async function createDuckDbSloStore(spanStore: SpanStore): Promise<SloStore> {
  const db = duckDbSharedOf(spanStore)
  if (db === null) {
    throw new AppError(
      'STORE_UNAVAILABLE',
      'expected a DuckDB span store to keep SLO tables in, got another kind of store'
    )
  }
  await db.write(async (c) => {
    for (const sql of TABLES) {
      await c.run(sql)
    }
  })
  const rows = (sql: string, params: DuckDBValue[] = []): Promise<Row[]> =>
    db.read(async (c) => (await c.runAndReadAll(sql, params)).getRowObjectsJS())

  /**
   * The three counts `/api/health` shows, read once and kept until a write that can change them
   * ends (committed or failed), as the span store keeps its own counts (ADR 0392): counting
   * `slo_samples` at every call took seconds beside a dashboard's first wave (ADR 0413). A read
   * that was running when such a write ended is given to its callers but not kept.
   */
  let keptStats: Promise<SloStoreStats> | null = null
  const counted = <T>(work: (c: DuckDBConnection) => Promise<T>): Promise<T> =>
    db.write(work).finally(() => {
      keptStats = null
    })
  const readStats = async (): Promise<SloStoreStats> => {
    const [r] = await rows(`SELECT (SELECT count(*) FROM slo_alerts) AS a,
        (SELECT count(*) FROM slo_alert_history) AS h, (SELECT count(*) FROM slo_samples) AS s`)
    return {
      alerts: toNumber(r?.['a'] ?? 0),
      alertHistory: toNumber(r?.['h'] ?? 0),
      samples: toNumber(r?.['s'] ?? 0),
    }
  }

  const sampleWhere = (q: SampleQuery): { sql: string; params: DuckDBValue[] } => {
    const parts: string[] = ['TRUE']
    const params: DuckDBValue[] = []
    if (q.fromUs !== undefined) {
      parts.push('start_us >= ?')
      params.push(BigInt(Math.floor(q.fromUs)))
    }
    if (q.toUs !== undefined) {
      parts.push('start_us < ?')
      params.push(BigInt(Math.floor(q.toUs)))
    }
    if (q.traceId !== undefined) {
      parts.push('trace_id = ?')
      params.push(q.traceId)
    }
    if (q.kind !== undefined) {
      parts.push('kind = ?')
      params.push(q.kind)
    }
    if (q.tiers && q.tiers.length > 0) {
      parts.push('tier IN (SELECT unnest(?::VARCHAR[]))')
      params.push(listValue(q.tiers))
    }
    for (const d of DIMENSIONS) {
      const values = q.filters?.[d]
      if (values && values.length > 0) {
        parts.push(`${d} IN (SELECT unnest(?::VARCHAR[]))`)
        params.push(listValue(values))
      }
    }
    return { sql: `WHERE ${parts.join(' AND ')}`, params }
  }

  const deleteOldest = (
    c: DuckDBConnection,
    table: string,
    column: string,
    beforeUs: Micros,
    maxRows: number
  ) =>
    c
      .run(
        `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${column} < ? LIMIT ?)`,
        [BigInt(Math.floor(beforeUs)), Math.max(0, Math.floor(maxRows))]
      )
      .then((r) => Number(r.rowsChanged))

  return {
    async loadAlerts() {
      return (await rows('SELECT doc FROM slo_alerts ORDER BY key')).map(
        (r) => JSON.parse(String(r['doc'])) as AlertRecord
      )
    },
    async saveAlerts(records) {
      if (records.length === 0) {
        return
      }
      await counted(async (c) => {
        for (const r of records) {
          await c.run('INSERT OR REPLACE INTO slo_alerts VALUES (?, ?)', [r.key, JSON.stringify(r)])
        }
      })
    },
    async appendAlertHistory(entries) {
      if (entries.length === 0) {
        return
      }
      await counted(async (c) => {
        for (const e of entries) {
          await c.run('INSERT INTO slo_alert_history VALUES (?, ?, ?)', [
            BigInt(Math.floor(e.timeUs)),
            e.key,
            JSON.stringify(e),
          ])
        }
      })
    },
    async listAlertHistory(q) {
      const parts = ['TRUE']
      const params: DuckDBValue[] = []
      if (q.fromUs !== undefined) {
        parts.push('time_us >= ?')
        params.push(BigInt(Math.floor(q.fromUs)))
      }
      if (q.toUs !== undefined) {
        parts.push('time_us < ?')
        params.push(BigInt(Math.floor(q.toUs)))
      }
      const limit = q.limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(q.limit))}`
      return (
        await rows(
          `SELECT doc FROM slo_alert_history WHERE ${parts.join(' AND ')} ORDER BY time_us DESC${limit}`,
          params
        )
      ).map((r) => JSON.parse(String(r['doc'])) as AlertHistoryEntry)
    },
    async getCursor(name) {
      const [r] = await rows('SELECT value_us FROM slo_cursors WHERE name = ?', [name])
      return r ? (toNumber(r['value_us']) as Micros) : null
    },
    async setCursor(name, valueUs) {
      // No count changes: what `stats()` keeps stays.
      await db.write((c) =>
        c
          .run('INSERT OR REPLACE INTO slo_cursors VALUES (?, ?)', [
            name,
            BigInt(Math.floor(valueUs)),
          ])
          .then(() => undefined)
      )
    },
    async insertSamples(list) {
      if (list.length === 0) {
        return
      }
      await counted(async (c) => {
        for (const s of list) {
          await c.run('DELETE FROM slo_samples WHERE trace_id = ? AND kind = ?', [
            s.traceId,
            s.kind,
          ])
          await c.run(
            `INSERT INTO slo_samples VALUES (?, ?, ?, ?, ${DIMENSIONS.map(() => '?').join(', ')}, ?)`,
            [
              s.traceId,
              s.kind,
              s.tier,
              BigInt(Math.floor(s.request.startUs)),
              ...DIMENSIONS.map((d) => s.request.dims[d]),
              JSON.stringify(s),
            ]
          )
        }
      })
    },
    async querySamples(q) {
      const where = sampleWhere(q)
      const [count] = await rows(`SELECT count(*) AS n FROM slo_samples ${where.sql}`, where.params)
      let sql = `SELECT doc FROM slo_samples ${where.sql} ORDER BY start_us DESC, trace_id ASC`
      if (q.limit !== undefined) {
        sql += ` LIMIT ${Math.max(0, Math.floor(q.limit))}`
      }
      if (q.offset) {
        sql += ` OFFSET ${Math.max(0, Math.floor(q.offset))}`
      }
      const found = await rows(sql, where.params)
      return {
        total: toNumber(count?.['n'] ?? 0),
        rows: found.map((r) => JSON.parse(String(r['doc'])) as SlowSample),
      }
    },
    async deleteSamplesBefore(beforeUs, maxRows) {
      return counted((c) => deleteOldest(c, 'slo_samples', 'start_us', beforeUs, maxRows))
    },
    async deleteAlertHistoryBefore(beforeUs, maxRows) {
      return counted((c) => deleteOldest(c, 'slo_alert_history', 'time_us', beforeUs, maxRows))
    },
    stats() {
      if (keptStats !== null) {
        return keptStats
      }
      const read = readStats()
      keptStats = read
      read.catch(() => {
        // A failed read is not kept: the next call asks again.
        if (keptStats === read) {
          keptStats = null
        }
      })
      return read
    },
  }
}
