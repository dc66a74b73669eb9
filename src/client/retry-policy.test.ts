import { describe, expect, it } from 'vitest'
import { classifyHttpStatus, nextDelayMs, parseRetryAfterMs } from './retry-policy.js'

const NOW_MS = Date.parse('2026-01-01T00:00:00Z')

describe('classifyHttpStatus', () => {
  it.each([
    [200, null, { status: 'success' }],
    [204, null, { status: 'success' }],
    [429, '2', { status: 'retryable', retryAfterMs: 2000 }],
    [503, null, { status: 'retryable', retryAfterMs: null }],
    [502, null, { status: 'retryable', retryAfterMs: null }],
    [504, null, { status: 'retryable', retryAfterMs: null }],
    [400, '5', { status: 'failure' }],
    [413, null, { status: 'failure' }],
    [500, null, { status: 'failure' }],
  ])('%i (Retry-After %s)', (status, retryAfter, expected) => {
    expect(classifyHttpStatus(status, retryAfter, NOW_MS)).toEqual(expected)
  })
})

describe('parseRetryAfterMs', () => {
  it.each([
    [null, null],
    ['0', 0],
    [' 7 ', 7000],
    ['Thu, 01 Jan 2026 00:00:10 GMT', 10_000],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['soon', null],
    ['-3', null],
  ])('%s → %s', (value, expected) => {
    expect(parseRetryAfterMs(value, NOW_MS)).toBe(expected)
  })
})

describe('nextDelayMs', () => {
  it('prefers the server’s Retry-After', () => {
    expect(nextDelayMs(3, 1200, 60_000)).toBe(1200)
  })
  it('backs off 1 s × 1.5ⁿ up to 5 s without one', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => nextDelayMs(n, null, 60_000))).toEqual([
      1000, 1500, 2250, 3375, 5000, 5000,
    ])
  })
  it('refuses a wait that would pass the deadline', () => {
    expect(nextDelayMs(0, 5000, 4999)).toBeNull()
    expect(nextDelayMs(0, null, 999)).toBeNull()
  })
})
