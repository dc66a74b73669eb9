/** The `whatif` report as text: the fit side by side, the twin's parts, the predictions. */
import type { TwinChanges } from './changes.js'
import type { Estimate } from './predict.js'
import type { WhatIfReport } from './whatif.js'

const MEASURE_LABEL = { ttft: 'TTFT', tpot: 'TPOT', e2e: 'E2E', queue: 'queue' } as const

function ms(v: number | null): string {
  if (v === null || !Number.isFinite(v)) {
    return '–'
  }
  return v >= 1000
    ? `${(v / 1000).toFixed(2)} s`
    : v >= 100
      ? `${v.toFixed(0)} ms`
      : `${v.toFixed(1)} ms`
}

function est(e: Estimate): string {
  if (e.value === null) {
    // No point (an unknown batch cap decides it, ADR 0262), but still the range it lies in.
    return e.interval === null
      ? '–'
      : `– [${ms(e.interval[0]).replace(/ m?s$/, '')}–${ms(e.interval[1])}]`
  }
  const [lo, hi] = e.interval ?? [e.value, e.value]
  return `${ms(e.value)} [${ms(lo).replace(/ m?s$/, '')}–${ms(hi)}]`
}

function pad(s: string, n: number): string {
  return s.length >= n ? `${s} ` : s + ' '.repeat(n - s.length)
}

/** One line per change, in words. */
export function describeChanges(c: TwinChanges): string {
  const parts: string[] = []
  if (c.loadFactor !== undefined) {
    parts.push(`load ×${c.loadFactor}`)
  }
  if (c.ratePerSec !== undefined) {
    parts.push(`${c.ratePerSec} req/s`)
  }
  if (c.concurrency !== undefined) {
    parts.push(`${c.concurrency} concurrent clients`)
  }
  if (c.replicasDelta !== undefined) {
    parts.push(`replicas ${c.replicasDelta >= 0 ? '+' : ''}${c.replicasDelta}`)
  }
  if (c.routing !== undefined) {
    parts.push(`routing ${c.routing}`)
  }
  if (c.maxNumSeqs !== undefined) {
    parts.push(`max_num_seqs ${c.maxNumSeqs}`)
  }
  if (c.maxTokensCap !== undefined) {
    parts.push(`max_tokens ≤ ${c.maxTokensCap}`)
  }
  if (c.split !== undefined) {
    parts.push(`prompts > ${c.split.minPromptTokens} tokens on ${c.split.replicas} own replicas`)
  }
  for (const r of c.removeCause ?? []) {
    parts.push(`without ${r}`)
  }
  return parts.length > 0 ? parts.join(', ') : 'no change (the window replayed)'
}

function pct(v: number | null): string {
  return v === null ? '–' : `${v > 0 ? '+' : ''}${Math.round(v * 100)} %`
}

