import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDuckDbStore } from '../../storage/duckdb/duckdb-store.js'
import { serveFile, tenMinutesOneSlow } from '../testing/test-deps.js'

// A restarted server's first look (ADR 0486): the diagnosis it read back under the store's
// counter (ADR 0366) is served stale at once, and the refresh that answer queues reads the
// window's rows only once the answers being given have gone (ADR 0272), so a first-wave answer
// still under way is sent before that read starts; the fresh diagnosis then arrives, current.
const T0 = Date.UTC(2025, 1, 3, 10, 0, 0) * 1000
const FROM_MS = T0 / 1000
const TO_MS = FROM_MS + 10 * 60_000
const WINDOW = `from=${FROM_MS}&to=${TO_MS}`

const dir = mkdtempSync(join(tmpdir(), 'tokenline-restart-refresh-'))
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }))

describe("a restarted server's first look (DuckDB file)", () => {
  it('sends the first wave before the refresh reads, then the fresh diagnosis', async () => {
    const path = join(dir, 'store.duckdb')
    const filling = await createDuckDbStore({ path, threads: 1 })
    await filling.upsertRequests(tenMinutesOneSlow(T0))
    await filling.close()
    const before = await serveFile(path, Date.UTC(2026, 0, 1, 12))
    const given = await before.app.request(`/api/diagnosis?${WINDOW}&stale=allow`)
    expect(given.headers.get('tokenline-stale')).toBe('false')
    const body = (await given.json()) as unknown
    await before.store.close()

    const after = await serveFile(path, Date.UTC(2026, 0, 1, 13))
    try {
      // What happened, in order: the window's rows read (the refresh) and the first-wave
      // answer sent. The events route's read is held until released, as a first-wave answer
      // that is slow on a busy host; the real read still runs.
      const order: string[] = []
      const scan = after.store.scanRequestColumns.bind(after.store)
      after.store.scanRequestColumns = (query) => {
        order.push('refresh reads')
        return scan(query)
      }
      let release = (): void => undefined
      const held = new Promise<void>((r) => (release = r))
      const queryEvents = after.store.queryEvents.bind(after.store)
      after.store.queryEvents = async (query) => {
        await held
        return queryEvents(query)
      }
      const events = Promise.resolve(after.app.request(`/api/events?${WINDOW}`)).then((res) => {
        order.push('first wave sent')
        return res.status
      })
      const stale = await after.app.request(`/api/diagnosis?${WINDOW}&stale=allow`)
      expect(stale.headers.get('tokenline-stale')).toBe('true')
      expect(await stale.json()).toStrictEqual(body)
      await new Promise((r) => setTimeout(r, 200))
      expect(order).toStrictEqual([])
      release()
      expect(await events).toBe(200)
      const fresh = await after.app.request(`/api/diagnosis?${WINDOW}&stale=refresh`)
      expect(fresh.headers.get('tokenline-stale')).toBe('false')
      expect(fresh.headers.get('tokenline-as-of')).toBe(
        new Date(Date.UTC(2026, 0, 1, 13)).toISOString()
      )
      expect(await fresh.json()).toStrictEqual(body)
      expect(order[0]).toBe('first wave sent')
      expect(order).toContain('refresh reads')
    } finally {
      await after.store.close()
    }
  })
})
