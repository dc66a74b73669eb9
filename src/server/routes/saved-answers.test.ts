import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { minuteOfRequests } from '../../core/slo/testing/slo-requests.js'
import {
  createDuckDbStore,
  duckDbSharedOf,
  type DuckDbShared,
} from '../../storage/duckdb/duckdb-store.js'
import { readSavedAnswers } from '../../storage/duckdb/saved-answers.js'
import type { createApp } from '../app.js'
import { serveFile, tenMinutesOneSlow } from '../testing/test-deps.js'

// The diagnosis and concentration cards' last answers saved beside the rollup at close and read
// back at the next open under the same counter (ADR 0366), over real DuckDB files: a restarted
// server serves the answer it gave before, byte for byte, marked stale with the time it was
// computed, while the fresh one computes; a write to `requests` after the save leaves it unread.
const T0 = Date.UTC(2025, 1, 3, 10, 0, 0) * 1000
const MIN = 60_000_000
const FROM_MS = T0 / 1000
const TO_MS = FROM_MS + 10 * 60_000
const DIAGNOSIS = `/api/diagnosis?from=${FROM_MS}&to=${TO_MS}`
const CONCENTRATION = `/api/concentration?from=${FROM_MS}&to=${TO_MS}&measure=ttft`

const dir = mkdtempSync(join(tmpdir(), 'tokenline-saved-answers-'))
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }))
let files = 0

/** A file of ten minutes of requests, the sixth slow for a third of them. */
async function filled(): Promise<string> {
  const path = join(dir, `store-${files++}.duckdb`)
  const store = await createDuckDbStore({ path, threads: 1 })
  await store.upsertRequests(tenMinutesOneSlow(T0))
  await store.close()
  return path
}

/** What the page's first ask (`stale=allow`) gets: the body and its dating headers. */
async function firstAsk(app: ReturnType<typeof createApp>, url: string) {
  const res = await app.request(`${url}&stale=allow`)
  expect(res.status).toBe(200)
  return {
    body: (await res.json()) as unknown,
    asOf: res.headers.get('tokenline-as-of'),
    stale: res.headers.get('tokenline-stale'),
  }
}

describe('saved diagnosis and concentration answers (DuckDB file)', () => {
  it('a restarted server serves the answers given before the restart, marked stale', async () => {
    const path = await filled()
    const before = await serveFile(path, Date.UTC(2026, 0, 1, 12))
    const diagnosis = await firstAsk(before.app, DIAGNOSIS)
    const concentration = await firstAsk(before.app, CONCENTRATION)
    expect([diagnosis.stale, concentration.stale]).toStrictEqual(['false', 'false'])
    expect((diagnosis.body as { schema: string }).schema).toBe('tokenline.diagnosis/v1')
    expect((concentration.body as { slow: number }).slow).toBeGreaterThan(0)
    await before.store.close()

    const after = await serveFile(path, Date.UTC(2026, 0, 1, 13))
    try {
      const d = await firstAsk(after.app, DIAGNOSIS)
      const c = await firstAsk(after.app, CONCENTRATION)
      expect(d).toStrictEqual({ ...diagnosis, stale: 'true' })
      expect(c).toStrictEqual({ ...concentration, stale: 'true' })
      // The refresh it announced is the current answer, dated now: the same data, the same body.
      const fresh = await after.app.request(`${DIAGNOSIS}&stale=refresh`)
      expect(fresh.headers.get('tokenline-stale')).toBe('false')
      expect(fresh.headers.get('tokenline-as-of')).toBe(
        new Date(Date.UTC(2026, 0, 1, 13)).toISOString()
      )
      expect(await fresh.json()).toStrictEqual(diagnosis.body)
    } finally {
      await after.store.close()
    }
    // Saved again at that close (its newer answers): a third start serves those.
    const third = await serveFile(path, Date.UTC(2026, 0, 1, 14))
    try {
      const d = await firstAsk(third.app, DIAGNOSIS)
      expect(d.stale).toBe('true')
      expect(d.asOf).toBe(new Date(Date.UTC(2026, 0, 1, 13)).toISOString())
    } finally {
      await third.store.close()
    }
  })

  it('leaves them unread after a write to requests committed behind the save', async () => {
    const path = await filled()
    const before = await serveFile(path, Date.UTC(2026, 0, 1, 12))
    expect((await firstAsk(before.app, DIAGNOSIS)).stale).toBe('false')
    expect((await firstAsk(before.app, CONCENTRATION)).stale).toBe('false')
    await before.store.close()

    // Another process (an import while the server was down) writes one request: from its commit
    // on the saved answers are unread, whether it closes or not (a crash before its close).
    const importer = await createDuckDbStore({ path, threads: 1 })
    const shared = duckDbSharedOf(importer) as DuckDbShared
    const saved = await shared.read((c) => readSavedAnswers(c))
    expect(saved.map((a) => a.cache).sort()).toStrictEqual(['concentration', 'diagnosis'])
    await importer.upsertRequests(
      minuteOfRequests(T0 + 3 * MIN, 1, 0).map((r) => ({ ...r, traceId: 'f'.repeat(32) }))
    )
    expect(await shared.read((c) => readSavedAnswers(c))).toStrictEqual([])
    await importer.close()

    const after = await serveFile(path, Date.UTC(2026, 0, 1, 13))
    try {
      const d = await firstAsk(after.app, DIAGNOSIS)
      const c = await firstAsk(after.app, CONCENTRATION)
      // Nothing earlier to show: each waited for its fresh answer, dated now.
      expect([d.stale, c.stale]).toStrictEqual(['false', 'false'])
      expect(d.asOf).toBe(new Date(Date.UTC(2026, 0, 1, 13)).toISOString())
    } finally {
      await after.store.close()
    }
  })
  it('does not save an answer a later write of the same server touched', async () => {
    const path = await filled()
    const before = await serveFile(path, Date.UTC(2026, 0, 1, 12))
    expect((await firstAsk(before.app, DIAGNOSIS)).stale).toBe('false')
    // Live traffic: one request in the window commits after the answer.
    await before.store.upsertRequests(
      minuteOfRequests(T0 + 3 * MIN, 1, 0).map((r) => ({ ...r, traceId: 'e'.repeat(32) }))
    )
    await before.store.close()

    const after = await serveFile(path, Date.UTC(2026, 0, 1, 13))
    try {
      const d = await firstAsk(after.app, DIAGNOSIS)
      expect(d.stale).toBe('false')
      expect(d.asOf).toBe(new Date(Date.UTC(2026, 0, 1, 13)).toISOString())
    } finally {
      await after.store.close()
    }
  })
})
