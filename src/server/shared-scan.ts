/**
 * One scan of a window's request columns for every route that asks the same one at the same
 * time (ADR 0312). The page asks the diagnosis and the concentration of its window together; on
 * a first look neither has an answer kept, and both read the same hash sample of the same rows
 * (the concentration's frame is the diagnosis' requests). Each read is three passes over the window
 * in the store plus the columns' transfer, the larger part of the concentration's answer, so the
 * second caller takes the first one's result instead of reading again on the same cores.
 *
 * Only scans in flight are shared: a scan asked after the first ended reads again, so an answer
 * never comes from rows older than the ask.
 */
import type { DiagnosisReader } from '../core/diagnosis/frame/read-port.js'
import type { RequestColumnQuery, RequestColumns } from '../core/model/query.js'

/**
 * `store` with `scanRequestColumns` shared between identical queries under way. The callers get
 * the same columns object: their frames share its number columns, which neither the diagnosis
 * nor the concentration writes, as a kept read (ADR 0257) already shares them with its frame.
 */
export function sharingScans<S extends DiagnosisReader>(store: S): DiagnosisReader {
  const pending = new Map<string, Promise<RequestColumns>>()
  return {
    extent: () => store.extent(),
    listMetrics: () => store.listMetrics(),
    querySeries: (query) => store.querySeries(query),
    queryEvents: (query) => store.queryEvents(query),
    scanRequestColumns(query: RequestColumnQuery): Promise<RequestColumns> {
      const key = JSON.stringify(query)
      const under = pending.get(key)
      if (under !== undefined) {
        return under
      }
      const scan = store.scanRequestColumns(query).finally(() => pending.delete(key))
      pending.set(key, scan)
      return scan
    },
  }
}
