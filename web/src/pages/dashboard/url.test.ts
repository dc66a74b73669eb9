import { describe, expect, it } from 'vitest'
import {
  DEFAULT_VIEW,
  effectiveStageMode,
  parseViewState,
  serializeViewState,
  type ViewState,
} from './url.js'

describe('view state in the URL', () => {
  it('round-trips every field', () => {
    const state: ViewState = {
      range: { kind: 'absolute', fromMs: 1_700_000_000_000, toMs: 1_700_000_600_000 },
      filters: { replica: ['r1', 'r2'], tenant: ['acme'] },
      measure: 'tpot',
      sort: 'e2e',
      stageMode: 'p99',
      selection: { fromMs: 1_700_000_100_000, toMs: 1_700_000_200_000, minMs: 850.5, maxMs: 2000 },
      pin: {
        fromMs: 1_699_999_000_000,
        toMs: 1_700_000_600_000,
        filters: { model: ['m'] },
        finding: 2,
      },
      trace: 'abc123',
    }
    expect(parseViewState(serializeViewState(state))).toEqual(state)
  })

  it('keeps an open side of a selection open', () => {
    const sel = { fromMs: 1000, toMs: 2000, minMs: null, maxMs: 300 }
    const text = serializeViewState({ ...DEFAULT_VIEW, selection: sel })
    expect(text).toBe('sel=1000%2C2000%2C%2C300')
    expect(parseViewState(text).selection).toEqual(sel)
  })

  it('leaves defaults out, the default range included', () => {
    expect(serializeViewState(DEFAULT_VIEW)).toBe('')
    expect(parseViewState('')).toEqual(DEFAULT_VIEW)
  })

  it('reads the links of the first versions', () => {
    const v = parseViewState('range=1h&heatmap=e2e&sel=1000,2000,850')
    expect(v.range).toEqual({ kind: 'preset', preset: '1h' })
    expect(v.measure).toBe('e2e')
    expect(v.selection).toEqual({ fromMs: 1000, toMs: 2000, minMs: 850, maxMs: null })
  })

  it('ignores what it does not understand', () => {
    expect(parseViewState('range=7y&measure=bogus&sel=1,2&from=x&color=red&dx=5')).toEqual(
      DEFAULT_VIEW
    )
  })

  it('shows the stages before the first token for TTFT unless a mode is chosen', () => {
    expect(effectiveStageMode({ measure: 'ttft', stageMode: null })).toBe('ttft')
    expect(effectiveStageMode({ measure: 'tpot', stageMode: null })).toBe('mean')
    expect(effectiveStageMode({ measure: 'ttft', stageMode: 'p99' })).toBe('p99')
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
