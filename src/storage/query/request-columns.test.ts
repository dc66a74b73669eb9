import { describe, expect, it } from 'vitest'
import { emptyRequestColumns, fillMissingFrom, validateColumnQuery } from './request-columns.js'

describe('emptyRequestColumns', () => {
  const fields = validateColumnQuery({
    fields: ['ttft', 'end', 'connection_reused', 'replica', 'tenant'],
  })
  const read = { numbers: ['ttft' as const], flags: [], texts: ['replica' as const] }

  it('leaves the columns the caller writes whole unfilled, and every other one missing', () => {
    const out = emptyRequestColumns(4, fields, [['r0'], []], null, read)
    // Not filled first: the scan overwrites them whole (a pass over every column on 1M rows).
    expect([...out.numbers.ttft!]).toEqual([0, 0, 0, 0])
    expect([...out.texts.replica!.codes]).toEqual([0, 0, 0, 0])
    expect([...out.numbers.end!]).toEqual([NaN, NaN, NaN, NaN])
    expect([...out.flags.connection_reused!]).toEqual([-1, -1, -1, -1])
    expect([...out.texts.tenant!.codes]).toEqual([-1, -1, -1, -1])
    expect(out.texts.replica!.values).toEqual(['r0'])
  })

  it('sets the rows a short scan did not reach to missing', () => {
    const out = emptyRequestColumns(4, fields, [['r0'], []], 4, read)
    out.numbers.ttft!.set([1, 2])
    fillMissingFrom(out, read, 2)
    expect([...out.numbers.ttft!]).toEqual([1, 2, NaN, NaN])
    expect([...out.texts.replica!.codes]).toEqual([0, 0, -1, -1])
    expect(out.total).toBe(4)
  })
})
