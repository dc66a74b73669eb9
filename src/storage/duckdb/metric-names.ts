/**
 * The metric names a DuckDB store holds (sample names and family names), kept in memory once
 * read, so that a metric write can tell whether it adds a name. The diagnosis picks each resource
 * family's alias among the names stored at any time (ADR 0240): a new name may change what it
 * reads of every window, while more samples of known names change only the times they carry.
 */
import type { DuckDBConnection } from '@duckdb/node-api'

export interface KnownMetricNames {
  /**
   * The names among `names` the store does not hold; reads the stored names on the connection
   * (inside the writer's transaction, before its own rows) the first time or after `forget`.
   */
  unknown(conn: DuckDBConnection, names: Iterable<string>): Promise<string[]>
  /** After a commit that stored `names`; until then they still count as unknown. */
  add(names: readonly string[]): void
  /** After names may have left the store (a retention delete): read them again when asked. */
  forget(): void
}

export function createKnownMetricNames(): KnownMetricNames {
  let known: Set<string> | null = null
  return {
    async unknown(conn, names) {
      if (known === null) {
        const read = await conn.runAndReadAll(
          'SELECT name FROM metric_families UNION SELECT DISTINCT name FROM metric_samples'
        )
        known = new Set(read.getRowsJS().map(([name]) => String(name)))
      }
      const set = known
      return [...new Set(names)].filter((n) => !set.has(n))
    },
    add(names) {
      // Added only after the commit: a name counted unknown twice costs one extra refresh, a
      // name counted known before it is stored would keep an answer it changes.
      for (const n of names) {
        known?.add(n)
      }
    },
    forget() {
      known = null
    },
  }
}
