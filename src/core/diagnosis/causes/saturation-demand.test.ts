/**
 * Queue saturation judged where the demand rose (ADR 0243): grid runs drawn as their cases and
 * diagnosed whole. For: a third more requests from minute 3 on, whose TTFT P99 jumped only at
 * minute 14, so the P99's window read "traffic 1.09×" across a window half of which came after
 * the rise too. Against: a tenant's burst and a filling KV cache raise the requests as well, and
 * stay the root that drives the queue; steady traffic does not start a rise.
 */
import { describe, expect, it } from 'vitest'
import { microsFromIso } from '../../model/units.js'
import { diagnoseGridCase, type GridCase } from '../testing/grid.js'
import type { GenSpec } from '../testing/fault-gen.js'

function gridCase(id: string, spec: GenSpec, subset: GridCase['subset'] = 'all'): GridCase {
  return {
    id,
    spec,
    magnitude: spec.faults[0]?.magnitude ?? 1,
    kind: 'incident',
    subset,
    cutMinutes: 0,
  }
}

const base = { minutes: 30, perMinute: 240, cachedOnRequests: true } as const
// Each case generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('engine.queue_saturation from where the demand rose', () => {
  it(
    'names a queue saturated by 1.35× the requests from the rise of the requests, not the P99',
    () => {
      const { diagnosis } = diagnoseGridCase(
        gridCase('19-50', {
          ...base,
          seed: 19050,
          workload: 'chat',
          client: true,
          gateway: false,
          metrics: false,
          events: true,
          faults: [{ cause: 'engine.queue_saturation', magnitude: 2, windowShare: 0.9 }],
        })
      )
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.queue_saturation')
      expect(top.evidence.some((e) => /requests per step rose from 1\d\d/.test(e.text))).toBe(true)
      const faultStart = microsFromIso('2025-06-02T09:03:00.000Z')!
      expect(Math.abs(microsFromIso(top.window!.start)! - faultStart)).toBeLessThanOrEqual(60e6)
    },
    SLOW
  )

  it(
    "keeps a tenant's burst, which raises the requests too, as the root of the queue",
    () => {
      const { diagnosis } = diagnoseGridCase(
        gridCase(
          '7-88',
          {
            ...base,
            seed: 7088,
            workload: 'long-prompts',
            client: false,
            gateway: false,
            metrics: false,
            events: false,
            faults: [{ cause: 'tenant.noisy_neighbor', magnitude: 3, windowShare: 0.35 }],
          },
          'spans-only'
        )
      )
      expect(diagnosis.findings[0]!.cause).toBe('tenant.noisy_neighbor')
    },
    SLOW
  )

  it(
    'keeps KV pressure, whose load also brings a few more requests, as the root of the queue',
    () => {
      const { diagnosis } = diagnoseGridCase({
        ...gridCase('7-97', {
          ...base,
          seed: 7097,
          workload: 'long-prompts',
          client: true,
          gateway: false,
          metrics: true,
          events: false,
          faults: [{ cause: 'engine.kv_cache_pressure', magnitude: 5, windowShare: 0.5 }],
        }),
        kind: 'root',
      })
      expect(diagnosis.findings[0]!.cause).toBe('engine.kv_cache_pressure')
    },
    SLOW
  )

  it(
    'answers healthy on steady traffic',
    () => {
      const { diagnosis } = diagnoseGridCase(
        gridCase('healthy', {
          ...base,
          seed: 19001,
          workload: 'chat',
          client: true,
          gateway: true,
          metrics: true,
          events: false,
          faults: [],
        })
      )
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
    },
    SLOW
  )
})
