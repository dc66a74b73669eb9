/**
 * The per-cause part of docs/causes.md, written from the records so the page cannot drift from
 * the code (a test compares them; `npx tsx scripts/causes-doc.ts` rewrites the page).
 */
import { CAUSE_LABELS, CAUSE_RECORDS } from './index.js'

export const GENERATED_BEGIN = '<!-- begin: generated from src/core/diagnosis/causes -->'
export const GENERATED_END = '<!-- end: generated from src/core/diagnosis/causes -->'

/** Wraps one bullet at 100 columns, continuation lines indented by two spaces. */
function bullet(head: string, text: string): string[] {
  const lines: string[] = []
  let line = `- **${head}:**`
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    if (line.length + 1 + word.length > 100) {
      lines.push(line)
      line = ' '
    }
    line += ` ${word}`
  }
  lines.push(line)
  return lines
}

/** The generated section, markers included. */
export function causesMarkdown(): string {
  const out = [GENERATED_BEGIN, '']
  for (const r of CAUSE_RECORDS) {
    out.push(
      `## \`${r.cause}\``,
      '',
      `_${r.label}._ Measure: ${r.measure ?? 'depends on the data'}.`
    )
    out.push('')
    out.push(...bullet('Chain', r.chain.join(' → ')))
    if (r.explains.length > 0) {
      out.push(
        ...bullet(
          'Explains away',
          r.explains.map((c) => `\`${c}\` (${CAUSE_LABELS[c].toLowerCase()})`).join(', ')
        )
      )
    }
    const when = Object.keys(r.explainsWhen ?? {}) as (keyof typeof CAUSE_LABELS)[]
    if (when.length > 0) {
      out.push(
        ...bullet(
          'Explains away when the data says it drove them',
          when.map((c) => `\`${c}\` (${CAUSE_LABELS[c].toLowerCase()})`).join(', ')
        )
      )
    }
    out.push(...bullet('Needs', r.needs))
    out.push(...bullet('For', r.predicts))
    out.push(...bullet('Against', r.against))
    out.push(...bullet('Actions', r.actions.join('; ')))
    out.push('')
  }
  out.push(GENERATED_END)
  return out.join('\n')
}

/** `page` with its generated section replaced by the records' current one. */
export function withGeneratedCauses(page: string): string {
  const start = page.indexOf(GENERATED_BEGIN)
  const end = page.indexOf(GENERATED_END)
  if (start < 0 || end < start) {
    return `${page.trimEnd()}\n\n${causesMarkdown()}\n`
  }
  return page.slice(0, start) + causesMarkdown() + page.slice(end + GENERATED_END.length)
}
