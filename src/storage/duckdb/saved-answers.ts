/**
 * The diagnosis and concentration answers saved beside the rollup under its counter (ADR 0366):
 * read back at open only when no write to `requests` committed after the save, as the rollup's
 * buckets (ADR 0351) and the samples pages (ADR 0362) are.
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import type { AnswerShelf, ShelvedAnswer } from '../answer-shelf.js'
import { replaceSaved, toNumber } from './connection.js'
import { savedIsCurrent } from './rollup-persist.js'

/** The shelf of a DuckDB store: what was read back, then what the caches keep. */
export interface DuckDbShelf extends AnswerShelf {
  /** The answers to save at close, asked once every write has ended. */
  saved(): ShelvedAnswer[]
  /** A cache handed its answers since the open: a save would change something. */
  changed(): boolean
}

/**
 * `untouched`: no commit since the open; until then what was read back is still current and is
 * saved again for a cache that did not take it over (a process that serves no dashboard).
 */
export function createDuckDbShelf(
  read: Promise<readonly ShelvedAnswer[]>,
  untouched: () => boolean
): DuckDbShelf {
  let back: readonly ShelvedAnswer[] = []
  const restored = read.then(
    (answers) => (back = answers),
    // Unread, the cards wait for a fresh answer as they did before.
    () => []
  )
  const caches = new Map<string, () => readonly ShelvedAnswer[]>()
  return {
    restored: () => restored,
    keep(cache, current) {
      caches.set(cache, current)
    },
    saved: () => [
      ...(untouched() ? back.filter((a) => !caches.has(a.cache)) : []),
      ...[...caches.values()].flatMap((current) => current()),
    ],
    changed: () => caches.size > 0,
  }
}

/** The saved answers when no write to `requests` committed after they were saved; else none. */
export async function readSavedAnswers(connection: DuckDBConnection): Promise<ShelvedAnswer[]> {
  if (!(await savedIsCurrent(connection))) {
    return []
  }
  const found = await connection.runAndReadAll(
    'SELECT cache, def, as_of_ms, answer FROM saved_answers ORDER BY seq'
  )
  return found.getRowsJS().map(([cache, def, asOf, answer]) => ({
    cache: String(cache),
    def: String(def),
    asOfMs: toNumber(asOf),
    value: JSON.parse(String(answer)) as unknown,
  }))
}

/**
 * Replaces the saved answers (inside the caller's transaction, on the writer, beside the rollup's
 * save when there is one). Each answer carries its own time: read back, it is shown as of then.
 */
export async function saveAnswers(
  connection: DuckDBConnection,
  answers: readonly ShelvedAnswer[]
): Promise<void> {
  await replaceSaved(connection, 'saved_answers', answers, (a, s) => {
    a.appendVarchar(s.cache)
    a.appendVarchar(s.def)
    a.appendDouble(s.asOfMs)
    a.appendVarchar(JSON.stringify(s.value))
  })
}
