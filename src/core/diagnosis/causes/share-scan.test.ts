/**
 * One statistic for "whose share of the requests rose" (ADR 0193) and the records that read it
 * (ADR 0194): the tenant whose burst the facts and the noisy-neighbour record name, a replica the
 * router overloads for a minute or two, and the rise in new connections that a long-prompt tail
 * hides from the TLS record. Each for, against, and explained away, on the independent
 * generator's data.
 */
import { describe, expect, it } from 'vitest'
import { buildContext } from '../frame/context.js'
import { diagnose } from '../diagnose.js'
import { generateRun, inputOfRun, type GenSpec } from '../testing/fault-gen.js'
import { findTrafficShift, scanShareRise } from '../detect/traffic-shift.js'
import { tenantBurst, tenantNoisyNeighborCause, tenantShareBurst } from './tenant-noisy-neighbor.js'
import { networkTlsHandshakeCause } from './network-tls-handshake.js'
import { routingImbalanceCause } from './routing-imbalance.js'
import type { RuleResult } from './record.js'

const BASE = { minutes: 30, perMinute: 240, workload: 'chat' } as const
const SLOW = 60_000

function run(spec: Omit<GenSpec, 'minutes' | 'perMinute'>) {
  const g = generateRun({ ...BASE, ...spec })
  const input = inputOfRun(g)
  return { diagnosis: diagnose(input).diagnosis, ctx: buildContext(input) }
}

function confidence(r: RuleResult): number {
  return r !== null && 'confidence' in r ? r.confidence : 0
}

describe('the share scan', () => {
  it('finds the span over which a share rose, and not a share that only wobbles', () => {
    const n = Array.from({ length: 60 }, () => 120)
    const flat = n.map((t, s) => Math.round(t * (0.1 + (s % 3 === 0 ? 0.01 : -0.005))))
    const rose = flat.map((x, s) => (s >= 30 && s < 40 ? x + 12 : x))
    const span = scanShareRise(rose, n, 3)
    expect(span).toMatchObject({ from: 30, to: 39 })
    expect(span!.z).toBeGreaterThan(6)
    expect(scanShareRise(flat, n, 3)?.z ?? 0).toBeLessThan(4)
  })

  it(
    'for: the facts, the noisy-neighbour record and the queue’s counter name the same burst',
    () => {
      const { ctx } = run({
        seed: 7061,
        client: false,
        gateway: false,
        faults: [{ cause: 'tenant.noisy_neighbor', magnitude: 1.5, windowShare: 0.5 }],
      })
      const fact = findTrafficShift(ctx.frame, ctx.grid)
      const record = tenantShareBurst(ctx.frame, ctx.grid)
      expect(fact).toMatchObject({ dimension: 'tenant', value: 'hooli' })
      expect(record).toEqual(fact)
      expect(tenantBurst(ctx, { ...ctx.ttftChange, elevated: null })).toMatchObject({
        tenant: 'hooli',
        z: record!.z,
      })
    },
    SLOW
  )

  it(
    'against: traffic that grows for every tenant alike is no burst of any dimension',
    () => {
      const { ctx } = run({
        seed: 7025,
        client: false,
        gateway: false,
        faults: [{ cause: 'engine.queue_saturation', magnitude: 3, windowShare: 0.5 }],
      })
      expect(findTrafficShift(ctx.frame, ctx.grid)).toBeNull()
      expect(tenantNoisyNeighborCause.evaluate(ctx)).toBeNull()
    },
    SLOW
  )
})

describe('routing.imbalance', () => {
  it(
    'for: a replica that got twice its share for a minute and a half is named',
    () => {
      const { ctx } = run({
        seed: 13014,
        workload: 'long-outputs',
        client: false,
        gateway: false,
        faults: [{ cause: 'routing.imbalance', magnitude: 3, windowShare: 0.05 }],
      })
      const r = routingImbalanceCause.evaluate(ctx)
      expect(confidence(r)).toBeGreaterThan(0.5)
      expect(r).toMatchObject({ scope: { dimension: 'replica', value: 'r5' } })
    },
    SLOW
  )

  it(
    'explained away: a young replica’s share rising from nothing is its start, not routing',
    () => {
      const { ctx } = run({
        seed: 7107,
        workload: 'long-outputs',
        client: true,
        gateway: true,
        events: true,
        faults: [{ cause: 'replica.cold_start', magnitude: 2, windowShare: 0.5 }],
      })
      const r = routingImbalanceCause.evaluate(ctx)
      expect(r !== null && 'scope' in r ? r.scope.value : null).not.toBe('r8')
    },
    SLOW
  )
})

describe('network.tls_handshake', () => {
  it(
    'for: new connections that rose 1.2×, too few to hold the tail, are named',
    () => {
      const { diagnosis } = run({
        seed: 11046,
        client: true,
        gateway: true,
        metrics: true,
        faults: [{ cause: 'network.tls_handshake', magnitude: 1.2, windowShare: 0.35 }],
      })
      expect(diagnosis.findings[0]).toMatchObject({
        cause: 'network.tls_handshake',
        scope: { dimension: null, value: null },
      })
      expect(diagnosis.findings[0]!.evidence[0]!.text).toContain('opening a new connection rose')
    },
    SLOW
  )

  it(
    'against: connects retransmitted at a connection limit are the limit’s new connections',
    () => {
      const { ctx, diagnosis } = run({
        seed: 7115,
        workload: 'long-outputs',
        client: true,
        gateway: true,
        faults: [{ cause: 'gateway.connection_limit', magnitude: 2, windowShare: 0.5 }],
      })
      expect(confidence(networkTlsHandshakeCause.evaluate(ctx))).toBeLessThan(0.3)
      expect(diagnosis.findings[0]?.cause).toBe('gateway.connection_limit')
    },
    SLOW
  )

  it(
    'explained away: on a healthy run with clients, no rise in new connections is found',
    () => {
      const { ctx } = run({ seed: 7013, client: true, gateway: true, faults: [] })
      expect(confidence(networkTlsHandshakeCause.evaluate(ctx))).toBeLessThan(0.3)
    },
    SLOW
  )
})
