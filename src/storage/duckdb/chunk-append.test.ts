import { BIGINT, BOOLEAN, DOUBLE, DuckDBInstance, INTEGER, VARCHAR } from '@duckdb/node-api'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mulberry32 } from '../../core/stats/testing/mulberry32.js'
import { appendInChunks, type ChunkColumn } from './chunk-append.js'
import { inTransaction } from './connection.js'

/** Copies into vectors the fill made (the binding's exports cannot be spied on in place). */
const calls = vi.hoisted(() => ({ values: 0, validity: 0 }))
vi.mock('@duckdb/node-bindings', async (importOriginal) => {
  const actual = await importOriginal<{ default: Record<string, unknown> }>()
  const counted: Record<string, keyof typeof calls> = {
    copy_data_to_vector: 'values',
    copy_data_to_vector_validity: 'validity',
  }
  // The binding's functions are read-only, non-enumerable properties: a proxy over an empty
  // object passes every other name on.
  const target = actual.default
  const binding = new Proxy<Record<string, unknown>>(
    {},
    {
      get(_, name) {
        const value = typeof name === 'string' ? target[name] : undefined
        const key = typeof name === 'string' ? counted[name] : undefined
        if (key === undefined || typeof value !== 'function') {
          return value
        }
        return (...args: unknown[]): unknown => {
          calls[key]++
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      },
    }
  )
  return { ...actual, default: binding }
})

interface Row {
  s: string | null
  i: number | null
  b: number | bigint | null
  d: number | null
  t: boolean | null
}

const COLUMNS: readonly ChunkColumn<Row>[] = [
  { type: VARCHAR, value: (r) => r.s },
  { type: INTEGER, value: (r) => r.i },
  { type: BIGINT, value: (r) => r.b },
  { type: DOUBLE, value: (r) => r.d },
  { type: BOOLEAN, value: (r) => r.t },
]

/** Strings at every edge of the inline/heap layout, repeated within and across chunks. */
const STRINGS = [
  '',
  'a',
  '[]',
  'twelve bytes', // exactly 12: inline
  'thirteen byte', // 13: heap
  'é', // short but not ASCII
  '聊天',
  'snowman ☃ in a long string',
  '{"service.name":"vllm","k8s.pod.name":"vllm-0"}',
  'a'.repeat(5000),
  'zero\u0000byte',
]

/** `s` with each lone surrogate as U+FFFD (`String.prototype.toWellFormed`, not in Node 20's typings). */
const wellFormed = (s: string): string =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')

async function roundTrip(rows: readonly Row[]): Promise<Row[]> {
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  try {
    await conn.run('CREATE TABLE t (s VARCHAR, i INTEGER, b BIGINT, d DOUBLE, t BOOLEAN)')
    await inTransaction(conn, () => appendInChunks(conn, 't', COLUMNS, rows))
    // rowid keeps append order.
    const result = await conn.runAndReadAll('SELECT s, i, b, d, t FROM t ORDER BY rowid')
    return result.getRowsJS().map(([s, i, b, d, t]) => ({
      s: s as string | null,
      i: i as number | null,
      b: b === null ? null : Number(b),
      d: d as number | null,
      t: t as boolean | null,
    }))
  } finally {
    conn.closeSync()
    instance.closeSync()
  }
}

describe('appendInChunks', () => {
  it('stores every layout exactly, with nulls, repeats and inline strings, across chunks', async () => {
    // 5 000 rows: two full chunks of 2 048 and a partial one; every value repeats within a chunk.
    const rows: Row[] = Array.from({ length: 5000 }, (_, r) => ({
      s: r % 12 === 11 ? null : (STRINGS[r % 12] as string) + (r % 3 === 0 ? '' : ` #${r % 5}`),
      i: r % 7 === 0 ? null : (r % 2 === 0 ? -1 : 1) * r * 1000,
      b:
        r % 13 === 0
          ? null
          : [1_760_000_000_000_123, -5, 2 ** 32, -(2 ** 32) - 1, 0, 2 ** 53 - 1][r % 6]!,
      d: r % 4 === 0 ? null : r / 7,
      t: r % 5 === 0 ? null : r % 2 === 0,
    }))
    expect(await roundTrip(rows)).toEqual(rows)
  })

  it('stores seeded random strings as DuckDB would take them one by one (2 500 rows × 3 seeds)', async () => {
    // Pieces around every edge: ASCII, NUL, two- to four-byte UTF-8, a lone surrogate (which
    // DuckDB receives as U+FFFD, whatever path the string takes); values drawn again from a small
    // pool so that repeats, distinct or not, land in every chunk position.
    const pieces = ['a', 'Z', ' ', '\u0000', '"', 'é', '☃', '😀', '\ud800', '0123456789']
    for (const seed of [1, 2, 3]) {
      const rng = mulberry32(seed)
      const pool: string[] = []
      const rows: Row[] = Array.from({ length: 2500 }, (_, r) => {
        let text: string | null
        if (pool.length > 0 && rng() < 0.4) {
          text = pool[Math.floor(rng() * pool.length)] as string
        } else if (rng() < 0.05) {
          text = null
        } else {
          text = ''
          const parts = Math.floor(rng() * 16)
          for (let k = 0; k < parts; k++) {
            text += pieces[Math.floor(rng() * pieces.length)] as string
          }
          pool.push(text)
        }
        return { s: text, i: r, b: r, d: r, t: null }
      })
      const back = await roundTrip(rows)
      expect(back.map((r) => r.s)).toEqual(rows.map((r) => (r.s === null ? null : wellFormed(r.s))))
    }
  })

  it('rounds a fractional BIGINT, and takes a bigint beyond 2^53 as it is', async () => {
    const rows: Row[] = [
      { s: 'x', i: 1, b: 999.6, d: 0, t: true },
      { s: 'x', i: 1, b: 2n ** 62n + 1n, d: 0, t: true },
    ]
    const back = await roundTrip(rows)
    expect(back.map((r) => r.b)).toEqual([1000, Number(2n ** 62n + 1n)])
  })

  it('gives each row its own value when distinct long strings share a prefix', async () => {
    // DuckDB keeps a 4-byte prefix in the slot: strings alike in it must not be confused.
    const rows: Row[] = Array.from({ length: 3000 }, (_, r) => ({
      s: `trace-0000000000000000${r.toString(16)}`,
      i: r,
      b: r,
      d: r,
      t: true,
    }))
    const back = await roundTrip(rows)
    expect(back.map((r) => r.s)).toEqual(rows.map((r) => r.s))
  })

  it('stores short strings written over slots that held long ones, equal to the same text', async () => {
    const instance = await DuckDBInstance.create(':memory:')
    const conn = await instance.connect()
    await conn.run('CREATE TABLE t (s VARCHAR, i INTEGER, b BIGINT, d DOUBLE, t BOOLEAN)')
    // A first chunk of long strings leaves bytes in the slots the second chunk's short ones reuse.
    const strings = [
      ...Array.from({ length: 2048 }, (_, i) => `a long string that fills the slot ${i}`),
      ...['[]', 'abc', 'twelve bytes', '[]', 'abc'],
    ]
    const rows: Row[] = strings.map((s, i) => ({ s, i, b: i, d: i, t: false }))
    await inTransaction(conn, () => appendInChunks(conn, 't', COLUMNS, rows))
    const counts = await conn.runAndReadAll(
      "SELECT count(*) FILTER (s = '[]'), count(*) FILTER (s = 'twelve bytes'), count(DISTINCT s) FROM t"
    )
    expect(counts.getRowsJS()[0]?.map(Number)).toEqual([2, 1, 2048 + 3])
    conn.closeSync()
    instance.closeSync()
  })

  it('stores runs of one value (equal text in separate strings), inline and long, across chunks', async () => {
    // A run's rows take the previous row's slot: runs of 1 to 9 rows, each value built anew per
    // row (equal text, not one string), broken by nulls and by other values, the runs crossing
    // both chunk ends; negative and fractional numbers in runs of their own beside them.
    const texts = ['[]', 'twelve bytes', 'thirteen byte', 'é', '{"service.name":"vllm-0"}', '']
    const rows: Row[] = []
    for (let run = 0; rows.length < 2048 * 2 + 300; run++) {
      const text = run % 7 === 6 ? null : (texts[run % texts.length] as string)
      for (let k = 0; k <= run % 9; k++) {
        rows.push({
          s: text === null ? null : text.split('').join(''),
          i: run % 5 === 0 ? null : -run,
          b: run % 4 === 0 ? null : -(2 ** 40) - run,
          d: run % 3 === 0 ? null : run / 3,
          t: run % 6 === 0 ? null : run % 2 === 0,
        })
      }
    }
    expect(await roundTrip(rows)).toEqual(rows)
  })

  it('gives each chunk its own nulls: a column null in one chunk and set in the next', async () => {
    // One chunk is filled again for every 2048 rows: nulls, long strings and numbers of the first
    // chunk must not show through in the second, nor the second's values be lost.
    const rows: Row[] = Array.from({ length: 2048 * 2 + 100 }, (_, r) => {
      const chunk = Math.floor(r / 2048)
      const set = chunk % 2 === 1
      return {
        s: set ? 'x' : chunk === 0 ? `a long string only the first chunk has ${r}` : null,
        i: set ? r : null,
        b: set ? null : r,
        d: set ? r / 2 : null,
        t: set ? true : null,
      }
    })
    const back = await roundTrip(rows)
    expect(back).toEqual(rows)
  })
})

describe('appendInChunks, columns NULL in a whole chunk', () => {
  beforeEach(() => {
    Object.assign(calls, { values: 0, validity: 0 })
  })

  it('copies no values of a column that is NULL in every row of a chunk, only its validity', async () => {
    // Chunk 1: every column set; chunk 2: only `i` set (the others NULL in all its rows), after
    // values the chunk's reused vectors still hold.
    const rows: Row[] = Array.from({ length: 2048 + 100 }, (_, r) =>
      r < 2048
        ? { s: `a long string of row ${r}`, i: r, b: r, d: r / 2, t: true }
        : { s: null, i: r, b: null, d: null, t: null }
    )
    expect(await roundTrip(rows)).toEqual(rows)
    // Values: five columns in the first chunk, one in the second; validity: the second's four
    // NULL columns.
    expect(calls).toMatchObject({ values: 5 + 1, validity: 4 })
  })
})
