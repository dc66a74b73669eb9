import { describe, expect, it, vi } from 'vitest'
import { initialAlertState } from '../../core/slo/alert-state.js'
import { hexId, makeRequest } from '../../core/model/testing/builders.js'
import type { Micros } from '../../core/model/units.js'
import type { AlertHistoryEntry, AlertRecord, SlowSample } from '../slo-store.js'
import { createDuckDbStore, duckDbSharedOf, type DuckDbShared } from './duckdb-store.js'
import { createDuckDbSloStore } from './slo-store.js'

// The SLO store's counts (what `/api/health` shows) kept once read until a write to the SLO
// tables ends (ADR 0413), as the span store keeps its own (ADR 0392): asked again they run no
// query (rows deleted behind the store's back do not show), every write through the store that
// changes a count shows at once, and a read that ran beside such a write is not kept.
const T0 = 1_700_000_000_000_000
const SEC = 1_000_000
const us = (n: number): Micros => n as Micros

const open = async () => {
  const store = await createDuckDbStore({ path: ':memory:', threads: 1 })
  const shared = duckDbSharedOf(store) as DuckDbShared
  return { store, shared, slo: await createDuckDbSloStore(store) }
}

const sample = (n: number, tSec: number): SlowSample => ({
  traceId: hexId(n, 32),
  tier: 'chat',
  kind: 'slow',
  reasons: ['slowest:ttft'],
  keptAtUs: us(T0 + tSec * SEC),
  request: makeRequest({ traceId: hexId(n, 32), startUs: us(T0 + tSec * SEC) }),
  spans: [],
  resources: [],
})

const entry = (key: string, tSec: number): AlertHistoryEntry => ({
  timeUs: us(T0 + tSec * SEC),
  key,
  transition: 'firing',
  value: 1,
  detail: {},
  findings: [],
})

const alert = (key: string): AlertRecord => ({
  key,
  kind: 'burn_rate',
  tier: 'chat',
  objective: 'ttft',
  severity: 'page',
  state: { ...initialAlertState(), status: 'firing', firingSinceUs: us(T0) },
  labels: {},
  annotations: {},
  detail: {},
  findings: [],
  diagnosisWindow: { fromUs: us(T0), toUs: us(T0 + 60 * SEC) },
})

describe('the counts a DuckDB SLO store keeps', () => {
  it('answers stats again without a query', async () => {
    const { store, shared, slo } = await open()
    try {
      await slo.insertSamples([sample(1, 1), sample(2, 2)])
      await slo.appendAlertHistory([entry('a', 1)])
      const first = await slo.stats()
      expect(first).toEqual({ alerts: 0, alertHistory: 1, samples: 2 })

      const reads = vi.spyOn(shared, 'read')
      // Behind the store's back: a count would see empty tables.
      await shared.write(async (c) => {
        await c.run('DELETE FROM slo_samples')
        await c.run('DELETE FROM slo_alert_history')
      })
      expect(await slo.stats()).toEqual(first)
      expect(await slo.stats()).toEqual(first)
      expect(reads).not.toHaveBeenCalled()
      // A cursor is no count: what is kept stays.
      await slo.setCursor('burn', us(T0))
      expect(await slo.stats()).toEqual(first)
      expect(reads).not.toHaveBeenCalled()
    } finally {
      await store.close()
    }
  })

  it('shows every write that changes a count at once', async () => {
    const { store, slo } = await open()
    try {
      expect(await slo.stats()).toEqual({ alerts: 0, alertHistory: 0, samples: 0 })
      await slo.insertSamples([sample(1, 1), sample(2, 2), sample(3, 3)])
      expect(await slo.stats()).toEqual({ alerts: 0, alertHistory: 0, samples: 3 })
      await slo.appendAlertHistory([entry('a', 1), entry('b', 5)])
      expect(await slo.stats()).toEqual({ alerts: 0, alertHistory: 2, samples: 3 })
      await slo.saveAlerts([alert('a')])
      expect(await slo.stats()).toEqual({ alerts: 1, alertHistory: 2, samples: 3 })
      expect(await slo.deleteSamplesBefore(us(T0 + 2 * SEC), 10)).toBe(1)
      expect(await slo.stats()).toEqual({ alerts: 1, alertHistory: 2, samples: 2 })
      expect(await slo.deleteAlertHistoryBefore(us(T0 + 2 * SEC), 10)).toBe(1)
      expect(await slo.stats()).toEqual({ alerts: 1, alertHistory: 1, samples: 2 })
    } finally {
      await store.close()
    }
  })

  it('does not keep a count that ran beside a write', async () => {
    const { store, slo } = await open()
    try {
      const beside = slo.stats()
      await slo.insertSamples([sample(1, 1)])
      await beside
      expect((await slo.stats()).samples).toBe(1)
    } finally {
      await store.close()
    }
  })
})
