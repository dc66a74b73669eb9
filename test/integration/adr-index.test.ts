import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const adrDir = new URL('../../docs/adr/', import.meta.url)

/** The first word of an ADR's `Status:` line (accepted, rejected, superseded, …), or null. */
function statusOf(file: string): string | null {
  const line = readFileSync(new URL(file, adrDir), 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Status:'))
  if (line === undefined) {
    return null
  }
  return line
    .slice('Status:'.length)
    .trim()
    .split(/\s+/)[0]!
    .replace(/[;,.]$/, '')
}

describe('docs/adr/README.md', () => {
  const index = readFileSync(new URL('README.md', adrDir), 'utf8')
  const adrs = readdirSync(adrDir).filter((f) => /^\d{4}-.*\.md$/.test(f))

  it('has ADRs to index', () => {
    expect(adrs.length).toBeGreaterThan(80)
  })

  it.each(adrs)('%s has a Status line and is listed with that status', (file) => {
    const status = statusOf(file)
    expect(status, `${file} has no "Status:" line`).not.toBeNull()
    const row = index.split('\n').find((l) => l.includes(`](${file})`))
    expect(row, `${file} is not listed in docs/adr/README.md`).toBeDefined()
    expect(row!.trim().endsWith(`| ${status} |`), `${file}: index row says ${row}`).toBe(true)
  })

  it('lists no ADR that does not exist', () => {
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1])
    expect(linked.filter((f) => !adrs.includes(f!))).toEqual([])
  })

  // A merge that takes both sides of the index can leave a block of rows twice; one row per ADR
  // keeps the index a list a reader can count.
  it('lists each ADR once', () => {
    const rows = [...index.matchAll(/^\| \[(\d{4})\]/gm)].map((m) => m[1])
    expect(rows.filter((n, i) => rows.indexOf(n) !== i)).toEqual([])
  })
})
