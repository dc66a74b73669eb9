import { CAUSE_LABELS } from '../../../src/core/diagnosis/causes/index.js'
import { isFilterDimension, type Filters } from './dimensions.js'
import type { RangeSpec } from './time-range.js'

export function causeTitle(cause: string): string {
  return (CAUSE_LABELS as Record<string, string>)[cause] ?? cause
}

interface FindingLike {
  scope: { dimension: string | null; value: string | null }
  window: { start: string; end: string } | null
}

/**
 * The view a finding cites: its window becomes the time range (padded by a quarter on each side,
 * so the change itself stays visible) and its scope becomes the only filter on that dimension.
 * Returns only what the finding names; the caller keeps the rest of the view.
 */
export function viewForFinding(
  finding: FindingLike,
  filters: Filters
): { range: RangeSpec | null; filters: Filters } {
  let range: RangeSpec | null = null
  if (finding.window) {
    const start = Date.parse(finding.window.start)
    const end = Date.parse(finding.window.end)
    if (Number.isFinite(start) && Number.isFinite(end) && end > start) {
      const pad = Math.max(30_000, (end - start) * 0.25)
      range = { kind: 'absolute', fromMs: start - pad, toMs: end + pad }
    }
  }
  const next: Filters = { ...filters }
  const dim = finding.scope.dimension
  if (isFilterDimension(dim) && finding.scope.value !== null) {
    next[dim] = [finding.scope.value]
  }
  return { range, filters: next }
}

/** Confidence as a word an operator reads at a glance. */
export function confidenceLabel(confidence: number): 'high' | 'medium' | 'low' {
  return confidence >= 0.7 ? 'high' : confidence >= 0.4 ? 'medium' : 'low'
}
