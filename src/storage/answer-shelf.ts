/**
 * The dashboard's last diagnosis and concentration answers, kept by a store that can save them
 * across a restart (the DuckDB store, beside its rollup under the same counter, ADR 0366). The
 * caches of those routes hand their newest answers per window definition to the shelf as they
 * come; the store saves them at close and hands them back at the next open, only when no write to
 * `requests` committed in between. Only answers current at the close are saved (no commit since
 * their run touched what they read), so one read back is the answer of the data as it stands; it
 * is still only shown as stale ("as of …") while the fresh one computes (ADR 0225): the restarted
 * server may be another build.
 */
import type { SpanStore } from './span-store.js'

export interface ShelvedAnswer {
  /** The cache that gave it (`diagnosis`, `concentration`). */
  cache: string
  /** Its window definition, as the cache finds it again. */
  def: string
  /** When its run began reading the store (epoch ms). */
  asOfMs: number
  /** The answer, JSON-safe: what the route sent. */
  value: unknown
}

export interface AnswerShelf {
  /** What the last close saved, when no write to `requests` committed since; else none. */
  restored(): Promise<readonly ShelvedAnswer[]>
  /**
   * What is saved for `cache` at close: `current` is asked then, once every write has ended, for
   * the cache's answers that no commit has touched since they were computed.
   */
  keep(cache: string, current: () => readonly ShelvedAnswer[]): void
}

const shelves = new WeakMap<SpanStore, AnswerShelf>()

/** Called by a store that saves answers across restarts. */
export function registerAnswerShelf(store: SpanStore, shelf: AnswerShelf): void {
  shelves.set(store, shelf)
}

/** The shelf a store keeps, or null: its answers are not kept across a restart. */
export function answerShelfOf(store: SpanStore): AnswerShelf | null {
  return shelves.get(store) ?? null
}
