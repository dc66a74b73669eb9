import { describe, expect, it } from 'vitest'
import { DEFAULT_VIEW, parseViewState, serializeViewState, type ViewState } from './url.js'

describe('view state in the URL', () => {
  it('round-trips every field', () => {
    const state: ViewState = {
      range: { kind: 'absolute', fromMs: 1_700_000_000_000, toMs: 1_700_000_600_000 },
      filters: { replica: ['r1', 'r2'], tenant: ['acme'] },
      heatmap: 'e2e',
      stageMode: 'p99',
      selection: { fromMs: 1_700_000_100_000, toMs: 1_700_000_200_000, slowMs: 850.5 },
      trace: 'abc123',
    }
    expect(parseViewState(serializeViewState(state))).toEqual(state)
  })

  it('leaves defaults out', () => {
    expect(serializeViewState(DEFAULT_VIEW)).toBe('range=1h')
  })

  it('ignores what it does not understand', () => {
    expect(parseViewState('range=7y&heatmap=bogus&sel=1,2&from=x&color=red')).toEqual(DEFAULT_VIEW)
  })

  it('accepts RFC 3339 times', () => {
    const v = parseViewState('from=2025-01-01T00:00:00Z&to=2025-01-01T01:00:00Z')
    expect(v.range).toEqual({
      kind: 'absolute',
      fromMs: Date.UTC(2025, 0, 1),
      toMs: Date.UTC(2025, 0, 1, 1),
    })
  })
})
