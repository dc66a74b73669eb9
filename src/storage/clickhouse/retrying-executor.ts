/**
 * Inserts that ride out a ClickHouse server going away and coming back: an insert that fails for
 * a reason of the connection (refused, reset, timed out, a 502/503/504) is sent again with
 * exponential backoff for up to `retryForMs`, inside the OTLP answer deadline (ADR 0130), so a
 * restart of ClickHouse costs latency, not refusals. While ClickHouse is away the bodies waiting
 * to be sent again are held within `maxPendingBytes`; an insert past that is refused at once.
 *
 * Loss is explicit: an insert is only acknowledged once ClickHouse took it, and one that is
 * refused or given up is an error the ingest answers with 503 (the exporter retries it), counted
 * here and logged once per `logIntervalMs` with the counts.
 *
 * A failure can come after ClickHouse took the batch (the reply was lost), so every attempt of one
 * batch carries the same `insert_deduplication_token`, a hash of the table and body: ClickHouse
 * acknowledges the resent copy without storing it again on tables with a deduplication window
 * (schema migration 4, ADR 0198). A hash rather than a random id, so that a later insert of the
 * same bytes (an exporter's resend that builds the same batch) is caught too while the first copy
 * is in the window.
 */
import { createHash } from 'node:crypto'
import { AppError, errorMessage } from '../../core/errors.js'
import type { Logger } from '../../core/logger.js'
import type { ClickHouseExecutor, InsertOptions } from './executor.js'

export interface InsertRetryOptions {
  /** How long one insert may keep retrying (ms, default 6000). */
  retryForMs?: number
  /** First wait between attempts (ms, default 200); doubled each time up to `maxBackoffMs`. */
  firstBackoffMs?: number
  /** Longest wait between attempts (ms, default 2000). */
  maxBackoffMs?: number
  /** Bytes of insert bodies waiting to be retried at once (default 64 MiB). */
  maxPendingBytes?: number
  logger?: Logger
  /** Least time between two log lines (ms, default 10 000). */
  logIntervalMs?: number
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

export interface InsertRetryCounters {
  /** Attempts sent again after a connection failure. */
  retries: number
  /** Inserts that succeeded after at least one retry. */
  recovered: number
  /** Inserts refused at once because the retry buffer was full. */
  refused: number
  /** Inserts that still failed after `retryForMs`. */
  gaveUp: number
}

const TRANSIENT =
  /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|socket hang up|Timeout error|timed out|\b50[234]\b|Service Unavailable|Bad Gateway/i

/** Whether an insert failure is about the connection (worth sending again), not the data. */
export function isTransient(err: unknown): boolean {
  const cause = err instanceof Error && err.cause !== undefined ? errorMessage(err.cause) : ''
  return TRANSIENT.test(`${errorMessage(err)} ${cause}`)
}

/** The deduplication token of a batch: the same bytes into the same table give the same token. */
export function batchToken(table: string, body: string): string {
  return createHash('sha256').update(table).update('\n').update(body).digest('base64url')
}

/** Wraps `executor` so that its inserts are retried; other statements pass through. */
export function withInsertRetry(
  executor: ClickHouseExecutor,
  options: InsertRetryOptions = {}
): ClickHouseExecutor & { counters(): InsertRetryCounters } {
  const retryForMs = options.retryForMs ?? 6000
  const firstBackoffMs = options.firstBackoffMs ?? 200
  const maxBackoffMs = options.maxBackoffMs ?? 2000
  const maxPendingBytes = options.maxPendingBytes ?? 64 * 1024 * 1024
  const logIntervalMs = options.logIntervalMs ?? 10_000
  const now = options.now ?? Date.now
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const counters: InsertRetryCounters = { retries: 0, recovered: 0, refused: 0, gaveUp: 0 }
  let pendingBytes = 0
  let loggedAt = Number.NEGATIVE_INFINITY
  let lastError = ''

  const log = (force: boolean): void => {
    const t = now()
    if (options.logger === undefined || (!force && t - loggedAt < logIntervalMs)) {
      return
    }
    loggedAt = t
    options.logger.warn('ClickHouse inserts are failing; retrying with backoff', {
      ...counters,
      pending_bytes: pendingBytes,
      last_error: lastError,
    })
  }

  const insertJson = async (
    table: string,
    body: string,
    insert: InsertOptions = {}
  ): Promise<void> => {
    const started = now()
    const sameBatch = { dedupToken: insert.dedupToken ?? batchToken(table, body) }
    let backoff = firstBackoffMs
    let held = 0
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          await executor.insertJson(table, body, sameBatch)
          if (attempt > 1) {
            counters.recovered++
          }
          return
        } catch (err) {
          if (!isTransient(err)) {
            throw err
          }
          lastError = errorMessage(err)
          if (held === 0) {
            if (pendingBytes + body.length > maxPendingBytes) {
              counters.refused++
              log(false)
              throw new AppError(
                'STORE_UNAVAILABLE',
                `ClickHouse is unreachable and ${Math.round(pendingBytes / 1048576)} MiB of inserts already wait for it (limit ${Math.round(maxPendingBytes / 1048576)} MiB); this batch of ${table} was not stored; retry later (${lastError})`,
                { cause: err, retryAfterSeconds: 5 }
              )
            }
            held = body.length
            pendingBytes += held
          }
          if (now() - started + backoff > retryForMs) {
            counters.gaveUp++
            log(true)
            throw new AppError(
              'STORE_UNAVAILABLE',
              `ClickHouse is unreachable: the insert into ${table} failed ${attempt} times over ${Math.round(now() - started)} ms and was not stored; retry later (${lastError})`,
              { cause: err, retryAfterSeconds: 5 }
            )
          }
          counters.retries++
          log(false)
          await sleep(backoff)
          backoff = Math.min(maxBackoffMs, backoff * 2)
        }
      }
    } finally {
      pendingBytes -= held
    }
  }

  return {
    rows: (sql) => executor.rows(sql),
    binary: (sql, format) => executor.binary(sql, format),
    command: (sql) => executor.command(sql),
    insertJson,
    close: () => executor.close(),
    counters: () => ({ ...counters }),
  }
}
