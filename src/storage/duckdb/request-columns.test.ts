/**
 * The columnar read copies each column of a chunk as the driver's typed array (ADR 0367); when a
 * driver version stops keeping its values that way, the read falls back to one `getItem` per
 * value, correct but several times slower. These tests say so instead of letting it happen quietly.
 */
import { DuckDBInstance } from '@duckdb/node-api'
import { describe, expect, it } from 'vitest'
import type { Micros } from '../../core/model/units.js'
import { queryRequestColumns, vectorItems } from './request-columns.js'
import { applyMigrations } from './schema.js'

describe('the typed values of a chunk', () => {
  it('reads DOUBLE, TINYINT and INTEGER columns as their typed arrays, values in order', async () => {
    const instance = await DuckDBInstance.create(':memory:')
    const conn = await instance.connect()
    try {
      const result = await conn.stream(
        "SELECT i::DOUBLE / 2, (i % 3 - 1)::TINYINT, (i * 7)::INTEGER, 'nan'::DOUBLE FROM range(5) t(i)"
      )
      const chunk = await result.fetchChunk()
      expect(chunk?.rowCount).toBe(5)
      const numbers = vectorItems(chunk?.getColumnVector(0), new Float64Array(0))
      const flags = vectorItems(chunk?.getColumnVector(1), new Int8Array(0))
      const codes = vectorItems(chunk?.getColumnVector(2), new Int32Array(0))
      const missing = vectorItems(chunk?.getColumnVector(3), new Float64Array(0))
      expect(Array.from(numbers?.subarray(0, 5) ?? [])).toEqual([0, 0.5, 1, 1.5, 2])
      expect(Array.from(flags?.subarray(0, 5) ?? [])).toEqual([-1, 0, 1, -1, 0])
      expect(Array.from(codes?.subarray(0, 5) ?? [])).toEqual([0, 7, 14, 21, 28])
      expect(Array.from(missing?.subarray(0, 5) ?? []).every(Number.isNaN)).toBe(true)
    } finally {
      conn.closeSync()
      instance.closeSync()
    }
  })

  it('is null for a column of another kind: the caller then reads value by value', async () => {
    const instance = await DuckDBInstance.create(':memory:')
    const conn = await instance.connect()
    try {
      const chunk = await (await conn.stream('SELECT 1::INTEGER')).fetchChunk()
      expect(vectorItems(chunk?.getColumnVector(0), new Float64Array(0))).toBeNull()
    } finally {
      conn.closeSync()
      instance.closeSync()
    }
  })
})

describe('the dimensions read as their set id (ADR 0498)', () => {
  /** Rows i = 0 … 9 in start order; set ids far apart, so the ids are looked up in a map. */
  const SETS: [number, string | null, string | null][] = [
    [3, 'r1', 't1'],
    [9_000_000, 'r2', null],
    [40, null, ''],
    [77, 'r1', 't2'],
  ]

  async function withFile(
    body: (conn: Awaited<ReturnType<DuckDBInstance['connect']>>) => Promise<void>
  ): Promise<void> {
    const instance = await DuckDBInstance.create(':memory:')
    const conn = await instance.connect()
    try {
      await applyMigrations(conn, '2026-01-01T00:00:00Z')
      for (const [id, replica, tenant] of SETS) {
        await conn.run('INSERT INTO dimension_sets (id, replica, tenant) VALUES (?, ?, ?)', [
          id,
          replica,
          tenant,
        ])
      }
      // A set no row names (left by a retention delete before its prune): in no dictionary.
      await conn.run("INSERT INTO dimension_sets (id, replica, tenant) VALUES (5, 'gone', 'gone')")
      for (let i = 0; i < 10; i++) {
        await conn.run(
          'INSERT INTO request_rows (trace_id, start_us, end_us, dimension_set, e2e_us, has_client, has_gateway, has_engine, span_count) VALUES (?, ?, ?, ?, ?, false, false, true, 1)',
          [`t${9 - i}`, 1000 + i, 2000 + i, (SETS[(i * 7) % 4] as SetRow)[0], i]
        )
      }
      await body(conn)
    } finally {
      conn.closeSync()
      instance.closeSync()
    }
  }

  const decoded = (col: { codes: Int32Array; values: string[] } | undefined): (string | null)[] =>
    Array.from(col?.codes ?? [], (c) => (c < 0 ? null : (col?.values[c] ?? 'bad code')))

  it('gives each row its set’s values, NULL as -1, and only the values of the rows read', async () => {
    await withFile(async (conn) => {
      const out = await queryRequestColumns(conn, {
        fromUs: 0 as Micros,
        toUs: 10_000 as Micros,
        fields: ['e2e', 'replica', 'tenant', 'region'],
      })
      const sets = Array.from({ length: 10 }, (_, i) => SETS[(i * 7) % 4] as SetRow)
      expect(Array.from(out.numbers.e2e ?? [])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
      expect(decoded(out.texts.replica)).toEqual(sets.map((s) => s[1]))
      expect(decoded(out.texts.tenant)).toEqual(sets.map((s) => s[2]))
      expect(out.texts.region?.values).toEqual([])
      expect(Array.from(out.texts.region?.codes ?? [])).toEqual(new Array(10).fill(-1))
      expect([...(out.texts.replica?.values ?? [])].sort()).toEqual(['r1', 'r2'])
      expect([...(out.texts.tenant?.values ?? [])].sort()).toEqual(['', 't1', 't2'])
    })
  })

  it('filters by a dimension and by time through the sets', async () => {
    await withFile(async (conn) => {
      const out = await queryRequestColumns(conn, {
        fromUs: 1001 as Micros,
        toUs: 1009 as Micros,
        filters: { replica: ['r1'] },
        fields: ['start', 'tenant'],
      })
      const kept = Array.from({ length: 10 }, (_, i) => i).filter(
        (i) => i >= 1 && i < 9 && (SETS[(i * 7) % 4] as SetRow)[1] === 'r1'
      )
      expect(Array.from(out.numbers.start ?? [])).toEqual(kept.map((i) => 1000 + i))
      expect(decoded(out.texts.tenant)).toEqual(kept.map((i) => (SETS[(i * 7) % 4] as SetRow)[2]))
    })
  })
})

type SetRow = [number, string | null, string | null]
