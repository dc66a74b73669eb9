/**
 * Human renderings of a diagnosis: plain text for a terminal (an on-call engineer reads the top
 * finding first, then its evidence and actions) and Markdown for tickets and chat.
 */
import type { Diagnosis, Finding } from '../model/diagnosis.js'

function scopeText(f: Finding): string {
  return f.scope.dimension === null ? 'everywhere' : `${f.scope.dimension}=${f.scope.value}`
}

function ms(v: number): string {
  return v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(v < 10 ? 1 : 0)} ms`
}

function headline(d: Diagnosis): string[] {
  const l = d.latency
  return [
    `window   ${d.window.start} → ${d.window.end}  (${d.requests} requests${d.slo_breached ? ', SLO breached' : ''})`,
    `latency  TTFT p50 ${ms(l.ttft.p50)} p95 ${ms(l.ttft.p95)} p99 ${ms(l.ttft.p99)} | TPOT p50 ${ms(l.tpot.p50)} p99 ${ms(l.tpot.p99)} | E2E p99 ${ms(l.e2e.p99)}`,
  ]
}

/** Plain-text report (no colours, 100 columns). */
export function renderDiagnosisText(d: Diagnosis, skipped: readonly string[] = []): string {
  const out = [...headline(d), '']
  d.findings.forEach((f, i) => {
    const where = f.window ? `  [${f.window.start} → ${f.window.end}]` : ''
    out.push(
      `${i + 1}. ${f.cause}  confidence ${f.confidence.toFixed(2)}  scope ${scopeText(f)}${where}`
    )
    for (const e of f.evidence) {
      out.push(`     - ${e.text}`)
    }
    if (f.actions.length > 0) {
      out.push(`     actions: ${f.actions.join('; ')}`)
    }
    out.push('')
  })
  const stages = [...d.stages]
    .sort((a, b) => b.share_of_p99_slow - a.share_of_p99_slow)
    .filter((s) => s.share_of_p99_slow >= 0.01)
  if (stages.length > 0) {
    out.push('slowest requests spend their time in:')
    for (const s of stages.slice(0, 6)) {
      out.push(
        `     ${s.stage.padEnd(18)} ${`${Math.round(s.share_of_p99_slow * 100)}%`.padStart(4)}   p99 ${ms(s.p99_ms)}`
      )
    }
    out.push('')
  }
  if (d.concentration.length > 0) {
    out.push('slow requests concentrate in:')
    for (const c of d.concentration.slice(0, 5)) {
      out.push(
        `     ${`${c.dimension}=${c.value}`.padEnd(40)} ${Math.round(c.slow_share * 100)}% of slow vs ${Math.round(c.baseline_share * 100)}% of the rest (lift ${c.lift.toFixed(1)})`
      )
    }
    out.push('')
  }
  if (skipped.length > 0) {
    out.push(`not evaluated: ${skipped.join('; ')}`)
  }
  return `${out.join('\n').trimEnd()}\n`
}

/** Markdown report. */
export function renderDiagnosisMarkdown(d: Diagnosis, skipped: readonly string[] = []): string {
  const out = ['# Diagnosis', '', ...headline(d).map((h) => `- ${h.replace(/ {2,}/g, ' ')}`), '']
  d.findings.forEach((f, i) => {
    out.push(
      `## ${i + 1}. \`${f.cause}\` — confidence ${f.confidence.toFixed(2)}, scope ${scopeText(f)}`,
      ''
    )
    if (f.window) {
      out.push(`Window: ${f.window.start} → ${f.window.end}`, '')
    }
    for (const e of f.evidence) {
      out.push(`- ${e.text}`)
    }
    if (f.actions.length > 0) {
      out.push('', '**Actions**', '', ...f.actions.map((a) => `- ${a}`))
    }
    out.push('')
  })
  if (d.stages.length > 0) {
    out.push('## Stages of the slowest requests', '', '| stage | share | p99 |', '|---|---|---|')
    for (const s of d.stages) {
      out.push(`| ${s.stage} | ${Math.round(s.share_of_p99_slow * 100)}% | ${ms(s.p99_ms)} |`)
    }
    out.push('')
  }
  if (skipped.length > 0) {
    out.push('## Not evaluated', '', ...skipped.map((s) => `- ${s}`), '')
  }
  return `${out.join('\n').trimEnd()}\n`
}
