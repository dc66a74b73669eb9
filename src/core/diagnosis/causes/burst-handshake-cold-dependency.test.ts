/**
 * The causes that used to miss on the fault grid, each for (its own fault, with the scope it
 * names), against (a look-alike it must not claim) and explained away (the mechanism it drives
 * ranks below it), on the independent generator's data; and the standing conditions a healthy
 * run lists.
 */
import { describe, expect, it } from 'vitest'
import type { Diagnosis } from '../../model/diagnosis.js'
import { buildContext } from '../frame/context.js'
import { diagnose } from '../diagnose.js'
import { generateRun, inputOfRun, type GenSpec } from '../testing/fault-gen.js'
import type { ExcessView } from './signature.js'
import { networkTlsHandshakeCause } from './network-tls-handshake.js'
import { downstreamDependencyCause } from './downstream-dependency.js'
import { tenantNoisyNeighborCause, tenantShareBurst } from './tenant-noisy-neighbor.js'

const BASE = { minutes: 30, perMinute: 240, workload: 'chat' } as const
const SLOW = 60_000

function run(spec: Omit<GenSpec, 'minutes' | 'perMinute'>): {
  diagnosis: Diagnosis
  ctx: ReturnType<typeof buildContext>
} {
  const g = generateRun({ ...BASE, ...spec })
  const input = inputOfRun(g)
  return { diagnosis: diagnose(input).diagnosis, ctx: buildContext(input) }
}

describe('tenant.noisy_neighbor', () => {
  it(
    'for: a modest 1.5× burst is named with its tenant and beats the queue it fills',
    () => {
      const { diagnosis, ctx } = run({
        seed: 7061,
        client: false,
        gateway: false,
        faults: [{ cause: 'tenant.noisy_neighbor', magnitude: 1.5, windowShare: 0.5 }],
      })
      const burst = tenantShareBurst(ctx.frame, ctx.grid)
      expect(burst).toMatchObject({ dimension: 'tenant', value: 'hooli' })
      expect(burst!.shareInside).toBeGreaterThan(1.3 * burst!.shareOutside)
      expect(diagnosis.findings[0]).toMatchObject({
        cause: 'tenant.noisy_neighbor',
        scope: { dimension: 'tenant', value: 'hooli' },
      })
    },
    SLOW
  )

  it(
    'against: traffic that grows for every tenant alike is no tenant burst',
    () => {
      const { ctx } = run({
        seed: 7025,
        client: false,
        gateway: false,
        faults: [{ cause: 'engine.queue_saturation', magnitude: 3, windowShare: 0.5 }],
      })
      expect(tenantShareBurst(ctx.frame, ctx.grid)).toBeNull()
      expect(tenantNoisyNeighborCause.evaluate(ctx)).toBeNull()
    },
    SLOW
  )

  it(
    'against: no share rises on a healthy run',
    () => {
      const { ctx } = run({ seed: 7013, faults: [] })
      expect(tenantShareBurst(ctx.frame, ctx.grid)).toBeNull()
    },
    SLOW
  )

  it(
    'explained away: the queue its burst fills ranks below the tenant',
    () => {
      const { diagnosis } = run({
        seed: 7003,
        client: false,
        gateway: false,
        metrics: true,
        faults: [{ cause: 'tenant.noisy_neighbor', magnitude: 5, windowShare: 0.35 }],
      })
      const causes = diagnosis.findings.map((f) => f.cause)
      expect(causes[0]).toBe('tenant.noisy_neighbor')
      const queue = diagnosis.findings.find((f) => f.cause === 'engine.queue_saturation')
      if (queue !== undefined) {
        expect(queue.confidence).toBeLessThan(diagnosis.findings[0]!.confidence)
      }
    },
    SLOW
  )
})

describe('network.tls_handshake', () => {
  const handshakeScope = (x: ExcessView) => networkTlsHandshakeCause.excessScope?.(x) ?? null
  const view = (rise: number, elsewhere: number): ExcessView =>
    ({
      facts: {
        scope: { dimension: 'region', value: 'ap-south' },
        freshRise: rise,
        freshRiseElsewhere: elsewhere,
      },
    }) as unknown as ExcessView

  it('for: new connections that rose everywhere make the finding everyone’s, not the far region’s', () => {
    const s = handshakeScope(view(0.5, 0.45))
    expect(s?.scope).toEqual({ dimension: null, value: null })
    expect(s?.evidence[0]?.text).toContain('everywhere else')
  })

  it('against: new connections that rose only in one region keep that region', () => {
    expect(handshakeScope(view(0.5, 0.02))).toBeNull()
    expect(handshakeScope(view(0, 0))).toBeNull()
  })

  it(
    'for, end to end: handshakes on every request are named with no scope',
    () => {
      const { diagnosis } = run({
        seed: 7017,
        client: true,
        gateway: true,
        metrics: true,
        faults: [{ cause: 'network.tls_handshake', magnitude: 3, windowShare: 0.5 }],
      })
      expect(diagnosis.findings[0]).toMatchObject({
        cause: 'network.tls_handshake',
        scope: { dimension: null, value: null },
      })
    },
    SLOW
  )
})