export function renderWhatIfText(r: WhatIfReport): string {
  const out: string[] = []
  out.push(`What if: ${describeChanges(r.changes)}`)
  out.push(
    `Window ${r.window.start} → ${r.window.end}, ${r.windowRequests} requests, ${r.fittedRequests} with engine stages`
  )
  out.push('')
  if (r.fit.replay !== null) {
    out.push('Fit: the window replayed through the twin (median of the seeded runs)')
    out.push(`  ${pad('', 12)}${pad('observed', 12)}${pad('replayed', 12)}error`)
    for (const m of ['ttft', 'tpot', 'queue', 'e2e'] as const) {
      for (const q of ['p50', 'p99'] as const) {
        const row = r.fit.replay[m][q]
        out.push(
          `  ${pad(`${MEASURE_LABEL[m]} ${q}`, 12)}${pad(ms(row.observed), 12)}${pad(ms(row.replayed.value), 12)}${pad(pct(row.error), 8)}${m === 'e2e' ? '' : row.ok ? 'ok' : 'POOR'}`
        )
      }
    }
    out.push('')
  }
  const m = r.fit.model
  if (m !== null) {
    out.push('Twin fitted from the window')
    const a = m.arrival
    out.push(
      `  arrivals     ${a.process === 'closed' ? `closed loop, ${a.closedUsers} clients, think ${ms((a.thinkUs ?? 0) / 1000)}${a.stretches === undefined ? '' : ` (in ${a.stretches.length} stretches of ${a.stretches.map((s) => s.users).join(', ')} clients)`}` : 'open loop'}, ${a.meanRatePerSec.toFixed(2)} req/s mean (per minute ${rateRange(a.ratePerSec)})`
    )
    out.push(
      `  mix          prompt p50 ${m.mix.promptTokens.p50} / p99 ${m.mix.promptTokens.p99} tokens, output p50 ${m.mix.outputTokens.p50} / p99 ${m.mix.outputTokens.p99}, cached ${m.mix.cachedShare.value === null ? '–' : `${Math.round(m.mix.cachedShare.value * 100)} %`} (${m.mix.cachedShare.source})`
    )
    if (m.mix.tenants.length > 0) {
      out.push(
        `  tenants      ${m.mix.tenants
          .slice(0, 6)
          .map((t) => `${t.value} ${Math.round(t.share * 100)} %`)
          .join(', ')}`
      )
    }
    out.push(`  routing      ${m.routing.policy.replace('_', '-')}: ${m.routing.evidence}`)
    out.push(
      `  outside the engine (gateway, network, frontend): TTFT p50 ${ms(m.outsideEngine.ttftP50Us / 1000)}` +
        (m.outsideEngine.byRegion.length > 0
          ? `; ${m.outsideEngine.byRegion.map((g) => `${g.region} ${ms(g.ttftP50Us / 1000)}`).join(', ')}`
          : '')
    )
    out.push(
      `  queue clock  ${m.queueClock.value === 'step' ? 'from the step boundary' : 'from arrival'}: ${m.queueClock.source}`
    )
    out.push(`  max_num_batched_tokens ${m.maxBatchedTokens.value} (${m.maxBatchedTokens.source})`)
    out.push(
      `  step law     ${m.stepLaw.law === 'additive' ? 'additive: step = decode step + prefill step' : 'roofline: step = max(decode step, prefill step)'}; ${m.stepLaw.reason}`
    )
    for (const rep of m.replicas) {
      const s = rep.step
      out.push(`  ${rep.name} (${Math.round(rep.share * 100)} % of requests)`)
      out.push(
        `    decode step ${(s.decodeBaseUs / 1000).toFixed(2)} ms + ${s.perDecodeSeqUs.toFixed(1)} µs/seq + ${(s.perKvTokenUs * 1000).toFixed(2)} ns/KV token (R² ${rep.r2.decode.toFixed(2)}, ${rep.observations.decode} requests)`
      )
      out.push(
        `    prefill step ${(s.prefillBaseUs / 1000).toFixed(2)} ms + ${s.perPrefillTokenUs.toFixed(1)} µs/uncached token + ${((s.perPrefillTokenSqUs ?? 0) * 1e6).toFixed(1)} ps/token² (R² ${rep.r2.prefill.toFixed(2)}, ${rep.observations.prefill} ${s.law === 'additive' ? 'prompt' : 'compute-bound'} steps)`
      )
      out.push(
        `    max_num_seqs ${rep.maxNumSeqs.value ?? '–'} (${rep.maxNumSeqs.source}); KV ${rep.kvCapacityTokens.value ?? '–'} tokens (${rep.kvCapacityTokens.source}); prefix hits ${rep.prefixHitRate.value === null ? '–' : `${Math.round(rep.prefixHitRate.value * 100)} %`} (${rep.prefixHitRate.source})`
      )
    }
    out.push('')
  }
  if (r.refused !== null) {
    out.push('Refused: the twin will not predict from this window')
    for (const reason of r.refused.reasons) {
      out.push(`  - ${reason}`)
    }
    return `${out.join('\n')}\n`
  }
  const p = r.predicted
  if (p !== null) {
    out.push(`Predicted (median of ${p.runs} seeded runs [range])`)
    const w = p.sampling?.work ?? null
    if (p.sampling !== null && w === null) {
      out.push(
        "  the window's own sample: under three minutes of requests, too few to resample; the range is the seeded runs alone"
      )
    } else if (p.sampling !== null && w !== null) {
      out.push(
        `  the window's own sample: work ${Math.round(w.low * 100)}–${Math.round(w.high * 100)} % of its own between the 5th and 95th percentile of ${p.sampling.resamples} resamples (${p.sampling.blockMinutes}-minute blocks); ${p.sampling.runs > 0 ? `the range also holds a run at each end` : 'within ±1 %, so the range is the seeded runs alone'}`
      )
    }
    const reach = p.stepLawReach
    if (reach !== null) {
      out.push(
        reach.extrapolates
          ? `  the step law is read up to a batch of ${reach.readUpTo}; this prediction runs batches up to ${reach.runsUpTo} (the window's decode steps mostly ran ${reach.readUpTo} or fewer sequences, ${reach.windowPeak} at its most): ${reach.stepUncertainty === null ? "its decode step there is unknown over refits of the law on resamples of the window's requests (a step that is not positive), so the range does not carry it" : `its decode step there is known to ±${(reach.stepUncertainty * 100).toFixed(1)} % over refits of the law on resamples of the window's requests (blocks of ${reach.blockRequests ?? '–'}); ${reach.refits > 0 && reach.slice !== null ? `the window is too large to run them whole, so each of ${reach.refits} refits ran on its busiest ${((reach.slice.toUs - reach.slice.fromUs) / 60e6).toFixed(1)} minutes beside the fitted law there, and the range also holds what the law moved each figure` : reach.refits > 0 ? `the range also holds a run under each of ${reach.refits} refits` : reach.tooLargeToRun ? 'the window is too large to run the refits within the time goal and a closed loop cannot be sliced, so the range does not carry it' : 'too little to move a figure, so no refit was run'}`}`
          : `  the step law is read up to a batch of ${reach.readUpTo}; this prediction runs batches up to ${reach.runsUpTo}, inside what the window ran`
      )
    }
    out.push(`  ${pad('', 8)}${pad('p50', 26)}${pad('p95', 26)}p99`)
    for (const k of ['ttft', 'tpot', 'e2e', 'queue'] as const) {
      out.push(
        `  ${pad(MEASURE_LABEL[k], 8)}${pad(est(p[k].p50), 26)}${pad(est(p[k].p95), 26)}${est(p[k].p99)}`
      )
    }
    out.push('  utilisation (share of the window each replica spent in engine steps)')
    for (const rep of p.replicas) {
      const u = rep.utilization
      out.push(
        `    ${pad(rep.name, 40)}${u.value === null ? '–' : `${Math.round(u.value * 100)} %`}${u.interval === null ? '' : ` [${Math.round(u.interval[0] * 100)}–${Math.round(u.interval[1] * 100)} %]`}${(rep.preemptionsPerMinute.value ?? 0) > 0 ? `  KV cache full: ${rep.preemptionsPerMinute.value!.toFixed(1)} preemptions/min` : ''}`
      )
    }
  }
  if (r.sweep !== null) {
    out.push('')
    out.push(`Sweep: TTFT p99 against the objective ${ms(r.sweep.objective.ms)}`)
    for (const pt of r.sweep.points) {
      out.push(
        `  load ×${pad(String(pt.load), 6)}${pad(est(pt.ttftP99), 28)}${pt.ok ? 'ok' : 'breaks'}${pt.lawRefits > 0 ? `  (range holds ${pt.lawRefits} refits of the step law)` : ''}`
      )
    }
    out.push(
      r.sweep.breaksAt === null
        ? `  the objective holds up to ×${r.sweep.points[r.sweep.points.length - 1]?.load ?? '–'}`
        : `  breaks at ×${r.sweep.breaksAt}; headroom ×${r.sweep.headroom ?? '–'} of the window's load`
    )
    const hr = r.sweep.headroomRange
    out.push(
      `  with the ranges: holds at the top of every range up to ×${hr.low ?? '– (not even the first load)'}, at the bottom up to ×${hr.high ?? '– (not even the first load)'}`
    )
  }
  if (r.notes.length > 0) {
    out.push('')
    for (const n of r.notes) {
      out.push(`Note: ${n}`)
    }
  }
  return `${out.join('\n')}\n`
}

/**
 * The range of the fitted per-minute rates over the minutes the window's arrivals span. A window
 * that runs past its first or last arrival (its end is the last request's end) has minutes outside
 * the data, which the fit gives no rate (`ratesInData`); printed, they read as a minute without
 * traffic.
 */
export function rateRange(ratePerSec: readonly number[]): string {
  let first = 0
  let last = ratePerSec.length - 1
  while (first <= last && ratePerSec[first] === 0) {
    first++
  }
  while (last >= first && ratePerSec[last] === 0) {
    last--
  }
  if (first > last) {
    return '–'
  }
  const inside = ratePerSec.slice(first, last + 1)
  return `${Math.min(...inside).toFixed(2)}–${Math.max(...inside).toFixed(2)}`
}
