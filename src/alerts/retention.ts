/**
 * Age-based retention: deletes rows older than each table's configured age in small batches,
 * yielding between batches so ingest writes interleave with the deletes.
 */
import type { Logger } from '../core/logger.js'
import type { Micros } from '../core/model/units.js'
import type { SloStore } from '../storage/slo-store.js'
import type { SpanStore } from '../storage/span-store.js'
import type { RetentionTable } from '../core/model/query.js'
import type { RetentionSettings } from '../config/slo.js'

export type RetainedTable = RetentionTable | 'samples' | 'alert_history'

export interface RetentionRun {
  atMs: number
  /** Rows deleted per table in this run. */
  deleted: Partial<Record<RetainedTable, number>>
  /** A table still had old rows when the run's batch budget ran out. */
  more: boolean
}

export interface Retention {
  runOnce(nowMs: number): Promise<RetentionRun>
  last(): RetentionRun | null
  totals(): Partial<Record<RetainedTable, number>>
}

export interface RetentionOptions {
  store: SpanStore
  sloStore: SloStore
  settings: RetentionSettings
  logger: Logger
  /** Batches per table per run (default 20). */
  maxBatchesPerRun?: number
  /** Lets other work run between batches (default: the next macrotask). */
  pause?: () => Promise<void>
}

const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r))

/** Creates the retention worker; `runOnce` is driven by the SLO service's loop. */
export function createRetention(options: RetentionOptions): Retention {
  const { store, sloStore, settings } = options
  const pause = options.pause ?? nextTurn
  const maxBatches = options.maxBatchesPerRun ?? 20
  let lastRun: RetentionRun | null = null
  const totals: Partial<Record<RetainedTable, number>> = {}
  const plan: [RetainedTable, Micros | null, (before: Micros, n: number) => Promise<number>][] = [
    ['spans', settings.spans, (b, n) => store.deleteBefore('spans', b, n)],
    ['requests', settings.requests, (b, n) => store.deleteBefore('requests', b, n)],
    [
      'metric_samples',
      settings.metricSamples,
      (b, n) => store.deleteBefore('metric_samples', b, n),
    ],
    ['events', settings.events, (b, n) => store.deleteBefore('events', b, n)],
    ['samples', settings.samples, (b, n) => sloStore.deleteSamplesBefore(b, n)],
    ['alert_history', settings.alertHistory, (b, n) => sloStore.deleteAlertHistoryBefore(b, n)],
  ]
  return {
    async runOnce(nowMs) {
      const run: RetentionRun = { atMs: nowMs, deleted: {}, more: false }
      for (const [table, age, del] of plan) {
        if (age === null) {
          continue
        }
        const before = (nowMs * 1000 - age) as Micros
        let deleted = 0
        for (let batch = 0; ; batch++) {
          if (batch >= maxBatches) {
            run.more = true
            break
          }
          const n = await del(before, settings.batchRows)
          deleted += n
          if (n < settings.batchRows) {
            break
          }
          await pause()
        }
        if (deleted > 0) {
          run.deleted[table] = deleted
          totals[table] = (totals[table] ?? 0) + deleted
        }
      }
      if (Object.keys(run.deleted).length > 0) {
        options.logger.info('retention deleted old rows', run.deleted)
      }
      lastRun = run
      return run
    },
    last() {
      return lastRun
    },
    totals() {
      return { ...totals }
    },
  }
}
