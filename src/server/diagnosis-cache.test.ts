import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { minuteOfRequests } from '../core/slo/testing/slo-requests.js'
import { createSilentLogger } from '../core/logger.js'
import { createIngestPipeline } from '../ingest/pipeline/pipeline.js'
import { createScraper } from '../ingest/scrape/scraper.js'
import { runDiagnosis } from '../core/diagnosis/run-diagnosis.js'
import { asMicros } from '../core/model/units.js'
import { createDuckDbStore } from '../storage/duckdb/duckdb-store.js'
import { createMemoryStore } from '../storage/memory/memory-store.js'
import type { SpanStore } from '../storage/span-store.js'
import { createApp } from './app.js'
import { createDiagnosisCache } from './diagnosis-cache.js'
import type { DiagnoseResult } from '../core/diagnosis/diagnose.js'

const T0 = Date.UTC(2025, 1, 3, 10, 0, 0) * 1000
const MIN = 60_000_000

const opened: SpanStore[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

async function duckDb(): Promise<SpanStore> {
  const store = await createDuckDbStore({ path: ':memory:' })
  opened.push(store)
  await store.upsertRequests(minuteOfRequests(T0, 100, 2))
  return store
}

/** The server over `store`, its ingest and clock at `now`, as the routes tests run it. */
function appOf(store: SpanStore, now: () => number) {
  const ingest = createIngestPipeline({ store, logger: createSilentLogger(), now })
  const app = createApp({
    store,
    ingest,
    logger: createSilentLogger(),
    now,
    limits: { maxBodyBytes: 1 << 20 },
    version: 'test',
  })
  return { app, ingest }
}

describe('diagnosis cache', () => {
  it('answers a query again until the store commits to any table the diagnosis reads', async () => {
    const store = await duckDb()
    const cache = createDiagnosisCache<DiagnoseResult>(store)
    let runs = 0
    const run = () => {
      runs++
      return runDiagnosis(store, { fromUs: asMicros(T0), toUs: asMicros(T0 + 10 * MIN) })
    }
    const [a, b] = await Promise.all([cache.get('w', run), cache.get('w', run)])
    expect(runs).toBe(1)
    expect(b).toBe(a)
    expect(await cache.get('w', run)).toBe(a)
    expect(runs).toBe(1)
    expect(cache.stats).toEqual({ hits: 2, runs: 1, stale: 0 })
    await cache.get('other', run)
    expect(runs).toBe(2)

    // A change event inside the window: the kept diagnosis may be wrong now.
    await store.insertEvents([
      {
        timeUs: asMicros(T0 + 30_000_000),
        kind: 'deploy',
        model: null,
        version: 'v2',
        replica: null,
        node: null,
        message: null,
        reason: null,
      },
    ])
    await cache.get('w', run)
    expect(runs).toBe(3)
    await store.insertMetricSamples([
      { name: 'vllm:num_requests_waiting', labels: {}, timeUs: asMicros(T0), value: 1 },
    ])
    await cache.get('w', run)
    expect(runs).toBe(4)

    // More requests: the answer counts them.
    await store.upsertRequests(minuteOfRequests(T0 + MIN, 100, 2))
    const after = await cache.get('w', run)
    expect(runs).toBe(5)
    expect(after.diagnosis.requests).toBe(2 * a.diagnosis.requests)
  })

  it('does not keep a failed run, and diagnoses every time over a store that counts no commits', async () => {
    const store = await duckDb()
    const cache = createDiagnosisCache<DiagnoseResult>(store)
    await expect(cache.get('w', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    let runs = 0
    // An empty store has no window of its own (it is refused): the runs name theirs.
    const window = { fromUs: asMicros(T0), toUs: asMicros(T0 + 10 * MIN) }
    const run = () => {
      runs++
      return runDiagnosis(store, window)
    }
    await cache.get('w', run)
    expect(runs).toBe(1)

    const memory = createMemoryStore()
    const uncached = createDiagnosisCache<DiagnoseResult>(memory)
    const runMemory = () => {
      runs++
      return runDiagnosis(memory, window)
    }
    await uncached.get('w', runMemory)
    await uncached.get('w', runMemory)
    expect(runs).toBe(3)
  })

  it('GET /api/diagnosis and /api/concentration: a repeated query after new requests counts them', async () => {
    const store = await duckDb()
    const nowMs = T0 / 1000 + 10 * 60_000
    const { app } = appOf(store, () => nowMs)
    const requests = async (): Promise<unknown> => {
      const res = await app.request(
        `/api/diagnosis?from=${T0 / 1000}&to=${T0 / 1000 + 10 * 60_000}`
      )
      expect(res.status).toBe(200)
      return ((await res.json()) as { requests: unknown }).requests
    }
    const first = await requests()
    expect(await requests()).toBe(first)
    await store.upsertRequests(minuteOfRequests(T0 + MIN, 100, 2))
    expect(await requests()).toBe(2 * Number(first))

    // The concentration the same way: a repeat answers the same, new requests are counted.
    const concentration = async (): Promise<number> => {
      const res = await app.request(
        `/api/concentration?from=${T0 / 1000}&to=${T0 / 1000 + 10 * 60_000}&measure=ttft`
      )
      expect(res.status).toBe(200)
      return ((await res.json()) as { total: number }).total
    }
    const total = await concentration()
    expect(await concentration()).toBe(total)
    await store.upsertRequests(minuteOfRequests(T0 + 2 * MIN, 100, 2))
    expect(await concentration()).toBe(total + 100)
  })

  it('keeps an answer across commits outside the times it read, and never across one inside', async () => {
    const store = await duckDb()
    const nowMs = T0 / 1000 + 60 * 60_000
    const { app } = appOf(store, () => nowMs)
    // The window is minutes 20–30; the diagnosis also reads the 10 minutes before it.
    const from = T0 / 1000 + 20 * 60_000
    const to = T0 / 1000 + 30 * 60_000
    await store.upsertRequests(minuteOfRequests(T0 + 20 * MIN, 100, 2))
    const ask = async (stale = false) => {
      const res = await app.request(
        `/api/diagnosis?from=${from}&to=${to}${stale ? '&stale=allow' : ''}`
      )
      expect(res.status).toBe(200)
      return {
        stale: res.headers.get('tokenline-stale'),
        body: (await res.json()) as { requests: number; findings: unknown[] },
      }
    }
    const event = (minute: number) => ({
      timeUs: asMicros(T0 + minute * MIN),
      kind: 'deploy' as const,
      model: null,
      version: `v${minute}`,
      replica: null,
      node: null,
      message: null,
      reason: null,
    })
    const concentrationTotal = async (): Promise<number> => {
      const res = await app.request(`/api/concentration?from=${from}&to=${to}&measure=ttft`)
      expect(res.status).toBe(200)
      return ((await res.json()) as { total: number }).total
    }
    const first = await ask()
    expect(first.body.requests).toBe(100)
    const total = await concentrationTotal()

    // Requests before the reach and after the window, an event 11 min before it: still current.
    await store.upsertRequests(minuteOfRequests(T0 + 5 * MIN, 50, 2))
    await store.upsertRequests(minuteOfRequests(T0 + 40 * MIN, 50, 2))
    await store.insertEvents([event(9)])
    const kept = await ask(true)
    expect(kept.stale).toBe('false')
    expect(kept.body).toEqual(first.body)
    expect(await concentrationTotal()).toBe(total)

    // An event 5 min before the window is read by the diagnosis: the next answer is new (and,
    // asked with stale=allow, labelled stale while it runs).
    await store.insertEvents([event(15)])
    const after = await ask(true)
    expect(after.stale).toBe('true')
    expect(after.body).toEqual(first.body)
    const fresh = await app.request(`/api/diagnosis?from=${from}&to=${to}&stale=refresh`)
    expect(fresh.headers.get('tokenline-stale')).toBe('false')

    // Requests inside the window are counted at the next ask, by both routes.
    await store.upsertRequests(minuteOfRequests(T0 + 25 * MIN, 100, 2))
    expect((await ask()).body.requests).toBe(200)
    expect(await concentrationTotal()).toBe(total + 100)

    // A metric sample of a name the store did not hold touches every window (ADR 0240).
    await store.insertMetricSamples([
      { name: 'vllm:num_requests_waiting', labels: {}, timeUs: asMicros(T0 + 50 * MIN), value: 1 },
    ])
    expect((await ask(true)).stale).toBe('true')
    // The refresh it queued reads the store: let it end before the store closes.
    await app.request(`/api/diagnosis?from=${from}&to=${to}&stale=refresh`)
  })

  it('a live scrape of known metrics after a past window keeps its answer; one inside its reach does not', async () => {
    const store = await duckDb()
    let nowMs = T0 / 1000 + 45 * 60_000
    const { app, ingest } = appOf(store, () => nowMs)
    // A real vLLM's /metrics over a socket, scraped through the ingest pipeline.
    const metrics = readFileSync(
      join(import.meta.dirname, '../../test/fixtures/real-vllm/vllm-metrics-after-load.txt')
    )
    const target = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' })
      res.end(metrics)
    })
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r))
    try {
      const scraper = createScraper({
        targets: [`http://127.0.0.1:${(target.address() as AddressInfo).port}/metrics`],
        intervalMs: 15_000,
        sink: ingest,
        logger: createSilentLogger(),
        now: () => nowMs,
        autoStart: false,
      })
      const scrape = async (atMinute: number) => {
        nowMs = T0 / 1000 + atMinute * 60_000
        const [outcome] = await scraper.scrapeOnce()
        expect(outcome?.samples).toBeGreaterThan(100)
      }
      // The window is minutes 20–30; the diagnosis reads from minute 10.
      const from = T0 / 1000 + 20 * 60_000
      const to = T0 / 1000 + 30 * 60_000
      await store.upsertRequests(minuteOfRequests(T0 + 20 * MIN, 100, 2))
      const ask = async () => {
        const res = await app.request(`/api/diagnosis?from=${from}&to=${to}&stale=allow`)
        expect(res.status).toBe(200)
        return {
          stale: res.headers.get('tokenline-stale'),
          asOf: res.headers.get('tokenline-as-of'),
          body: await res.text(),
        }
      }
      // The first scrape brings names the store did not hold: every answer is new after it.
      await scrape(45)
      const first = await ask()
      expect(first.stale).toBe('false')

      // Scrapes of the same names every 15 s after the window: the answer of the first run
      // holds, it is not run again (its as-of is the first run's, though the clock moved).
      for (const minute of [45.25, 45.5, 45.75]) {
        await scrape(minute)
        const kept = await ask()
        expect(kept).toEqual(first)
      }

      // A scrape whose samples fall in the window (a late replay) changes what it read.
      await scrape(25)
      const after = await ask()
      expect(after.stale).toBe('true')
      expect(after.asOf).toBe(first.asOf)
      const fresh = await app.request(`/api/diagnosis?from=${from}&to=${to}&stale=refresh`)
      expect(fresh.headers.get('tokenline-stale')).toBe('false')
      expect(fresh.headers.get('tokenline-as-of')).not.toBe(first.asOf)
    } finally {
      target.closeAllConnections()
      await new Promise((r) => target.close(r))
    }
  })

  it('after a commit, a stale ask gets the last answer at once, marked, while one refresh runs', async () => {
    const store = await duckDb()
    let clock = 1_000
    const cache = createDiagnosisCache<string>(store, { now: () => clock })
    const started: string[] = []
    const pending: ((v: string) => void)[] = []
    const run = (name: string) => () => {
      started.push(name)
      return new Promise<string>((resolve) => pending.push(resolve))
    }
    // Nothing kept yet: the first ask waits for its run.
    const first = cache.getOrStale('w@1', 'last hour', run('a'))
    await until(() => pending.length > 0)
    pending.shift()?.('answer a')
    expect(await first).toEqual({ value: 'answer a', asOfMs: 1_000, stale: false })

    clock = 41_000
    await store.upsertRequests(minuteOfRequests(T0 + MIN, 100, 2))
    // The window moved ("last hour" resolves to new bounds) and the store changed: the earlier
    // answer at once, saying when it was computed, and a refresh under way.
    const stale = await cache.getOrStale('w@2', 'last hour', run('b'))
    expect(stale).toEqual({ value: 'answer a', asOfMs: 1_000, stale: true })
    expect(started).toEqual(['a', 'b'])
    // More asks while it runs: no second run of the same query, another query waits its turn.
    expect((await cache.getOrStale('w@2', 'last hour', run('b again'))).stale).toBe(true)
    const other = await cache.getOrStale('v@2', 'last hour', run('c'))
    expect(other.value).toBe('answer a')
    expect(started).toEqual(['a', 'b'])
    const refreshed = cache.getRefreshed('w@2', run('never'))
    pending.shift()?.('answer b')
    expect(await refreshed).toEqual({ value: 'answer b', asOfMs: 41_000 })
    // 'c' was queued after 'b' for the same definition: the newest queued query runs.
    await until(() => started.length === 3)
    expect(started).toEqual(['a', 'b', 'c'])
    pending.shift()?.('answer c')
    expect(await cache.getRefreshed('v@2', run('never'))).toMatchObject({ value: 'answer c' })
    // The store has not changed since: current answers, not stale ones.
    expect(await cache.getOrStale('w@2', 'last hour', run('never'))).toEqual({
      value: 'answer b',
      asOfMs: 41_000,
      stale: false,
    })
    expect(started).not.toContain('never')
  })

  it('of several refreshes queued for one definition only the newest runs', async () => {
    const store = await duckDb()
    const cache = createDiagnosisCache<string>(store)
    const started: string[] = []
    const pending: ((v: string) => void)[] = []
    const run = (name: string) => () => {
      started.push(name)
      return new Promise<string>((resolve) => pending.push(resolve))
    }
    const settle = async (v: string) => {
      await until(() => pending.length > 0)
      pending.shift()?.(v)
      await new Promise((r) => setTimeout(r, 0))
    }
    const a = cache.getOrStale('a', 'A', run('a'))
    await settle('a0')
    const b = cache.getOrStale('b', 'B', run('b'))
    await settle('b0')
    await Promise.all([a, b])
    await store.upsertRequests(minuteOfRequests(T0 + MIN, 100, 2))
    await cache.getOrStale('a1', 'A', run('a1'))
    await cache.getOrStale('b1', 'B', run('b1'))
    await cache.getOrStale('b2', 'B', run('b2'))
    expect(started).toEqual(['a', 'b', 'a1'])
    await settle('a1 done')
    // b1 was overtaken by b2 before its turn: it answers with b2's result.
    expect(started).toEqual(['a', 'b', 'a1', 'b2'])
    const b1 = cache.getRefreshed('b1', run('never'))
    await settle('b2 done')
    expect((await b1).value).toBe('b2 done')
    expect(started).not.toContain('b1')
  })

  it('keeps the last answers in a file across restarts, and serves them only as stale', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenline-diag-cache-'))
    try {
      const file = join(dir, 'db.duckdb.diagnoses.json')
      const before = createDiagnosisCache<string>(await duckDb(), { file, now: () => 5_000 })
      expect(await before.getOrStale('w', 'last hour', () => Promise.resolve('kept'))).toEqual({
        value: 'kept',
        asOfMs: 5_000,
        stale: false,
      })
      // The file is written in the background; on a loaded host that can take seconds.
      const deadline = Date.now() + 10_000
      while (Date.now() < deadline && !readFileSafe(file).includes('kept')) {
        await new Promise((r) => setTimeout(r, 10))
      }
      expect(JSON.parse(readFileSafe(file))).toEqual([
        { def: 'last hour', asOfMs: 5_000, value: 'kept' },
      ])
      // A new server over the same database: the write counter starts again, so the kept
      // answer may be out of date whatever the counter says; it is shown as stale.
      let release: (v: string) => void = () => undefined
      const after = createDiagnosisCache<string>(await duckDb(), { file, now: () => 9_000 })
      const shown = await after.getOrStale(
        'w',
        'last hour',
        () => new Promise<string>((r) => (release = r))
      )
      expect(shown).toEqual({ value: 'kept', asOfMs: 5_000, stale: true })
      release('recomputed')
      expect(await after.getRefreshed('w', () => Promise.resolve('never'))).toEqual({
        value: 'recomputed',
        asOfMs: 9_000,
      })
    } finally {
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 })
    }
  })

  it('ignores answers in the file that this server cannot read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenline-diag-cache-'))
    try {
      const file = join(dir, 'db.duckdb.diagnoses.json')
      writeFileSync(
        file,
        JSON.stringify([
          { def: 'old', asOfMs: 1, value: { schema: 'older' } },
          { def: 'good', asOfMs: 2, value: 'kept' },
        ])
      )
      const cache = createDiagnosisCache<string>(await duckDb(), {
        file,
        readable: (v): v is string => typeof v === 'string',
      })
      expect(await cache.getOrStale('a', 'old', () => Promise.resolve('run'))).toMatchObject({
        value: 'run',
        stale: false,
      })
      expect(await cache.getOrStale('b', 'good', () => new Promise(() => undefined))).toEqual({
        value: 'kept',
        asOfMs: 2,
        stale: true,
      })
    } finally {
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 })
    }
  })

  it('GET /api/diagnosis?stale=allow names the age of a stale answer and stale=refresh the new one', async () => {
    const store = await duckDb()
    const nowMs = T0 / 1000 + 10 * 60_000
    const { app } = appOf(store, () => nowMs)
    const ask = async (extra: string) => {
      const res = await app.request(
        `/api/diagnosis?from=${T0 / 1000}&to=${T0 / 1000 + 10 * 60_000}${extra}`
      )
      expect(res.status).toBe(200)
      return {
        requests: ((await res.json()) as { requests: number }).requests,
        stale: res.headers.get('tokenline-stale'),
        asOf: res.headers.get('tokenline-as-of'),
      }
    }
    const first = await ask('&stale=allow')
    expect(first.stale).toBe('false')
    expect(first.asOf).toBe(new Date(nowMs).toISOString())
    await store.upsertRequests(minuteOfRequests(T0 + MIN, 100, 2))
    const stale = await ask('&stale=allow')
    expect(stale).toEqual({ ...first, stale: 'true' })
    const fresh = await ask('&stale=refresh')
    expect(fresh.stale).toBe('false')
    expect(fresh.requests).toBe(2 * first.requests)
    // Without the parameter nothing stale is ever answered.
    await store.upsertRequests(minuteOfRequests(T0 + 2 * MIN, 100, 2))
    expect((await ask('')).requests).toBe(3 * first.requests)
    const bad = await app.request(`/api/diagnosis?window=all&stale=maybe`)
    expect(bad.status).toBe(400)
  })

  it('starts a background refresh only once beforeRefresh lets it, answering stale meanwhile', async () => {
    const store = await duckDb()
    let release = (): void => undefined
    const held = new Promise<void>((r) => (release = r))
    const cache = createDiagnosisCache<string>(store, { beforeRefresh: () => held })
    let runs = 0
    const run = (value: string) => async () => {
      runs++
      return value
    }
    expect(await cache.getOrStale('w', 'def', run('first'))).toMatchObject({
      value: 'first',
      stale: false,
    })
    await store.upsertRequests(minuteOfRequests(T0 + MIN, 100, 2))
    expect(await cache.getOrStale('w', 'def', run('second'))).toMatchObject({
      value: 'first',
      stale: true,
    })
    await new Promise((r) => setTimeout(r, 50))
    expect(runs).toBe(1)
    release()
    expect((await cache.getRefreshed('w', run('third'))).value).toBe('second')
    expect(runs).toBe(2)
  })

  it('GET /api/concentration?stale=allow gives the last answer after a write in the window, stale=refresh the new one', async () => {
    const store = await duckDb()
    const nowMs = T0 / 1000 + 10 * 60_000
    const { app } = appOf(store, () => nowMs)
    const ask = async (extra: string) => {
      const res = await app.request(
        `/api/concentration?from=${T0 / 1000}&to=${T0 / 1000 + 10 * 60_000}&measure=ttft${extra}`
      )
      expect(res.status).toBe(200)
      return {
        total: ((await res.json()) as { total: number }).total,
        stale: res.headers.get('tokenline-stale'),
        asOf: res.headers.get('tokenline-as-of'),
      }
    }
    const first = await ask('&stale=allow')
    expect(first).toEqual({ total: 100, stale: 'false', asOf: new Date(nowMs).toISOString() })
    await store.upsertRequests(minuteOfRequests(T0 + MIN, 100, 2))
    expect(await ask('&stale=allow')).toEqual({ ...first, stale: 'true' })
    expect(await ask('&stale=refresh')).toEqual({ ...first, total: 200 })
    // Without the parameter, as before: the current answer, with no dating headers.
    await store.upsertRequests(minuteOfRequests(T0 + 2 * MIN, 100, 2))
    expect(await ask('')).toEqual({ total: 300, stale: null, asOf: null })
  })
  it('GET /api/diagnosis and /api/concentration ?stale=kept give only what is held and never start a run (ADR 0407)', async () => {
    const store = await duckDb()
    // Every read of the window's requests a diagnosis or a concentration makes.
    let reads = 0
    const columns = store.scanRequestColumns.bind(store)
    store.scanRequestColumns = (query) => {
      reads++
      return columns(query)
    }
    const scan = store.scanRequests.bind(store)
    store.scanRequests = (query, batchSize) => {
      reads++
      return scan(query, batchSize)
    }
    const nowMs = T0 / 1000 + 10 * 60_000
    const { app } = appOf(store, () => nowMs)
    const window = `from=${T0 / 1000}&to=${T0 / 1000 + 10 * 60_000}`
    const ask = async (path: string, extra: string) => {
      const res = await app.request(`${path}?${window}${extra}`)
      return {
        status: res.status,
        stale: res.headers.get('tokenline-stale'),
        body: await res.text(),
      }
    }
    for (const path of ['/api/diagnosis', '/api/concentration']) {
      // Nothing held: no content, and no read of the window's requests started, now or later.
      expect(await ask(path, '&stale=kept')).toEqual({ status: 204, stale: null, body: '' })
      await new Promise((r) => setTimeout(r, 50))
      expect(reads).toBe(0)
      // Once computed, the current answer, as stale=allow gives it.
      const current = await ask(path, '&stale=allow')
      expect(current.stale).toBe('false')
      expect(reads).toBeGreaterThan(0)
      reads = 0
      expect(await ask(path, '&stale=kept')).toEqual(current)
      expect(reads).toBe(0)
    }
    // After a write in the window: the last answer, labelled stale, and no refresh queued.
    await store.upsertRequests(minuteOfRequests(T0 + MIN, 100, 2))
    for (const path of ['/api/diagnosis', '/api/concentration']) {
      const held = await ask(path, '&stale=kept')
      expect(held.status).toBe(200)
      expect(held.stale).toBe('true')
    }
    await new Promise((r) => setTimeout(r, 50))
    expect(reads).toBe(0)
  })
})

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !ok(); i++) {
    await new Promise((r) => setTimeout(r, 5))
  }
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}
