/** Retention of the ClickHouse store (`SpanStore.deleteBefore`). */
import { AppError } from '../../core/errors.js'
import type { Micros } from '../../core/model/units.js'
import type { RetentionTable } from '../../core/model/query.js'
import type { ClickHouseExecutor } from './executor.js'
import type { QualifiedTables } from './schema.js'
import { int, str, toNum } from './sql.js'

/**
 * Retention in batches: the oldest `maxRows` rows (by key for spans and requests, by a time cut
 * for samples and events) go with one lightweight DELETE, which waits until it is applied.
 */
export async function deleteBefore(
  exec: ClickHouseExecutor,
  t: QualifiedTables,
  table: RetentionTable,
  beforeUs: Micros,
  maxRows: number
): Promise<number> {
  const limit = Math.max(0, Math.floor(maxRows))
  const before = int(Math.ceil(beforeUs))
  let victims: { from: string; keys: string; time: string; where: string } | null = null
  switch (table) {
    case 'spans':
      victims = {
        from: t.traces,
        keys: '(TraceId, SpanId)',
        time: 'Timestamp',
        where: `Timestamp < fromUnixTimestamp64Micro(toInt64(${before}))`,
      }
      break
    case 'requests':
      victims = {
        from: t.requests,
        keys: 'trace_id',
        time: 'start_us',
        where: `start_us < ${before}`,
      }
      break
    case 'metric_samples':
      victims = { from: t.samples, keys: 'time_us', time: 'time_us', where: `time_us < ${before}` }
      break
    case 'events':
      victims = { from: t.events, keys: 'time_us', time: 'time_us', where: `time_us < ${before}` }
      break
  }
  if (!victims) {
    throw new AppError(
      'QUERY_INVALID',
      `expected a table (spans, requests, metric_samples, events), got "${String(table)}"`
    )
  }
  if (limit === 0) {
    return 0
  }
  const final = table === 'requests' ? 'FINAL' : ''
  // The oldest first; the keys are read before the DELETE, which then names them as literals.
  const keys = victims.keys
  const picked = await exec.rows(
    `SELECT ${keys} AS k FROM ${victims.from} ${final} WHERE ${victims.where}
     ORDER BY ${victims.time} LIMIT ${limit}`
  )
  const n = picked.length
  if (n === 0) {
    return 0
  }
  const numeric = table === 'metric_samples' || table === 'events'
  const list = picked.map((r) => (numeric ? toNum(r['k']) : r['k']))
  await exec.command(
    `DELETE FROM ${victims.from} WHERE ${keys} IN (${list.map(literal).join(', ')}) AND ${victims.where}`
  )
  return n
}

function literal(value: unknown): string {
  if (Array.isArray(value)) {
    return `(${value.map(literal).join(', ')})`
  }
  if (typeof value === 'number') {
    return int(value)
  }
  return str(String(value))
}
