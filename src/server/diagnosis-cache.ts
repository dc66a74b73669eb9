/**
 * The diagnoses (and concentrations) the API answered, kept per query while the store has not
 * committed anything since (ADR 0211): a second look at a window (a reload, another user, back to
 * a pinned diagnosis) answers from memory instead of reading and analysing the window's requests
 * again. Concurrent asks of one query share one run. Only a store that counts its commits (the
 * DuckDB store, through its rollup) is cached; any other store is analysed every time.
 */
import type { SpanStore } from '../storage/span-store.js'
import { requestRollupOf } from '../storage/rollup/request-rollup.js'

/** Diagnoses kept; each is a few kB of JSON, the cap bounds the memory, not the hit rate. */
const MAX_ENTRIES = 32

interface Entry<T> {
  generation: number
  result: Promise<T>
}

export interface DiagnosisCache<T> {
  /**
   * The diagnosis of `key`: kept when the store has not committed since it was computed, else
   * `run()` (once for concurrent callers). A run that fails is not kept.
   */
  get(key: string, run: () => Promise<T>): Promise<T>
  readonly stats: { hits: number; runs: number }
}

export function createDiagnosisCache<T>(store: SpanStore): DiagnosisCache<T> {
  const entries = new Map<string, Entry<T>>()
  const stats = { hits: 0, runs: 0 }
  return {
    stats,
    get(key, run) {
      const rollup = requestRollupOf(store)
      if (rollup === null) {
        stats.runs++
        return run()
      }
      const generation = rollup.writeGeneration
      const kept = entries.get(key)
      if (kept !== undefined && kept.generation === generation) {
        // Most recently used last: the oldest is dropped first.
        entries.delete(key)
        entries.set(key, kept)
        stats.hits++
        return kept.result
      }
      stats.runs++
      // The generation is taken before the read: a commit during it makes the entry stale.
      const entry: Entry<T> = { generation, result: run() }
      entries.set(key, entry)
      entry.result.catch(() => {
        if (entries.get(key) === entry) {
          entries.delete(key)
        }
      })
      while (entries.size > MAX_ENTRIES) {
        entries.delete(entries.keys().next().value as string)
      }
      return entry.result
    },
  }
}
