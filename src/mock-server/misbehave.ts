import { AppError } from '../core/errors.js'

/** Faults the mock server can inject, for testing clients and diagnosis. */
export interface Misbehaviour {
  /** Hold SSE output and flush it every N ms (a buffering proxy). */
  bufferStreamMs?: number
  /** Hand accepted connections to the server only after N ms (slow accept). */
  delayAcceptMs?: number
  /** Reset connections beyond N open at once (load balancer connection limit). */
  connLimit?: number
  /** Cut the stream after N content tokens. */
  cutStreamAfter?: number
  /** Answer 200 with a non-SSE body. */
  nonSse?: boolean
  /** Answer HTTP 500 with a JSON error body. */
  http500?: boolean
  /** Read the request and never answer. */
  neverAnswer?: boolean
  /** Fraction of requests the per-request faults apply to (default 1). */
  fraction: number
}

const HELP =
  'buffer-stream[=MS], delay-accept=MS, conn-limit=N, cut-stream[=N], non-sse, http-500, never-answer, fraction=F'

/** Parses `--misbehave` values (repeatable, or comma-separated). */
export function parseMisbehaviour(values: readonly string[]): Misbehaviour {
  const out: Misbehaviour = { fraction: 1 }
  for (const raw of values.flatMap((v) => v.split(','))) {
    const item = raw.trim()
    if (item === '') {
      continue
    }
    const [name, arg] = item.split('=') as [string, string | undefined]
    const num = (fallback?: number): number => {
      const n = arg === undefined ? fallback : Number(arg)
      if (n === undefined || !Number.isFinite(n) || n < 0) {
        throw new AppError(
          'INPUT_INVALID',
          `--misbehave ${name} expects a non-negative number (actual: ${arg ?? 'none'})`
        )
      }
      return n
    }
    switch (name) {
      case 'buffer-stream':
        out.bufferStreamMs = num(500)
        break
      case 'delay-accept':
        out.delayAcceptMs = num()
        break
      case 'conn-limit':
        out.connLimit = num()
        break
      case 'cut-stream':
        out.cutStreamAfter = num(3)
        break
      case 'non-sse':
        out.nonSse = true
        break
      case 'http-500':
        out.http500 = true
        break
      case 'never-answer':
        out.neverAnswer = true
        break
      case 'fraction':
        out.fraction = Math.min(1, num())
        break
      default:
        throw new AppError(
          'INPUT_INVALID',
          `unknown --misbehave mode (expected one of ${HELP}; actual: ${item})`
        )
    }
  }
  return out
}
