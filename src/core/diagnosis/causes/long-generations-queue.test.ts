/**
 * `engine.long_generations` through the queue (heavier work at the same rate fills it) asks the
 * rise in output tokens per request to stand out of its own step-to-step spread (ADR 0227). For
 * (a 2× fault over most of the window: many noise units), against (a healthy run's heavy-tailed
 * draw of long outputs, placed in the middle of the data, with the queue spike it made).
 */
import { describe, expect, it } from 'vitest'
import { asMicros } from '../../model/units.js'
import { buildContext } from '../frame/context.js'
import { frameFromRequests } from '../frame/frame.js'
import { generateRun, inputOfRun } from '../testing/fault-gen.js'
import { gridCases } from '../testing/grid.js'
import { engineLongGenerationsCause, outputRiseNoiseUnits } from './engine-long-generations.js'

// Each case generates 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

function contextOf(seed: number, id: string, rotateMinutes = 0) {
  const c = gridCases(seed, 120, 30, 240).find((x) => x.id === id)!
  const g = generateRun(c.spec)
  const span = g.window.toUs - g.window.fromUs
  const shift = rotateMinutes * 60_000_000
  // Rotating the run in time moves a stretch, with the queue it made, to another place.
  const requests = g.requests.map((r) => ({
    ...r,
    startUs: asMicros(g.window.fromUs + ((r.startUs - g.window.fromUs + shift) % span)),
  }))
  return buildContext({
    window: g.window,
    frame: frameFromRequests(requests),
    resources: [],
    events: [],
  })
}

function confidence(r: ReturnType<typeof engineLongGenerationsCause.evaluate>): number {
  return r === null || 'skipped' in r ? 0 : r.confidence
}

describe('engine.long_generations: the queue path against the outputs own spread', () => {
  it(
    'for: outputs 2× longer over most of the window stand many noise units out and are named',
    () => {
      // Grid seed 7's run 59, spans only: answered through the queue path.
      const ctx = contextOf(7, '7-59')
      const w = ctx.ttftChange.windowUs!
      expect(outputRiseNoiseUnits(ctx, w.fromUs, w.toUs)).toBeGreaterThan(6)
      const r = engineLongGenerationsCause.evaluate(ctx)
      expect(confidence(r)).toBeGreaterThan(0.5)
      expect(r !== null && 'evidence' in r ? r.evidence[0]!.text : '').toMatch(
        /output tokens per request \d+\.\d noise units above the other steps/
      )
    },
    SLOW
  )

  it(
    "against: a healthy run's draw of long outputs in the middle of the data is within its noise",
    () => {
      // Grid seed 23's run 18 (healthy): its first minutes drew 1.17× the output tokens and the
      // queue near saturation made a TTFT P99 of 13 s of it. Moved to minute 15, the queue path
      // read it as an incident (0.41) though the draw is under 3 noise units.
      const ctx = contextOf(23, '23-18', 15)
      const w = ctx.ttftChange.windowUs!
      expect(w).not.toBeNull()
      expect(w.fromUs - ctx.input.window.fromUs).toBeGreaterThan(10 * 60_000_000)
      expect(outputRiseNoiseUnits(ctx, w.fromUs, w.toUs)).toBeLessThan(3)
      expect(confidence(engineLongGenerationsCause.evaluate(ctx))).toBe(0)
    },
    SLOW
  )
})

describe('engine.long_generations stands on its own share, not on the TPOT it would explain', () => {
  /** A memory-bandwidth run, with `inside` long outputs in minutes 20–24 and `outside` early. */
  function bandwidthWithLongOutputs(inside: number, outside: number) {
    const g = generateRun({
      seed: 3,
      minutes: 30,
      perMinute: 120,
      faults: [{ cause: 'engine.memory_bandwidth', magnitude: 3, windowShare: 0.4 }],
    })
    const input = inputOfRun(g)
    const f = input.frame
    const from = g.window.fromUs + 20 * 60_000_000
    const to = g.window.fromUs + 24 * 60_000_000
    let a = 0
    let b = 0
    for (let i = 0; i < f.n; i++) {
      const t = f.startUs[i] as number
      if (t >= from && t < to && a < inside && i % 37 === 0) {
        f.outputTokens[i] = 2400
        a++
      }
      if (t < g.window.fromUs + 10 * 60_000_000 && b < outside && i % 97 === 0) {
        f.outputTokens[i] = 2400
        b++
      }
    }
    return buildContext(input)
  }

  it(
    'against: a handful of long outputs while the decode slows for another reason',
    () => {
      // Five of the span's 360 requests against two of the rest: a rise of 4.2 standard errors
      // on a span the change points chose, with TPOT 1.3× from the bandwidth. The TPOT rise alone
      // carried 0.5 before; it is the bandwidth's evidence, not this record's.
      const r = engineLongGenerationsCause.evaluate(bandwidthWithLongOutputs(5, 2))
      expect(confidence(r)).toBeLessThan(0.25)
      expect(r !== null && 'evidence' in r ? r.evidence[0]!.text : '').toMatch(
        /^1\.4% of requests generate .* vs 0\.2% before \(5 of \d+ requests inside; \d\.\d standard errors above the rest\)/
      )
    },
    SLOW
  )

  it(
    'for: a long-generations fault stands far beyond chance and keeps its confidence',
    () => {
      const g = generateRun({
        seed: 3,
        minutes: 30,
        perMinute: 120,
        faults: [{ cause: 'engine.long_generations', magnitude: 3, windowShare: 0.4 }],
      })
      const r = engineLongGenerationsCause.evaluate(buildContext(inputOfRun(g)))
      expect(confidence(r)).toBeGreaterThan(0.9)
      expect(r !== null && 'evidence' in r ? r.evidence[0]!.text : '').toMatch(
        /\d{2}\.\d standard errors above the rest/
      )
    },
    SLOW
  )
})
