import { performance } from 'node:perf_hooks'
import type { ServerWrites } from './deps.js'

/** The part of a measuring client's per-request result this needs (the probe's fits). */
export interface MeasuredArrivals {
  traceId: string
  error: string | null
  /** Arrival of each content chunk, `performance.now()` of the measuring process. */
  contentArrivalsAtMs: readonly number[]
}

/**
 * Reading the mock server's record of real write times (`--stamp-tokens`) from a measuring
 * process on the same host, and the error of a probe's arrival times against it.
 *
 * Both sides use CLOCK_MONOTONIC, which every process on a Linux host shares, so no wall-clock
 * step or NTP slew between the two processes enters the error. `performance.now()` is that
 * clock minus a per-process origin; `perfToMonotonicOffsetMs()` finds the origin.
 */

/** `performance.now() + offset` = CLOCK_MONOTONIC in ms (best of several paired readings). */
export function perfToMonotonicOffsetMs(): number {
  let best = Number.POSITIVE_INFINITY
  let offset = 0
  for (let i = 0; i < 50; i++) {
    const a = performance.now()
    const mono = Number(process.hrtime.bigint() / 1000n) / 1000
    const b = performance.now()
    if (b - a < best) {
      best = b - a
      offset = mono - (a + b) / 2
    }
  }
  return offset
}

/** Fetches (and so clears) what the server recorded: trace id → its monotonic times. */
export async function fetchWriteTimes(baseUrl: string): Promise<Map<string, ServerWrites>> {
  const res = await fetch(new URL('/debug/write-times', baseUrl))
  if (!res.ok) {
    throw new Error(`write times: HTTP ${res.status} (is the mock server run with --stamp-tokens?)`)
  }
  const body = (await res.json()) as { requests: Record<string, ServerWrites> }
  return new Map(Object.entries(body.requests))
}

/** Arrival − real write, per content chunk, in ms, over every successful request that matched. */
export function arrivalErrorsMs(
  results: readonly MeasuredArrivals[],
  writes: ReadonlyMap<string, ServerWrites>,
  offsetMs: number
): { errorsMs: number[]; ttftErrorsMs: number[]; unmatched: number } {
  const errorsMs: number[] = []
  const ttftErrorsMs: number[] = []
  let unmatched = 0
  for (const r of results) {
    const w = writes.get(r.traceId)?.contentWritesMs
    if (r.error !== null || w === undefined || w.length !== r.contentArrivalsAtMs.length) {
      unmatched++
      continue
    }
    r.contentArrivalsAtMs.forEach((a, i) => errorsMs.push(a + offsetMs - (w[i] as number)))
    ttftErrorsMs.push((r.contentArrivalsAtMs[0] as number) + offsetMs - (w[0] as number))
  }
  return { errorsMs, ttftErrorsMs, unmatched }
}
