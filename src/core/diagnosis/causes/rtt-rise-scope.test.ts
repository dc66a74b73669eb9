/**
 * network.high_rtt's pooled view ("the network time rose inside the change window") names the
 * region that carries the rise when only that region's round trips grew (ADR 0310): pooled over
 * the regions a far region's 5× reads as 2.5×, and the finding had lost its scope.
 */
import { describe, expect, it } from 'vitest'
import { buildContext } from '../frame/context.js'
import { generateRun, inputOfRun } from '../testing/fault-gen.js'
import { networkHighRttCause } from './network-high-rtt.js'

const SLOW = 60_000

function farRegionRun(): ReturnType<typeof buildContext> {
  const g = generateRun({
    minutes: 30,
    perMinute: 240,
    workload: 'chat',
    seed: 7101,
    client: true,
    gateway: true,
    faults: [{ cause: 'network.high_rtt', magnitude: 5, windowShare: 0.4 }],
  })
  return buildContext(inputOfRun(g))
}

describe('network.high_rtt: the scope of a rise in network time', () => {
  it(
    'for: a rise only one region carries is scoped to that region',
    () => {
      const r = networkHighRttCause.evaluate(farRegionRun())
      expect(r).not.toBeNull()
      expect(r && 'confidence' in r ? r.evidence[0]?.text : '').toMatch(/inside the change window/)
      expect(r).toMatchObject({ scope: { dimension: 'region', value: 'eu-west' } })
    },
    SLOW
  )

  it(
    'against: a rise every region carries alike keeps the scope null',
    () => {
      const ctx = farRegionRun()
      const region = ctx.frame.dims.region
      const far = region.values.indexOf('eu-west')
      const net = ctx.frame.stages.network
      // Every other region's round trips grow by the far region's factor in the same window.
      for (let i = 0; i < ctx.frame.n; i++) {
        if (ctx.ttftChange.inWindow[i] === 1 && region.codes[i] !== far) {
          net[i] = (net[i] as number) * 5
        }
      }
      const r = networkHighRttCause.evaluate(ctx)
      expect(r).not.toBeNull()
      expect(r).toMatchObject({ scope: { dimension: null, value: null } })
    },
    SLOW
  )
})
