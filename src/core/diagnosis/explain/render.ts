/**
 * Human renderings of a diagnosis: plain text for a terminal (an on-call engineer reads the top
 * finding first, then its evidence and actions) and Markdown for tickets and chat.
 */
import type { Diagnosis, Finding } from '../../model/diagnosis.js'
import type { DurationMeasure } from '../../model/request.js'
import { describeColumnValue } from '../frame/columns.js'
import { stagesMeasureOf } from './stage-breakdown.js'

function scopeText(f: Finding): string {
  return f.scope.dimension === null ? 'everywhere' : `${f.scope.dimension}=${f.scope.value}`
}

/** Milliseconds for people; unknown is "–", never 0. */
function ms(v: number | null): string {
  if (v === null || !Number.isFinite(v)) {
    return '–'
  }
  return v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(v < 10 ? 1 : 0)} ms`
}

const ISO = /(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)(?:\.\d+)?Z/g

/** `2025-06-02 09:00:00` → `09:30:00 UTC`: the date once, then times of day. */
function windowText(start: string, end: string): string {
  const s = ISO.exec(start)
  ISO.lastIndex = 0
  const e = ISO.exec(end)
  ISO.lastIndex = 0
  if (s === null || e === null) {
    return `${start} → ${end}`
  }
  return `${s[1]} ${s[2]} → ${e[1] === s[1] ? '' : `${e[1]} `}${e[2]} UTC`
}

/**
 * Evidence as a person reads it at 3 a.m.: times of day instead of full timestamps (the date is
 * in the header), p-values below 0.001 as "p<0.001". The JSON keeps every figure as it is.
 */
function plain(text: string, day: string | null): string {
  return text
    .replace(ISO, (_m, date: string, time: string) => (date === day ? time : `${date} ${time}`))
    .replace(/p=(\d(?:\.\d+)?e[-+]\d+)/g, (m, v: string) => (Number(v) < 0.001 ? 'p<0.001' : m))
}

/** Wraps `text` to `width` columns, every line after the first indented by `indent`. */
function wrap(text: string, width: number, indent: string, first: string): string[] {
  const lines: string[] = []
  let line = first
  for (const word of text.split(' ')) {
    if (line.length + word.length + 1 > width && line.trim().length > first.trim().length) {
      lines.push(line.trimEnd())
      line = indent
    }
    line += line === indent || line === first ? word : ` ${word}`
  }
  lines.push(line.trimEnd())
  return lines
}

/** Who the `stages` list describes: the slowest requests of the top finding's measure. */
const SLOWEST: Record<DurationMeasure, string> = {
  ttft: 'the slowest first tokens',
  tpot: 'the slowest token streams (time per output token)',
  itl_max: 'the streams with the longest pauses between tokens',
  e2e: 'the slowest requests',
}

function headline(d: Diagnosis): string[] {
  const l = d.latency
  if (d.requests === 0) {
    const known = d.window.start < d.window.end && !d.window.start.startsWith('1970-')
    return [
      `window   no requests in this window${known ? ` (${windowText(d.window.start, d.window.end)})` : ''}`,
    ]
  }
  return [
    `window   ${windowText(d.window.start, d.window.end)}  (${d.requests} requests${d.slo_breached ? ', SLO breached' : ''})`,
    `latency  TTFT p50 ${ms(l.ttft.p50)} p95 ${ms(l.ttft.p95)} p99 ${ms(l.ttft.p99)} | TPOT p50 ${ms(l.tpot.p50)} p99 ${ms(l.tpot.p99)} | E2E p99 ${ms(l.e2e.p99)}`,
  ]
}

/** Plain-text report (no colours, lines wrapped at 100 columns). */
export function renderDiagnosisText(d: Diagnosis, skipped: readonly string[] = []): string {
  const out = [...headline(d), '']
  const day = /^(\d{4}-\d\d-\d\d)/.exec(d.window.start)?.[1] ?? null
  d.findings.forEach((f, i) => {
    const where = f.window
      ? `  ${plain(f.window.start, day)}–${plain(f.window.end, day)}`.replace(
          /(\d\d:\d\d:\d\d)–/,
          '$1–'
        )
      : ''
    out.push(
      `${i + 1}. ${f.cause}  confidence ${f.confidence.toFixed(2)}  scope ${scopeText(f)}${where}`
    )
    for (const e of f.evidence) {
      out.push(...wrap(plain(e.text, day), 100, '       ', '     - '))
    }
    if (f.actions.length > 0) {
      out.push(...wrap(f.actions.join('; '), 100, '       ', '     actions: '))
    }
    out.push('')
  })
  const stages = [...d.stages]
    .sort((a, b) => b.share_of_p99_slow - a.share_of_p99_slow)
    .filter((s) => s.share_of_p99_slow >= 0.01)
  if (stages.length > 0) {
    out.push(`${SLOWEST[stagesMeasureOf(d.findings[0])]} spend their time in:`)
    for (const s of stages.slice(0, 6)) {
      out.push(
        `     ${s.stage.padEnd(18)} ${`${Math.round(s.share_of_p99_slow * 100)}%`.padStart(4)}   p99 ${ms(s.p99_ms)}`
      )
    }
    out.push('')
  }
  if (d.standing_conditions.length > 0) {
    out.push('standing conditions (the same through the whole window, not incidents):')
    for (const c of d.standing_conditions) {
      out.push(...wrap(c.text, 100, '       ', '     - '))
    }
    out.push('')
  }
  if (d.concentration.length > 0) {
    out.push('the slow requests are over-represented among:')
    for (const c of d.concentration.slice(0, 5)) {
      const line = `${describeColumnValue(c.dimension, c.value)}: ${Math.round(c.slow_share * 100)}% of the slow requests vs ${Math.round(c.baseline_share * 100)}% of the others (${c.lift.toFixed(1)}×)`
      out.push(...wrap(line, 100, '       ', '     '))
    }
    out.push('')
  }
  if (skipped.length > 0) {
    out.push(...wrap(skipped.join('; '), 100, '     ', 'not evaluated: '))
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
    out.push(
      `## Where ${SLOWEST[stagesMeasureOf(d.findings[0])]} spend their time`,
      '',
      '| stage | share | p99 |',
      '|---|---|---|'
    )
    for (const s of d.stages) {
      out.push(`| ${s.stage} | ${Math.round(s.share_of_p99_slow * 100)}% | ${ms(s.p99_ms)} |`)
    }
    out.push('')
  }
  if (d.standing_conditions.length > 0) {
    out.push(
      '## Standing conditions',
      '',
      '_The same through the whole window, not incidents._',
      ''
    )
    out.push(...d.standing_conditions.map((c) => `- ${c.text}`), '')
  }
  if (skipped.length > 0) {
    out.push('## Not evaluated', '', ...skipped.map((s) => `- ${s}`), '')
  }
  return `${out.join('\n').trimEnd()}\n`
}
