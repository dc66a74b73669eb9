/**
 * The request rollup kept beside `requests` across restarts (ADR 0351). The first transaction of
 * a process that writes `requests` adds one to `rollup_state.requests_generation` before it
 * commits, so the counter moves with the first rows or not at all; later ones need not (ADR
 * 0363): the counter stays off the saved mark until a close saves again. A store saves its
 * unfiltered buckets at close with the counter they are current at; the next open reads them
 * back only when the counter has not moved since, so a write by any process in between (an
 * import into the file while the server was down) leaves them unread and the rollup is read
 * from the rows as before.
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import type { AggEntry, HistEntry, SavedBucket } from '../rollup/request-rollup.js'
import { replaceSaved, toNumber } from './connection.js'

/**
 * Run before the commit of a transaction that writes `requests`, until one such transaction of the
 * process (of this open of the file) has committed with it.
 */
export const BUMP_REQUESTS_GENERATION =
  'UPDATE rollup_state SET requests_generation = requests_generation + 1'

/** A histogram as saved: its extremes null when empty (JSON has no ±Infinity), bins flat. */
interface SavedHistogram {
  count: number
  min: number | null
  max: number | null
  bins: number[]
}

function encode(bucket: SavedBucket): string {
  if (bucket.kind === 'agg') {
    return JSON.stringify(bucket.entry)
  }
  const saved: SavedHistogram[] = (bucket.entry as HistEntry).map((h) => ({
    count: h.count,
    min: h.count === 0 ? null : h.min,
    max: h.count === 0 ? null : h.max,
    bins: [...h.bins].flat(),
  }))
  return JSON.stringify(saved)
}

function decode(kind: SavedBucket['kind'], text: string): AggEntry | HistEntry {
  if (kind === 'agg') {
    return JSON.parse(text) as AggEntry
  }
  return (JSON.parse(text) as SavedHistogram[]).map((h) => {
    const bins = new Map<number, number>()
    for (let i = 0; i < h.bins.length; i += 2) {
      bins.set(h.bins[i] as number, h.bins[i + 1] as number)
    }
    return { count: h.count, min: h.min ?? Infinity, max: h.max ?? -Infinity, bins }
  })
}

/**
 * Whether what the last close saved (the rollup's buckets, ADR 0351, and the samples pages, ADR
 * 0362) is current: saved at all, and no write to `requests` committed after it.
 */
export async function savedIsCurrent(connection: DuckDBConnection): Promise<boolean> {
  const state = (
    await connection.runAndReadAll(
      'SELECT requests_generation, saved_generation FROM rollup_state LIMIT 1'
    )
  ).getRowsJS()[0]
  return !!state && state[1] !== null && toNumber(state[0]) === toNumber(state[1])
}

/**
 * The saved buckets, least recently used first, when no write to `requests` committed after
 * they were saved; none otherwise (or when none were saved).
 */
export async function readSavedRollup(connection: DuckDBConnection): Promise<SavedBucket[]> {
  if (!(await savedIsCurrent(connection))) {
    return []
  }
  const found = await connection.runAndReadAll(
    'SELECT kind, base_us, bucket_us, entry FROM rollup_buckets ORDER BY seq'
  )
  return found.getRowsJS().map(([kind, base, bucket, entry]) => {
    const k = String(kind) as SavedBucket['kind']
    return {
      kind: k,
      baseUs: toNumber(base),
      bucketUs: toNumber(bucket),
      entry: decode(k, String(entry)),
    }
  })
}

/**
 * Replaces the saved buckets (inside the caller's transaction, on the writer): they are marked
 * current at the counter as it stands, so the caller must hold every write to `requests` that
 * committed before, and the buckets must already have forgotten what those writes touched.
 */
export async function saveRollup(
  connection: DuckDBConnection,
  buckets: readonly SavedBucket[]
): Promise<void> {
  await replaceSaved(connection, 'rollup_buckets', buckets, (a, b) => {
    a.appendVarchar(b.kind)
    a.appendBigInt(BigInt(b.baseUs))
    a.appendBigInt(BigInt(b.bucketUs))
    a.appendVarchar(encode(b))
  })
  await connection.run('UPDATE rollup_state SET saved_generation = requests_generation')
}
