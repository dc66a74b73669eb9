/**
 * The DuckDB adapter of the `SpanStore` port: one embedded database file (or `:memory:`), a
 * writer connection behind its queue and a few readers (reader-pool.ts). Writes use the
 * Appender inside one transaction per call, so a resolved promise means DuckDB committed the
 * rows to its WAL. Only this folder imports the driver.
 */
import { stat } from 'node:fs/promises'
import { listValue, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api'
import { AppError, errorMessage } from '../../core/errors.js'
import type { Span } from '../../core/model/span.js'
import type { SpanStore } from '../span-store.js'
import type { RequestQuery } from '../../core/model/query.js'
import { measureColumn } from '../query/request-fields.js'
import { validateRequestQuery } from '../query/validate.js'
import { appendAll, inTransaction, toNumber, type Row } from './connection.js'
import { damagedFile, damageOf, openDuckDbInstance, type DuckDbMemoryOptions } from './open.js'
import { appendEvent, eventFromRow, requestFromRow } from './rows.js'
import { applyMigrations } from './schema.js'
import { appendRequestsChunked, requestRowColumns } from './request-chunks.js'
import { createDimensionSets, type DimensionSet } from './dimension-sets.js'
import { encodeSpanBody, type BodyCodec } from './span-bodies.js'
import {
  appendSpanWrite,
  deleteSpansBefore,
  hasLegacySpans,
  lastSpanWriteId,
  readSpans,
  UNASSEMBLED_SQL,
} from './span-writes.js'
import { createSerialQueue } from './serial-queue.js'
import { createReaderPool, type ReaderPool } from './reader-pool.js'
import { createWriteCoalescer } from './write-coalescer.js'
import {
  createRequestRollup,
  registerRequestRollup,
  type WriteExtent,
} from '../rollup/request-rollup.js'
import { duckDbRollupSource } from './rollup-fill.js'
import { BUMP_REQUESTS_GENERATION, readSavedRollup, saveRollup } from './rollup-persist.js'
import { createRequestPages, readSavedPages, savePages } from './request-pages.js'
import { createDuckDbShelf, readSavedAnswers, saveAnswers } from './saved-answers.js'
import { registerAnswerShelf } from '../answer-shelf.js'
import { createSeriesIdCache } from './series-id.js'
import { createKnownMetricNames } from './metric-names.js'
import { createKeptTableFacts } from './table-facts.js'
import { queryPercentiles, querySeriesPoints } from './read-queries.js'
import { queryAggregate, queryDimensionValues, queryHistogram } from './aggregate.js'
import { queryRequestColumns } from './request-columns.js'
import { requestWhere, timeClauses, valueRangeClauses, type Where } from './sql.js'

/**
 * Access to a DuckDB store's database for modules that keep their own tables in it (the SLO
 * store): work runs on the store's writer or a reader connection, behind the same queues.
 */
export interface DuckDbShared {
  /** Runs `work` on the writer connection inside one transaction. */
  write<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T>
  /** Runs `work` on a reader connection (committed data only). */
  read<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T>
  /**
   * Folds the WAL into the file now, behind the writes queued before it: the rows written since
   * the last checkpoint stay in DuckDB's memory until then (the memory limiter's relief).
   */
  checkpoint(): Promise<void>
  /** Size of the write-ahead log now (bytes; 0 for `:memory:` or when there is none). */
  walBytes(): Promise<number>
}

const sharedAccess = new WeakMap<SpanStore, DuckDbShared>()

/** The shared database access of a store made by `createDuckDbStore`, or null for other stores. */
export function duckDbSharedOf(store: SpanStore): DuckDbShared | null {
  return sharedAccess.get(store) ?? null
}

const RETENTION_COLUMN = {
  spans: 'start_us',
  requests: 'start_us',
  metric_samples: 'time_us',
  events: 'time_us',
} as const

/**
 * The table a retention delete runs on: `requests` is a view since schema step 9 (ADR 0492), its
 * rows are in `request_rows`. The sets no row names any more go with them (`sets.prune`).
 */
const RETENTION_TABLE = {
  spans: 'spans',
  requests: 'request_rows',
  metric_samples: 'metric_samples',
  events: 'events',
} as const

/** Least time between two attempts to reopen an invalidated database (ms). */
const REOPEN_INTERVAL_MS = 2000

/** DuckDB's words for an instance that must be opened again before any further use. */
function isInvalidated(message: string): boolean {
  return /database has been invalidated|FATAL Error/i.test(message)
}

/** A retryable refusal while the file cannot be written (a full disk, most often). */
function unavailable(path: string, message: string, cause: unknown): AppError {
  const full = /No space left on device|disk is full|ENOSPC/i.test(message)
  return new AppError(
    'STORE_UNAVAILABLE',
    full
      ? `the disk holding ${path} is full: nothing more can be stored until space is freed; ingest answers 503 and resumes by itself (DuckDB: ${message.split('\n')[0]})`
      : `the database ${path} cannot be written and is being reopened (DuckDB: ${message.split('\n')[0]})`,
    { retryAfterSeconds: 5, ...(cause === null ? {} : { cause }) }
  )
}

export interface DuckDbStoreOptions extends DuckDbMemoryOptions {
  /** Database file (created when absent; its folder must exist) or `':memory:'`. */
  path: string
  /** How span bodies are stored (ADR 0396): deflated (the default) or as laid out. */
  spanBodyCodec?: BodyCodec
}

/** Opens a DuckDB store, applying schema migrations. Throws `STORE_LOCKED` when another process holds the file. */
export async function createDuckDbStore(options: DuckDbStoreOptions): Promise<SpanStore> {
  let instance = await openDuckDbInstance(options.path, options)
  let conn: DuckDBConnection
  let readers: ReaderPool
  let writeId: number
  /** The `spans` table an older build wrote still holds rows (ADR 0395). */
  let legacySpans: boolean
  const sets = createDimensionSets()
  try {
    conn = await instance.connect()
    await applyMigrations(conn, new Date().toISOString())
    writeId = await lastSpanWriteId(conn)
    legacySpans = await hasLegacySpans(conn)
    await sets.load(conn)
    readers = await createReaderPool(instance)
  } catch (err) {
    instance.closeSync()
    throw err
  }
  // One connection writes (`conn`) behind its queue, a few read (`readers`): a long query does
  // not hold up ingest, nor the cheap reads, and readers see only committed data (DuckDB's MVCC
  // across connections).
  const writeQueue = createSerialQueue()
  const seriesId = createSeriesIdCache()
  const requestRowColumnList = requestRowColumns((dims) => sets.idOf(dims))
  const isFile = options.path !== ':memory:' && options.path !== ''
  const spanBodyCodec = options.spanBodyCodec ?? 'deflate'

  // A block that fails its checksum is an error that says the file is damaged and what to do,
  // never a generic failure (and never a wrong row: DuckDB checks every block it reads).
  //
  // A fatal error (a checkpoint that hit a full disk) invalidates DuckDB's instance until it is
  // opened again: the store then answers STORE_UNAVAILABLE and reopens the file before its next
  // write, at most every REOPEN_INTERVAL_MS, so ingest resumes by itself once space is back.
  // What was committed is in the WAL and is replayed by the reopen.
  let invalidated: string | null = null
  let reopenAtMs = 0
  /** A write to `requests` of this process committed the counter's move (ADR 0363). */
  let counterMoved = false
  const damaged = (err: unknown): unknown => {
    const message = errorMessage(err)
    if (isFile && isInvalidated(message)) {
      invalidated ??= message
      return unavailable(options.path, message, err)
    }
    if (/No space left on device|ENOSPC/i.test(message)) {
      return unavailable(options.path, message, err)
    }
    const damage = isFile ? damageOf(message) : null
    return damage === null ? err : damagedFile(options.path, damage, message, err)
  }
  /** Reopens an invalidated instance (inside the write queue); throws while it cannot. */
  const reopenIfInvalidated = async (): Promise<void> => {
    if (invalidated === null) {
      return
    }
    if (Date.now() < reopenAtMs) {
      throw unavailable(options.path, invalidated, null)
    }
    reopenAtMs = Date.now() + REOPEN_INTERVAL_MS
    await readers.idle()
    for (const close of [
      () => readers.closeSync(),
      () => conn.closeSync(),
      () => instance.closeSync(),
    ]) {
      try {
        close()
      } catch {
        // An invalidated instance may refuse to close cleanly; it is dropped either way.
      }
    }
    try {
      instance = await openDuckDbInstance(options.path, options)
      conn = await instance.connect()
      await readers.reconnect(instance)
      // The sets are what the replayed file holds, which may differ from what this process
      // knew when the failure came inside a commit.
      await sets.load(conn)
    } catch (err) {
      invalidated = errorMessage(err)
      throw unavailable(options.path, invalidated, err)
    }
    invalidated = null
    // The reopened file is what DuckDB replayed: the next write to `requests` moves the counter
    // again rather than trust that the move before the failure was among what it kept.
    counterMoved = false
  }
  const rows = (sql: string, params: DuckDBValue[] = []): Promise<Row[]> =>
    readers
      .run(async (reader) => (await reader.runAndReadAll(sql, params)).getRowObjectsJS())
      .catch((err: unknown) => Promise.reject(damaged(err)))
  /**
   * `extentOf` names the times the work wrote, asked after it ran; without it any time may have
   * changed. `committed` runs after the commit, before the next write starts. `requests`: the
   * work writes that table, so the transaction also moves the counter that tells a later open
   * whether the saved rollup is still current (ADR 0351), when no write of this process has
   * moved it yet (ADR 0363): once moved, the counter cannot come back to the saved mark before
   * `close()` saves again, and the file is this process's alone until then. `rolledBack` runs
   * when the work or its commit failed, before the next write starts.
   */
  let requestWrites = 0
  const write = (
    work: () => Promise<void>,
    extentOf?: () => WriteExtent,
    committed?: () => void,
    requests = false,
    rolledBack?: () => void
  ): Promise<void> =>
    writeQueue
      .run(async () => {
        await reopenIfInvalidated()
        if (requests) {
          pages.writeStarted()
        }
        try {
          await inTransaction(conn, async () => {
            await work()
            if (requests) {
              if (!counterMoved) {
                await conn.run(BUMP_REQUESTS_GENERATION)
              }
              requestWrites++
            }
          })
        } catch (err) {
          rolledBack?.()
          throw err
        }
        // Only once committed: a rolled-back move left the counter where it was.
        if (requests) {
          counterMoved = true
        }
        committed?.()
      })
      .catch((err: unknown) => Promise.reject(damaged(err)))
      // After the commit (or its failure): a cached diagnosis that read these times is stale
      // (ADR 0211, 0238), and so is every kept page of requests.
      .finally(() => {
        facts.writeEnded()
        rollup.noteWrite(extentOf?.())
        if (requests) {
          pages.writeEnded()
        }
      })
  const spanWriter = createWriteCoalescer<Span>(
    (task) => writeQueue.run(task),
    async (spans) => {
      try {
        await reopenIfInvalidated()
        const body = encodeSpanBody(spans, spanBodyCodec)
        // A write that fails leaves its id unused: ids only need to grow.
        const id = ++writeId
        await inTransaction(conn, () => appendSpanWrite(conn, id, body))
      } catch (err) {
        throw damaged(err)
      } finally {
        facts.writeEnded()
      }
    }
  )

  // Pages of requests saved at close under the rollup's counter (ADR 0362), read before the
  // rollup's buckets (a few kilobytes against megabytes): the samples' first page waits for them
  // alone. A write that starts before they are in drops them.
  const pages = createRequestPages()
  const pagesSince = pages.epoch()
  const pagesRead = readers
    .run((reader) => readSavedPages(reader))
    .then(
      (saved) => pages.restore(saved, pagesSince),
      // Unread, the page is read from the rows as before.
      () => undefined
    )
  // The last diagnosis and concentration answers, saved under the same counter (ADR 0366): a few
  // kilobytes, read before the buckets too; only the analysis cards wait for them.
  const rollup = createRequestRollup(duckDbRollupSource(rows))
  const shelf = createDuckDbShelf(
    readers.run((reader) => readSavedAnswers(reader)),
    () => rollup.writeGeneration === 0
  )
  // Buckets a store saved at close, unless a write to `requests` committed since (ADR 0351),
  // read beside the start: reads of the rollup wait for them, nothing else does.
  rollup.restore(readers.run((reader) => readSavedRollup(reader)))
  const metricNames = createKnownMetricNames()
  // Counts and extent, kept until a write commits (ADR 0392).
  const facts = createKeptTableFacts((read) =>
    readers.run(read).catch((err: unknown) => Promise.reject(damaged(err)))
  )

  const store: SpanStore = {
    async insertSpans(spans) {
      if (spans.length === 0) {
        return
      }
      await spanWriter.submit(spans)
    },

    async upsertRequests(list, options) {
      if (list.length === 0) {
        return
      }
      // Later entries of the same trace in one batch win, as with separate calls.
      const latest = [...new Map(list.map((r) => [r.traceId, r])).values()]
      // The rollup forgets the buckets of the replaced rows too: a trace may move (ADR 0210).
      // Finding them costs a RETURNING, paid only while the rollup keeps or reads buckets.
      const replacing = options?.newTraces !== true
      const track = replacing && rollup.active()
      const replacedStarts: number[] = []
      let added: DimensionSet[] = []
      try {
        await write(
          async () => {
            // The delete scans every stored trace id (random ids defeat zone maps): its cost grows
            // with the table, so it is skipped when the caller knows the traces are new (ADR 0102).
            if (replacing) {
              const remove =
                'DELETE FROM request_rows WHERE trace_id IN (SELECT unnest(?::VARCHAR[]))'
              const ids = [listValue(latest.map((r) => r.traceId))]
              if (track) {
                const replaced = await conn.runAndReadAll(`${remove} RETURNING start_us`, ids)
                for (const [start] of replaced.getRowsJS()) {
                  replacedStarts.push(toNumber(start))
                }
              } else {
                await conn.run(remove, ids)
              }
            }
            // The new sets go in before the rows that name them, in the same transaction.
            added = await sets.intern(conn, latest)
            await appendRequestsChunked(conn, requestRowColumnList, latest)
          },
          () =>
            // Untracked replaced rows may have started at any time.
            replacing && !track
              ? { fromUs: -Infinity, toUs: Infinity }
              : extentOfTimes([...latest.map((r) => r.startUs), ...replacedStarts]),
          undefined,
          true,
          // The sets it added are not in the file: forgotten before a later write could name them.
          () => sets.forget(added)
        )
      } finally {
        if (replacing && !track) {
          // Whatever was read since the check may predate this write.
          rollup.invalidateAll()
        } else {
          rollup.invalidate(replacedStarts)
        }
        rollup.invalidate(latest.map((r) => r.startUs))
      }
    },

    async insertMetricSamples(samples) {
      if (samples.length === 0) {
        return
      }
      // Samples of known names change what a diagnosis reads only at their times; a new name may
      // change which alias it reads for a family, at every time (ADR 0240).
      let added: string[] = []
      const latest = new Map<string, number>()
      for (const s of samples) {
        const at = Math.round(s.timeUs)
        latest.set(s.name, Math.max(latest.get(s.name) ?? -Infinity, at))
      }
      await write(
        async () => {
          added = await metricNames.unknown(conn, latest.keys())
          await appendAll(conn, 'metric_samples', samples, (a, s) => {
            const { id, labelsJson } = seriesId(s.name, s.labels)
            a.appendBigInt(id)
            a.appendVarchar(s.name)
            a.appendVarchar(labelsJson)
            a.appendBigInt(BigInt(Math.round(s.timeUs)))
            a.appendDouble(s.value)
            a.endRow()
          })
        },
        () =>
          added.length > 0 ? EVERYTHING : extentOfTimes(samples.map((s) => Math.round(s.timeUs))),
        () => metricNames.add(latest)
      )
    },

    async upsertMetricFamilies(families) {
      if (families.length === 0) {
        return
      }
      // The diagnosis reads only the families' names: a scrape that records the same families
      // again touches no time (ADR 0240).
      let added: string[] = []
      await write(
        async () => {
          added = await metricNames.unknown(
            conn,
            families.map((f) => f.name)
          )
          for (const f of families) {
            await conn.run('INSERT OR REPLACE INTO metric_families VALUES (?, ?, ?, ?)', [
              f.name,
              f.type,
              f.help,
              f.unit,
            ])
          }
        },
        () => (added.length > 0 ? EVERYTHING : NOTHING),
        // Retention never deletes a family: its name stays whatever its samples do.
        () => metricNames.addFamilies(families)
      )
    },

    async insertEvents(events) {
      if (events.length === 0) {
        return
      }
      await write(
        () => appendAll(conn, 'events', events, appendEvent),
        () => extentOfTimes(events.map((e) => e.timeUs))
      )
    },

    async getSpans(traceIds) {
      if (traceIds.length === 0) {
        return []
      }
      const ids = [...new Set(traceIds)]
      return readers
        .run((reader) => readSpans(reader, ids, legacySpans))
        .catch((err: unknown) => Promise.reject(damaged(err)))
    },

    async unassembledTraceIds(sinceUs, limit) {
      const found = await rows(UNASSEMBLED_SQL, [
        BigInt(Math.floor(sinceUs)),
        Math.max(0, Math.floor(limit)),
      ])
      return found.map((r) => String(r['trace_id']))
    },

    async getRequest(traceId) {
      const found = await rows('SELECT * FROM requests WHERE trace_id = ? LIMIT 1', [traceId])
      return found[0] ? requestFromRow(found[0]) : null
    },

    async queryRequests(query: RequestQuery) {
      validateRequestQuery(query)
      const where = requestWhere(query)
      valueRangeClauses(query.valueRange, where)
      const column = measureColumn(query.sortBy ?? 'start')
      const dir = query.sortDir === 'asc' ? 'ASC' : 'DESC'
      let sql = `SELECT * FROM requests ${where.sql} ORDER BY ${column} ${dir} NULLS LAST, trace_id ASC`
      const params = [...where.params]
      if (query.limit !== undefined) {
        sql += ' LIMIT ?'
        params.push(query.limit)
      }
      if (query.offset) {
        sql += ' OFFSET ?'
        params.push(query.offset)
      }
      await pagesRead
      return (
        pages.get(query) ??
        pages.read(query, () =>
          readers.run(async (reader) => {
            const total = (
              await reader.runAndReadAll(`SELECT count(*) FROM requests ${where.sql}`, where.params)
            ).getRowsJS()[0]?.[0]
            const page = (await reader.runAndReadAll(sql, params)).getRowObjectsJS()
            return { total: toNumber(total ?? 0), rows: page.map(requestFromRow) }
          })
        )
      )
    },

    async *scanRequests(query: RequestQuery, batchSize = 10_000) {
      validateRequestQuery(query)
      const where = requestWhere(query)
      let after: { startUs: bigint; traceId: string } | null = null
      for (;;) {
        const page: Where = { sql: where.sql, params: [...where.params] }
        if (after) {
          page.sql += ' AND (start_us > ? OR (start_us = ? AND trace_id > ?))'
          page.params.push(after.startUs, after.startUs, after.traceId)
        }
        const found = await rows(
          `SELECT * FROM requests ${page.sql} ORDER BY start_us, trace_id LIMIT ${Math.max(1, Math.floor(batchSize))}`,
          page.params
        )
        if (found.length === 0) {
          return
        }
        const last = found[found.length - 1] as Row
        after = { startUs: BigInt(last['start_us'] as bigint), traceId: String(last['trace_id']) }
        yield found.map(requestFromRow)
        if (found.length < batchSize) {
          return
        }
      }
    },

    scanRequestColumns: (query) => readers.run((reader) => queryRequestColumns(reader, query)),
    percentiles: (query) => queryPercentiles(rows, query),
    aggregateRequests: (query) => queryAggregate(rows, query),
    countDimensionValues: (query) => queryDimensionValues(rows, query),
    histogramRequests: (query) => queryHistogram(rows, query),
    querySeries: (query) => querySeriesPoints(rows, query),
    listMetrics: () =>
      // Kept: no reader's queue to wait in (ADR 0392).
      Promise.resolve(metricNames.keptList()).then(
        (kept) =>
          kept ??
          readers
            .run((reader) => metricNames.readList(reader))
            .catch((err: unknown) => Promise.reject(damaged(err)))
      ),

    async queryEvents(query) {
      const where: Where = { sql: 'WHERE TRUE', params: [] }
      timeClauses('time_us', query, where)
      if (query.kinds && query.kinds.length > 0) {
        where.sql += ` AND kind IN (${query.kinds.map(() => '?').join(', ')})`
        where.params.push(...query.kinds)
      }
      return (await rows(`SELECT * FROM events ${where.sql} ORDER BY time_us`, where.params)).map(
        eventFromRow
      )
    },

    async extent() {
      const { extent } = await facts.get()
      return extent === null ? null : { ...extent }
    },

    async stats() {
      const kept = await facts.get()
      let bytes: number | null = null
      if (isFile) {
        bytes = 0
        for (const file of [options.path, `${options.path}.wal`]) {
          bytes += await stat(file).then(
            (s) => s.size,
            () => 0
          )
        }
      }
      return {
        spans: kept.spans,
        requests: kept.requests,
        metricSamples: kept.metricSamples,
        events: kept.events,
        bytes,
      }
    },

    async deleteBefore(table, beforeUs, maxRows) {
      const column = RETENTION_COLUMN[table] as string | undefined
      const rowsTable = RETENTION_TABLE[table] as string | undefined
      if (!column || !rowsTable) {
        throw new AppError(
          'QUERY_INVALID',
          `expected a table (${Object.keys(RETENTION_COLUMN).join(', ')}), got "${String(table)}"`
        )
      }
      const limit = Math.max(0, Math.floor(maxRows))
      if (limit === 0) {
        return 0
      }
      let deleted = 0
      let gone: string[] = []
      let legacyLeft = legacySpans
      await write(
        async () => {
          if (table === 'spans') {
            deleted = await deleteSpansBefore(conn, beforeUs, limit)
            legacyLeft = legacySpans && (await hasLegacySpans(conn))
            return
          }
          const result = await conn.run(
            `DELETE FROM ${rowsTable} WHERE rowid IN (SELECT rowid FROM ${rowsTable} WHERE ${column} < ? LIMIT ?)`,
            [BigInt(Math.ceil(beforeUs)), limit]
          )
          deleted = result.rowsChanged
          if (table === 'requests' && deleted > 0) {
            await sets.prune(conn)
          }
          if (table !== 'metric_samples' || deleted === 0) {
            return
          }
          // A metric name whose last sample goes is a change at every time, as a new one is.
          // Only a name with no sample at or after the cut can go: usually there is none, and
          // the store is not read again.
          const ending = await metricNames.endingBefore(conn, beforeUs)
          if (ending.length > 0) {
            const still = await conn.runAndReadAll(
              'SELECT DISTINCT name FROM metric_samples WHERE name IN (SELECT unnest(?::VARCHAR[]))',
              [listValue(ending)]
            )
            const left = new Set(still.getRowsJS().map(([name]) => String(name)))
            gone = ending.filter((n) => !left.has(n))
          }
        },
        () => (gone.length > 0 ? EVERYTHING : { fromUs: -Infinity, toUs: beforeUs }),
        () => {
          metricNames.remove(gone)
          // Only once committed: a rolled-back delete left the rows where they were.
          if (table === 'spans') {
            legacySpans = legacyLeft
          }
        },
        table === 'requests'
      )
      if (table === 'requests' && deleted > 0) {
        rollup.invalidateBefore(beforeUs)
      }
      return deleted
    },

    async close() {
      await Promise.all([writeQueue.idle(), readers.idle()])
      await pagesRead
      await shelf.restored()
      // With no bucket read from the rows and no write to `requests`, what is kept is what was
      // read back (or nothing, and what is saved stays unread): the save would change nothing.
      const saveBuckets = requestWrites > 0 || rollup.stats.bucketsFilled > 0
      if (isFile && invalidated === null && (saveBuckets || pages.changed() || shelf.changed())) {
        await writeQueue
          .run(async () => {
            // A write's continuation forgets its buckets after the commit: let every one run.
            await new Promise<void>((resolve) => setImmediate(resolve))
            // The pages go with every save that marks the counter current (ADR 0362), so a
            // matching counter always means current pages. Saved alone (nothing written since
            // the open, so they are current at the counter) they leave it as it is: when it did
            // not match at the open they stay unread, as the buckets do.
            await inTransaction(conn, async () => {
              if (saveBuckets) {
                await saveRollup(conn, rollup.saved())
              }
              await savePages(conn, pages.saved())
              // As the pages: current at the counter's mark, each shown as of its own time.
              await saveAnswers(conn, shelf.saved())
            })
          })
          // Unsaved, the next start reads the rollup from the rows, as it did before ADR 0351.
          .catch(() => undefined)
      }
      readers.closeSync()
      conn.closeSync()
      instance.closeSync()
    },
  }
  registerRequestRollup(store, rollup)
  registerAnswerShelf(store, shelf)
  sharedAccess.set(store, {
    write<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
      let out: T
      return writeQueue
        .run(() =>
          inTransaction(conn, async () => {
            out = await work(conn)
          })
        )
        .then(() => out)
    },
    read<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
      // The SLO store reads through here: a damaged block must say what to do here too.
      return readers.run(work).catch((err: unknown) => Promise.reject(damaged(err)))
    },
    async checkpoint() {
      if (isFile) {
        // The ingest writer runs it on its own (ADR 0294): a full disk here must invalidate and
        // reopen like one inside a commit did, and say so the same way.
        await writeQueue
          .run(async () => {
            await reopenIfInvalidated()
            await conn.run('CHECKPOINT')
          })
          .catch((err: unknown) => Promise.reject(damaged(err)))
      }
    },
    async walBytes() {
      if (!isFile) {
        return 0
      }
      try {
        return (await stat(`${options.path}.wal`)).size
      } catch {
        // No WAL: everything is in the file (the last checkpoint folded it).
        return 0
      }
    },
  })
  return store
}

const EVERYTHING: WriteExtent = { fromUs: -Infinity, toUs: Infinity }
const NOTHING: WriteExtent = { fromUs: Infinity, toUs: -Infinity }

/** The half-open span of some times (empty when there are none). */
function extentOfTimes(times: readonly number[]): WriteExtent {
  let fromUs = Infinity
  let toUs = -Infinity
  for (const t of times) {
    fromUs = Math.min(fromUs, t)
    toUs = Math.max(toUs, t + 1)
  }
  return { fromUs, toUs }
}
