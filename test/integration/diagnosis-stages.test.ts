/**
 * The diagnosis' stage breakdown follows the top finding's measure on simulated incidents: a
 * gateway queue or a TLS handshake is time before the first token, and the report must name it
 * rather than the seconds of decode every request spends.
 */
import { describe, expect, it } from 'vitest'
import { renderDiagnosisText } from '../../src/core/diagnosis/explain/render.js'
import { diagnoseScenario } from '../../src/testing/diagnosis-sim.js'

const AFTER_FIRST_TOKEN = ['engine.decode', 'stream']

describe('diagnosis stages on simulated first-token incidents', () => {
  it.each([
    ['gateway-queueing', 'gateway.queueing', ['gateway.queue']],
    ['network-tls-handshake', 'network.tls_handshake', ['client.tls', 'client.connect']],
  ])(
    '%s: %s, the slowest first tokens spend their time in %s',
    async (scenario, cause, expectedStages) => {
      const { result } = await diagnoseScenario(scenario, 1)
      const d = result.diagnosis
      expect(d.findings[0]!.cause).toBe(cause)
      expect(d.stages.filter((s) => AFTER_FIRST_TOKEN.includes(s.stage))).toEqual([])
      const top = [...d.stages].sort((a, b) => b.share_of_p99_slow - a.share_of_p99_slow)[0]!
      expect(expectedStages).toContain(top.stage)
      expect(top.share_of_p99_slow).toBeGreaterThan(0.3)
      const text = renderDiagnosisText(d, result.skipped)
      const lines = text.split('\n')
      const title = lines.indexOf('the slowest first tokens spend their time in:')
      expect(title).toBeGreaterThan(0)
      expect(lines[title + 1]).toMatch(new RegExp(`^ {5}${top.stage.replace('.', '\\.')} +\\d+%`))
      expect(AFTER_FIRST_TOKEN.some((s) => text.includes(`     ${s} `))).toBe(false)
    },
    120_000
  )
})
