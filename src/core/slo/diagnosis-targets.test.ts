import { describe, expect, it } from 'vitest'
import type { Micros } from '../model/units.js'
import { diagnosisSloTargets } from './diagnosis-targets.js'
import { parseObjectiveText } from './objective-text.js'
import type { Objective, Tier } from './types.js'

function objective(text: string): Objective {
  const r = parseObjectiveText(text)
  if ('error' in r) {
    throw new Error(r.error)
  }
  return r.objective
}

const tiersOf = (objectives: (string | Objective)[][]): Tier[] =>
  objectives.map((list, i) => ({
    name: `t${i}`,
    match: {},
    objectives: list.map((o) => (typeof o === 'string' ? objective(o) : o)),
  }))

describe('diagnosisSloTargets', () => {
  it.each([
    ['no tiers', [], null],
    ['only error-rate and ITL objectives', [['errors < 1%', 'itl_max p99 < 200ms']], null],
    ['one compact objective', [['ttft p99 < 800ms']], { ttftMs: 800, quantile: 0.99 }],
    [
      'the strictest threshold per measure across tiers, at the highest percentile',
      [
        ['ttft p95 < 1s', 'e2e p99 < 20s'],
        [
          {
            kind: 'latency',
            id: 'fast',
            measure: 'ttft',
            percentile: 99.9,
            thresholdUs: 600_000 as Micros,
          } as const,
          'tpot p99 < 80ms',
        ],
      ],
      { ttftMs: 600, tpotMs: 80, e2eMs: 20_000, quantile: 99.9 / 100 },
    ],
  ])('%s', (_name, objectives, expected) => {
    expect(diagnosisSloTargets(tiersOf(objectives as (string | Objective)[][]))).toEqual(expected)
  })
})
