/**
 * Accuracy of the diagnosis over every simulator scenario: simulate → ingest into a memory store
 * → diagnose → the top finding names an injected cause with its scope; healthy scenarios give
 * exactly one `healthy` finding. Seeds: TOKENLINE_ACCURACY_SEEDS (default "1"; e.g. "1,2,3").
 * `npx tsx scripts/accuracy.ts --seeds 3` prints the full table.
 */
import { describe, expect, it } from 'vitest'
import { listScenarios } from '../../src/sim/index.js'
import { diagnoseScenario } from './diagnosis-sim.js'

const seeds = (process.env['TOKENLINE_ACCURACY_SEEDS'] ?? '1').split(',').map(Number)
const cases = listScenarios().flatMap((s) => seeds.map((seed) => [s.name, seed] as const))

describe('diagnosis accuracy over simulated scenarios', () => {
  it.each(cases)(
    '%s (seed %i)',
    async (scenario, seed) => {
      const { expected, result } = await diagnoseScenario(scenario, seed)
      const findings = result.diagnosis.findings
      if (expected.causes.length === 0) {
        expect(findings.map((f) => f.cause)).toEqual(['healthy'])
        return
      }
      const top = findings[0]!
      const match = expected.causes.find((c) => c.cause === top.cause)
      expect(
        match,
        `top finding ${top.cause} (${top.confidence}) is not one of ${expected.causes.map((c) => c.cause).join(', ')}`
      ).toBeDefined()
      expect(top.scope).toEqual(match!.scope)
      // Every injected cause shows up among the first three findings.
      for (const c of expected.causes) {
        expect(findings.slice(0, 3).map((f) => f.cause)).toContain(c.cause)
      }
    },
    120_000
  )
})
