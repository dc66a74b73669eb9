import type { Attributes, AttrValue } from '../model/span.js'

/** Resource attributes with a Prometheus-style label name of their own (CONTRACT §2 joins). */
const RESOURCE_LABELS: Record<string, string> = {
  'service.instance.id': 'instance',
  'service.name': 'job',
  'k8s.pod.name': 'pod',
  'k8s.node.name': 'node',
}

/** Prometheus metric name from an OTLP name: characters outside `[a-zA-Z0-9_:]` become `_`. */
export function promMetricName(name: string): string {
  const clean = name.replace(/[^a-zA-Z0-9_:]/g, '_')
  return /^[0-9]/.test(clean) ? `_${clean}` : clean
}

/** Prometheus label name from an attribute key: characters outside `[a-zA-Z0-9_]` become `_`. */
export function promLabelName(key: string): string {
  const clean = key.replace(/[^a-zA-Z0-9_]/g, '_')
  return /^[0-9]/.test(clean) ? `_${clean}` : clean
}

function labelValue(value: AttrValue): string | null {
  if (value === null) {
    return null
  }
  if (typeof value === 'string') {
    return value === '' ? null : value
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value)
  }
  return JSON.stringify(value)
}

/** Labels every series of a `ResourceMetrics` carries (`service.name` → `job`, …). */
export function resourceLabels(resource: Attributes): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of Object.keys(resource)) {
    const value = labelValue(resource[key] ?? null)
    if (value !== null) {
      out[RESOURCE_LABELS[key] ?? promLabelName(key)] = value
    }
  }
  return out
}

/** Resource labels plus a data point's attributes (the data point wins on a clash). */
export function pointLabels(
  base: Record<string, string>,
  attributes: Attributes
): Record<string, string> {
  const out: Record<string, string> = { ...base }
  for (const key of Object.keys(attributes)) {
    const value = labelValue(attributes[key] ?? null)
    if (value !== null) {
      out[promLabelName(key)] = value
    }
  }
  return out
}
