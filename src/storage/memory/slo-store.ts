/** The in-memory `SloStore`: the reference implementation and the store behind `--store memory`. */
import { matchesFilters } from '../query/request-order.js'
import type { Micros } from '../../core/model/units.js'
import type {
  AlertHistoryEntry,
  AlertRecord,
  SampleQuery,
  SloStore,
  SlowSample,
} from '../slo-store.js'

/** Creates an empty in-memory SLO store. */
export function createMemorySloStore(): SloStore {
  const alerts = new Map<string, AlertRecord>()
  let history: AlertHistoryEntry[] = []
  const cursors = new Map<string, Micros>()
  const samples = new Map<string, SlowSample>()

  const selectSamples = (q: SampleQuery): SlowSample[] =>
    [...samples.values()]
      .filter(
        (s) =>
          (q.fromUs === undefined || s.request.startUs >= q.fromUs) &&
          (q.toUs === undefined || s.request.startUs < q.toUs) &&
          (q.traceId === undefined || s.traceId === q.traceId) &&
          (q.kind === undefined || s.kind === q.kind) &&
          (q.tiers === undefined || q.tiers.length === 0 || q.tiers.includes(s.tier)) &&
          matchesFilters(s.request, q.filters)
      )
      .sort((a, b) => b.request.startUs - a.request.startUs || a.traceId.localeCompare(b.traceId))

  return {
    async loadAlerts() {
      return structuredClone([...alerts.values()])
    },
    async saveAlerts(records) {
      for (const r of structuredClone(records as AlertRecord[])) {
        alerts.set(r.key, r)
      }
    },
    async appendAlertHistory(entries) {
      history.push(...structuredClone(entries as AlertHistoryEntry[]))
    },
    async listAlertHistory(q) {
      const rows = history
        .filter(
          (h) =>
            (q.fromUs === undefined || h.timeUs >= q.fromUs) &&
            (q.toUs === undefined || h.timeUs < q.toUs)
        )
        .sort((a, b) => b.timeUs - a.timeUs)
      return structuredClone(q.limit === undefined ? rows : rows.slice(0, q.limit))
    },
    async getCursor(name) {
      return cursors.get(name) ?? null
    },
    async setCursor(name, valueUs) {
      cursors.set(name, valueUs)
    },
    async insertSamples(list) {
      for (const s of structuredClone(list as SlowSample[])) {
        samples.set(`${s.traceId}\u0000${s.kind}`, s)
      }
    },
    async querySamples(q) {
      const rows = selectSamples(q)
      const offset = q.offset ?? 0
      const end = q.limit === undefined ? undefined : offset + q.limit
      return { total: rows.length, rows: structuredClone(rows.slice(offset, end)) }
    },
    async deleteSamplesBefore(beforeUs, maxRows) {
      let n = 0
      for (const [key, s] of samples) {
        if (n >= maxRows) {
          break
        }
        if (s.request.startUs < beforeUs) {
          samples.delete(key)
          n++
        }
      }
      return n
    },
    async deleteAlertHistoryBefore(beforeUs, maxRows) {
      const old = history.filter((h) => h.timeUs < beforeUs).slice(0, maxRows)
      const drop = new Set(old)
      history = history.filter((h) => !drop.has(h))
      return old.length
    },
    async stats() {
      return { alerts: alerts.size, alertHistory: history.length, samples: samples.size }
    },
  }
}
