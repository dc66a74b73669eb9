/**
 * The metric names a DuckDB store holds (sample names and family names) with the time of each
 * name's latest sample, kept in memory once read, so that a metric write can tell whether it adds
 * a name and a retention cut whether it may remove one. The diagnosis picks each resource
 * family's alias among the names stored at any time (ADR 0240): a name that comes or goes may
 * change what it reads of every window, while samples of known names change only their times.
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import { toNumber } from './connection.js'

export interface KnownMetricNames {
  /**
   * The names among `names` the store does not hold; reads the stored names on the connection
   * (inside the writer's transaction, before its own rows) the first time or after `forget`.
   */
  unknown(conn: DuckDBConnection, names: Iterable<string>): Promise<string[]>
  /**
   * After a commit that stored these names, each with its latest sample time (Infinity for a
   * family, which retention never deletes); until then they still count as unknown.
   */
  add(latest: ReadonlyMap<string, number>): void
  /** The names whose every sample is before `beforeUs`: a retention cut there may remove them. */
  endingBefore(conn: DuckDBConnection, beforeUs: number): Promise<string[]>
  /** After a commit that removed the last samples of these names. */
  remove(names: readonly string[]): void
}

export function createKnownMetricNames(): KnownMetricNames {
  let known: Map<string, number> | null = null
  const load = async (conn: DuckDBConnection): Promise<Map<string, number>> => {
    if (known === null) {
      const read = await conn.runAndReadAll(
        `SELECT name, max(time_us) FROM metric_samples GROUP BY name
         UNION ALL SELECT name, NULL FROM metric_families`
      )
      const names = new Map<string, number>()
      for (const [name, latest] of read.getRowsJS()) {
        const at = latest === null ? Infinity : toNumber(latest)
        names.set(String(name), Math.max(names.get(String(name)) ?? -Infinity, at))
      }
      known = names
    }
    return known
  }
  return {
    async unknown(conn, names) {
      const have = await load(conn)
      return [...new Set(names)].filter((n) => !have.has(n))
    },
    add(latest) {
      // Added only after the commit: a name counted unknown twice costs one extra refresh, a
      // name counted known before it is stored would keep an answer it changes.
      for (const [name, at] of latest) {
        known?.set(name, Math.max(known.get(name) ?? -Infinity, at))
      }
    },
    async endingBefore(conn, beforeUs) {
      const have = await load(conn)
      return [...have].filter(([, at]) => at < beforeUs).map(([name]) => name)
    },
    remove(names) {
      for (const name of names) {
        known?.delete(name)
      }
    },
  }
}
