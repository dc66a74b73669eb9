import type { Span } from '../model/span.js'

/**
 * Adds `spans` to `byTrace` under their trace ids, in the order given (a trace already in the
 * map gets them appended), and returns the map.
 */
export function groupSpansByTrace<S extends Pick<Span, 'traceId'>>(
  spans: Iterable<S>,
  byTrace: Map<string, S[]> = new Map()
): Map<string, S[]> {
  for (const s of spans) {
    const list = byTrace.get(s.traceId)
    if (list === undefined) {
      byTrace.set(s.traceId, [s])
    } else {
      list.push(s)
    }
  }
  return byTrace
}
