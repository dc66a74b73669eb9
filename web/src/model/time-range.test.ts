import { describe, expect, it } from 'vitest'
import { bucketGrid, chooseStepMs, formatStepParam, resolveRange } from './time-range.js'

const NOW = Date.UTC(2025, 0, 10, 12, 0, 0)

describe('resolveRange', () => {
  it('fits the default view to data shorter than an hour', () => {
    const r = resolveRange({ kind: 'auto' }, { startMs: NOW - 20 * 60_000, endMs: NOW - 1000 }, NOW)
    expect(r.toMs).toBe(NOW)
    expect(r.fromMs).toBeLessThan(NOW - 20 * 60_000)
    expect(r.fromMs).toBeGreaterThan(NOW - 22 * 60_000)
  })

  it('shows the last hour of the data by default when there is more', () => {
    const end = NOW - 30 * 86_400_000
    const r = resolveRange({ kind: 'auto' }, { startMs: end - 7_200_000, endMs: end }, NOW)
    // The data's end + 1 ms lies inside a 15 s step: the hour moves forward onto the next one,
    // keeping its length.
    expect(r).toEqual({ fromMs: end + 15_000 - 3_600_000, toMs: end + 15_000 })
    // An end exactly on a step stays.
    expect(
      resolveRange({ kind: 'auto' }, { startMs: end - 7_200_000, endMs: end - 1 }, NOW)
    ).toEqual({ fromMs: end - 3_600_000, toMs: end })
  })

  it('ends old, short data at its end and starts at its start by default', () => {
    const end = NOW - 86_400_000
    const r = resolveRange({ kind: 'auto' }, { startMs: end - 600_000, endMs: end }, NOW)
    // On whole 5 s steps, both edges widened outwards: the data's start and end stay inside.
    expect(r.toMs).toBe(end + 5_000)
    expect(r.fromMs).toBe(end - 615_000)
    expect(r.fromMs % 5_000).toBe(0)
  })

  it('ends presets at now when the data is live', () => {
    const r = resolveRange(
      { kind: 'preset', preset: '15m' },
      { startMs: NOW - 3_600_000, endMs: NOW - 1000 },
      NOW
    )
    expect(r).toEqual({ fromMs: NOW - 900_000, toMs: NOW })
  })

  it('ends presets at the data end when the data is old', () => {
    const end = NOW - 30 * 86_400_000
    const r = resolveRange(
      { kind: 'preset', preset: '1h' },
      { startMs: end - 7_200_000, endMs: end },
      NOW
    )
    expect(r.toMs).toBe(end + 15_000)
    expect(r.toMs - r.fromMs).toBe(3_600_000)
    expect(r.fromMs % 15_000).toBe(0)
  })

  it('covers the whole extent for all, with a little room', () => {
    const r = resolveRange(
      { kind: 'preset', preset: 'all' },
      { startMs: 1_000_000, endMs: 4_600_000 },
      NOW
    )
    expect(r.fromMs).toBeLessThan(1_000_000)
    expect(r.toMs).toBeGreaterThan(4_600_000)
    expect(r.fromMs % chooseStepMs(r)).toBe(0)
    expect(r.toMs % chooseStepMs(r)).toBe(0)
  })

  it('keeps absolute windows', () => {
    expect(resolveRange({ kind: 'absolute', fromMs: 5, toMs: 60_005 }, null, NOW)).toEqual({
      fromMs: 5,
      toMs: 60_005,
    })
  })
})

describe('steps', () => {
  it.each([
    [15 * 60_000, 5_000],
    [3_600_000, 15_000],
    [86_400_000, 600_000],
  ])('window %d ms → step %d ms', (span, step) => {
    expect(chooseStepMs({ fromMs: 0, toMs: span })).toBe(step)
  })

  it('formats step parameters', () => {
    expect(formatStepParam(15_000)).toBe('15s')
    expect(formatStepParam(300_000)).toBe('5m')
    expect(formatStepParam(7_200_000)).toBe('2h')
  })

  it('aligns the grid to the epoch', () => {
    expect(bucketGrid({ fromMs: 61_000, toMs: 185_000 }, 60_000)).toEqual([
      60_000, 120_000, 180_000,
    ])
  })
})
