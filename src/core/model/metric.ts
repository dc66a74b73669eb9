import type { Micros } from './units.js'

/**
 * One metric sample. Histograms are stored the Prometheus way: a `<name>_bucket` series per
 * `le` label (cumulative), plus `<name>_sum` and `<name>_count`; OTLP histograms are converted
 * into that shape at ingest. Names are Prometheus-style (OTLP dots become underscores).
 */
export interface MetricSample {
  name: string
  labels: Record<string, string>
  timeUs: Micros
  value: number
}

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped'

/** What the exposition said about a family (`# TYPE`, `# HELP`, `# UNIT`). */
export interface MetricFamilyMeta {
  name: string
  type: MetricType
  help: string | null
  unit: string | null
}
