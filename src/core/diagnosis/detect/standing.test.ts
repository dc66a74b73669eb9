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
import { makeCluster, T0_US } from '../testing/make-timeline.js'
import { diagnoseGridCase, gridCases } from '../testing/grid.js'
import { grewWithin, standingConditions } from './standing.js'

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
