/**
 * The diagnoses (and concentrations) the API answered, kept per query while the store has not
 * committed anything since (ADR 0211): a second look at a window (a reload, another user, back to
 * a pinned diagnosis) answers from memory instead of reading and analysing the window's requests
 * again. Concurrent asks of one query share one run. Only a store that counts its commits (the
 * DuckDB store, through its rollup) is cached; any other store is analysed every time.
 *
 * A caller that accepts a stale answer (`getOrStale`, ADR 0225) gets, when no current one is
 * ready, the last answer of the same window definition at once, with the time it was computed,
 * while one refresh at a time recomputes it in the background.
 */
import { readFile, rename, writeFile } from 'node:fs/promises'
import type { SpanStore } from '../storage/span-store.js'
import { requestRollupOf } from '../storage/rollup/request-rollup.js'
import { dropOldest, setNewest } from '../core/lru.js'
import { answerShelfOf, type ShelvedAnswer } from '../storage/answer-shelf.js'

/** Diagnoses kept; each is a few kB of JSON, the cap bounds the memory, not the hit rate. */
const MAX_ENTRIES = 32
/** Last answers written to the file beside the database: the views a restart is likely to see. */
const MAX_SAVED = 8

interface Entry<T> {
  generation: number
  result: Promise<T>
}

/** The times an answer read (`windowReach`), or null when any write may change it. */
export type Reach = { fromUs: number; toUs: number } | null

/** Where an answer was computed: the store's write generation its run began at and its reach. */
interface ComputedAt {
  generation: number
  reach: Reach
}

/** An answer with the moment its run began reading the store (epoch ms). */
export interface Answer<T> {
  value: T
  asOfMs: number
}

/** What `getOrStale` hands back: the answer and whether the store may have changed since. */
export interface MaybeStale<T> extends Answer<T> {
  /** True when the store committed since `asOfMs` (or a restart happened): a refresh is running. */
  stale: boolean
}

export interface DiagnosisCache<T> {
  /**
   * The diagnosis of `key`: kept when the store has not committed since it was computed, else
   * `run()` (once for concurrent callers). A run that fails is not kept. With a `reach`, the
   * answer also holds across commits that wrote only outside it (ADR 0238).
   */
  get(key: string, run: () => Promise<T>, reach?: Reach): Promise<T>
  /**
   * As `get`, but when no current answer of `key` is ready and an earlier answer of the window
   * definition `def` exists (a relative window such as "the last hour" resolves to a new `key`
   * at every ask), that answer at once, marked stale, while `run` is queued behind at most one
   * other refresh; asks of the same `key` meanwhile share that run. Without an earlier answer it
   * waits for the run as `get` does.
   */
  getOrStale(key: string, def: string, run: () => Promise<T>, reach?: Reach): Promise<MaybeStale<T>>
  /**
   * The run of `key` under way (the refresh a stale answer announced), even if the store has
   * committed since it began; else as `get`. Lets the page wait for the refresh instead of
   * starting a second run on a store that commits every second.
   */
  getRefreshed(key: string, run: () => Promise<T>, reach?: Reach): Promise<Answer<T>>
  /**
   * What is held for `key` without running anything: its current answer (not stale), else the
   * last answer of the window definition `def` (stale), else `undefined`. No run starts and none
   * is queued, so a page may ask it beside its charts' reads (ADR 0407).
   */
  kept(key: string, def: string): Promise<MaybeStale<T> | undefined>
  readonly stats: { hits: number; runs: number; stale: number }
}

export interface DiagnosisCacheOptions<T> {
  /**
   * A JSON file (beside the database) that keeps the last answers per definition across
   * restarts; they are only ever served as stale, since the store's write counter starts again.
   */
  file?: string
  /** Told when the file cannot be read or written; the cache works on without it. */
  onFileError?: (err: unknown) => void
  now?: () => number
  /**
   * Whether a value read back from the file is still an answer of this server (a file written by
   * an older version may hold another shape); without it every value is taken.
   */
  readable?: (value: unknown) => value is T
  /**
   * The name its answers are kept under by a store that saves them across restarts (ADR 0366);
   * read back, they too are only ever served as stale. Without it nothing goes to the store.
   */
  shelfName?: string
  /** Awaited before a background refresh starts (the server lets the answers being given go). */
  beforeRefresh?: () => Promise<void>
}

interface Saved<T> {
  def: string
  asOfMs: number
  value: T
}

