/**
 * A fixed, seeded slice of the randomised fault grid (bench/diagnosis-grid.bench.ts) over the
 * independent generator (not the simulator): clear faults (3× on their own signal, half the
 * window) of each kind must be named among the first three findings with their scope, and no
 * faulty run may be called healthy above 0.5; healthy runs must stay healthy.
 */
import { describe, expect, it } from 'vitest'
import type { FaultSpec, Workload } from '../../src/core/diagnosis/testing/fault-gen.js'
import { runGridCase, type GridCase } from '../../src/core/diagnosis/testing/grid.js'

const CASES: [FaultSpec['cause'] | 'healthy', Workload, boolean][] = [
  ['network.high_rtt', 'long-prompts', true],
  ['tenant.noisy_neighbor', 'chat', true],
  ['proxy.stream_buffering', 'long-outputs', true],
  ['node.degraded', 'long-prompts', false],
  ['version.regression', 'chat', false],
  ['engine.long_prompts', 'chat', true],
  ['gateway.queueing', 'long-outputs', true],
  ['routing.imbalance', 'chat', true],
  ['engine.kv_cache_pressure', 'chat', true],
  ['unattributed', 'chat', true],
  ['healthy', 'long-prompts', true],
  ['healthy', 'long-outputs', false],
]

/**
 * Cases the method gets wrong today (the grid bench's confusion matrix has the rest): they must
 * keep failing until the method is fixed, and then move back into the checked cases above.
 * None today: a region's round trip under the long-prompt tail is found since the network stage
 * is scanned on its own.
 */
const KNOWN_MISSES = new Set<string>([])

describe('diagnosis over the independent fault generator (fixed grid slice)', () => {
  it.each(CASES)(
    '%s over %s workload',
    (cause, workload, metrics) => {
      if (KNOWN_MISSES.has(`${cause}/${workload}`)) {
        // A known miss: still never "healthy" above 0.5, and still a miss (see KNOWN_MISSES).
        const miss = runGridCase({
          id: `${cause}-${workload}`,
          magnitude: 3,
          kind: 'incident',
          subset: 'all',
          cutMinutes: 0,
          spec: {
            seed: 11,
            minutes: 30,
            perMinute: 200,
            workload,
            client: true,
            gateway: true,
            metrics,
            events: false,
            faults: [{ cause: cause as FaultSpec['cause'], magnitude: 3, windowShare: 0.5 }],
          },
        })
        expect(miss.healthyError).toBe(false)
        expect(miss.top3, 'fixed: move it out of KNOWN_MISSES').toBe(false)
        return
      }
      const score = runGridCase({
        id: `${cause}-${workload}`,
        magnitude: 3,
        kind: cause === 'healthy' ? 'healthy' : 'incident',
        subset: 'all',
        cutMinutes: 0,
        spec: {
          seed: 11,
          minutes: 30,
          perMinute: 200,
          workload,
          client: true,
          gateway: true,
          metrics,
          events: false,
          faults: cause === 'healthy' ? [] : [{ cause, magnitude: 3, windowShare: 0.5 }],
        },
      })
      if (cause === 'healthy') {
        expect(score.top, `healthy run answered ${score.top}`).toBe('healthy')
        return
      }
      expect(score.healthyError).toBe(false)
      expect(score.top3, `top finding ${score.top} (${score.confidence})`).toBe(true)
      expect(score.scope).toBe(true)
    },
    30_000
  )
})

function gridCase(
  cause: FaultSpec['cause'],
  over: Partial<Omit<GridCase, 'spec'>> & { spec?: Partial<GridCase['spec']>; windowShare?: number }
): GridCase {
  const { spec, windowShare = 0.5, ...rest } = over
  return {
    id: cause,
    magnitude: 5,
    kind: 'root',
    subset: 'all',
    cutMinutes: 0,
    ...rest,
    spec: {
      seed: 12,
      minutes: 30,
      perMinute: 200,
      workload: 'chat',
      client: false,
      gateway: true,
      metrics: true,
      events: false,
      faults: [{ cause, magnitude: rest.magnitude ?? 5, windowShare }],
      ...spec,
    },
  }
}

