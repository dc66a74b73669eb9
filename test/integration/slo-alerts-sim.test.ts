/**
 * Alert rules over a simulated fault: a replica cold start makes the e2e tail slow for about
 * three minutes. The rules must stay quiet before it, fire within their `for` window once it
 * starts, and resolve after it ends, with the diagnosis attached.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { createSilentLogger } from '../../src/core/logger.js'
import type { Micros } from '../../src/core/model/units.js'
import { MINUTE_US } from '../../src/core/slo/types.js'
import { parseSloSettings } from '../../src/slo/config.js'
import { createAlertDiagnosis } from '../../src/slo/diagnose-alert.js'
import { createSloEvaluator, type AlertNotification } from '../../src/slo/evaluator.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import { createMemorySloStore } from '../../src/storage/memory/slo-store.js'
import { simulateInto, type Simulated } from './slo-sim.js'

const store = createMemoryStore()
let sim: Simulated

const config = {
  slo: {
    tiers: [
      { name: 'chat', match: { route: '/v1/chat/completions' }, objectives: ['e2e p99 < 9s', 'errors < 5%'] },
    ],
  },
  alerts: {
    rules: [
      { name: 'chat-e2e-p99', tier: 'chat', objective: 'e2e_p99', window: '2m', for: '1m', resolveFor: '2m' },
      {
        name: 'chat-e2e-burn',
        tier: 'chat',
        objective: 'e2e p99',
        burnRate: { windows: [{ long: '3m', short: '1m', factor: 1.5 }] },
        for: '1m',
        resolveFor: '2m',
      },
    ],
  },
}

beforeAll(async () => {
  sim = await simulateInto(store, 'replica-cold-start', 7, 16 * 60_000)
}, 60_000)

function minutesOf(s: Simulated): Micros[] {
  const out: Micros[] = []
  for (let t = s.startUs + MINUTE_US; t <= s.endUs; t += MINUTE_US) out.push(t as Micros)
  return out
}

describe('alert rules over a simulated replica cold start', () => {
  it('fire within their window after the fault starts and resolve after it ends', async () => {
    const settings = parseSloSettings(config)
    const evaluator = await createSloEvaluator({
      store,
      sloStore: createMemorySloStore(),
      settings,
      logger: createSilentLogger(),
      cursorName: null,
      diagnose: createAlertDiagnosis(store, 3),
    })
    const transitions: AlertNotification[] = await evaluator.evaluateAt(minutesOf(sim))
    const cause = sim.expected.causes[0]
    expect(cause?.cause).toBe('replica.cold_start')
    const faultStartUs = Date.parse(cause?.window.start ?? '') * 1000
    const faultEndUs = Date.parse(cause?.window.end ?? '') * 1000
    for (const rule of ['chat-e2e-p99', 'chat-e2e-burn']) {
      const mine = transitions.filter((t) => t.record.key === rule)
      expect(mine.map((t) => t.status), rule).toEqual(['firing', 'resolved'])
      const [firing, resolved] = mine as [AlertNotification, AlertNotification]
      // Quiet before the fault; fires within window + for (+1 minute of evaluation grain).
      expect(firing.timeUs).toBeGreaterThan(faultStartUs)
      expect(firing.timeUs).toBeLessThanOrEqual(faultStartUs + 5 * MINUTE_US)
      expect(resolved.timeUs).toBeGreaterThan(faultEndUs)
      expect(resolved.timeUs).toBeLessThan(sim.endUs)
      expect(firing.record.findings.length).toBeGreaterThan(0)
      expect(firing.record.diagnosisWindow?.toUs).toBe(firing.timeUs)
    }
    const firing = transitions.find((t) => t.status === 'firing')
    expect(firing?.record.findings.map((f) => f.cause)).toContain('replica.cold_start')
  }, 30_000)
})
