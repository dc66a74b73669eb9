/**
 * The twin's read of a window (`loadTwinWindow`) on the in-memory store: the requests' scan and the
 * metrics' reads asked together (ADR 0527).
 */
import { describe, expect, it } from 'vitest'
import type { DiagnosisReader } from '../../src/core/diagnosis/frame/read-port.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import { loadTwinWindow } from '../../src/sim/twin/load.js'

const WINDOW = { fromUs: 0, toUs: 60_000_000 }

describe('loadTwinWindow', () => {
  it('asks for the metrics while the requests are still being scanned', async () => {
    const store = createMemoryStore()
    let metricsAsked = false
    let askedDuringScan = false
    const reader: DiagnosisReader = {
      ...store,
      // The scan settles once the metrics are asked, or after 300 ms if they never are.
      scanRequestColumns: async (q) => {
        const columns = await store.scanRequestColumns(q)
        for (let waited = 0; !metricsAsked && waited < 300; waited += 10) {
          await new Promise((r) => setTimeout(r, 10))
        }
        askedDuringScan = metricsAsked
        return columns
      },
      listMetrics: async () => {
        metricsAsked = true
        return store.listMetrics()
      },
    }
    const w = await loadTwinWindow(reader, WINDOW)
    expect(askedDuringScan).toBe(true)
    expect(w.requests.n).toBe(0)
    expect(w.metrics.size).toBe(0)
  })

  it("reports the scan's failure, not the metrics', whichever settles first", async () => {
    const store = createMemoryStore()
    const reader: DiagnosisReader = {
      ...store,
      scanRequestColumns: async () => {
        await new Promise((r) => setTimeout(r, 30))
        throw new Error('the scan failed')
      },
      listMetrics: () => Promise.reject(new Error('the metrics failed')),
    }
    await expect(loadTwinWindow(reader, WINDOW)).rejects.toThrow('the scan failed')
  })
})
