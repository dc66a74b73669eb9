import { describe, expect, it } from 'vitest'
import { figure, fmtUs, pct, round, roundFinite, roundScore } from './text.js'

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
