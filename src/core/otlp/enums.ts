/**
 * OTLP enums arrive as integers (OTLP/JSON, protobuf) or, from proto3-JSON producers, as their
 * names. Both are accepted; anything else is `null`.
 */

const SPAN_KIND_NAMES: Record<string, number> = {
  SPAN_KIND_UNSPECIFIED: 0,
  SPAN_KIND_INTERNAL: 1,
  SPAN_KIND_SERVER: 2,
  SPAN_KIND_CLIENT: 3,
  SPAN_KIND_PRODUCER: 4,
  SPAN_KIND_CONSUMER: 5,
}

const STATUS_CODE_NAMES: Record<string, number> = {
  STATUS_CODE_UNSET: 0,
  STATUS_CODE_OK: 1,
  STATUS_CODE_ERROR: 2,
}

const TEMPORALITY_NAMES: Record<string, number> = {
  AGGREGATION_TEMPORALITY_UNSPECIFIED: 0,
  AGGREGATION_TEMPORALITY_DELTA: 1,
  AGGREGATION_TEMPORALITY_CUMULATIVE: 2,
}

/** OTLP `AggregationTemporality` values. */
export const TEMPORALITY = { UNSPECIFIED: 0, DELTA: 1, CUMULATIVE: 2 } as const

function parseEnum(value: unknown, names: Record<string, number>, max: number): number | null {
  if (value === undefined || value === null) {
    return 0
  }
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 && value <= max ? value : null
  }
  if (typeof value === 'string') {
    const upper = value.toUpperCase()
    const named = names[upper]
    if (named !== undefined) {
      return named
    }
    if (/^\d+$/.test(value)) {
      return parseEnum(Number(value), names, max)
    }
  }
  return null
}

/** `SpanKind` (absent = 0); `null` when the value is neither 0..5 nor a `SPAN_KIND_*` name. */
export function parseSpanKind(value: unknown): number | null {
  return parseEnum(value, SPAN_KIND_NAMES, 5)
}

/** `Status.code` (absent = 0); `null` when neither 0..2 nor a `STATUS_CODE_*` name. */
export function parseStatusCode(value: unknown): number | null {
  return parseEnum(value, STATUS_CODE_NAMES, 2)
}

/** `AggregationTemporality` (absent = 0). */
export function parseTemporality(value: unknown): number | null {
  return parseEnum(value, TEMPORALITY_NAMES, 2)
}
