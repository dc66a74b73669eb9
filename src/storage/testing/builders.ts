/**
 * Builders of valid model objects for store tests and benchmarks: every field filled with a
 * plausible default, overridable per test.
 */
import type { Dimension, RequestTimeline, StageName } from '../../core/model/request.js'
import { DIMENSIONS, STAGE_NAMES } from '../../core/model/request.js'
import type { Span } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'

/** A request with every dimension, stage and measure `null` unless overridden. */
export function buildRequest(
  overrides: Partial<Omit<RequestTimeline, 'dims' | 'stages'>> & {
    traceId: string
    dims?: Partial<Record<Dimension, string | null>>
    stages?: Partial<Record<StageName, number | null>>
  }
): RequestTimeline {
  const dims = Object.fromEntries(DIMENSIONS.map((d) => [d, null])) as Record<
    Dimension,
    string | null
  >
  const stages = Object.fromEntries(STAGE_NAMES.map((s) => [s, null])) as Record<
    StageName,
    Micros | null
  >
  const { dims: dimOverrides, stages: stageOverrides, ...rest } = overrides
  return {
    startUs: 1_700_000_000_000_000 as Micros,
    endUs: 1_700_000_001_000_000 as Micros,
    downstreamName: null,
    ttftUs: null,
    ttftSource: null,
    tpotUs: null,
    itlMaxUs: null,
    e2eUs: null,
    inputTokens: null,
    outputTokens: null,
    cachedTokens: null,
    status: null,
    errorType: null,
    retries: null,
    connectionReused: null,
    tlsResumed: null,
    hasClient: false,
    hasGateway: false,
    hasEngine: false,
    spanCount: 0,
    ...rest,
    dims: { ...dims, ...dimOverrides },
    stages: { ...stages, ...(stageOverrides as Partial<Record<StageName, Micros | null>>) },
  }
}

/** A span with empty attributes and no events unless overridden. */
export function buildSpan(overrides: Partial<Span> & { traceId: string; spanId: string }): Span {
  return {
    parentSpanId: null,
    name: 'span',
    kind: 1,
    startUs: 1_700_000_000_000_000 as Micros,
    endUs: 1_700_000_000_500_000 as Micros,
    statusCode: 0,
    statusMessage: null,
    attributes: {},
    resource: {},
    scopeName: 'test',
    scopeVersion: null,
    events: [],
    ...overrides,
  }
}

/** Hex id of `digits` digits from a number (trace ids: 32, span ids: 16). */
export function hexId(n: number, digits: number): string {
  return n.toString(16).padStart(digits, '0')
}
