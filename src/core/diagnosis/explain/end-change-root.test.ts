/**
 * A change at the end of the data names its root when the root's own series is a property of the
 * requests, readable on the same last stretch (ADR 0310): grid seed 173's run 110 is a 1.5×
 * long-generations fault over the data's last minute, answered `engine.queue_saturation` 0.40 (the
 * queue the longer outputs fill). For (outputs rose at the same rate: the root), against (the
 * same queue with the outputs of earlier minutes: the mechanism stays), and against (outputs
 * rose with twice the requests: the rate, not the outputs, may have filled the queue).
 */
import { describe, expect, it } from 'vitest'
import type { Diagnosis } from '../../model/diagnosis.js'
import type { RequestTimeline } from '../../model/request.js'
import { asMicros } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { frameFromRequests } from '../frame/frame.js'
import { generateRun, type GenResult } from '../testing/fault-gen.js'
import { gridCases } from '../testing/grid.js'

// Each run generates 7 200 requests and is diagnosed whole: seconds on a busy machine.
const SLOW = 180_000
const LAST_STRETCH_US = 60_000_000

function run173110(): GenResult {
  const c = gridCases(173, 120, 30, 240).find((x) => x.id === '173-110')!
  return generateRun(c.spec)
}

function diagnoseRequests(g: GenResult, requests: RequestTimeline[]): Diagnosis {
  const input = {
    window: g.window,
    frame: frameFromRequests(requests),
    resources: g.resources,
    events: g.events,
  }
  return diagnose(input).diagnosis
}

const inLastStretch = (g: GenResult, r: RequestTimeline): boolean =>
  r.startUs >= g.window.toUs - LAST_STRETCH_US

describe('a change at the end of the data: the root read on the requests', () => {
  it(
    'for: outputs that rose at the same request rate name engine.long_generations, explaining the queue',
    () => {
      const g = run173110()
      const d = diagnoseRequests(g, g.requests)
      expect(d.findings[0]).toMatchObject({ cause: 'engine.long_generations', confidence: 0.4 })
      const texts = d.findings[0]!.evidence.map((e) => e.text)
      expect(texts).toContainEqual(
        expect.stringMatching(
          /the mechanism engine\.queue_saturation names, explained by engine\.long_generations/
        )
      )
      expect(texts).toContainEqual(
        expect.stringMatching(/output tokens on average .* at the same request rate/)
      )
    },
    SLOW
  )

  it(
    'against: the same queue with the output lengths of ten minutes earlier stays its mechanism',
    () => {
      const g = run173110()
      const earlier = g.requests.filter(
        (r) =>
          r.startUs >= g.window.toUs - 11 * LAST_STRETCH_US &&
          r.startUs < g.window.toUs - 10 * LAST_STRETCH_US
      )
      let k = 0
      const requests = g.requests.map((r) =>
        inLastStretch(g, r)
          ? { ...r, outputTokens: earlier[k++ % earlier.length]!.outputTokens }
          : r
      )
      const d = diagnoseRequests(g, requests)
      expect(d.findings[0]).toMatchObject({ cause: 'engine.queue_saturation', confidence: 0.4 })
    },
    SLOW
  )

  it(
    'against: longer outputs that came with twice the requests do not name the outputs',
    () => {
      const g = run173110()
      const extra = g.requests
        .filter((r) => inLastStretch(g, r))
        .map((r) => ({
          ...r,
          traceId: `${r.traceId}-again`,
          startUs: asMicros(Math.min(g.window.toUs - 1, r.startUs + 1_000)),
        }))
      const d = diagnoseRequests(g, [...g.requests, ...extra])
      expect(d.findings[0]?.cause).not.toBe('engine.long_generations')
    },
    SLOW
  )
})
