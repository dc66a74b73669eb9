/** Hand-built request timelines for SLO tests: only the fields SLO code reads are meaningful. */
import {
  DIMENSIONS,
  STAGE_NAMES,
  type Dimension,
  type RequestTimeline,
} from '../../src/core/model/request.js'
import type { Micros } from '../../src/core/model/units.js'

let counter = 0

export interface TimelineInput {
  startUs: number
  ttftMs?: number | null
  e2eMs?: number | null
  tpotMs?: number | null
  errorType?: string | null
  status?: number | null
  dims?: Partial<Record<Dimension, string>>
  traceId?: string
}

/** One request timeline. */
export function makeTimeline(input: TimelineInput): RequestTimeline {
  counter++
  const dims = Object.fromEntries(DIMENSIONS.map((d) => [d, input.dims?.[d] ?? null])) as Record<
    Dimension,
    string | null
  >
  const stages = Object.fromEntries(STAGE_NAMES.map((s) => [s, null])) as RequestTimeline['stages']
  const e2eUs =
    input.e2eMs === undefined || input.e2eMs === null ? null : ((input.e2eMs * 1000) as Micros)
  const ms = (v: number | null | undefined): Micros | null =>
    v === undefined || v === null ? null : ((v * 1000) as Micros)
  return {
    traceId: input.traceId ?? `5100${counter.toString(16).padStart(28, '0')}`,
    startUs: input.startUs as Micros,
    endUs: (input.startUs + (e2eUs ?? 1000)) as Micros,
    dims,
    stages: { ...stages, 'engine.prefill': ms(input.ttftMs) },
    downstreamName: null,
    ttftUs: ms(input.ttftMs),
    ttftSource: input.ttftMs === undefined || input.ttftMs === null ? null : 'engine',
    tpotUs: ms(input.tpotMs),
    itlMaxUs: null,
    e2eUs,
    inputTokens: 100,
    outputTokens: 50,
    cachedTokens: null,
    status: input.status ?? 200,
    errorType: input.errorType ?? null,
    retries: null,
    connectionReused: null,
    tlsResumed: null,
    hasClient: false,
    hasGateway: false,
    hasEngine: true,
    spanCount: 1,
  }
}

/** `n` requests spread over the minute starting at `minuteUs`, `bad` of them with `slowMs` TTFT. */
export function minuteOfRequests(
  minuteUs: number,
  n: number,
  bad: number,
  options: { fastMs?: number; slowMs?: number; dims?: Partial<Record<Dimension, string>> } = {}
): RequestTimeline[] {
  const out: RequestTimeline[] = []
  for (let i = 0; i < n; i++) {
    out.push(
      makeTimeline({
        startUs: minuteUs + Math.floor((i * 60_000_000) / n),
        ttftMs: i < bad ? (options.slowMs ?? 2000) : (options.fastMs ?? 100),
        e2eMs: 3000,
        ...(options.dims ? { dims: options.dims } : {}),
      })
    )
  }
  return out
}
