/**
 * What the diagnosis reads from a store: the narrow port it depends on. Every `SpanStore` (memory,
 * DuckDB, ClickHouse) satisfies it structurally, so core never imports the storage layer.
 */
import type { ChangeEvent } from '../../model/event.js'
import type { MetricFamilyMeta } from '../../model/metric.js'
import type {
  DataExtent,
  EventQuery,
  RequestColumnQuery,
  RequestColumns,
  Series,
  SeriesQuery,
} from '../../model/query.js'

export interface DiagnosisReader {
  extent(): Promise<DataExtent | null>
  scanRequestColumns(query: RequestColumnQuery): Promise<RequestColumns>
  listMetrics(): Promise<MetricFamilyMeta[]>
  querySeries(query: SeriesQuery): Promise<Series[]>
  queryEvents(query: EventQuery): Promise<ChangeEvent[]>
}
