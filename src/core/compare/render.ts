/** The `compare` report as text. */
import type { Change, MeasureEffect } from './effect.js'
import type { CompareReport } from './compare.js'

/**
 * A latency in ms as text: seconds from 1 s, whole ms from 100 ms, one decimal from 0.1 ms, µs below
 * (a real engine's queue of 17 µs read "0.0 ms", which looks like no wait or no reading); null as –.
 */
export function ms(v: number | null): string {
  if (v === null) {
    return '–'
  }
  if (v > 0 && v < 0.1) {
    return `${Math.round(v * 1000)} µs`
  }
  return v >= 1000
    ? `${(v / 1000).toFixed(2)} s`
    : v >= 100
      ? `${v.toFixed(0)} ms`
      : `${v.toFixed(1)} ms`
}

/** A signed percentage; one that rounds to zero is "0.0 %", not "-0.0 %" from a float's last bit. */
export function pct(v: number): string {
  const s = (v * 100).toFixed(Math.abs(v) < 0.1 ? 1 : 0)
  return Number(s) === 0 ? '0.0 %' : `${v > 0 ? '+' : ''}${s} %`
}

function change(c: Change): string {
  if (c.change === null) {
    return '–'
  }
  return `${pct(c.change)}${c.interval === null ? '' : ` [${pct(c.interval[0])}, ${pct(c.interval[1])}]`}`
}

function pad(s: string, n: number): string {
  return s.length >= n ? `${s} ` : s + ' '.repeat(n - s.length)
}

function row(label: string, e: MeasureEffect & { verdict: string }): string {
  return `  ${pad(label, 22)}${pad(`${ms(e.before.p50Ms)} → ${ms(e.after.p50Ms)}`, 22)}${pad(change(e.p50), 28)}${pad(change(e.p99), 28)}${e.verdict}`
}

export function renderCompareText(r: CompareReport): string {
  const out: string[] = []
  const w = r.workload
  out.push(`Compare: ${r.verdict.toUpperCase()}`)
  out.push(
    `  before ${r.before.start} → ${r.before.end}: ${w.before.requests} requests, ${w.before.ratePerSec === null ? '–' : w.before.ratePerSec.toFixed(2)} req/s, prompt p50 ${w.before.promptP50 ?? '–'}, output p50 ${w.before.outputP50 ?? '–'}`
  )
  out.push(
    `  after  ${r.after.start} → ${r.after.end}: ${w.after.requests} requests, ${w.after.ratePerSec === null ? '–' : w.after.ratePerSec.toFixed(2)} req/s, prompt p50 ${w.after.promptP50 ?? '–'}, output p50 ${w.after.outputP50 ?? '–'}`
  )
  // Without token counts the workload cells hold traffic alone: say so, not "a workload".
  const noCounts =
    w.after.requests > 0 &&
    [w.before, w.after].every((s) => s.promptP50 === null && s.outputP50 === null)
  out.push(
    `  ${w.coverage === null ? '–' : Math.round(w.coverage * 100)} % of the after requests have ${noCounts ? 'a traffic per minute' : 'a workload'} the before window saw (the comparison is normalised to it${noCounts ? '; no token counts, so prompt and output length are not matched' : ''}); traffic left between them ${w.matchedTrafficChange === null ? '–' : pct(w.matchedTrafficChange)}`
  )
  out.push('')
  out.push(
    `  ${pad('', 22)}${pad('p50 before → after', 22)}${pad('p50 change [95 % CI]', 28)}${pad('p99 change [95 % CI]', 28)}verdict`
  )
  for (const [m, e] of Object.entries(r.measures)) {
    out.push(row(m.toUpperCase(), e))
  }
  if (r.stages.length > 0) {
    out.push('')
    out.push('  stages')
    for (const s of r.stages) {
      out.push(row(s.stage, s))
    }
  }
  if (r.dimensions.length > 0) {
    out.push('')
    out.push('  where it changed most (99 % CI)')
    for (const d of r.dimensions.slice(0, 12)) {
      out.push(row(`${d.measure.toUpperCase()} ${d.dimension}=${d.value}`.slice(0, 60), d))
    }
  }
  for (const n of r.notes) {
    out.push('')
    out.push(`Note: ${n}`)
  }
  return `${out.join('\n')}\n`
}
