/**
 * `replica.cold_start` from its warm-up signature (ADR 0217): a young replica slower per token
 * than its peers in the same minutes, and as fast as they are afterwards. For (a 1.2× cold start
 * whose requests hold none of the tail, seen from the engine and from the gateway alone), against
 * (a young replica that stays slower is no cold start) and explained away (the slow replica it
 * makes is not a degraded node above it).
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { asMicros } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { buildContext } from '../frame/context.js'
import { frameFromRequests } from '../frame/frame.js'
import {
  diagnoseGridCase,
  gridCaseInput,
  gridCases,
  stripEngine,
  type GridCase,
} from '../testing/grid.js'
import { generateRun, type GenSpec } from '../testing/fault-gen.js'
import { replicaColdStartCause } from './replica-cold-start.js'
import type { Finding } from '../../model/diagnosis.js'

const gridCaseInputOf = (c: GridCase): ReturnType<typeof gridCaseInput>['input'] =>
  gridCaseInput(c).input

// Each case generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

function weakColdStart(seed: number, subset: GridCase['subset']): GridCase {
  return {
    id: String(seed),
    kind: 'incident',
    subset,
    magnitude: 1.2,
    cutMinutes: 0,
    spec: {
      seed,
      minutes: 30,
      perMinute: 240,
      workload: 'long-outputs',
      client: false,
      gateway: true,
      metrics: false,
      events: false,
      faults: [{ cause: 'replica.cold_start', magnitude: 1.2, windowShare: 0.5 }],
    },
  }
}

describe('replica.cold_start: the warm-up signature', () => {
  it(
    'for: a 1.2× cold start seen from the gateway alone is named with its replica',
    () => {
      // The grid's seed-17 gateway-only miss: the young replica holds none of the slowest TTFT.
      const { diagnosis, score } = diagnoseGridCase(weakColdStart(17086, 'gateway-only'))
      expect(score.top1).toBe(true)
      const cold = diagnosis.findings[0]!
      expect(cold).toMatchObject({
        cause: 'replica.cold_start',
        scope: { dimension: 'replica', value: 'r8' },
      })
      expect(cold.evidence.map((e) => e.text).join('\n')).toMatch(/per token.*warmed up/)
    },
    SLOW
  )

  it(
    'explained away: the slow replica a weak cold start makes is not a degraded node above it',
    () => {
      const { diagnosis } = diagnoseGridCase(weakColdStart(17086, 'all'))
      const cold = diagnosis.findings.find((f) => f.cause === 'replica.cold_start')
      expect(cold?.scope.value).toBe('r8')
      for (const other of diagnosis.findings) {
        if (other.cause === 'node.degraded' || other.cause === 'routing.imbalance') {
          expect(other.confidence).toBeLessThan(cold!.confidence)
        }
      }
    },
    SLOW
  )

  it(
    'against: a young replica that stays as slow after its first minutes did not warm up',
    () => {
      const spec: GenSpec = {
        seed: 17086,
        minutes: 30,
        perMinute: 240,
        workload: 'long-outputs',
        client: false,
        gateway: true,
        faults: [{ cause: 'replica.cold_start', magnitude: 1.2, windowShare: 0.5 }],
      }
      const g = generateRun(spec)
      const first = Math.min(
        ...g.requests.filter((r) => r.dims.replica === 'r8').map((r) => r.startUs)
      )
      // From its sixth minute on, r8 stays 1.2× slower per token: a degraded replica, not a cold
      // one (the generator's own r8 warms up to 1.02×).
      const slower = (r: RequestTimeline): RequestTimeline => {
        if (r.dims.replica !== 'r8' || r.startUs < first + 5 * 60_000_000) {
          return r
        }
        const decode = (r.stages['engine.decode'] as number) * 1.2
        return {
          ...r,
          tpotUs: asMicros(Math.round((r.tpotUs as number) * 1.2)),
          stages: { ...r.stages, 'engine.decode': asMicros(Math.round(decode)) },
        }
      }
      const requests = g.requests.map(slower).map(stripEngine)
      const input = {
        window: g.window,
        frame: frameFromRequests(requests),
        resources: [],
        events: [],
      }
      const rule = replicaColdStartCause.evaluate(buildContext(input))
      expect(rule === null || 'skipped' in rule ? 0 : rule.confidence).toBe(0)
      expect(diagnose(input).diagnosis.findings.map((f) => f.cause)).not.toContain(
        'replica.cold_start'
      )
    },
    SLOW
  )

  it(
    'for: a cold start whose replica mostly warmed up is weighed for it once, not twice (ADR 0285)',
    () => {
      // Grid case 113-90: r8 works 1.11× per token in its first 5 minutes, 1.03× after; its slow
      // rate after them 3 % vs 6 % before. That warm-up reads the same in the rule and in the
      // counter-test; applied in both (0.68²) it took 0.54 under the reporting floor.
      const c = gridCases(113, 120, 30, 240).find((x) => x.id === '113-90') as GridCase
      const { diagnosis, score } = diagnoseGridCase(c)
      expect(score.top1).toBe(true)
      expect(diagnosis.findings[0]).toMatchObject({
        cause: 'replica.cold_start',
        scope: { dimension: 'replica', value: 'r8' },
      })
      const rule = replicaColdStartCause.evaluate(buildContext(gridCaseInputOf(c)))
      const counter = replicaColdStartCause.counter!(
        buildContext(gridCaseInputOf(c)),
        {
          ...(rule as Omit<Finding, 'cause' | 'actions'>),
          cause: 'replica.cold_start',
          actions: [],
        },
        'tpot'
      )
      // The rule leaves the weighing to the counter, and the counter weighs only what its counts
      // hold: 7 of 122 slow before and 6 of 237 after (0.44×, as little as 0.18× at one-sided
      // 95 %) tell neither a warm-up nor none, so it does not argue (ADR 0384).
      expect(counter?.factor).toBe(1)
      expect(counter?.evidence.text.startsWith('against:')).toBe(false)
      expect((rule as { confidence: number }).confidence * (counter?.factor ?? 1)).toBeGreaterThan(
        0.3
      )
    },
    SLOW
  )
})
