/** View model of the "what if" panel: the `GET /api/whatif` reply as rows and bar widths. */

export interface WhatIfEstimate {
  value: number | null
  interval: [number, number] | null
}

type Q = 'p50' | 'p95' | 'p99'

/** The part of the `tokenline.whatif/v1` document the panel reads. */
export interface WhatIfReply {
  fit: {
    ok: boolean
    reasons: string[]
    replay: Record<
      string,
      Record<'p50' | 'p99', { observed: number | null; replayed: WhatIfEstimate }>
    > | null
  }
  predicted:
    (Record<'ttft' | 'tpot' | 'e2e' | 'queue', Record<Q, WhatIfEstimate>> & { runs: number }) | null
  refused: { reasons: string[] } | null
  notes: string[]
}

/** The changes the panel offers, as `GET /api/whatif` parameters. */
export const WHATIF_CHOICES: readonly { label: string; params: Record<string, string> }[] = [
  { label: 'load ×1.5', params: { load: '1.5x' } },
  { label: 'load ×2', params: { load: '2x' } },
  { label: '+1 replica', params: { replicas: '+1' } },
  { label: '+2 replicas', params: { replicas: '+2' } },
  { label: 'load ×2, +2 replicas', params: { load: '2x', replicas: '+2' } },
  { label: 'least-loaded routing', params: { routing: 'least-loaded' } },
]

export interface WhatIfRow {
  measure: string
  quantile: 'p50' | 'p99'
  observedMs: number | null
  predicted: WhatIfEstimate
  /** Bar positions as shares of the row's scale (0..1); null when missing. */
  observedBar: number | null
  predictedBar: number | null
  intervalBar: [number, number] | null
}

const LABELS: Record<string, string> = { ttft: 'TTFT', tpot: 'TPOT', e2e: 'E2E', queue: 'queue' }

/**
 * Observed (the window's own figure) beside predicted, per measure and quantile, each row scaled
 * to the largest value it shows so the bars compare within a row.
 */
export function whatIfRows(reply: WhatIfReply): WhatIfRow[] {
  const rows: WhatIfRow[] = []
  const p = reply.predicted
  if (p === null) {
    return rows
  }
  for (const m of ['ttft', 'tpot', 'e2e'] as const) {
    for (const q of ['p50', 'p99'] as const) {
      const observed = reply.fit.replay?.[m]?.[q]?.observed ?? null
      const e = p[m][q]
      const top = Math.max(observed ?? 0, e.value ?? 0, e.interval?.[1] ?? 0)
      const share = (v: number | null): number | null => (v === null || top <= 0 ? null : v / top)
      rows.push({
        measure: LABELS[m] ?? m,
        quantile: q,
        observedMs: observed,
        predicted: e,
        observedBar: share(observed),
        predictedBar: share(e.value),
        intervalBar:
          e.interval === null ? null : [share(e.interval[0]) ?? 0, share(e.interval[1]) ?? 0],
      })
    }
  }
  return rows
}

/** One line on what the reply means: a refusal's first reason, or the fit's state. */
export function whatIfStatus(reply: WhatIfReply): { text: string; kind: 'ok' | 'refused' } {
  if (reply.refused !== null) {
    return { text: `refused: ${reply.refused.reasons[0] ?? 'no reason given'}`, kind: 'refused' }
  }
  return {
    text: `fit reproduces the window; median of ${reply.predicted?.runs ?? 0} seeded runs, bars show their range`,
    kind: 'ok',
  }
}