describe('replica.cold_start', () => {
  it(
    'for and explained away: a cold replica during a rise in handshakes is still the cold replica',
    () => {
      const { diagnosis } = run({
        seed: 7112,
        workload: 'long-outputs',
        client: true,
        gateway: true,
        events: true,
        faults: [
          { cause: 'replica.cold_start', magnitude: 2, windowShare: 0.35 },
          { cause: 'network.tls_handshake', magnitude: 2, windowShare: 0.35 },
        ],
      })
      const cold = diagnosis.findings.find((f) => f.cause === 'replica.cold_start')
      expect(cold).toMatchObject({ scope: { dimension: 'replica', value: 'r8' } })
      expect(diagnosis.findings[0]?.cause).toBe('replica.cold_start')
      const node = diagnosis.findings.find((f) => f.cause === 'node.degraded')
      if (node !== undefined) {
        expect(node.confidence).toBeLessThan(cold!.confidence)
      }
    },
    SLOW
  )

  it(
    'against: handshakes that rose while no replica started is no cold start',
    () => {
      const { diagnosis } = run({
        seed: 7110,
        client: true,
        gateway: false,
        faults: [{ cause: 'network.tls_handshake', magnitude: 5, windowShare: 0.5 }],
      })
      expect(diagnosis.findings.map((f) => f.cause)).not.toContain('replica.cold_start')
    },
    SLOW
  )
})

describe('downstream.dependency', () => {
  it(
    'for: a dependency 1.5× slower is named from its own series, though it never holds the tail',
    () => {
      const { diagnosis, ctx } = run({
        seed: 11043,
        workload: 'long-prompts',
        client: false,
        gateway: true,
        faults: [{ cause: 'downstream.dependency', magnitude: 1.5, windowShare: 0.5 }],
      })
      const r = downstreamDependencyCause.evaluate(ctx)
      expect(r !== null && 'confidence' in r ? r.confidence : 0).toBeGreaterThan(0.5)
      expect(diagnosis.findings[0]?.cause).toBe('downstream.dependency')
    },
    SLOW
  )

  it(
    'against: a steady dependency on a run whose gateway queues is not named',
    () => {
      const { ctx } = run({
        seed: 11026,
        client: false,
        gateway: true,
        faults: [{ cause: 'gateway.queueing', magnitude: 3, windowShare: 0.5 }],
      })
      const r = downstreamDependencyCause.evaluate(ctx)
      expect(r !== null && 'confidence' in r ? r.confidence : 0).toBeLessThan(0.3)
    },
    SLOW
  )

  it(
    'explained away: the gateway wait it drives ranks below it',
    () => {
      const { diagnosis } = run({
        seed: 11025,
        workload: 'long-outputs',
        client: false,
        gateway: true,
        faults: [
          { cause: 'gateway.queueing', magnitude: 5, windowShare: 0.9 },
          { cause: 'downstream.dependency', magnitude: 5, windowShare: 0.9 },
        ],
      })
      const causes = diagnosis.findings.map((f) => f.cause)
      expect(causes.indexOf('downstream.dependency')).toBe(0)
    },
    SLOW
  )
})

describe('standing conditions', () => {
  it(
    'one replica with a smaller batch is listed with its cost, and nothing is an incident',
    () => {
      const { diagnosis } = run({
        seed: 7106,
        client: true,
        gateway: true,
        events: true,
        faults: [{ cause: 'replica.small_batch', magnitude: 2, windowShare: 1 }],
      })
      expect(diagnosis.findings[0]?.cause).toBe('healthy')
      const r3 = diagnosis.standing_conditions.find(
        (c) => c.dimension === 'replica' && c.value === 'r3'
      )
      expect(r3).toMatchObject({ measure: 'ttft' })
      expect(r3!.cost_p99).toBeGreaterThan(1.5)
    },
    SLOW
  )

  it(
    'a far region that costs the P99 little is still listed, with that small cost',
    () => {
      const { diagnosis } = run({
        seed: 7032,
        workload: 'long-outputs',
        client: true,
        gateway: true,
        faults: [{ cause: 'network.high_rtt', magnitude: 2, windowShare: 1 }],
      })
      expect(diagnosis.findings[0]?.cause).toBe('healthy')
      const far = diagnosis.standing_conditions.find((c) => c.value === 'eu-west')
      expect(far).toBeDefined()
      expect(far!.cost_p99).toBeGreaterThan(1)
      expect(far!.observed).toBeGreaterThan(1.15 * far!.baseline)
    },
    SLOW
  )
})
