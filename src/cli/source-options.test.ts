import { describe, expect, it } from 'vitest'
import { DEFAULT_DB_PATH } from '../config/defaults.js'
import { chooseSource } from './source-options.js'

describe('chooseSource', () => {
  it('takes paths, else --server, else --db, else the default file', () => {
    expect(chooseSource(['a.jsonl'], { db: 'x.duckdb' })).toEqual({
      kind: 'paths',
      paths: ['a.jsonl'],
    })
    expect(chooseSource([], { server: 'http://h:1' })).toEqual({
      kind: 'server',
      url: 'http://h:1',
    })
    expect(chooseSource([], { db: 'x.duckdb' })).toEqual({
      kind: 'db',
      path: 'x.duckdb',
      given: true,
    })
    expect(chooseSource([], {})).toEqual({ kind: 'db', path: DEFAULT_DB_PATH, given: false })
  })

  it.each([
    [['t.jsonl'], {}, /--server cannot be combined with paths \(t\.jsonl\): give one source/],
    [[], { db: 'x.duckdb' }, /--server cannot be combined with --db: give one source/],
    [['t.jsonl', 'm.om'], { db: 'x' }, /combined with --db or paths \(t\.jsonl, m\.om\)/],
  ])('refuses --server next to %j %j, by name', (paths, flags, message) => {
    expect(() => chooseSource(paths, { ...flags, server: 'http://h:1' })).toThrow(
      expect.objectContaining({ code: 'INPUT_INVALID', message: expect.stringMatching(message) })
    )
  })
})
