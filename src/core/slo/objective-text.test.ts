import { describe, expect, it } from 'vitest'
import { parseDurationUs } from '../model/duration.js'
import { formatObjective, parseObjectiveText } from './objective-text.js'

describe('parseObjectiveText', () => {
  it.each([
    [
      'ttft p99 < 800ms',
      { kind: 'latency', id: 'ttft_p99', measure: 'ttft', percentile: 99, thresholdUs: 800_000 },
    ],
    [
      'tpot p95<60ms',
      { kind: 'latency', id: 'tpot_p95', measure: 'tpot', percentile: 95, thresholdUs: 60_000 },
    ],
    [
      'e2e p99.9 < 2m',
      {
        kind: 'latency',
        id: 'e2e_p99_9',
        measure: 'e2e',
        percentile: 99.9,
        thresholdUs: 120_000_000,
      },
    ],
    ['errors < 1%', { kind: 'error_rate', id: 'error_rate', maxErrorRate: 0.01 }],
    ['error_rate < 0.005', { kind: 'error_rate', id: 'error_rate', maxErrorRate: 0.005 }],
  ])('%s', (text, objective) => {
    expect(parseObjectiveText(text)).toEqual({ objective })
  })

  it.each(['ttft p100 < 1s', 'latency p99 < 1s', 'ttft p99 < fast', 'errors < 150%', 'ttft < 1s'])(
    'rejects %s with a message',
    (text) => {
      const r = parseObjectiveText(text)
      expect('error' in r && r.error).toMatch(/expected/)
    }
  )

  it('round-trips through formatObjective', () => {
    const r = parseObjectiveText('ttft p99 < 800ms')
    expect('objective' in r && formatObjective(r.objective)).toBe('ttft p99 < 800ms')
    expect(parseDurationUs('7d')).toBe(7 * 86_400_000_000)
    expect(parseDurationUs('-1s')).toBeNull()
  })
})
