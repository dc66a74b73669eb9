/**
 * A standing condition is a difference the data establishes in every third of the window and at
 * both edges, whatever its size (ADR 0242). For: one replica 1.12× slower from the first minute
 * to the last, under the 1.2× size floor that used to hide a far region behind its engine time.
 * Against: the same difference from half-way (it changed), and replicas that differ by nothing.
 * An incident on top of a condition: the difference that grew inside a finding's window beyond its
 * own step-to-step spread is not explained away by the condition.
 */
import { describe, expect, it } from 'vitest'
import { asMicros } from '../../model/units.js'
import { frameFromRequests } from '../frame/frame.js'
import { createTestRng, makeCluster, makeTimeline, T0_US } from '../testing/make-timeline.js'
import { diagnoseGridCase, gridCases } from '../testing/grid.js'
import { sortedFinite } from '../../stats/quantile.js'
import { grewWithin, sortPart, standingConditions, withoutSorted } from './standing.js'

const REPLICAS = { r0: 'n0', r1: 'n0', r2: 'n1', r3: 'n1' }
const MINUTES = 30
const END_US = asMicros(T0_US + MINUTES * 60_000_000)
const HALF_US = T0_US + (MINUTES / 2) * 60_000_000

function frameOf(slowdown: (replica: string, startUs: number) => number) {
  return frameFromRequests(
    makeCluster({ seed: 5, minutes: MINUTES, perMinute: 120, replicas: REPLICAS, slowdown })
  )
}

function conditions(slowdown: (replica: string, startUs: number) => number) {
  return standingConditions(frameOf(slowdown), T0_US, END_US)
}

const WINDOW = { fromUs: T0_US, toUs: END_US }
const SECOND_HALF = { fromUs: HALF_US, toUs: END_US }
const R3 = { dimension: 'replica', value: 'r3', measure: 'ttft' } as const

describe('standing conditions on their evidence', () => {
  it('for: a replica 1.12× slower through the whole window is listed', () => {
    const listed = conditions((r) => (r === 'r3' ? 1.12 : 1))
    const r3 = listed.find((c) => c.dimension === 'replica' && c.measure === 'ttft')
    expect(r3?.value).toBe('r3')
    expect(r3!.observed / r3!.baseline).toBeGreaterThan(1.05)
    expect(r3!.observed / r3!.baseline).toBeLessThan(1.2)
  })

  it('against: the same replica 1.12× slower from half-way changed, and is not listed', () => {
    const listed = conditions((r, t) => (r === 'r3' && t >= HALF_US ? 1.12 : 1))
    expect(listed.filter((c) => c.value === 'r3')).toEqual([])
  })

  it('against: a replica 1.1×, then 1.2×, then 1.5× slower, steady within each third, changed (ADR 0388)', () => {
    // The largest and smallest thirds are read at the bound of a pair picked after looking; a
    // step up this clear against the steps' own spread still passes it.
    const third = (t: number): number => Math.floor(((t - T0_US) * 3) / (END_US - T0_US))
    const listed = conditions((r, t) => (r === 'r3' ? ([1.1, 1.2, 1.5][third(t)] ?? 1.5) : 1))
    expect(listed.filter((c) => c.value === 'r3')).toEqual([])
  })

  it('against: replicas that differ by nothing list nothing', () => {
    expect(conditions(() => 1)).toEqual([])
  })

  it('an incident on top: a difference that grew 1.12× → 1.5× inside the window grew there', () => {
    const frame = frameOf((r, t) => (r === 'r3' ? (t >= HALF_US ? 1.5 : 1.12) : 1))
    expect(grewWithin(frame, WINDOW, R3, SECOND_HALF)).toBe(true)
  })

  it('against: a difference that held at 1.12× did not grow in the same window', () => {
    const frame = frameOf((r) => (r === 'r3' ? 1.12 : 1))
    expect(grewWithin(frame, WINDOW, R3, SECOND_HALF)).toBe(false)
  })

  it('explained away no more: round trips from a region always a little farther that then grew 1.5× are named (11-67)', () => {
    const c = gridCases(11, 120, 30, 240).find((x) => x.id === '11-67')!
    expect(c.spec.faults[0]?.cause).toBe('network.high_rtt')
    const { diagnosis } = diagnoseGridCase(c)
    expect(diagnosis.findings[0]?.cause).toBe('network.high_rtt')
    expect(diagnosis.findings[0]?.scope).toEqual({ dimension: 'region', value: 'eu-west' })
  }, 180_000)
})

/**
 * A region's distance read on its client-measured network time: a region whose round trips are
 * 1.6× the others' (41 against 26 ms) inside an engine time that varies ±60 % around 150 ms.
 */
function regionsFrame(
  opts: {
    farFromUs?: number
    withClient?: boolean
    growFromUs?: number
    engineOf?: (region: string) => number
  } = {}
) {
  const rng = createTestRng(11)
  const regions = ['eu-west-1', 'us-east-1', 'ap-southeast-2']
  const rows = []
  for (let i = 0; i < MINUTES * 150; i++) {
    const startUs = T0_US + Math.floor((i / 150) * 60_000_000)
    const region = regions[i % 3] as string
    const far = region === 'ap-southeast-2' && startUs >= (opts.farFromUs ?? T0_US)
    const grown = far && startUs >= (opts.growFromUs ?? Infinity) ? 1.5 : 1
    const rtt = (far ? 41 * grown : 26) * (0.85 + 0.3 * rng())
    const engine = 150 * (0.4 + 1.2 * rng()) * (opts.engineOf?.(region) ?? 1)
    const withClient = opts.withClient ?? true
    rows.push(
      makeTimeline({
        startUs,
        dims: { region },
        hasClient: withClient,
        stagesMs: withClient
          ? { network: rtt, 'engine.prefill': engine }
          : { 'engine.prefill': engine },
      })
    )
  }
  return frameFromRequests(rows)
}

