/**
 * Along a drifting load a scope's work per token is compared with its peers in the same steps
 * (excess-facts.ts `scopeService`, ADR 0303). Against: at the top of a 2.4× rise one replica's
 * queue explodes (a queue grows as ρ/(1−ρ)), and the fuller batches of the late minutes cost every
 * replica more per token; against its own earlier requests it read as working 1.24× slower, a
 * degraded replica. For: a node that works twice as slow from mid-run on the same drift still
 * works slower than its peers in the same minutes.
 */
import { describe, expect, it } from 'vitest'
import { buildContext } from '../frame/context.js'
import { generateRun, inputOfRun, type FaultSpec } from '../testing/fault-gen.js'
import { QUEUE_ONLY_SERVICE } from '../thresholds.js'
import { excessFacts } from './excess-facts.js'
import { scanExcess } from './excess-scan.js'
import { driftingLoad } from './load-curve.js'

function scopedFacts(faults: FaultSpec[]) {
  const run = generateRun({
    seed: 2012,
    minutes: 30,
    perMinute: 240,
    workload: 'long-outputs',
    client: false,
    gateway: true,
    metrics: false,
    events: false,
    faults,
    drift: { ratio: 2.39, shape: 'linear', fromShare: 0.42, falling: false },
  })
  const ctx = buildContext(inputOfRun(run))
  expect(driftingLoad(ctx.frame, ctx.grid)).not.toBeNull()
  return excessFacts(ctx, scanExcess(ctx.frame, ctx.grid), null).filter(
    (x) =>
      x.anomaly.buckets !== null &&
      (x.facts.scope?.dimension === 'replica' || x.facts.scope?.dimension === 'node')
  )
}

// Each case generates and scans about 10 000 requests: seconds on a busy machine.
const SLOW = 180_000

describe("a scope's work per token along a drifting load", () => {
  it(
    'against: a replica that only queues at the top of the drift does not work slower',
    () => {
      const facts = scopedFacts([])
      expect(facts.length).toBeGreaterThan(0)
      for (const x of facts) {
        expect(x.facts.service).not.toBeNull()
        expect(x.facts.service!).toBeLessThan(QUEUE_ONLY_SERVICE)
      }
    },
    SLOW
  )

  it(
    'for: a node twice as slow from mid-run works slower than its peers in the same minutes',
    () => {
      const facts = scopedFacts([{ cause: 'node.degraded', magnitude: 2, windowShare: 0.5 }])
      const node = facts.find(
        (x) =>
          x.facts.scope?.value === 'n2' ||
          x.facts.scope?.value === 'r4' ||
          x.facts.scope?.value === 'r5'
      )
      expect(node).toBeDefined()
      expect(node!.facts.service!).toBeGreaterThan(1.5)
    },
    SLOW
  )
})
