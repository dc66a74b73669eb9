/**
 * Hand-written diagnosis scenarios (test/fixtures/diagnosis/*.json; see
 * src/testing/diagnosis-fixture.ts): each states its expected answer. A faulty scenario must
 * name its cause (first, or among the first three where the fixture says so) with its scope and
 * never be called healthy above 0.5; a healthy one must be healthy.
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/core/diagnosis/diagnose.js'
import { frameFromRequests } from '../../src/core/diagnosis/frame/frame.js'
import { expandFixture, loadFixtures } from '../../src/testing/diagnosis-fixture.js'

const dir = fileURLToPath(new URL('../fixtures/diagnosis/', import.meta.url))
const fixtures = loadFixtures(dir)

describe('diagnosis over hand-written scenarios', () => {
  it('has at least 20 scenarios', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(20)
  })
  it('gives the same findings for the same data', () => {
    const fixture = fixtures.find(([f]) => f.startsWith('region-rtt-shift'))![1]
    const run = () => {
      const { requests, events, window } = expandFixture(fixture)
      return diagnose({ window, frame: frameFromRequests(requests), resources: [], events })
        .diagnosis
    }
    expect(run()).toEqual(run())
  }, 30_000)
  it.each(fixtures)(
    '%s',
    (_file, fixture) => {
      const { requests, events, window } = expandFixture(fixture)
      const { diagnosis } = diagnose({
        window,
        frame: frameFromRequests(requests),
        resources: [],
        events,
        slos: fixture.slos ?? null,
      })
      const findings = diagnosis.findings
      const summary = findings.map((f) => `${f.cause}@${f.confidence}`).join(', ')
      const want = fixture.expected
      if (want.cause === 'healthy') {
        expect(
          findings.map((f) => f.cause),
          summary
        ).toEqual(['healthy'])
        return
      }
      expect(findings[0]!.cause === 'healthy' && findings[0]!.confidence > 0.5, summary).toBe(false)
      const names = findings.slice(0, want.rank === 'top3' ? 3 : 1).map((f) => f.cause)
      expect(names, summary).toContain(want.cause)
      if (want.scope) {
        const match = findings.find((f) => f.cause === want.cause)!
        expect(match.scope, summary).toEqual(want.scope)
      }
    },
    30_000
  )
})
