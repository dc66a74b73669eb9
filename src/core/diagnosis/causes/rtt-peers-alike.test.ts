/**
 * A region's own network series that rose with every other region's is not the region's distance
 * (ADR 0541): a proxy or gateway in every request's path put the same millisecond on all of them,
 * and the near region, whose TTFT is the shortest, read it as a few per cent of its TTFT. Against:
 * the same rise on the other regions sets the near region aside. For: the near region's rise alone
 * is still named, scoped to it.
 */
import { describe, expect, it } from 'vitest'
import { buildContext } from '../frame/context.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { networkHighRttCause } from './network-high-rtt.js'

const REGIONS = [
  { region: 'us-east-1', share: 0.85, networkMs: 13 },
  { region: 'us-west-2', share: 0.08, networkMs: 30 },
  { region: 'eu-west-1', share: 0.07, networkMs: 45 },
]

/** 20 minutes of 120 requests; from minute 10 the regions in `rising` pay 1.5 ms more network. */
function ctxOf(rising: readonly string[]) {
  const rng = createTestRng(541)
  const requests = []
  for (let m = 0; m < 20; m++) {
    for (let k = 0; k < 120; k++) {
      const u = rng()
      const r = u < 0.85 ? REGIONS[0]! : u < 0.93 ? REGIONS[1]! : REGIONS[2]!
      const late = m >= 10 && rising.includes(r.region)
      requests.push(
        makeTimeline({
          startUs: T0_US + m * 60_000_000 + Math.floor((k / 120) * 60_000_000),
          dims: { region: r.region },
          hasClient: true,
          stagesMs: {
            network: r.networkMs + (late ? 1.5 : 0) + 0.3 * rng(),
            'engine.queue': 2 + rng(),
            'engine.prefill': 20 + 2 * rng(),
          },
        })
      )
    }
  }
  return buildContext(minutesInput(requests, 20))
}

describe("network.high_rtt: a region's rise that every region shared", () => {
  it('against: the same 1.5 ms on every region names no region', () => {
    const r = networkHighRttCause.evaluate(ctxOf(REGIONS.map((x) => x.region)))
    const scope = r !== null && 'scope' in r ? r.scope : null
    expect(scope?.value ?? null).not.toBe('us-east-1')
  })

  it('for: the near region alone paying 1.5 ms more is named, scoped to it', () => {
    const r = networkHighRttCause.evaluate(ctxOf(['us-east-1']))
    expect(r).toMatchObject({ scope: { dimension: 'region', value: 'us-east-1' } })
  })
})
