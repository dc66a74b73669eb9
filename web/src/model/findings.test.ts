import { describe, expect, it } from 'vitest'
import { viewForFinding } from './findings.js'
import { rankConcentration } from './concentration.js'
import { metricLabelFilters, toggleFilter } from './dimensions.js'

describe('viewForFinding', () => {
  it('turns window and scope into a range and a filter', () => {
    const v = viewForFinding(
      {
        scope: { dimension: 'replica', value: 'r3' },
        window: { start: '2025-01-01T00:10:00Z', end: '2025-01-01T00:20:00Z' },
      },
      { tenant: ['a'], replica: ['r1', 'r2'] }
    )
    expect(v.filters).toEqual({ tenant: ['a'], replica: ['r3'] })
    expect(v.range).toEqual({
      kind: 'absolute',
      fromMs: Date.UTC(2025, 0, 1, 0, 7, 30),
      toMs: Date.UTC(2025, 0, 1, 0, 22, 30),
    })
  })

  it('keeps the view when the finding has no scope or window', () => {
    expect(
      viewForFinding({ scope: { dimension: null, value: null }, window: null }, { model: ['m'] })
    ).toEqual({
      range: null,
      filters: { model: ['m'] },
    })
  })
})

describe('rankConcentration', () => {
  it('keeps over-represented values, biggest excess first', () => {
    const rows = rankConcentration([
      { dimension: 'replica', value: 'r1', slow_share: 0.3, baseline_share: 0.25, lift: 1.2 },
      { dimension: 'node', value: 'n2', slow_share: 0.9, baseline_share: 0.3, lift: 3 },
      { dimension: 'tenant', value: 't', slow_share: 0.02, baseline_share: 0.001, lift: 20 },
      { dimension: 'model', value: 'm', slow_share: 0.4, baseline_share: 0.6, lift: 0.7 },
    ])
    expect(rows.map((r) => r.value)).toEqual(['n2', 'r1'])
  })
})

describe('filters', () => {
  it('toggles values and drops emptied dimensions', () => {
    expect(toggleFilter({}, 'node', 'n1')).toEqual({ node: ['n1'] })
    expect(toggleFilter({ node: ['n1'] }, 'node', 'n1')).toEqual({})
  })
  it('maps single values onto metric labels', () => {
    expect(metricLabelFilters({ replica: ['r1'], node: ['a', 'b'], tenant: ['t'] })).toEqual({
      'label.pod': 'r1',
    })
  })
})