describe("a region's network time", () => {
  it('for: a region 1.6× farther on the network, inside the TTFT noise, is listed on its network time', () => {
    const listed = standingConditions(regionsFrame(), T0_US, END_US)
    const far = listed.find((c) => c.value === 'ap-southeast-2')
    expect(far?.measure).toBe('network')
    expect(far!.observed).toBeGreaterThan(35)
    expect(far!.baseline).toBeLessThan(30)
    // Its cost is the TTFT's: what the distance adds to the wait.
    expect(far!.text).toContain('TTFT P99')
    expect(listed.filter((c) => c.measure === 'ttft' && c.value === 'ap-southeast-2')).toEqual([])
  })

  it('one line per region: a region listed on its TTFT is not listed again on its network time', () => {
    const slower = regionsFrame({ engineOf: (region) => (region === 'ap-southeast-2' ? 1.3 : 1) })
    const far = standingConditions(slower, T0_US, END_US).filter(
      (c) => c.value === 'ap-southeast-2'
    )
    expect(far.map((c) => c.measure)).toEqual(['ttft'])
  })

  it('against: the same region farther from half-way changed, and is not listed', () => {
    const listed = standingConditions(regionsFrame({ farFromUs: HALF_US }), T0_US, END_US)
    expect(listed.filter((c) => c.value === 'ap-southeast-2')).toEqual([])
  })

  it('unknown is not zero: without client spans no network condition is listed', () => {
    const listed = standingConditions(regionsFrame({ withClient: false }), T0_US, END_US)
    expect(listed.filter((c) => c.measure === 'network')).toEqual([])
  })

  it('an incident on top: the farther region whose round trips then grew 1.5× grew there', () => {
    const far = { dimension: 'region', value: 'ap-southeast-2', measure: 'network' } as const
    const grown = regionsFrame({ growFromUs: HALF_US })
    expect(grewWithin(grown, WINDOW, far, SECOND_HALF)).toBe(true)
    expect(grewWithin(regionsFrame(), WINDOW, far, SECOND_HALF)).toBe(false)
  })

  it("an incident in the window's last minute: one step of thirty is cut finer, and it grew there", () => {
    const far = { dimension: 'region', value: 'ap-southeast-2', measure: 'network' } as const
    const lastMinute = { fromUs: END_US - 60_000_000, toUs: END_US }
    const grown = regionsFrame({ growFromUs: lastMinute.fromUs })
    expect(grewWithin(grown, WINDOW, far, lastMinute)).toBe(true)
    expect(grewWithin(regionsFrame(), WINDOW, far, lastMinute)).toBe(false)
  })
})

describe("a part's sorted values, read per value instead of sorted per value", () => {
  // Ties, -0 and +0, infinities, missing values and requests without a value of the dimension:
  // each value's array and the rest's must be the masked sorts element for element (ADR 0367).
  const rng = createTestRng(3)
  const n = 4000
  const pool = [-0, 0, 1, 1, 2.5, Infinity, -Infinity, NaN]
  const values = Float64Array.from({ length: n }, () =>
    rng() < 0.5 ? (pool[Math.floor(rng() * pool.length)] as number) : Math.round(rng() * 50) / 2
  )
  const part = Uint8Array.from({ length: n }, () => Math.floor(rng() * 3))
  const col = {
    codes: Int32Array.from({ length: n }, () => Math.floor(rng() * 6) - 1),
    values: ['a', 'b', 'c', 'd', 'e'],
  }
  const same = (a: Float64Array, b: Float64Array): boolean =>
    a.length === b.length && a.every((v, i) => Object.is(v, b[i]))

  it('gives, in every part, the sorted values of each value and of the rest', () => {
    for (let k = 0; k < 3; k++) {
      const sorted = sortPart(values, part, k, col)
      col.values.forEach((_, code) => {
        const mine = Uint8Array.from(part, (p, i) => (p === k && col.codes[i] === code ? 1 : 0))
        const rest = Uint8Array.from(part, (p, i) =>
          p === k && col.codes[i] !== code && (col.codes[i] as number) >= 0 ? 1 : 0
        )
        const a = sorted.byCode[code] as Float64Array
        expect(same(a, sortedFinite(values, mine))).toBe(true)
        expect(same(withoutSorted(sorted.all, a), sortedFinite(values, rest))).toBe(true)
      })
    }
  })

  it('keeps -0 apart from +0: the rest of a value holding one -0 keeps the others', () => {
    const all = Float64Array.of(-0, -0, 0, 0, 1)
    const rest = withoutSorted(all, Float64Array.of(-0, 0))
    expect(Array.from(rest, (v) => Object.is(v, -0))).toEqual([true, false, false])
  })
})
