import { assembleTrace } from '../src/core/assembly/assemble-request.js'
import { groupSpansByTrace } from '../src/core/assembly/group-by-trace.js'
import { joinSplitCalls } from '../src/core/assembly/join-split-calls.js'
import type { RequestTimeline } from '../src/core/model/request.js'
import type { Span } from '../src/core/model/span.js'

/**
 * The ingest-cost bench's assembly stage: spans grouped by trace, split calls joined, each group
 * assembled into a request. Shared with the assembly-allocation bench so both time and compare
 * the same work.
 */
export function assembleBatches(batches: readonly (readonly Span[])[]): RequestTimeline[] {
  const byTrace = new Map<string, Span[]>()
  for (const spans of batches) {
    groupSpansByTrace(spans, byTrace)
  }
  const out: RequestTimeline[] = []
  for (const group of joinSplitCalls([...byTrace.values()])) {
    const result = assembleTrace(group.spans, { llmRoutes: [] })
    if ('request' in result) {
      out.push(result.request)
    }
  }
  return out
}
