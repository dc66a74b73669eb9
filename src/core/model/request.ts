import { asMicros, type Micros } from './units.js'

/**
 * The request stages of CONTRACT §4, in timeline order, plus `gateway.stream`: a gateway's
 * upstream call after its first chunk when no engine span covers that time (ADR 0115). The names are stable API: they appear
 * in the diagnosis JSON, the query API and the dashboard. Each tier's `*.unattributed` stage is
 * the time of its span that none of its recognised parts covers (docs/timeline.md), so that no
 * time is silently dropped.
 */
export const STAGE_NAMES = [
  'client.dns',
  'client.connect',
  'client.tls',
  'client.send',
  'client.unattributed',
  'network',
  'gateway.queue',
  'gateway.auth',
  'gateway.ratelimit',
  'gateway.route',
  'gateway.guardrail',
  'gateway.upstream',
  'gateway.unattributed',
  'downstream',
  'engine.frontend',
  'engine.queue',
  'engine.prefill',
  'engine.decode',
  'engine.unattributed',
  'gateway.stream',
  'stream',
] as const

/**
 * Stages that come after the first token: decoding, a gateway's upstream call after its first
 * chunk, and streaming to the client. Every other stage can delay the first token.
 */
export const AFTER_FIRST_TOKEN_STAGES = [
  'engine.decode',
  'gateway.stream',
  'stream',
] as const satisfies readonly StageName[]

/** The `*.unattributed` stages: time a tier's span spent outside every recognised part. */
export const UNATTRIBUTED_STAGES = [
  'client.unattributed',
  'gateway.unattributed',
  'engine.unattributed',
] as const satisfies readonly StageName[]

export type StageName = (typeof STAGE_NAMES)[number]

/** The dimensions of CONTRACT §1.1 a request can be sliced by. */
export const DIMENSIONS = [
  'model',
  'version',
  'replica',
  'node',
  'tenant',
  'route',
  'region',
  'gateway',
] as const

export type Dimension = (typeof DIMENSIONS)[number]

/** Where a request's TTFT was measured (CONTRACT §4: client if present, else gateway, else engine). */
export type TtftSource = 'client' | 'gateway' | 'engine'

/** Duration measures a request carries besides its stages. */
export const DURATION_MEASURES = ['ttft', 'tpot', 'itl_max', 'e2e'] as const
export type DurationMeasure = (typeof DURATION_MEASURES)[number]

/** The three measures dashboards and summaries show first (percentiles default to them). */
export const HEADLINE_MEASURES = [
  'ttft',
  'tpot',
  'e2e',
] as const satisfies readonly DurationMeasure[]
export type HeadlineMeasure = (typeof HEADLINE_MEASURES)[number]

/** A request's value of a duration measure or a stage, µs (`null` when it has none). */
export function durationOf(
  r: RequestTimeline,
  measure: DurationMeasure | StageName
): Micros | null {
  switch (measure) {
    case 'ttft':
      return r.ttftUs
    case 'tpot':
      return r.tpotUs
    case 'itl_max':
      return r.itlMaxUs
    case 'e2e':
      return r.e2eUs
    default:
      return r.stages[measure]
  }
}

/**
 * TPOT estimated from what the request's outermost tier saw: (E2E − TTFT) / (output tokens − 1),
 * µs. Only for a request with no measured TPOT (`tpotUs` is `null`: no probe, no engine decode
 * time), and only when TTFT and E2E are counted from the same tier (a client's E2E minus a
 * gateway's TTFT would charge the network to every token). `null` when the inputs are missing.
 * Never stored: percentiles of `tpot` are over measured values only (docs/timeline.md).
 */
export function estimateTpot(r: RequestTimeline): Micros | null {
  const { ttftUs, e2eUs, outputTokens: out, ttftSource } = r
  if (r.tpotUs !== null || ttftUs === null || e2eUs === null || out === null || out < 2) {
    return null
  }
  const sameTier =
    ttftSource === 'client'
      ? r.hasClient
      : ttftSource === 'gateway'
        ? !r.hasClient && r.hasGateway
        : !r.hasClient && !r.hasGateway
  if (!sameTier || e2eUs < ttftUs) {
    return null
  }
  return asMicros(Math.round((e2eUs - ttftUs) / (out - 1)))
}

/**
 * One request's timeline: CONTRACT §4. One row per trace that holds at least one recognised
 * span. A missing stage, measure or dimension is `null`, never a guess.
 */
export interface RequestTimeline {
  traceId: string
  /** Earliest start of any span of the request (epoch µs). */
  startUs: Micros
  /** Latest end of any span of the request (epoch µs). */
  endUs: Micros

  /** Dimensions (CONTRACT §1.1). */
  dims: Record<Dimension, string | null>

  /** Stage durations (CONTRACT §4), µs; `null` when the request has no source for the stage. */
  stages: Record<StageName, Micros | null>
  /** The `downstream` stage's target (`server.address`, `db.system.name` or span name). */
  downstreamName: string | null

  ttftUs: Micros | null
  ttftSource: TtftSource | null
  tpotUs: Micros | null
  itlMaxUs: Micros | null
  e2eUs: Micros | null

  inputTokens: number | null
  outputTokens: number | null
  cachedTokens: number | null

  /** HTTP status of the outermost span that has one; `null` when no span says. */
  status: number | null
  /** `error.type` (or `http_<status>`) when the request failed; `null` when it did not. */
  errorType: string | null
  retries: number | null
  connectionReused: boolean | null
  tlsResumed: boolean | null

  /** Which sources the request had spans from. */
  hasClient: boolean
  hasGateway: boolean
  hasEngine: boolean
  spanCount: number
}