export function createDiagnosisCache<T>(
  store: SpanStore,
  options: DiagnosisCacheOptions<T> = {}
): DiagnosisCache<T> {
  const now = options.now ?? Date.now
  type Kept = Entry<T> & { asOfMs: number; settled: boolean; reach: Reach }
  const entries = new Map<string, Kept>()
  /**
   * The newest answer per window definition, whatever the generation: what a stale ask shows;
   * with where it was computed: the generation its run began at and the times it read. An answer
   * read back from the shelf is current at the open (generation 0), read from the file it is
   * current at nothing the store can vouch for (null).
   */
  type Newest = Answer<T> & { computedAt: ComputedAt | null }
  const latest = new Map<string, Newest>()
  const stats = { hits: 0, runs: 0, stale: 0 }

  const shelf = options.shelfName === undefined ? null : answerShelfOf(store)
  const loaded: Promise<void> = Promise.all([
    options.file === undefined ? undefined : loadSaved(options.file),
    shelf === null ? undefined : loadShelved(shelf),
  ]).then(() => undefined)
  /** An answer read back from a restart, unless one as new or newer is held. */
  function restore(s: Saved<T> | undefined, computedAt: ComputedAt | null): void {
    const readable = options.readable?.(s?.value) ?? true
    if (typeof s?.def === 'string' && Number.isFinite(s.asOfMs) && readable) {
      const held = latest.get(s.def)
      if (held === undefined || held.asOfMs < s.asOfMs) {
        latest.set(s.def, { value: s.value, asOfMs: s.asOfMs, computedAt })
      }
    }
  }
  async function loadShelved(from: NonNullable<typeof shelf>): Promise<void> {
    for (const s of await from.restored()) {
      if (s.cache === options.shelfName) {
        restore(s as Saved<T>, { generation: 0, reach: null })
      }
    }
  }
  /**
   * The answers no commit has touched since their run began (the cache's own rule for a current
   * answer): what the store saves for this cache at close (ADR 0366).
   */
  function currentAnswers(name: string): ShelvedAnswer[] {
    const rollup = requestRollupOf(store)
    if (rollup === null) {
      return []
    }
    return [...latest]
      .filter(
        ([, { computedAt: at }]) =>
          at !== null &&
          (at.generation === rollup.writeGeneration ||
            (at.reach !== null &&
              rollup.untouchedSince(at.generation, at.reach.fromUs, at.reach.toUs)))
      )
      .slice(-MAX_SAVED)
      .map(([def, a]) => ({ cache: name, def, asOfMs: a.asOfMs, value: a.value }))
  }
  if (shelf !== null && options.shelfName !== undefined) {
    const name = options.shelfName
    shelf.keep(name, () => currentAnswers(name))
  }
  async function loadSaved(file: string): Promise<void> {
    try {
      const saved = JSON.parse(await readFile(file, 'utf8')) as Saved<T>[]
      for (const s of Array.isArray(saved) ? saved : []) {
        restore(s, null)
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        options.onFileError?.(err)
      }
    }
  }

  // One write at a time; a write asked for during one is done once after it, with the newest.
  let saving: Promise<void> | null = null
  let saveAgain = false
  function save(): void {
    const file = options.file
    if (file === undefined) {
      return
    }
    if (saving !== null) {
      saveAgain = true
      return
    }
    const rows: Saved<T>[] = [...latest]
      .slice(-MAX_SAVED)
      .map(([def, a]) => ({ def, asOfMs: a.asOfMs, value: a.value }))
    const tmp = `${file}.${process.pid}.tmp`
    saving = writeFile(tmp, JSON.stringify(rows))
      .then(() => rename(tmp, file))
      .catch((err: unknown) => options.onFileError?.(err))
      .finally(() => {
        saving = null
        if (saveAgain) {
          saveAgain = false
          save()
        }
      })
  }

  function remember(def: string, answer: Answer<T>, computedAt: ComputedAt): void {
    const held = latest.get(def)
    if (held !== undefined && held.asOfMs > answer.asOfMs) {
      return
    }
    setNewest(latest, def, { ...answer, computedAt }, MAX_ENTRIES)
    save()
  }

  function start(
    key: string,
    generation: number,
    result: Promise<T>,
    def: string | null,
    reach: Reach
  ) {
    const asOfMs = now()
    const entry: Kept = { generation, result, asOfMs, settled: false, reach }
    entries.set(key, entry)
    result.then(
      (value) => {
        entry.settled = true
        remember(def ?? key, { value, asOfMs }, { generation, reach })
      },
      () => {
        if (entries.get(key) === entry) {
          entries.delete(key)
        }
      }
    )
    dropOldest(entries, MAX_ENTRIES)
    return entry
  }

  // Background refreshes run one at a time; of several queued for one definition only the
  // newest runs, the older ones answer with its result.
  const queue: { key: string; def: string; go: () => void }[] = []
  const newestQueued = new Map<string, string>()
  let refreshing = false
  function pump(): void {
    if (refreshing) {
      return
    }
    const job = queue.shift()
    if (job === undefined) {
      return
    }
    refreshing = true
    job.go()
  }
  /**
   * The entry for `key` if the store has not committed since it ran, or committed only outside
   * the times it read, counted as a hit.
   */
  function current(
    key: string,
    rollup: NonNullable<ReturnType<typeof requestRollupOf>>
  ): Kept | undefined {
    const kept = entries.get(key)
    if (kept === undefined) {
      return undefined
    }
    const generation = rollup.writeGeneration
    if (kept.generation !== generation) {
      const reach = kept.reach
      if (reach === null || !rollup.untouchedSince(kept.generation, reach.fromUs, reach.toUs)) {
        return undefined
      }
      // Current as of now: later commits are checked from here, not from its run.
      kept.generation = generation
    }
    // Most recently used last: the oldest is dropped first.
    entries.delete(key)
    entries.set(key, kept)
    stats.hits++
    return kept
  }
  function queueRefresh(
    key: string,
    def: string,
    generation: number,
    run: () => Promise<T>,
    reach: Reach
  ) {
    let go!: () => void
    const result = new Promise<T>((resolve, reject) => {
      go = async () => {
        await options.beforeRefresh?.()
        const newest = newestQueued.get(def)
        if (newest !== undefined && newest !== key && entries.has(newest)) {
          refreshing = false
          resolve((entries.get(newest) as Entry<T>).result)
          pump()
          return
        }
        newestQueued.delete(def)
        stats.runs++
        const running = run()
        running.then(resolve, reject).finally(() => {
          refreshing = false
          pump()
        })
      }
    })
    newestQueued.set(def, key)
    queue.push({ key, def, go })
    const entry = start(key, generation, result, def, reach)
    pump()
    return entry
  }

  return {
    stats,
    get(key, run, reach = null) {
      const rollup = requestRollupOf(store)
      if (rollup === null) {
        stats.runs++
        return run()
      }
      const kept = current(key, rollup)
      if (kept !== undefined) {
        return kept.result
      }
      stats.runs++
      // The generation is taken before the read: a commit during it makes the entry stale.
      return start(key, rollup.writeGeneration, run(), null, reach).result
    },
    async getOrStale(key, def, run, reach = null) {
      const rollup = requestRollupOf(store)
      if (rollup === null) {
        stats.runs++
        return { value: await run(), asOfMs: now(), stale: false }
      }
      await loaded
      let entry = current(key, rollup)
      const earlier = latest.get(def)
      if (entry === undefined) {
        const generation = rollup.writeGeneration
        if (earlier === undefined) {
          stats.runs++
          entry = start(key, generation, run(), def, reach)
        } else {
          entry = queueRefresh(key, def, generation, run, reach)
        }
      }
      if (!entry.settled && earlier !== undefined) {
        stats.stale++
        return { value: earlier.value, asOfMs: earlier.asOfMs, stale: true }
      }
      const asOfMs = entry.asOfMs
      return { value: await entry.result, asOfMs, stale: false }
    },
    async kept(key, def) {
      const rollup = requestRollupOf(store)
      if (rollup === null) {
        return undefined
      }
      await loaded
      const entry = current(key, rollup)
      if (entry?.settled) {
        return { value: await entry.result, asOfMs: entry.asOfMs, stale: false }
      }
      const earlier = latest.get(def)
      return earlier === undefined
        ? undefined
        : { value: earlier.value, asOfMs: earlier.asOfMs, stale: true }
    },
    async getRefreshed(key, run, reach = null) {
      const under = entries.get(key)
      if (under !== undefined && !under.settled) {
        stats.hits++
        return { value: await under.result, asOfMs: under.asOfMs }
      }
      const value = await this.get(key, run, reach)
      return { value, asOfMs: entries.get(key)?.asOfMs ?? now() }
    },
  }
}