describe('root cause over mechanism, standing conditions, the edges of the data', () => {
  it.each([
    ['a tenant burst that fills the queue', gridCase('tenant.noisy_neighbor', {})],
    [
      'a prefix-cache collapse seen only in the cache counters',
      gridCase('engine.prefix_cache_miss', { spec: { cachedOnRequests: false } }),
    ],
    ['KV pressure with preemptions', gridCase('engine.kv_cache_pressure', { magnitude: 3 })],
  ])(
    '%s is named first, with its scope',
    (_name, c) => {
      const score = runGridCase(c)
      expect(score.top1, `top finding ${score.top} (${score.confidence})`).toBe(true)
      expect(score.scope).toBe(true)
    },
    30_000
  )

  it.each([
    ['a region always farther away', gridCase('network.high_rtt', { spec: { client: true } })],
    ['a node always slower', gridCase('node.degraded', {})],
  ])(
    '%s is healthy with a standing condition',
    (_name, c) => {
      const score = runGridCase({
        ...c,
        kind: 'standing',
        magnitude: 3,
        spec: {
          ...c.spec,
          faults: c.spec.faults.map((f) => ({ ...f, magnitude: 3, windowShare: 1 })),
        },
      })
      expect(score.top, `answered ${score.top} (${score.confidence})`).toBe('healthy')
      expect(score.standingListed).toBe(true)
    },
    30_000
  )

  it('one replica with a smaller batch through the whole window is healthy', () => {
    const score = runGridCase(
      gridCase('replica.small_batch', { kind: 'standing', magnitude: 3, windowShare: 1 })
    )
    expect(score.top, `answered ${score.top} (${score.confidence})`).toBe('healthy')
  }, 30_000)

  it.each([
    ['a batching window', 'engine.batching_window'],
    ['a TLS handshake problem', 'network.tls_handshake'],
  ] as const)(
    '%s is named first, not taken for distance or a cold start',
    (_name, cause) => {
      const score = runGridCase(
        gridCase(cause, { kind: 'client', magnitude: 3, spec: { client: true } })
      )
      expect(score.top1, `top finding ${score.top} (${score.confidence})`).toBe(true)
    },
    30_000
  )

  it('data that starts mid-traffic: a new replica is still found, with its window', () => {
    const score = runGridCase(
      gridCase('replica.cold_start', {
        kind: 'incident',
        magnitude: 3,
        cutMinutes: 5,
        windowShare: 0.5,
      })
    )
    expect(score.top3, `top finding ${score.top} (${score.confidence})`).toBe(true)
    expect(score.scope).toBe(true)
    expect(score.windowErrorS).not.toBeNull()
    expect(score.windowErrorS!).toBeLessThanOrEqual(60)
  }, 30_000)
})

describe('short, partial and gateway-only faults', () => {
  it('gateway spans only: a replica that got twice its share in the last six minutes is routing', () => {
    const score = runGridCase(
      gridCase('routing.imbalance', {
        kind: 'incident',
        subset: 'gateway-only',
        magnitude: 2,
        windowShare: 0.2,
        spec: { perMinute: 240, metrics: false },
      })
    )
    expect(score.top1, `top finding ${score.top} (${score.confidence})`).toBe(true)
    expect(score.scope).toBe(true)
  }, 60_000)

  it('a version twice as slow for the last minute of the data is the version, not its node', () => {
    const score = runGridCase(
      gridCase('version.regression', {
        kind: 'incident',
        magnitude: 2,
        windowShare: 0.05,
        spec: { perMinute: 240, metrics: false },
      })
    )
    expect(score.top1, `top finding ${score.top} (${score.confidence})`).toBe(true)
    expect(score.scope).toBe(true)
  }, 60_000)

  it('a replica that joins and warms up keeps its name when other replicas swing', () => {
    const score = runGridCase(
      gridCase('replica.cold_start', {
        kind: 'incident',
        magnitude: 2,
        windowShare: 0.9,
        spec: { perMinute: 240, metrics: false, workload: 'long-prompts' },
      })
    )
    expect(score.top3, `top finding ${score.top} (${score.confidence})`).toBe(true)
    expect(score.scope).toBe(true)
  }, 60_000)
})
