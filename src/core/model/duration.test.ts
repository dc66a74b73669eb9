import { describe, expect, it } from 'vitest'
import { durationProblem, parseDurationMs, parseDurationUs } from './duration.js'

describe('parseDurationUs: the one duration grammar', () => {
  it.each([
    // Every unit, and the inputs the four earlier parsers documented.
    ['250us', 250],
    ['250µs', 250],
    ['500ms', 500_000],
    ['1500ms', 1_500_000],
    ['90s', 90_000_000],
    ['1.5s', 1_500_000],
    ['30m', 1_800_000_000],
    ['1.5h', 5_400_000_000],
    ['7d', 604_800_000_000],
    ['0s', 0],
    // Terms in decreasing order, as Prometheus writes them.
    ['1h30m', 5_400_000_000],
    ['2m30s', 150_000_000],
    ['1d12h', 129_600_000_000],
    ['1s500ms', 1_500_000],
    ['  20m ', 1_200_000_000],
    // No unit: the bare number meant s, ms or minutes depending on the parser; now none.
    ['45', null],
    ['0', null],
    ['1.5', null],
    // Malformed.
    ['', null],
    ['m', null],
    ['-5m', null],
    ['+5m', null],
    ['5 m', null],
    ['5 minutes', null],
    ['5M', null],
    ['1e3ms', null],
    ['.5s', null],
    ['5.s', null],
    ['30m1h', null],
    ['1m1m', null],
    ['1ms1us1µs', null],
    ['1h 30m', null],
    ['5w', null],
    ['Infinityd', null],
  ])('%j → %s µs', (text, us) => {
    expect(parseDurationUs(text)).toBe(us)
  })

  it('gives milliseconds with their fraction', () => {
    expect(parseDurationMs('1.5s')).toBe(1500)
    expect(parseDurationMs('250us')).toBe(0.25)
    expect(parseDurationMs('soon')).toBeNull()
  })
})

describe('durationProblem', () => {
  it.each([
    [
      '--since',
      '30',
      /--since must be a duration with a unit.*"30": a bare number has no unit, write 30s or 30m/,
    ],
    [
      'step',
      'soon',
      /^step must be a duration with a unit, e\.g\. 500ms, 30s, 5m, 2h, 7d or 1h30m \(actual: "soon"\)$/,
    ],
  ])('%s %j', (name, text, message) => {
    expect(durationProblem(name, text)).toMatch(message)
  })
})
