/**
 * The metric names a DuckDB store holds (sample names and family names) with the time of each
 * name's latest sample, and the recorded families, kept in memory once read, so that a metric
 * write can tell whether it adds a name, a retention cut whether it may remove one, and the
 * metric list (`listMetrics`, the dashboard's first wave) needs no scan of the samples (ADR 0392).
 * The diagnosis picks each resource family's alias among the names stored at any time (ADR
 * 0240): a name that comes or goes may change what it reads of every window, while samples of
 * known names change only their times.
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import type { MetricFamilyMeta } from '../../core/model/metric.js'
import { listMetricFamilies } from '../query/list-metrics.js'
import { toNumber } from './connection.js'

export interface KnownMetricNames {
  /**
   * The names among `names` the store does not hold; reads the stored names on the connection
   * (inside the writer's transaction, before its own rows) the first time or after `forget`.
   */
  unknown(conn: DuckDBConnection, names: Iterable<string>): Promise<string[]>
  /** After a commit that stored these sample names, each with its latest sample time. */
  add(latest: ReadonlyMap<string, number>): void
  /**
   * After a commit that recorded these families (Infinity as their time: retention never deletes
   * a family). Until `add` or `addFamilies`, a name written still counts as unknown.
   */
  addFamilies(families: readonly MetricFamilyMeta[]): void
  /** The names whose every sample is before `beforeUs`: a retention cut there may remove them. */
  endingBefore(conn: DuckDBConnection, beforeUs: number): Promise<string[]>
  /** After a commit that removed the last samples of these names. */
  remove(names: readonly string[]): void
  /** The metric list from what is kept, or null while nothing is. */
  keptList(): MetricFamilyMeta[] | null
  /**
   * The metric list read on a reader's `conn`, kept only when no commit changed the names while
   * it ran.
   */
  readList(conn: DuckDBConnection): Promise<MetricFamilyMeta[]>
}

interface Known {
  /** Each name with its latest sample's time (Infinity for a family). */
  latest: Map<string, number>
  families: Map<string, MetricFamilyMeta>
}

async function readKnown(conn: DuckDBConnection): Promise<Known> {
  const samples = await conn.runAndReadAll(
    'SELECT name, max(time_us) FROM metric_samples GROUP BY name'
  )
  const recorded = await conn.runAndReadAll('SELECT name, type, help, unit FROM metric_families')
  const latest = new Map<string, number>()
  for (const [name, at] of samples.getRowsJS()) {
    latest.set(String(name), toNumber(at))
  }
  const families = new Map<string, MetricFamilyMeta>()
  for (const [name, type, help, unit] of recorded.getRowsJS()) {
    families.set(String(name), {
      name: String(name),
      type: String(type) as MetricFamilyMeta['type'],
      help: help === null ? null : String(help),
      unit: unit === null ? null : String(unit),
    })
    latest.set(String(name), Infinity)
  }
  return { latest, families }
}

function listOf(known: Known): MetricFamilyMeta[] {
  return listMetricFamilies([...known.families.values()], known.latest.keys())
}

export function createKnownMetricNames(): KnownMetricNames {
  let known: Known | null = null
  /** Moves at every change of what is kept, kept or not. */
  let changes = 0
  const load = async (conn: DuckDBConnection): Promise<Map<string, number>> => {
    known ??= await readKnown(conn)
    return known.latest
  }
  return {
    async unknown(conn, names) {
      const have = await load(conn)
      return [...new Set(names)].filter((n) => !have.has(n))
    },
    add(latest) {
      changes++
      // Added only after the commit: a name counted unknown twice costs one extra refresh, a
      // name counted known before it is stored would keep an answer it changes.
      for (const [name, at] of latest) {
        known?.latest.set(name, Math.max(known.latest.get(name) ?? -Infinity, at))
      }
    },
    addFamilies(families) {
      changes++
      for (const f of families) {
        known?.latest.set(f.name, Infinity)
        known?.families.set(f.name, { ...f })
      }
    },
    async endingBefore(conn, beforeUs) {
      const have = await load(conn)
      return [...have].filter(([, at]) => at < beforeUs).map(([name]) => name)
    },
    remove(names) {
      changes++
      for (const name of names) {
        known?.latest.delete(name)
      }
    },
    keptList() {
      return known === null ? null : listOf(known)
    },
    async readList(conn) {
      // A reader sees the commits made before its query began; a commit whose `add` lands while
      // it runs may be missing from what it read, so that read is not kept. A commit whose `add`
      // comes after the read ended updates what was kept, as for the writer's load.
      const at = changes
      const read = await readKnown(conn)
      if (known === null && changes === at) {
        known = read
      }
      return listOf(read)
    },
  }
}
