/**
 * The chart routes' answers (`/api/traffic`, `/api/percentiles`, `/api/heatmap`, `/api/stages`),
 * kept per resolved query while no commit wrote requests within its window: the rule the
 * rollup's buckets, the diagnosis and the dimensions' counts are kept by (ADRs 0210, 0238, 0413).
 * Each of these answers reads only the requests that started inside its window, so an answer
 * whose window no commit wrote since its read began is the answer a new read would give.
 *
 * On a store that keeps a rollup, a second look at a window no longer merged its buckets again:
 * those merges ran on the event loop, 0.3 s of the server's CPU per look at 1 M requests, and on
 * a host whose cores are shared they held every first-wave answer behind them, the cheap ones
 * too (ADR 0484). A store without a rollup (memory, ClickHouse) has no write counter to key on:
 * its answers are computed every time, as before.
 */
import { setNewest } from '../core/lru.js'
import { requestRollupOf } from '../storage/rollup/request-rollup.js'
import type { SpanStore } from '../storage/span-store.js'

/**
 * Answers kept per store: the page's views ask a handful each (four charts, two percentile sets
 * and the heatmap's line), each a few kilobytes to a few hundred.
 */
const MAX_ENTRIES = 48

interface Kept {
  /** The rollup's write generation when the read began. */
  generation: number
  fromUs: number
  toUs: number
  answer: Promise<unknown>
}

export interface ChartAnswers {
  /**
   * The answer of `key` (a route and everything its answer depends on besides the requests of
   * `[fromUs, toUs)`): the kept one while it is current, else `compute()`'s, kept.
   */
  answer<T>(
    key: string,
    window: { fromUs?: number | undefined; toUs?: number | undefined },
    compute: () => Promise<T>
  ): Promise<T>
}

const perStore = new WeakMap<SpanStore, ChartAnswers>()

/** The chart answers kept for `store` (one set per store, shared by its routes). */
export function chartAnswersOf(store: SpanStore): ChartAnswers {
  let held = perStore.get(store)
  if (held === undefined) {
    held = createChartAnswers(store)
    perStore.set(store, held)
  }
  return held
}

function createChartAnswers(store: SpanStore): ChartAnswers {
  const entries = new Map<string, Kept>()
  return {
    answer<T>(
      key: string,
      window: { fromUs?: number | undefined; toUs?: number | undefined },
      compute: () => Promise<T>
    ): Promise<T> {
      // Looked up per ask: a store registers its rollup when it opens.
      const rollup = requestRollupOf(store)
      if (rollup === null) {
        return compute()
      }
      const held = entries.get(key)
      if (
        held !== undefined &&
        (held.generation === rollup.writeGeneration ||
          rollup.untouchedSince(held.generation, held.fromUs, held.toUs))
      ) {
        setNewest(entries, key, held, MAX_ENTRIES)
        return held.answer as Promise<T>
      }
      const kept: Kept = {
        generation: rollup.writeGeneration,
        fromUs: window.fromUs ?? -Infinity,
        toUs: window.toUs ?? Infinity,
        answer: compute(),
      }
      setNewest(entries, key, kept, MAX_ENTRIES)
      kept.answer.catch(() => {
        // A failed read (a closed store, an overload) is not kept: the next ask reads again.
        if (entries.get(key) === kept) {
          entries.delete(key)
        }
      })
      return kept.answer as Promise<T>
    },
  }
}
