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
import { asMicros, isoFromMicros } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { frameFromRequests } from '../frame/frame.js'
import { generateRun, type GenResult } from '../testing/fault-gen.js'
import { gridCaseInput, gridCases } from '../testing/grid.js'

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

/**
 * A mechanism judged on the last stretch alone gives way to the root read there (ADR 0320): grid
 * seed 193's run 35 is a 2× long-generations fault over the data's last minute and a half on the
 * long-prompts workload, data cut 5 minutes, answered `engine.queue_saturation` 0.53 (its record
 * passed on the last minute, so the end-of-data reading never ran). The same reading extends to
 * prompt tokens per request and to a tenant's share of the requests; the run's last minute is
 * rewritten to carry each root in turn, with the outputs of ten minutes earlier.
 */
describe('a mechanism judged on the end stretch alone: its root read on the requests', () => {
  const run19335 = (): { g: GenResult; requests: RequestTimeline[] } => {
    const c = gridCases(193, 120, 30, 240).find((x) => x.id === '193-35')!
    const { g, input } = gridCaseInput(c)
    const cutUs = input.window.fromUs
    return {
      g: { ...g, window: input.window },
      requests: g.requests.filter((r) => r.startUs >= cutUs),
    }
  }
  const diagnoseCut = (g: GenResult, requests: RequestTimeline[]): Diagnosis =>
    diagnose({
      window: g.window,
      frame: frameFromRequests(requests),
      resources: g.resources.map((s) => ({
        ...s,
        points: s.points.filter((p) => p.timeUs >= g.window.fromUs),
      })),
      events: g.events.filter((e) => e.timeUs >= g.window.fromUs),
    }).diagnosis
  /** The last stretch's requests with the output lengths of ten minutes earlier. */
  const earlierOutputs = (g: GenResult, requests: RequestTimeline[]): RequestTimeline[] => {
    const earlier = requests.filter(
      (r) =>
        r.startUs >= g.window.toUs - 11 * LAST_STRETCH_US &&
        r.startUs < g.window.toUs - 10 * LAST_STRETCH_US
    )
    let k = 0
    return requests.map((r) =>
      inLastStretch(g, r) ? { ...r, outputTokens: earlier[k++ % earlier.length]!.outputTokens } : r
    )
  }

  /**
   * The last stretch's prompts 1.5× longer, with the outputs of ten minutes earlier. Cached tokens
   * scale with the prompt: a hit rate that fell would be a prefix-cache miss.
   */
  const longerPrompts = (g: GenResult, requests: RequestTimeline[]): RequestTimeline[] =>
    earlierOutputs(g, requests).map((r) =>
      inLastStretch(g, r) && r.inputTokens !== null
        ? {
            ...r,
            inputTokens: Math.round(1.5 * r.inputTokens),
            cachedTokens: r.cachedTokens === null ? null : Math.round(1.5 * r.cachedTokens),
          }
        : r
    )

  it(
    'for: the outputs of the last minute name engine.long_generations over the queue judged there',
    () => {
      // Since ADR 0323 the record reads engine time per request (outputs weigh their decode
      // time), so it names the run itself, above the 0.40 the end reading would give it.
      const { g, requests } = run19335()
      const d = diagnoseCut(g, requests)
      expect(d.findings[0]).toMatchObject({
        cause: 'engine.long_generations',
        scope: { dimension: null, value: null },
      })
      expect(d.findings[0]!.confidence).toBeGreaterThanOrEqual(0.9)
      const queue = d.findings.find((f) => f.cause === 'engine.queue_saturation')
      expect(queue === undefined || queue.confidence < d.findings[0]!.confidence).toBe(true)
    },
    SLOW
  )

  it(
    'explained away: the queue judged on the minute of longer prompts stays, below its root, with a line naming it',
    () => {
      const { g, requests } = run19335()
      const d = diagnoseCut(g, longerPrompts(g, requests))
      expect(d.findings[0]).toMatchObject({
        cause: 'engine.long_prompts',
        confidence: 0.4,
        scope: { dimension: null, value: null },
        window: { start: isoFromMicros(asMicros(g.window.toUs - LAST_STRETCH_US)) },
      })
      expect(d.findings[0]!.evidence.map((e) => e.text)).toContainEqual(
        expect.stringMatching(/engine\.queue_saturation passed its record at [0-9.]+ on these 60 s/)
      )
      const queue = d.findings.find((f) => f.cause === 'engine.queue_saturation')
      expect(queue?.confidence).toBe(0.36)
      expect(queue!.evidence.at(-1)?.text).toMatch(
        /^explained by engine\.long_prompts, which drives engine\.queue_saturation/
      )
    },
    SLOW
  )

  it(
    'against: the same queue with the outputs of ten minutes earlier stays engine.queue_saturation',
    () => {
      const { g, requests } = run19335()
      const d = diagnoseCut(g, earlierOutputs(g, requests))
      expect(d.findings[0]?.cause).toBe('engine.queue_saturation')
      expect(d.findings.map((f) => f.cause)).not.toContain('engine.long_generations')
    },
    SLOW
  )

  it(
    'for: prompts 1.5× longer at the same rate and hit rate name engine.long_prompts over the queue',
    () => {
      const { g, requests } = run19335()
      const d = diagnoseCut(g, longerPrompts(g, requests))
      expect(d.findings[0]).toMatchObject({ cause: 'engine.long_prompts', confidence: 0.4 })
      expect(d.findings[0]!.evidence.map((e) => e.text)).toContainEqual(
        expect.stringMatching(/prompt tokens on average .* at the same request rate/)
      )
    },
    SLOW
  )

  it(
    'for: a tenant whose share and requests rose names tenant.noisy_neighbor, scoped to it',
    () => {
      const { g, requests } = run19335()
      // One request in ten of the last minute becomes hooli's (its share 10 % → 21 %): a burst
      // too short for the tenant's own record, whose scan passes from one in eight.
      let k = 0
      const burst = earlierOutputs(g, requests).map((r) =>
        inLastStretch(g, r) && k++ % 10 === 0 ? { ...r, dims: { ...r.dims, tenant: 'hooli' } } : r
      )
      const d = diagnoseCut(g, burst)
      expect(d.findings[0]).toMatchObject({
        cause: 'tenant.noisy_neighbor',
        confidence: 0.4,
        scope: { dimension: 'tenant', value: 'hooli' },
      })
      expect(d.findings[0]!.evidence.map((e) => e.text)).toContainEqual(
        expect.stringMatching(/tenant hooli sent 21% of the requests \(typically 10%/)
      )
    },
    SLOW
  )

  it(
    "against: a tenant's share that rose only because the others sent a third as much names no tenant",
    () => {
      const { g, requests } = run19335()
      let k = 0
      const fewer = earlierOutputs(g, requests).filter(
        (r) => !(inLastStretch(g, r) && r.dims.tenant !== 'hooli' && k++ % 3 !== 0)
      )
      const d = diagnoseCut(g, fewer)
      expect(d.findings.map((f) => f.cause)).not.toContain('tenant.noisy_neighbor')
    },
    SLOW
  )
})
