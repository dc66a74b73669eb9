import { describe, expect, it } from 'vitest'
import { riseFigures } from '../detect/step-rise.js'
import { impactEvidence } from './evidence.js'
import { decimals, figure, fmtUs, pct, round, roundFinite, roundScore } from './text.js'

describe('figures without their inputs (CONTRACT §4: JSON null, text "–")', () => {
  it.each([
    ['a median over no requests', Number.NaN],
    ['a ratio over a zero denominator', 1 / 0],
    ['a negative ratio over a zero denominator', -1 / 0],
  ])('%s is null in the JSON and "–" in the text, never 0', (_name, v) => {
    expect(round(v)).toBeNull()
    expect(round(v, 1)).toBeNull()
    expect(figure(v, 2)).toBe('–')
    expect(pct(v)).toBe('–')
    expect(fmtUs(v)).toBe('–')
    expect(JSON.stringify({ lift: roundFinite(v) })).toBe('{"lift":null}')
  })

  it('a figure with its inputs keeps its value, and a true 0 stays 0', () => {
    expect(round(1.23456)).toBe(1.235)
    expect(round(0)).toBe(0)
    expect(figure(12.345, 1)).toBe('12.3')
    expect(figure(0, 2)).toBe('0')
    expect(pct(0)).toBe('0%')
    expect(fmtUs(1500)).toBe('1.5 ms')
    expect(roundFinite(0.5)).toBe(0.5)
  })

  it('a confidence without support is 0: a score, not a measure', () => {
    expect(roundScore(Number.NaN)).toBe(0)
    expect(roundScore(0.8766)).toBe(0.877)
  })
})

describe('evidence figures printed to fixed decimals (ADR 0343)', () => {
  it('a ratio over a zero outside and a z without noise are "–", never Infinity or NaN', () => {
    // A step rise whose outside is 0 (a stage that was nothing before) and too few steps for a z.
    expect(riseFigures({ inside: 5_000, outside: 0, units: Number.NaN }, 2)).toBe(
      '–×, – noise units'
    )
    expect(impactEvidence('replica=r3', 'ttft', Number.NaN).text).toBe(
      'without the requests on replica r3, TTFT P99 would be –× lower'
    )
    expect(decimals(null, 1)).toBe('–')
  })

  it('a figure with its inputs prints as toFixed does, a true 0 included', () => {
    expect(riseFigures({ inside: 3, outside: 2, units: 4.56 }, 2)).toBe('1.50×, 4.6 noise units')
    expect(decimals(0, 2)).toBe('0.00')
  })
})
