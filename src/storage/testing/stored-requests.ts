/**
 * Every request a store holds, in its scan order: what an import test reads back after importing
 * a capture. The window spans all of time, so no request is left out for its timestamps.
 */
import type { RequestTimeline } from '../../core/model/request.js'
import type { SpanStore } from '../span-store.js'

export async function storedRequests(
  store: Pick<SpanStore, 'scanRequests'>
): Promise<RequestTimeline[]> {
  const requests: RequestTimeline[] = []
  for await (const batch of store.scanRequests({
    fromUs: 0 as never,
    toUs: 4_000_000_000_000_000 as never,
  } as never)) {
    requests.push(...batch)
  }
  return requests
}
