import type { LoadMode } from './run.js'

/**
 * PURE: how `--workers N` divides one step's load between N client processes so that the union
 * of their requests is the load asked for.
 *
 * - closed loop: the N users are dealt out (7 users over 3 workers: 3, 2, 2);
 * - open loop: each worker runs the same arrival process at rate/N (ramp targets too) with its
 *   own seed. Superposed independent Poisson processes of rate λ/N are one Poisson process of
 *   rate λ, so the union has exactly the asked distribution; a constant schedule becomes N
 *   interleaved constant schedules, each started 1/λ later than the previous one;
 * - a request budget is dealt out like users.
 */
export interface WorkerShare {
  mode: LoadMode
  maxRequests: number | null
  /** Delay of this worker's schedule (ms): interleaves constant arrivals. */
  startDelayMs: number
}

/** Splits `total` into `count` near-equal integer parts; part `index` (0-based). */
export function dealOut(total: number, index: number, count: number): number {
  return Math.floor(total / count) + (index < total % count ? 1 : 0)
}

/** The share of worker `index` of `count`; null when it gets nothing to do. */
export function splitLoad(
  mode: LoadMode,
  maxRequests: number | null,
  index: number,
  count: number
): WorkerShare | null {
  const budget = maxRequests === null ? null : dealOut(maxRequests, index, count)
  if (budget === 0) {
    return null
  }
  if (mode.kind === 'concurrency') {
    const users = dealOut(mode.concurrency, index, count)
    return users === 0
      ? null
      : { mode: { kind: 'concurrency', concurrency: users }, maxRequests: budget, startDelayMs: 0 }
  }
  const a = mode.arrivals
  return {
    mode: {
      kind: 'rate',
      arrivals: {
        ...a,
        ratePerS: a.ratePerS / count,
        ...(a.rampToPerS !== undefined ? { rampToPerS: a.rampToPerS / count } : {}),
        seed: a.seed + 7919 * index,
      },
    },
    maxRequests: budget,
    startDelayMs: a.kind === 'constant' ? (index * 1000) / a.ratePerS : 0,
  }
}
