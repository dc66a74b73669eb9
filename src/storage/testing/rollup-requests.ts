import { makeRequest } from '../../core/model/testing/builders.js'
import type { RequestTimeline } from '../../core/model/request.js'
import type { Micros } from '../../core/model/units.js'

/**
 * Requests for the rollup's tests: each call numbers its request, and the number decides which
 * measures are unknown (every 4th TPOT, every 3rd queue) and which fail (every 17th a timeout,
 * every 13th a 500), so counts, sums and nulls all reach the buckets.
 */
export function rollupRequests(): (
  startUs: number,
  ttftUs: number,
  extra?: Partial<RequestTimeline>
) => RequestTimeline {
  let ids = 0
  return (startUs, ttftUs, extra = {}) => {
    ids++
    return makeRequest({
      traceId: ids.toString(16).padStart(32, '0'),
      startUs: startUs as Micros,
      endUs: (startUs + 5 * ttftUs) as Micros,
      ttftUs: ttftUs as Micros,
      tpotUs: (ids % 4 === 0 ? null : ttftUs / 50) as Micros | null,
      e2eUs: (5 * ttftUs) as Micros,
      stages: { 'engine.prefill': ttftUs / 2, 'engine.queue': ids % 3 === 0 ? null : 1000 },
      errorType: ids % 17 === 0 ? 'timeout' : ids % 13 === 0 ? '500' : null,
      ...extra,
    })
  }
}
