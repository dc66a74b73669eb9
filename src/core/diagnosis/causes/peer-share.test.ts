/**
 * A weak routing skew found against its peers in the same steps (ADR 0274): for (a 1.2× skew over
 * nine tenths of the run, which the share scan against the replica's own past cannot see), and
 * against (a replica larger through the whole window, a router sharing evenly).
 */
import { describe, expect, it } from 'vitest'
import { buildContext } from '../frame/context.js'
import { generateRun, inputOfRun } from '../testing/fault-gen.js'
import { gridCase, gridCaseInput } from '../testing/grid.js'
import { normalBound, peerShareRise, rankEffect } from '../detect/peer-share.js'
import { routingAgainstPeers } from './routing-imbalance.js'
import { diagnose } from '../diagnose.js'

const SLOW = 60_000

function contextOf(seed: number, magnitude: number | null, windowShare = 1) {
  const g = generateRun({
    seed,
    minutes: 30,
    perMinute: 240,
    workload: 'chat',
    client: false,
    gateway: false,
    faults: magnitude === null ? [] : [{ cause: 'routing.imbalance', magnitude, windowShare }],
  })
  return buildContext(inputOfRun(g))
}

/** The peer share test on a context, its young replicas set aside as the rule does. */
const riseOf = (ctx: ReturnType<typeof buildContext>) =>
  peerShareRise(ctx.frame, ctx.grid, new Set(ctx.youngReplicaUs.keys()))

describe('the peer share test', () => {
  it('bounds its comparisons by Bonferroni and ranks a slower sample above a faster one', () => {
    expect(normalBound(0.001)).toBeCloseTo(3.09, 2)
    // 8 replicas × 49 start steps at a family-wise 0.001.
    expect(normalBound(0.001 / 392)).toBeCloseTo(4.56, 1)
    const slower = rankEffect([3, 4, 5, 6], [1, 2, 3, 4])
    expect(slower!.effect).toBeGreaterThan(0.3)
    expect(rankEffect([1, 2], [1, 2])!.effect).toBe(0)
    expect(rankEffect([], [1])).toBeNull()
  })

  it(
    'for: a 1.2× skew from minute 3 of 30 is named on its replica, from its share’s start',
    () => {
      // Grid case 71-104: gateway spans only, r5 at weight 1.2 against 1 for seven peers.
      const { input } = gridCaseInput(gridCase(71, 104))
      const ctx = buildContext(input)
      const rise = riseOf(ctx)
      expect(rise).toMatchObject({ value: 'r5' })
      expect(rise!.z).toBeGreaterThan(rise!.bound)
      expect(rise!.changeZ).toBeGreaterThan(3.09)
      const f = routingAgainstPeers(ctx)
      expect(f).toMatchObject({ scope: { dimension: 'replica', value: 'r5' } })
      expect(f!.confidence).toBeGreaterThan(0.5)
      // The window opens where the share rose: within two minutes of minute 3.
      const startMs = Date.parse(f!.window!.start) - Number(ctx.grid.fromUs) / 1000
      expect(Math.abs(startMs - 180_000)).toBeLessThanOrEqual(120_000)
      const top = diagnose(input).diagnosis.findings[0]
      expect(top).toMatchObject({
        cause: 'routing.imbalance',
        scope: { dimension: 'replica', value: 'r5' },
      })
    },
    SLOW
  )

  it(
    'against: a 1.2× skew whose first three minutes sit within chance of its later ratio',
    () => {
      // Grid case 67-66: r5 98 vs 89 in the first three minutes, 1.26× after, 1.2 standard
      // errors apart: as likely a replica that was always larger.
      const ctx = buildContext(gridCaseInput(gridCase(67, 66)).input)
      const rise = riseOf(ctx)
      expect(rise).toMatchObject({ value: 'r5' })
      expect(rise!.z).toBeGreaterThan(rise!.bound)
      expect(rise!.changeZ).toBeLessThan(2)
      expect(routingAgainstPeers(ctx)).toBeNull()
    },
    SLOW
  )

  it(
    'against: a replica larger through the whole window is a weight, not an incident',
    () => {
      const ctx = contextOf(9101, 1.5)
      const rise = riseOf(ctx)
      // It stands above its peers beyond chance, and as much in the window's first minutes.
      expect(rise).toMatchObject({ value: 'r5' })
      expect(rise!.z).toBeGreaterThan(rise!.bound)
      expect(rise!.changeZ).toBeLessThan(3.09)
      // Nor did its share of the requests before the start differ from its share after it.
      expect(rise!.shareChangeZ).toBeLessThan(rise!.shareChangeBound)
      expect(routingAgainstPeers(ctx)).toBeNull()
    },
    SLOW
  )

  it(
    'for: a 1.5× skew over the last fifth is a change on every step before it, not on the edge',
    () => {
      // Grid case 13-109: gateway spans only, r5 at weight 1.5 from minute 24 of 30. The first
      // three minutes hold it 2.2 standard errors below its later ratio (within chance); the
      // 23 minutes before the start hold 13% of its and its peers' requests against 17% after
      // (z 4.4, beyond the 4.1 of 49 starts).
      const { input } = gridCaseInput(gridCase(13, 109))
      const ctx = buildContext(input)
      const rise = riseOf(ctx)
      expect(rise).toMatchObject({ value: 'r5' })
      expect(rise!.z).toBeGreaterThan(rise!.bound)
      expect(rise!.changeZ).toBeLessThan(3.09)
      expect(rise!.shareChangeZ).toBeGreaterThan(rise!.shareChangeBound)
      const f = routingAgainstPeers(ctx)
      expect(f).toMatchObject({ scope: { dimension: 'replica', value: 'r5' } })
      const startMs = Date.parse(f!.window!.start) - Number(ctx.grid.fromUs) / 1000
      expect(Math.abs(startMs - 24 * 60_000)).toBeLessThanOrEqual(60_000)
    },
    SLOW
  )

  it(
    'against: a replica always 1.2× larger whose count ran low before the start the test chose',
    () => {
      // Generated run 9098: r5 at weight 1.2 through the whole window. The test's start falls at
      // minute 20, where r5's requests ran high after and low before: its share before the start
      // against after it reaches 3.6, past 3.09 but not past the bound of the 49 starts it was
      // chosen among.
      const ctx = contextOf(9098, 1.2)
      const rise = riseOf(ctx)
      expect(rise).toMatchObject({ value: 'r5' })
      expect(rise!.z).toBeGreaterThan(rise!.bound)
      expect(rise!.changeZ).toBeLessThan(3.09)
      expect(rise!.shareChangeZ).toBeGreaterThan(3.09)
      expect(rise!.shareChangeZ).toBeLessThan(rise!.shareChangeBound)
      expect(routingAgainstPeers(ctx)).toBeNull()
    },
    SLOW
  )

  it(
    'against: a router that shares evenly stays within the bound',
    () => {
      const ctx = contextOf(9102, null)
      const rise = riseOf(ctx)
      expect(rise!.z).toBeLessThan(rise!.bound)
      expect(routingAgainstPeers(ctx)).toBeNull()
    },
    SLOW
  )
})
