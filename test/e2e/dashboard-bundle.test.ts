/**
 * The built page carries the cause records' labels and measures, which it shows, and none of
 * their detection code, which only the server runs: that code was about half of the dashboard
 * chunk the browser parses before the first panel draws (ADR 0483).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { CAUSE_LABELS, CAUSE_RECORDS } from '../../src/core/diagnosis/causes/index.js'
import { buildDashboard, ROOT } from '../../src/testing/dashboard-harness.js'

describe('the built dashboard', () => {
  let scripts = ''
  beforeAll(() => {
    buildDashboard()
    const dir = join(ROOT, 'dist/web/assets')
    scripts = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n')
  }, 120_000)

  it('holds every cause label', () => {
    for (const label of Object.values(CAUSE_LABELS)) {
      expect(scripts).toContain(JSON.stringify(label).slice(1, -1))
    }
  })

  it("holds none of the cause records' own texts, so none of their code", () => {
    // What each cause predicts and what speaks against it: written in the records only, for the
    // report and docs/causes.md, never shown by the page.
    const texts = CAUSE_RECORDS.flatMap((r) => [r.predicts, r.against])
    expect(texts.length).toBe(2 * CAUSE_RECORDS.length)
    expect(texts.filter((t) => scripts.includes(JSON.stringify(t).slice(1, -1)))).toEqual([])
  })
})
