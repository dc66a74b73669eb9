/**
 * The answers of `/api/dimensions` (the distinct values of every request dimension with their
 * counts, ADR 0239), kept per window and filters while no commit wrote requests within the
 * window, by the rule the rollup keeps its buckets and the diagnosis cache its answers by
 * (ADRs 0210, 0238). Each answer read every request of its window; the page asks it with its
 * first wave, and on a million requests that scan held a reader while the last panels drew
 * (ADR 0413). A store that saves answers across a restart (ADR 0366) saves the current ones at
 * close and hands them back at the next open when no write to `requests` committed in between,
 * so a restarted server's first look reads no row for them either.
 *
 * A store without a rollup (memory, ClickHouse) is asked every time, as before.
 */
import { setNewest } from '../core/lru.js'
import type { DimensionValueCount, DimensionValuesQuery } from '../core/model/query.js'
import { answerShelfOf, type ShelvedAnswer } from '../storage/answer-shelf.js'
import { requestRollupOf } from '../storage/rollup/request-rollup.js'
import type { SpanStore } from '../storage/span-store.js'

const SHELF_NAME = 'dimensions'
/** Windows and filter sets kept; the page asks one or two per view. */
const MAX_ENTRIES = 64
/** Answers saved at close (each may hold thousands of values). */
const MAX_SAVED = 8

export interface DimensionValuesCache {
  count(query: DimensionValuesQuery): Promise<DimensionValueCount[]>
}

interface Kept {
  /** The rollup's write generation when the read began (0: read back at the open). */
  generation: number
  fromUs: number
  toUs: number
  answer: Promise<DimensionValueCount[]>
  /** Once read: what `answer` holds, and when the read began (epoch ms). */
  settled: { value: DimensionValueCount[]; asOfMs: number } | null
}

export function createDimensionValuesCache(
  store: SpanStore,
  now: () => number = Date.now
): DimensionValuesCache {
  const rollup = requestRollupOf(store)
  if (rollup === null) {
    return { count: (query) => store.countDimensionValues(query) }
  }
  const entries = new Map<string, Kept>()
  const current = (k: Kept): boolean =>
    k.generation === rollup.writeGeneration || rollup.untouchedSince(k.generation, k.fromUs, k.toUs)

  const shelf = answerShelfOf(store)
  const restored: Promise<void> =
    shelf === null
      ? Promise.resolve()
      : shelf.restored().then(
          (answers) => {
            for (const a of answers) {
              const window = a.cache === SHELF_NAME ? windowOf(a.def) : null
              if (window !== null && Array.isArray(a.value) && !entries.has(a.def)) {
                const value = a.value as DimensionValueCount[]
                entries.set(a.def, {
                  generation: 0,
                  ...window,
                  answer: Promise.resolve(value),
                  settled: { value, asOfMs: a.asOfMs },
                })
              }
            }
          },
          // Unread, the first ask reads the rows as it did before.
          () => undefined
        )
  shelf?.keep(SHELF_NAME, (): ShelvedAnswer[] =>
    [...entries]
      .filter(([, k]) => k.settled !== null && current(k))
      .slice(-MAX_SAVED)
      .map(([def, k]) => ({
        cache: SHELF_NAME,
        def,
        asOfMs: k.settled?.asOfMs ?? 0,
        value: k.settled?.value ?? [],
      }))
  )

  return {
    async count(query) {
      await restored
      const def = defOf(query)
      const held = entries.get(def)
      if (held !== undefined && current(held)) {
        setNewest(entries, def, held, MAX_ENTRIES)
        return held.answer
      }
      const asOfMs = now()
      const kept: Kept = {
        generation: rollup.writeGeneration,
        fromUs: query.fromUs ?? -Infinity,
        toUs: query.toUs ?? Infinity,
        answer: store.countDimensionValues(query),
        settled: null,
      }
      setNewest(entries, def, kept, MAX_ENTRIES)
      void kept.answer.then(
        (value) => {
          kept.settled = { value, asOfMs }
        },
        () => {
          // A failed read (a refused filter, a closed store) is not kept.
          if (entries.get(def) === kept) {
            entries.delete(def)
          }
        }
      )
      return kept.answer
    },
  }
}

/** The key of a window and its filters; the filters' values sorted, so one set is one key. */
function defOf(query: DimensionValuesQuery): string {
  const filters = Object.entries(query.filters ?? {})
    .filter(([, values]) => values !== undefined && values.length > 0)
    .map(([d, values]) => [d, [...(values ?? [])].sort()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return JSON.stringify({ fromUs: query.fromUs ?? null, toUs: query.toUs ?? null, filters })
}

/** The window of a saved definition, or null when it is not one `defOf` made. */
function windowOf(def: string): { fromUs: number; toUs: number } | null {
  try {
    const parsed = JSON.parse(def) as { fromUs?: unknown; toUs?: unknown }
    const edge = (v: unknown, open: number): number | null =>
      v === null ? open : typeof v === 'number' && Number.isFinite(v) ? v : null
    const fromUs = edge(parsed.fromUs, -Infinity)
    const toUs = edge(parsed.toUs, Infinity)
    return fromUs === null || toUs === null ? null : { fromUs, toUs }
  } catch {
    return null
  }
}
