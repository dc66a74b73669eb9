/** Request timelines for SLO tests: only the fields SLO code reads are meaningful. */
import type { Dimension, RequestTimeline } from '../../model/request.js'
import type { Micros } from '../../model/units.js'
import { hexId, makeRequest } from '../../model/testing/builders.js'

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

/** One engine-only request timeline (100 tokens in, 50 out, HTTP 200 unless told). */
export function makeTimeline(input: TimelineInput): RequestTimeline {
  counter++
  const ms = (v: number | null | undefined): Micros | null =>
    v === undefined || v === null ? null : ((v * 1000) as Micros)
  const e2eUs = ms(input.e2eMs)
  return makeRequest({
    traceId: input.traceId ?? `5100${hexId(counter, 28)}`,
    startUs: input.startUs as Micros,
    endUs: (input.startUs + (e2eUs ?? 1000)) as Micros,
    ...(input.dims ? { dims: input.dims } : {}),
    stages: { 'engine.prefill': ms(input.ttftMs) },
    ttftUs: ms(input.ttftMs),
    ttftSource: input.ttftMs === undefined || input.ttftMs === null ? null : 'engine',
    tpotUs: ms(input.tpotMs),
    e2eUs,
    inputTokens: 100,
    outputTokens: 50,
    status: input.status ?? 200,
    errorType: input.errorType ?? null,
    hasEngine: true,
    spanCount: 1,
  })
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
