import { describe, expect, it } from 'vitest'
import { ms, pct } from './render.js'

describe('compare text: latencies', () => {
  it('prints a sub-0.1 ms stage in µs, not as 0.0 ms', () => {
    // A real vLLM's engine.queue p50 is 0.017 ms: "0.0 ms" read as no wait.
    expect(ms(0.017)).toBe('17 µs')
    expect(ms(0.086)).toBe('86 µs')
  })
  it('keeps ms and s above, a true zero as 0.0 ms and unknown as –', () => {
    expect(ms(0.1)).toBe('0.1 ms')
    expect(ms(14.1)).toBe('14.1 ms')
    expect(ms(581)).toBe('581 ms')
    expect(ms(1270)).toBe('1.27 s')
    expect(ms(0)).toBe('0.0 ms')
    expect(ms(null)).toBe('–')
  })
})

describe('compare text: percentages', () => {
  it('prints a change that rounds to zero without a sign, whatever its last bit', () => {
    // Minutes shrunk to one rate leave a log ratio of -2e-16 (ADR 0534).
    expect(pct(-2e-16)).toBe('0.0 %')
    expect(pct(0)).toBe('0.0 %')
    expect(pct(-0.0004)).toBe('0.0 %')
    expect(pct(-0.0006)).toBe('-0.1 %')
    expect(pct(0.032)).toBe('+3.2 %')
    expect(pct(-0.25)).toBe('-25 %')
  })
})
