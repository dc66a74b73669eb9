/**
 * Pages of `queryRequests` kept while no write to `requests` commits, and saved beside the
 * rollup under its counter (ADR 0362). On a restarted server the samples card's first page is
 * then read back with no scan of the rows, by the same rule as the saved rollup (ADR 0351): the
 * next open reads the saved pages only when no transaction that wrote `requests` committed after
 * they were saved.
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import type { RequestPage, RequestQuery } from '../../core/model/query.js'
import { setNewest } from '../../core/lru.js'
import { replaceSaved } from './connection.js'
import { savedIsCurrent } from './rollup-persist.js'

/**
 * Pages kept: the dashboard's samples card asks one per view (the window, filters and sort); a few
 * cover the views a user opens in turn and the saved set stays a few kilobytes.
 */
const MAX_KEPT_PAGES = 8
/** The samples card asks 20 rows; a larger page is an export or a listing, not a first look. */
const MAX_KEPT_ROWS = 100

/** The query as a key: the same query in any key order, undefined fields left out. */
function keyOf(query: RequestQuery): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      return value.map(sorted)
    }
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, v]) => v !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => [k, sorted(v)])
      )
    }
    return value
  }
  return JSON.stringify(
    sorted({
      ...query,
      sortBy: query.sortBy ?? 'start',
      sortDir: query.sortDir ?? 'desc',
      offset: query.offset ?? 0,
    })
  )
}

export interface RequestPages {
  /** A kept page for the query (a copy), or null. */
  get(query: RequestQuery): RequestPage | null
  /**
   * Runs `read` and keeps its page when it is worth keeping and no write to `requests` started
   * or committed while it ran (its answer may predate the write).
   */
  read(query: RequestQuery, read: () => Promise<RequestPage>): Promise<RequestPage>
  /** Around every transaction that writes `requests`: what is kept is dropped at its end. */
  writeStarted(): void
  writeEnded(): void
  /** Saved pages read back at open; dropped when a write started since `since`. */
  restore(pages: readonly SavedPage[], since: number): void
  /** Where writes stand, for `restore`. */
  epoch(): number
  saved(): SavedPage[]
  /** A page was kept since the open (or since the last restore): a save would change something. */
  changed(): boolean
}

export interface SavedPage {
  key: string
  page: RequestPage
}

export function createRequestPages(): RequestPages {
  const kept = new Map<string, RequestPage>()
  let writing = 0
  let epoch = 0
  let changed = false
  const copy = (page: RequestPage): RequestPage => structuredClone(page)
  const keep = (key: string, page: RequestPage): void => setNewest(kept, key, page, MAX_KEPT_PAGES)
  return {
    get(query) {
      const key = keyOf(query)
      const page = kept.get(key)
      if (page === undefined) {
        return null
      }
      keep(key, page)
      return copy(page)
    },
    async read(query, read) {
      const since = epoch
      const idle = writing === 0
      const page = await read()
      const worth = query.limit !== undefined && query.limit <= MAX_KEPT_ROWS
      if (worth && idle && writing === 0 && epoch === since) {
        keep(keyOf(query), copy(page))
        changed = true
      }
      return page
    },
    writeStarted() {
      writing++
      epoch++
    },
    writeEnded() {
      writing--
      epoch++
      kept.clear()
    },
    restore(pages, since) {
      if (writing > 0 || epoch !== since) {
        return
      }
      for (const { key, page } of pages) {
        if (!kept.has(key)) {
          keep(key, page)
        }
      }
    },
    epoch: () => epoch,
    saved: () => [...kept].map(([key, page]) => ({ key, page: copy(page) })),
    changed: () => changed,
  }
}

/**
 * The saved pages when no write to `requests` committed after they were saved (the saved rollup's
 * counter, ADR 0351); none otherwise.
 */
export async function readSavedPages(connection: DuckDBConnection): Promise<SavedPage[]> {
  if (!(await savedIsCurrent(connection))) {
    return []
  }
  const found = await connection.runAndReadAll('SELECT key, page FROM request_pages ORDER BY seq')
  return found
    .getRowsJS()
    .map(([key, page]) => ({ key: String(key), page: JSON.parse(String(page)) as RequestPage }))
}

/**
 * Replaces the saved pages (inside the caller's transaction, on the writer). The pages must be
 * current at the counter as it stands: kept since the last write to `requests` committed.
 * Whatever sets `saved_generation` to the counter saves the pages in the same transaction, so a
 * matching counter always means current pages.
 */
export async function savePages(
  connection: DuckDBConnection,
  pages: readonly SavedPage[]
): Promise<void> {
  // Every field of a page is a string, a number (a double round-trips JSON exactly), a boolean
  // or null: the JSON text reads back as the same page.
  await replaceSaved(connection, 'request_pages', pages, (a, p) => {
    a.appendVarchar(p.key)
    a.appendVarchar(JSON.stringify(p.page))
  })
}
