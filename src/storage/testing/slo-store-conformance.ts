/**
 * The conformance suite every `SloStore` adapter must pass (memory, DuckDB, ClickHouse). Each
 * adapter's test file calls `runSloStoreConformance(name, makeStore)`; it never runs on its own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Micros } from '../../core/model/units.js'
import { initialAlertState } from '../../core/slo/alert-state.js'
import { hexId, makeRequest } from '../../core/model/testing/builders.js'
import type { AlertHistoryEntry, AlertRecord, SloStore, SlowSample } from '../slo-store.js'

const T0 = 1_700_000_000_000_000
const SEC = 1_000_000
const us = (n: number): Micros => n as Micros

function alert(key: string, severity = 'page'): AlertRecord {
  return {
    key,
    kind: 'burn_rate',
    tier: 'chat',
    objective: 'ttft',
    severity,
    state: { ...initialAlertState(), status: 'firing', firingSinceUs: us(T0) },
    labels: { team: 'llm' },
    annotations: { summary: `${key} burns` },
    detail: { burn_1h: 14.4, burn_5m: null },
    findings: [],
    diagnosisWindow: { fromUs: us(T0), toUs: us(T0 + 60 * SEC) },
  }
}

function entry(key: string, tSec: number, value: number): AlertHistoryEntry {
  return {
    timeUs: us(T0 + tSec * SEC),
    key,
    transition: 'firing',
    value,
    detail: { value },
    findings: [],
  }
}

function sampleOf(
  n: number,
  tSec: number,
  extra: Partial<SlowSample> & { replica?: string } = {}
): SlowSample {
  const { replica = 'pod-a', ...rest } = extra
  return {
    traceId: hexId(n, 32),
    tier: 'chat',
    kind: 'slow',
    reasons: ['slowest:ttft'],
    keptAtUs: us(T0 + tSec * SEC),
    request: makeRequest({
      traceId: hexId(n, 32),
      startUs: us(T0 + tSec * SEC),
      dims: { replica, model: 'm' },
      ttftUs: us(100_000 + n),
    }),
    spans: [],
    resources: [],
    ...rest,
  }
}

/** Registers the shared suite for one adapter. `makeStore` must return a new, empty store. */
export function runSloStoreConformance(
  name: string,
  makeStore: () => Promise<{ sloStore: SloStore; close: () => Promise<void> }>
): void {
  describe(`SloStore conformance: ${name}`, () => {
    let store: SloStore
    let close: () => Promise<void>

    beforeEach(async () => {
      ;({ sloStore: store, close } = await makeStore())
    })
    afterEach(async () => {
      await close()
    })

    it('answers an empty store with nothing and zero counts', async () => {
      expect(await store.loadAlerts()).toEqual([])
      expect(await store.listAlertHistory({})).toEqual([])
      expect(await store.getCursor('x')).toBeNull()
      expect(await store.querySamples({})).toEqual({ total: 0, rows: [] })
      expect(await store.stats()).toEqual({ alerts: 0, alertHistory: 0, samples: 0 })
      expect(await store.deleteSamplesBefore(us(T0), 10)).toBe(0)
      expect(await store.deleteAlertHistoryBefore(us(T0), 10)).toBe(0)
    })

    it('keeps one alert per key, the last saved', async () => {
      await store.saveAlerts([alert('a'), alert('b')])
      await store.saveAlerts([alert('a', 'ticket')])
      const loaded = (await store.loadAlerts()).sort((x, y) => x.key.localeCompare(y.key))
      expect(loaded).toEqual([alert('a', 'ticket'), alert('b')])
      await store.saveAlerts([alert('c'), alert('c', 'ticket')])
      expect((await store.loadAlerts()).find((r) => r.key === 'c')?.severity).toBe('ticket')
      expect((await store.stats()).alerts).toBe(3)
    })

    it('lists the alert history newest first, by time and limit, and deletes the oldest', async () => {
      await store.appendAlertHistory([entry('a', 1, 1), entry('b', 3, 3)])
      await store.appendAlertHistory([entry('a', 2, 2), entry('c', 5, 5)])
      expect((await store.listAlertHistory({})).map((e) => e.value)).toEqual([5, 3, 2, 1])
      expect(await store.listAlertHistory({ limit: 1 })).toEqual([entry('c', 5, 5)])
      const some = await store.listAlertHistory({
        fromUs: us(T0 + 2 * SEC),
        toUs: us(T0 + 5 * SEC),
      })
      expect(some.map((e) => e.value)).toEqual([3, 2])
      expect(await store.deleteAlertHistoryBefore(us(T0 + 3 * SEC), 1)).toBe(1)
      expect((await store.listAlertHistory({})).map((e) => e.value)).toEqual([5, 3, 2])
      expect(await store.deleteAlertHistoryBefore(us(T0 + 3 * SEC), 10)).toBe(1)
      expect((await store.stats()).alertHistory).toBe(2)
    })

    it('keeps the last value of each cursor', async () => {
      await store.setCursor('burn', us(T0))
      await store.setCursor('samples', us(T0 + SEC))
      await store.setCursor('burn', us(T0 + 2 * SEC))
      expect(await store.getCursor('burn')).toBe(T0 + 2 * SEC)
      expect(await store.getCursor('samples')).toBe(T0 + SEC)
    })

    it('keeps one sample per trace and kind, queries them newest first and deletes the oldest', async () => {
      await store.insertSamples([
        sampleOf(1, 10),
        sampleOf(2, 20, { replica: 'pod-b' }),
        sampleOf(3, 30, { tier: 'batch' }),
        sampleOf(1, 10, { kind: 'baseline', reasons: ['baseline'] }),
      ])
      await store.insertSamples([sampleOf(2, 20, { replica: 'pod-b', reasons: ['breach:ttft'] })])
      const all = await store.querySamples({})
      expect(all.total).toBe(4)
      expect(all.rows.map((s) => [s.request.startUs, s.kind])).toEqual([
        [T0 + 30 * SEC, 'slow'],
        [T0 + 20 * SEC, 'slow'],
        [T0 + 10 * SEC, expect.any(String)],
        [T0 + 10 * SEC, expect.any(String)],
      ])
      expect(all.rows[1]).toEqual(sampleOf(2, 20, { replica: 'pod-b', reasons: ['breach:ttft'] }))
      const q = (query: Parameters<SloStore['querySamples']>[0]) =>
        store.querySamples(query).then((r) => [r.total, r.rows.map((s) => s.traceId)])
      expect(await q({ traceId: hexId(1, 32) })).toEqual([2, [hexId(1, 32), hexId(1, 32)]])
      expect(await q({ kind: 'baseline' })).toEqual([1, [hexId(1, 32)]])
      expect(await q({ tiers: ['batch'] })).toEqual([1, [hexId(3, 32)]])
      expect(await q({ filters: { replica: ['pod-b'] } })).toEqual([1, [hexId(2, 32)]])
      expect(await q({ fromUs: us(T0 + 15 * SEC), toUs: us(T0 + 30 * SEC) })).toEqual([
        1,
        [hexId(2, 32)],
      ])
      expect(await q({ kind: 'slow', limit: 1, offset: 1 })).toEqual([3, [hexId(2, 32)]])
      expect(await q({ kind: 'slow', offset: 2 })).toEqual([3, [hexId(1, 32)]])

      expect(await store.deleteSamplesBefore(us(T0 + 25 * SEC), 2)).toBe(2)
      expect(await store.deleteSamplesBefore(us(T0 + 25 * SEC), 10)).toBe(1)
      expect(await q({})).toEqual([1, [hexId(3, 32)]])
      expect((await store.stats()).samples).toBe(1)
    })
  })
}
