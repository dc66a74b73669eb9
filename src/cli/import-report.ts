import { relative } from 'node:path'
import type { ImportSummary } from '../ingest/import/import.js'
import { untimedLines } from './import-to-memory.js'

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width)
}

function count(n: number): string {
  return n === 0 ? '-' : n.toLocaleString('en-US')
}

function shown(file: string): string {
  const rel = relative(process.cwd(), file)
  return rel === '' || rel.startsWith('..') ? file : rel
}

/** The text summary of `tokenline import`: one row per file, totals, then the first rejects. */
export function renderImportSummary(summary: ImportSummary, target: string): string {
  const header = ['file', 'format', 'spans', 'samples', 'events', 'rejected']
  const rows = summary.files.map((f) => [
    shown(f.file) + (f.gzip ? ' (gz)' : ''),
    f.error !== null && f.format === 'unknown' ? 'skipped' : f.format,
    count(f.stored.spans),
    count(f.stored.samples),
    count(f.stored.events),
    count(f.rejected),
  ])
  const totals = [
    'total',
    '',
    count(summary.stored.spans),
    count(summary.stored.samples),
    count(summary.stored.events),
    count(summary.rejected),
  ]
  const all = [header, ...rows, totals]
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)))
  const line = (r: string[]): string =>
    r
      .map((cell, i) => pad(cell, widths[i] ?? 0, i >= 2))
      .join('  ')
      .trimEnd()
  const out: string[] = [line(header), ...rows.map(line), line(totals), '']
  const read = summary.read.spans + summary.read.samples + summary.read.events
  out.push(
    read === 0
      ? `Nothing readable: nothing stored into ${target}.`
      : `Stored into ${target} in ${(summary.durationMs / 1000).toFixed(1)} s; ` +
          `${summary.requests.toLocaleString('en-US')} requests assembled.`
  )
  if (summary.duplicateSpans > 0) {
    out.push(
      `${summary.duplicateSpans.toLocaleString('en-US')} spans were second copies of spans already ` +
        'stored (same trace and span id): stored once, not in the total.'
    )
  }
  if (summary.notLlm > 0) {
    out.push(
      `${summary.notLlm.toLocaleString('en-US')} traces or log lines were no LLM call ` +
        '(health checks, model listings, scrapes, other routes): kept apart, not counted.'
    )
  }
  out.push(...untimedLines(summary.files.map((f) => ({ ...f, file: shown(f.file) }))))
  const skipped = summary.files.filter((f) => f.error !== null && f.format === 'unknown')
  if (skipped.length > 0) {
    out.push('', 'Skipped:')
  }
  for (const f of skipped) {
    out.push(`  ${shown(f.file)}: ${f.error}`)
  }
  const problems = summary.files.filter(
    (f) => (f.error !== null && f.format !== 'unknown') || f.rejects.length > 0
  )
  if (problems.length > 0) {
    out.push('', 'Rejected:')
  }
  for (const f of problems) {
    if (f.error !== null && f.format !== 'unknown') {
      out.push(`  ${shown(f.file)}: ${f.error}`)
    }
    for (const r of f.rejects) {
      out.push(`  ${shown(r.file)}${r.line === null ? '' : `:${r.line}`}: ${r.reason}`)
    }
    if (f.rejected > f.rejects.length) {
      out.push(`  ${shown(f.file)}: … and ${f.rejected - f.rejects.length} more rejected`)
    }
  }
  return `${out.join('\n')}\n`
}
