/**
 * The columnar read copies each column of a chunk as the driver's typed array (ADR 0367); when a
 * driver version stops keeping its values that way, the read falls back to one `getItem` per
 * value, correct but several times slower. These tests say so instead of letting it happen quietly.
 */
import { DuckDBInstance } from '@duckdb/node-api'
import { describe, expect, it } from 'vitest'
import { vectorItems } from './request-columns.js'

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
