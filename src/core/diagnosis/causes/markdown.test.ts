import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CAUSES } from '../../model/diagnosis.js'
import { CAUSE_LABELS, CAUSE_MEASURES, CAUSE_RECORDS } from './index.js'
import { causesMarkdown, GENERATED_BEGIN, GENERATED_END } from './markdown.js'

describe('cause records', () => {
  it('docs/causes.md holds exactly what the records say (npx tsx scripts/causes-doc.ts)', () => {
    const page = readFileSync(new URL('../../../../docs/causes.md', import.meta.url), 'utf8')
    const start = page.indexOf(GENERATED_BEGIN)
    const end = page.indexOf(GENERATED_END) + GENERATED_END.length
    expect(start).toBeGreaterThan(0)
    expect(page.slice(start, end)).toBe(causesMarkdown())
  })
  it('one record per cause of CONTRACT §5.1, each with a label, chain and actions', () => {
    expect(CAUSE_RECORDS.map((r) => r.cause).sort()).toEqual(
      CAUSES.filter((c) => c !== 'healthy').sort()
    )
    for (const c of CAUSES) {
      expect(CAUSE_LABELS[c].length).toBeGreaterThan(3)
      expect(CAUSE_MEASURES[c]).not.toBeUndefined()
    }
    for (const r of CAUSE_RECORDS) {
      expect(r.chain.length, r.cause).toBeGreaterThanOrEqual(2)
      expect(r.actions.length, r.cause).toBeGreaterThan(0)
      expect(r.explains, r.cause).not.toContain(r.cause)
    }
  })
  it('the causal graph has no cycle: a cause never explains away what explains it away', () => {
    const explains = new Map(CAUSE_RECORDS.map((r) => [r.cause as string, r.explains]))
    const reach = (from: string, seen = new Set<string>()): Set<string> => {
      for (const next of explains.get(from) ?? []) {
        if (!seen.has(next)) {
          seen.add(next)
          reach(next, seen)
        }
      }
      return seen
    }
    for (const r of CAUSE_RECORDS) {
      expect(reach(r.cause).has(r.cause), r.cause).toBe(false)
    }
  })
})
