import type { Dimension } from '../../../src/core/model/request.js'

/** The dimensions the dashboard filters by, in the order the filter bar shows them. */
export const FILTER_DIMENSIONS = [
  'model',
  'version',
  'tenant',
  'replica',
  'node',
  'route',
  'region',
  'gateway',
] as const satisfies readonly Dimension[]

export type FilterDimension = (typeof FILTER_DIMENSIONS)[number]
export type Filters = Partial<Record<FilterDimension, string[]>>

export function isFilterDimension(value: string | null | undefined): value is FilterDimension {
  return (FILTER_DIMENSIONS as readonly string[]).includes(value ?? '')
}

/** Toggles one value of a dimension; an emptied dimension disappears. */
export function toggleFilter(filters: Filters, dim: FilterDimension, value: string): Filters {
  const current = filters[dim] ?? []
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value]
  const out: Filters = { ...filters }
  if (next.length === 0) {
    delete out[dim]
  } else {
    out[dim] = next
  }
  return out
}

/**
 * Metric series join requests through labels (CONTRACT §2: `pod` ↔ replica, `node`/`Hostname`
 * ↔ node, `model_name` ↔ model). A single selected value narrows a metric panel by that label;
 * filters without a label mapping (tenant, route…) leave the metric panels whole.
 */
export function metricLabelFilters(filters: Filters): Record<string, string> {
  const out: Record<string, string> = {}
  const single = (dim: FilterDimension): string | undefined => {
    const values = filters[dim]
    return values && values.length === 1 ? values[0] : undefined
  }
  const replica = single('replica')
  const node = single('node')
  const model = single('model')
  if (replica !== undefined) {
    out['label.pod'] = replica
  }
  if (node !== undefined) {
    out['label.node'] = node
  }
  if (model !== undefined) {
    out['label.model_name'] = model
  }
  return out
}
