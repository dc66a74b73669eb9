import { createHash } from 'node:crypto'
import { labelsKey } from '../query/evaluate-series.js'

const MAX_CACHED = 100_000

/**
 * Series identity for `metric_samples.series_id`: the first 8 bytes of an MD5 over name and
 * sorted labels. Collisions are astronomically unlikely at any realistic series count, and the
 * labels are stored beside it anyway. Cached because a scrape repeats the same series.
 */
export function createSeriesIdCache(): (
  name: string,
  labels: Record<string, string>
) => { id: bigint; labelsJson: string } {
  const cache = new Map<string, { id: bigint; labelsJson: string }>()
  return (name, labels) => {
    const key = `${name}\u0000${labelsKey(labels)}`
    let entry = cache.get(key)
    if (!entry) {
      const sorted: Record<string, string> = {}
      for (const k of Object.keys(labels).sort()) {
        sorted[k] = labels[k] as string
      }
      entry = {
        id: createHash('md5').update(key).digest().readBigInt64LE(0),
        labelsJson: JSON.stringify(sorted),
      }
      if (cache.size >= MAX_CACHED) {
        cache.clear()
      }
      cache.set(key, entry)
    }
    return entry
  }
}
