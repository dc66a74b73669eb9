import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { toAttributes, unixNanoFromEpochMs, type OtlpJsonSpan } from '../core/otlp/encode-json.js'
import type { JobTimes } from './engine.js'

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/

/** Parses a W3C `traceparent`; null when absent or malformed (then a new trace starts). */
export function parseTraceparent(
  value: string | undefined
): { traceId: string; parentSpanId: string } | null {
  const m = value === undefined ? null : TRACEPARENT.exec(value.trim().toLowerCase())
  if (m === null || m[2] === '0'.repeat(32) || m[3] === '0'.repeat(16)) {
    return null
  }
  return { traceId: m[2] as string, parentSpanId: m[3] as string }
}

const INT_KEYS = new Set([
  'gen_ai.usage.prompt_tokens',
  'gen_ai.usage.completion_tokens',
  'gen_ai.request.max_tokens',
  'gen_ai.request.n',
])

/**
 * Builds the `llm_request` SERVER span vLLM exports (gen_ai.latency.* in float seconds), joined
 * to the caller's trace through its `traceparent`.
 */
export function buildEngineSpan(input: {
  traceparent: string | undefined
  requestId: string
  model: string
  maxTokens: number
  promptTokens: number
  completionTokens: number
  temperature: number | null
  times: JobTimes
  aborted: boolean
}): OtlpJsonSpan {
  const parent = parseTraceparent(input.traceparent)
  const t = input.times
  const epoch = (perfMs: number): number => performance.timeOrigin + perfMs
  const s = (ms: number): number => Math.max(0, ms) / 1000
  return {
    traceId: parent?.traceId ?? randomBytes(16).toString('hex'),
    spanId: randomBytes(8).toString('hex'),
    ...(parent !== null ? { parentSpanId: parent.parentSpanId } : {}),
    name: 'llm_request',
    kind: 2,
    startTimeUnixNano: unixNanoFromEpochMs(epoch(t.arrivedAtMs)),
    endTimeUnixNano: unixNanoFromEpochMs(epoch(t.finishedAtMs)),
    attributes: toAttributes(
      {
        'gen_ai.response.model': input.model,
        'gen_ai.request.id': input.requestId,
        'gen_ai.request.max_tokens': input.maxTokens,
        'gen_ai.request.temperature': input.temperature,
        'gen_ai.request.n': 1,
        'gen_ai.usage.prompt_tokens': input.promptTokens,
        'gen_ai.usage.completion_tokens': input.completionTokens,
        'gen_ai.latency.time_in_queue': s(t.admittedAtMs - t.arrivedAtMs),
        'gen_ai.latency.time_to_first_token': s(t.firstTokenAtMs - t.arrivedAtMs),
        'gen_ai.latency.e2e': s(t.finishedAtMs - t.arrivedAtMs),
        'gen_ai.latency.time_in_scheduler': s(t.admittedAtMs - t.arrivedAtMs),
        'gen_ai.latency.time_in_model_prefill': s(t.firstTokenAtMs - t.admittedAtMs),
        'gen_ai.latency.time_in_model_decode': s(t.finishedAtMs - t.firstTokenAtMs),
        'gen_ai.latency.time_in_model_inference': s(t.finishedAtMs - t.admittedAtMs),
      },
      INT_KEYS
    ),
    status: input.aborted ? { code: 2, message: 'aborted' } : { code: 0 },
  }
}
