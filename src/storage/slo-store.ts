/**
 * The SLO module's storage port: alert states (they survive a restart), the alert history,
 * evaluator cursors and the slow-request samples kept as evidence. Separate from `SpanStore`
 * so the span port stays about telemetry; the DuckDB adapter shares the span store's database.
 */
import type { Finding } from '../core/model/diagnosis.js'
import type { RequestTimeline } from '../core/model/request.js'
import type { Span } from '../core/model/span.js'
import type { Micros } from '../core/model/units.js'
import type { AlertState } from '../core/slo/alert-state.js'
import type { DimensionFilters, Series } from '../core/model/query.js'

export interface AlertRecord {
  /** The rule's name (one alert instance per rule). */
  key: string
  kind: 'burn_rate' | 'objective' | 'percentile'
  tier: string | null
  objective: string | null
  severity: string
  state: AlertState
  labels: Record<string, string>
  annotations: Record<string, string>
  /** Named figures of the last evaluation (burn rates, shares, percentile ms). */
  detail: Record<string, number | null>
  /** Top diagnosis findings attached when the alert last fired. */
  findings: Finding[]
  /** The diagnosis window of those findings (epoch µs). */
  diagnosisWindow: { fromUs: Micros; toUs: Micros } | null
}

export interface AlertHistoryEntry {
  timeUs: Micros
  key: string
  transition: 'firing' | 'resolved'
  value: number | null
  detail: Record<string, number | null>
  findings: Finding[]
}

export type SampleKind = 'slow' | 'baseline'

/** A request kept as evidence, with everything needed to explain it after raw data ages out. */
export interface SlowSample {
  traceId: string
  tier: string
  kind: SampleKind
  /** Why it was kept: `breach:<objective>`, `slowest:<measure>`, `baseline`. */
  reasons: string[]
  /** When the sample keeper stored it (epoch µs). */
  keptAtUs: Micros
  request: RequestTimeline
  spans: Span[]
  /** The replica's and node's resource series around the request (± the configured window). */
  resources: (Series & { scope: 'replica' | 'node' })[]
}

export interface SampleQuery {
  /** Only the samples of this trace. */
  traceId?: string
  /** Request start window. */
  fromUs?: Micros
  toUs?: Micros
  tiers?: string[]
  kind?: SampleKind
  filters?: DimensionFilters
  limit?: number
  offset?: number
}

export interface SloStoreStats {
  alerts: number
  alertHistory: number
  samples: number
}

export interface SloStore {
  loadAlerts(): Promise<AlertRecord[]>
  /** Inserts or replaces by `key`. */
  saveAlerts(records: readonly AlertRecord[]): Promise<void>
  appendAlertHistory(entries: readonly AlertHistoryEntry[]): Promise<void>
  /** Newest first. */
  listAlertHistory(query: {
    fromUs?: Micros
    toUs?: Micros
    limit?: number
  }): Promise<AlertHistoryEntry[]>
  getCursor(name: string): Promise<Micros | null>
  setCursor(name: string, valueUs: Micros): Promise<void>
  /** Inserts or replaces by (`traceId`, `kind`). */
  insertSamples(samples: readonly SlowSample[]): Promise<void>
  /** Newest request first. */
  querySamples(query: SampleQuery): Promise<{ total: number; rows: SlowSample[] }>
  /** Deletes up to `maxRows` samples whose request started before `beforeUs`; returns how many. */
  deleteSamplesBefore(beforeUs: Micros, maxRows: number): Promise<number>
  deleteAlertHistoryBefore(beforeUs: Micros, maxRows: number): Promise<number>
  stats(): Promise<SloStoreStats>
}
