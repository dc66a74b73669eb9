import { describe, expect, it } from 'vitest'
import type { RequestColumns } from '../../core/model/query.js'
import { observedFromColumns } from './observed.js'

/** Five scanned rows: the second has no decode stage, the fourth no replica. */
function columns(): RequestColumns {
  const f = (...v: number[]): Float64Array => Float64Array.from(v)
  return {
    n: 5,
    numbers: {
      start: f(100, 200, 300, 400, 500),
      ttft: f(50, 50, 60, 70, 80),
      tpot: f(5, 5, 6, 7, 8),
      e2e: f(500, 500, 600, 700, 800),
      network: f(10, NaN, NaN, 10, 4),
      'engine.queue': f(5, 5, 6, 7, 8),
      'engine.prefill': f(20, 20, 30, 30, 30),
      'engine.decode': f(400, NaN, 500, 600, 700),
      input_tokens: f(100, 100, 200, 300, 400),
      output_tokens: f(10, 10, 20, 30, 40),
      cached_tokens: f(NaN, 0, 16, NaN, 32),
    },
    flags: {},
    texts: {
      // Codes into the store's dictionary, whose order is not the rows' order.
      replica: { codes: Int32Array.from([2, 0, 0, -1, 2]), values: ['r0', 'r1', 'r2'] },
      tenant: { codes: Int32Array.from([1, 1, -1, 0, 1]), values: ['a', 'b'] },
    },
  }
}

describe('observedFromColumns', () => {
  it('keeps the usable rows, renumbers each text column by first use and rebuilds the queue entry', () => {
    const o = observedFromColumns(columns())
    expect(o.n).toBe(3)
    expect(o.dropped).toEqual({
      total: 2,
      reasons: { 'no engine queue/prefill/decode stages': 1, 'no replica': 1 },
    })
    expect([...o.startUs]).toEqual([100, 300, 500])
    expect([...o.decodeUs]).toEqual([400, 500, 700])
    expect([...o.cachedTokens]).toEqual([NaN, 16, 32])
    // start + ttft − queue − prefill − network/2, the network counted only where stored.
    expect([...o.queuedUs]).toEqual([100 + 20, 300 + 24, 500 + 40])
    expect(o.replicas).toEqual(['r2', 'r0'])
    expect([...o.replica]).toEqual([0, 1, 0])
    expect(o.tenants).toEqual(['b'])
    expect([...o.tenant]).toEqual([0, -1, 0])
    // A column the scan did not return is missing on every row.
    expect(o.routes).toEqual([])
    expect([...o.route]).toEqual([-1, -1, -1])
  })

  it('takes the scan’s columns as they are when every row is kept (ADR 0499)', () => {
    const c = columns()
    const rows = [0, 2, 4]
    const only = (col: Float64Array): Float64Array =>
      Float64Array.from(rows, (i) => col[i] as number)
    for (const [name, col] of Object.entries(c.numbers)) {
      c.numbers[name as keyof typeof c.numbers] = only(col)
    }
    for (const col of Object.values(c.texts)) {
      col.codes = Int32Array.from(rows, (i) => col.codes[i] as number)
    }
    c.n = rows.length
    const o = observedFromColumns(c)
    expect(o.n).toBe(3)
    expect(o.dropped.total).toBe(0)
    // The same arrays, not equal copies: at 1M rows each copy was a pass over 8 MB.
    expect(o.startUs).toBe(c.numbers.start)
    expect(o.decodeUs).toBe(c.numbers['engine.decode'])
    expect(o.cachedTokens).toBe(c.numbers.cached_tokens)
    // The values are what the rows kept out of the first test's scan gave.
    const whole = observedFromColumns(columns())
    expect([...o.startUs]).toEqual([...whole.startUs])
    expect([...o.queuedUs]).toEqual([...whole.queuedUs])
    expect([...o.cachedTokens]).toEqual([...whole.cachedTokens])
    expect(o.replicas).toEqual(whole.replicas)
    expect([...o.replica]).toEqual([...whole.replica])
  })

  it('places the router at the gateway: the start plus the client stages and half the network', () => {
    const c = columns()
    c.numbers['client.connect'] = Float64Array.from([6, 0, NaN, 0, 2])
    c.numbers['client.send'] = Float64Array.from([1, 0, NaN, 0, 1])
    const o = observedFromColumns(c)
    // Kept rows 0, 2, 4: no client stages and no network on the second, which is routed at its
    // start; none is routed after its engine queue entry (120, 324, 540).
    expect([...o.routedUs!]).toEqual([100 + 6 + 1 + 5, 300, 500 + 2 + 1 + 2])
  })
})
