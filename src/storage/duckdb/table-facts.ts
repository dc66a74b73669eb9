/**
 * The row counts and the time extent of the DuckDB store's data tables, read in one scan of each
 * table and kept until a write commits. `stats()` and `extent()` used to scan every table at
 * each call: `/api/health`, the page's shell (ADR 0289) and every relative window read them, and
 * on a first look against a million requests those scans held the readers the first wave's short
 * queries waited for (ADR 0392). The server's start reads them before it listens, so a restarted
 * server's first look finds them kept.
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import type { DataExtent } from '../../core/model/query.js'
import type { Micros } from '../../core/model/units.js'
import { toNumber } from './connection.js'

export interface TableFacts {
  spans: number
  requests: number
  metricSamples: number
  events: number
  /** Over all four tables; null when they hold no row. */
  extent: DataExtent | null
}

export interface KeptTableFacts {
  /** The kept facts, or one read of them (shared by every caller while it runs). */
  get(): Promise<TableFacts>
  /**
   * After a write to a data table committed (or failed): the kept facts may be wrong, and so may
   * a read that was running, which is used by its callers but not kept.
   */
  writeEnded(): void
}

export function createKeptTableFacts(
  read: (run: (conn: DuckDBConnection) => Promise<TableFacts>) => Promise<TableFacts>
): KeptTableFacts {
  let kept: Promise<TableFacts> | null = null
  return {
    get() {
      if (kept !== null) {
        return kept
      }
      const facts = read(readTableFacts)
      kept = facts
      facts.catch(() => {
        // A failed read is not kept: the next call asks again.
        if (kept === facts) {
          kept = null
        }
      })
      return facts
    },
    writeEnded() {
      // A reader's snapshot starts with its query: a read that began before this commit may not
      // hold its rows, so it is dropped with what was kept.
      kept = null
    },
  }
}

const FACTS_SQL = `
  SELECT 0 AS t, count(*) AS n, min(start_us) AS s, max(end_us) AS e FROM spans
  UNION ALL SELECT 1, count(*), min(start_us), max(end_us) FROM request_rows
  UNION ALL SELECT 2, count(*), min(time_us), max(time_us) FROM metric_samples
  UNION ALL SELECT 3, count(*), min(time_us), max(time_us) FROM events
  UNION ALL SELECT 4, coalesce(sum(span_count), 0), min(first_start_us), max(last_end_us)
    FROM span_writes`

async function readTableFacts(conn: DuckDBConnection): Promise<TableFacts> {
  const read = await conn.runAndReadAll(FACTS_SQL)
  // Spans are the older `spans` rows (0) and the spans of the writes' bodies (4, ADR 0395).
  const counts = [0, 0, 0, 0, 0]
  let startUs = Infinity
  let endUs = -Infinity
  for (const [t, n, s, e] of read.getRowsJS()) {
    counts[toNumber(t)] = toNumber(n)
    if (s !== null && e !== null) {
      startUs = Math.min(startUs, toNumber(s))
      endUs = Math.max(endUs, toNumber(e))
    }
  }
  return {
    spans: (counts[0] ?? 0) + (counts[4] ?? 0),
    requests: counts[1] ?? 0,
    metricSamples: counts[2] ?? 0,
    events: counts[3] ?? 0,
    extent: startUs === Infinity ? null : { startUs: startUs as Micros, endUs: endUs as Micros },
  }
}
