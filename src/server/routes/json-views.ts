/**
 * JSON shapes of the query API (docs/api.md): durations in float milliseconds, timestamps as
 * epoch milliseconds in `*_ms` fields plus RFC 3339 where noted, snake_case keys.
 */
import type { ChangeEvent } from '../../core/model/event.js'
import { STAGE_NAMES, estimateTpot, type RequestTimeline } from '../../core/model/request.js'
import type { Span } from '../../core/model/span.js'
import { isoFromMicros, millisFromMicros, type Micros } from '../../core/model/units.js'
import { COUNT_MEASURES, type RequestMeasure } from '../../core/model/query.js'

function ms(us: Micros | null): number | null {
  return us === null ? null : millisFromMicros(us)
}

/** `RequestJson` of docs/api.md. */
export function toRequestJson(r: RequestTimeline): Record<string, unknown> {
  const stages: Record<string, number | null> = {}
  for (const stage of STAGE_NAMES) {
    stages[stage] = ms(r.stages[stage])
  }
  return {
    trace_id: r.traceId,
    start_ms: millisFromMicros(r.startUs),
    end_ms: millisFromMicros(r.endUs),
    start: isoFromMicros(r.startUs),
    dims: { ...r.dims },
    stages,
    downstream_name: r.downstreamName,
    ttft_ms: ms(r.ttftUs),
    ttft_source: r.ttftSource,
    tpot_ms: ms(r.tpotUs),
    tpot_estimate_ms: ms(estimateTpot(r)),
    itl_max_ms: ms(r.itlMaxUs),
    e2e_ms: ms(r.e2eUs),
    input_tokens: r.inputTokens,
    output_tokens: r.outputTokens,
    cached_tokens: r.cachedTokens,
    status: r.status,
    error_type: r.errorType,
    retries: r.retries,
    connection_reused: r.connectionReused,
    tls_resumed: r.tlsResumed,
    has_client: r.hasClient,
    has_gateway: r.hasGateway,
    has_engine: r.hasEngine,
    span_count: r.spanCount,
  }
}

/** `SpanJson` of docs/api.md. */
export function toSpanJson(s: Span): Record<string, unknown> {
  return {
    trace_id: s.traceId,
    span_id: s.spanId,
    parent_span_id: s.parentSpanId,
    name: s.name,
    kind: s.kind,
    start_ms: millisFromMicros(s.startUs),
    end_ms: millisFromMicros(s.endUs),
    duration_ms: millisFromMicros((s.endUs - s.startUs) as Micros),
    status_code: s.statusCode,
    status_message: s.statusMessage,
    attributes: s.attributes,
    resource: s.resource,
    scope_name: s.scopeName,
    events: s.events.map((e) => ({
      time_ms: millisFromMicros(e.timeUs),
      name: e.name,
      attributes: e.attributes,
    })),
  }
}

/** `EventJson` of docs/api.md. */
export function toEventJson(e: ChangeEvent): Record<string, unknown> {
  return {
    time_ms: millisFromMicros(e.timeUs),
    time: isoFromMicros(e.timeUs),
    kind: e.kind,
    model: e.model,
    version: e.version,
    replica: e.replica,
    node: e.node,
    message: e.message,
    reason: e.reason,
  }
}

/** Measures whose values are counts, not durations (returned as they are, not in ms). */
export const COUNT_MEASURE_SET: ReadonlySet<RequestMeasure> = new Set(COUNT_MEASURES)

/** Response key of a quantile: 0.5 → `p50`, 0.999 → `p99.9`. */
export function quantileKey(q: number): string {
  return `p${Number((q * 100).toFixed(6))}`
}
