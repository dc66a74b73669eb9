import type { MetricFamilyMeta } from '../../core/model/metric.js'

/** Sample-name suffixes that belong to a family of the base name (histograms, summaries, counters). */
const FAMILY_SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created', '_info']

/**
 * Recorded families plus every stored sample name that no recorded family covers (reported as
 * `untyped` without help or unit), sorted by name.
 */
export function listMetricFamilies(
  families: readonly MetricFamilyMeta[],
  sampleNames: Iterable<string>
): MetricFamilyMeta[] {
  const known = new Map(families.map((f) => [f.name, f]))
  const out = [...families]
  for (const name of sampleNames) {
    if (known.has(name)) {
      continue
    }
    const covered = FAMILY_SUFFIXES.some(
      (suffix) => name.endsWith(suffix) && known.has(name.slice(0, -suffix.length))
    )
    if (!covered) {
      const meta: MetricFamilyMeta = { name, type: 'untyped', help: null, unit: null }
      known.set(name, meta)
      out.push(meta)
    }
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}
