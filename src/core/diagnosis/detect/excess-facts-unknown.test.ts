/**
 * A count a side of the comparison does not carry is unknown, not 0 (excess-facts.ts
 * `knownDifference`). An exporter that starts sending the cached-token count mid-run, or stops
 * sending whether a connection was reused, must not read as the cache's hits all lost or every
 * request opening a new connection: with `|| 0` a node that slowed from minute 15 read a cached
 * share that fell by the whole of the reference's and a fresh-connection share that rose by the
 * whole of the set's.
 */
import { describe, expect, it } from 'vitest'
import { moreHandshakes } from '../causes/signature.js'
import { buildContext } from '../frame/context.js'
import { generateRun, inputOfRun } from '../testing/fault-gen.js'
import { excessFacts } from './excess-facts.js'
import { scanExcess } from './excess-scan.js'

// Generates and scans about 7 000 requests: seconds on a busy machine.
const SLOW = 180_000

describe('counts one side does not carry', () => {
  it(
    'against: no cached-token count in the window and no reuse flag before it are unknown, not a drop or a rise',
    () => {
      const run = generateRun({
        seed: 2012,
        minutes: 30,
        perMinute: 240,
        client: true,
        gateway: true,
        metrics: false,
        events: false,
        faults: [{ cause: 'node.degraded', magnitude: 3, windowShare: 0.5 }],
      })
      const half = run.window.fromUs + 15 * 60_000_000
      const requests = run.requests.map((r) =>
        r.startUs >= half ? { ...r, cachedTokens: null } : { ...r, connectionReused: null }
      )
      const ctx = buildContext(inputOfRun({ ...run, requests }))
      const facts = excessFacts(ctx, scanExcess(ctx.frame, ctx.grid), null)
      expect(facts.length).toBeGreaterThan(0)
      for (const x of facts) {
        expect(x.facts.cachedDrop).toBeNull()
        expect(x.facts.freshRise).toBeNull()
        expect(x.carrier).not.toBe('cache-drop')
        expect(moreHandshakes(x)).toBe(x.anomaly.parts.kind === 'rate')
      }
    },
    SLOW
  )
})
