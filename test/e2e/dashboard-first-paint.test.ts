/**
 * No panel waits for a query over the window's rows before it paints: with the routes that read
 * requests one by one (diagnosis, concentration) held back by the browser, every chart panel,
 * the KPIs, the samples and the events still fill; before the first answer at all, every panel
 * is already on screen as a skeleton. Each call the page makes before it paints is an
 * aggregate whose size does not grow with the store (a bucketed query, or one of a fixed size).
 * Nothing here depends on how fast the machine is: the held routes stay held until the
 * assertions about the others are done. A second look at the same window gets its charts' answers
 * as the store's rollup gave them (ADR 0210), kept whole while no write touched the window (ADR
 * 0484), without reading any bucket's rows again. After a write in the
 * window the diagnosis and the concentration paint their last answers, labelled stale, at once
 * (ADR 0225, 0272). The first wave of a window given in the URL leaves before the page's script
 * (the one that draws the panels) has run, and the page takes those answers instead of asking
 * again (ADR 0280); so does a relative window's, resolved against the data's extent the page's
 * shell names, before /api/health has answered (ADR 0289). The diagnosis and concentration the
 * server already holds paint with the charts' first wave, asked with `stale=kept`, which never
 * computes one (ADR 0407).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestRng,
  makeTimeline,
  T0_US,
} from '../../src/core/diagnosis/testing/make-timeline.js'
import type { RunningServer } from '../../src/server/main.js'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import { RELATIVE_ERROR } from '../../src/storage/rollup/log-histogram.js'
import { requestRollupOf } from '../../src/storage/rollup/request-rollup.js'
import { buildDashboard, serveDashboardFile } from '../../src/testing/dashboard-harness.js'

const REQUESTS = 3000
const WINDOW_MS = 30 * 60_000
/** Panels that read aggregates of the requests; each must paint while the row readers wait. */
const AGGREGATE_PANELS = [
  'traffic',
  'ttft',
  'tpot',
  'e2e',
  'heatmap',
  'stages',
  'kpis',
  'samples',
  'events',
]
/** The first wave's aggregate calls (ADR 0280): all of them asked, each once or as named. */
const FIRST_WAVE = ['/api/metrics', '/api/traffic', '/api/heatmap', '/api/stages']
function firstWaveAsked(asked: readonly string[]): boolean {
  return (
    FIRST_WAVE.every((p) => asked.some((a) => a.split('?')[0] === p)) &&
    asked.filter((a) => a.startsWith('/api/percentiles')).length === 2 &&
    asked.some((a) => a.startsWith('/api/events')) &&
    asked.some((a) => a.startsWith('/api/requests'))
  )
}

/** Every aggregate panel ready, then the whole page loaded. */
async function everyPanelThenLoaded(page: Page): Promise<void> {
  for (const id of AGGREGATE_PANELS) {
    await page.waitForSelector(`[data-panel="${id}"][data-state="ready"]`, {
      state: 'attached',
      timeout: 120_000,
    })
  }
  await page.waitForSelector('#app[data-loaded="true"]', { state: 'attached', timeout: 300_000 })
}

/** Routes that read the window's requests themselves (ADR 0165): held during first paint. */
const ROW_READERS = new Set(['/api/diagnosis', '/api/concentration'])

/**
 * Why each call made before first paint is bounded, whatever the store holds: a fixed-size
 * answer, a bounded list, or one row per time bucket.
 */
function isBounded(url: URL): boolean {
  const p = url.searchParams
  switch (url.pathname) {
    // Health and metrics: counts, extent and names a DuckDB store keeps once read (ADR 0392).
    case '/api/health':
    case '/api/metrics':
    case '/api/slo':
    case '/api/alerts':
    case '/api/events':
    case '/api/dimensions':
      // Dimensions: at most 500 values each, however many requests hold them.
      return true
    case '/api/percentiles':
      // Per bucket, or one row per measure for the whole window; never per group.
      return !p.has('group_by')
    case '/api/requests':
      return Number(p.get('limit')) > 0 && Number(p.get('limit')) <= 100
    case '/api/traffic':
    case '/api/stages':
    case '/api/heatmap':
    case '/api/series':
      return p.has('step')
    default:
      return false
  }
}

describe('dashboard first paint', () => {
  let dir: string
  let server: RunningServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    buildDashboard()
    dir = mkdtempSync(join(tmpdir(), 'tl-paint-'))
    const path = join(dir, 'paint.duckdb')
    const store = await createDuckDbStore({ path })
    const rng = createTestRng(5)
    await store.upsertRequests(
      Array.from({ length: REQUESTS }, (_, i) =>
        makeTimeline({
          startUs: T0_US + Math.floor((i / REQUESTS) * WINDOW_MS * 1000),
          dims: { replica: `r${i % 4}`, tenant: `t${i % 3}` },
          stagesMs: {
            network: 5 + 10 * rng(),
            'engine.queue': 20 * rng(),
            'engine.prefill': 30 + 40 * rng(),
            'engine.decode': 500 + 1000 * rng(),
          },
          tpotMs: 5 + 10 * rng(),
          inputTokens: 500,
          outputTokens: 100,
        })
      )
    )
    await store.close()
    ;({ server, browser, page } = await serveDashboardFile(path))
  }, 300_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('shows every skeleton first, then fills each aggregate panel while diagnosis and concentration are held, without trying eval', async () => {
    let releaseHealth = (): void => undefined
    const healthHeld = new Promise<void>((r) => (releaseHealth = r))
    let releaseRows = (): void => undefined
    const rowsHeld = new Promise<void>((r) => (releaseRows = r))
    const heldRowCalls: string[] = []
    const beforePaint: URL[] = []
    let painted = false
    page.on('request', (req) => {
      const url = new URL(req.url())
      if (url.pathname.startsWith('/api/') && !painted && !ROW_READERS.has(url.pathname)) {
        beforePaint.push(url)
      }
    })
    // Every call but the row readers' waits until the skeletons were seen: an absolute window's
    // charts are asked beside /api/health, not after it.
    await page.route(
      (url) => url.pathname.startsWith('/api/') && !ROW_READERS.has(url.pathname),
      async (route: Route) => {
        await healthHeld
        await route.continue()
      }
    )
    await page.route(
      (url) => ROW_READERS.has(url.pathname),
      async (route: Route) => {
        heldRowCalls.push(new URL(route.request().url()).pathname)
        await rowsHeld
        await route.continue()
      }
    )

    // The page's own CSP (script-src 'self') refuses eval; nothing in the page may try it (a
    // refused try throws, and the error's stack costs a reparse of the whole script).
    await page.addInitScript(`(() => {
      const seen = []
      window.__csp = seen
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(e.violatedDirective + ' ' + e.blockedURI)
      )
    })()`)
    const fromMs = T0_US / 1000
    await page.goto(`${server.apiUrl}/?from=${fromMs}&to=${fromMs + WINDOW_MS}`)
    // No answer has arrived yet: every panel is on screen, loading.
    for (const id of [...AGGREGATE_PANELS, 'diagnosis', 'concentration']) {
      await page.waitForSelector(`[data-panel="${id}"][data-state="loading"]`, {
        state: 'attached',
        timeout: 60_000,
      })
    }
    releaseHealth()

    for (const id of AGGREGATE_PANELS) {
      await page.waitForSelector(`[data-panel="${id}"][data-state="ready"]`, {
        state: 'attached',
        timeout: 120_000,
      })
    }
    painted = true
    // The row readers are still held, and their cards still say so.
    expect(await page.locator('[data-panel="diagnosis"]').getAttribute('data-state')).toBe(
      'loading'
    )
    expect(await page.locator('[data-panel="concentration"]').getAttribute('data-state')).toBe(
      'loading'
    )
    expect(await page.locator('#app').getAttribute('data-loaded')).toBe('false')
    // Everything asked before first paint is an aggregate of bounded size.
    expect(beforePaint.length).toBeGreaterThan(5)
    expect(beforePaint.filter((u) => !isBounded(u)).map((u) => u.pathname + u.search)).toEqual([])

    releaseRows()
    for (const id of ['diagnosis', 'concentration']) {
      await page.waitForSelector(`[data-panel="${id}"][data-state="ready"]`, {
        state: 'attached',
        timeout: 120_000,
      })
    }
    await page.waitForSelector('#app[data-loaded="true"]', { state: 'attached', timeout: 120_000 })
    expect(new Set(heldRowCalls)).toEqual(ROW_READERS)
    expect(await page.locator('.finding, .diag-summary').count()).toBeGreaterThan(0)
    expect(await page.evaluate('window.__csp')).toEqual([])
  }, 400_000)

  it('answers the charts of a window seen before as the rollup gave them, reading no bucket again', async () => {
    await page.unrouteAll({ behavior: 'wait' })
    const rollup = requestRollupOf(server.store)
    expect(rollup).not.toBeNull()
    const before = { ...rollup?.stats }
    const approx: { path: string; relativeError: unknown }[] = []
    page.on('response', (res) => {
      const url = new URL(res.url())
      if (['/api/percentiles', '/api/heatmap'].includes(url.pathname)) {
        approx.push({ path: url.pathname + url.search, relativeError: null })
        const entry = approx[approx.length - 1] as (typeof approx)[number]
        void res.json().then(
          (body: { relative_error?: unknown; counts?: unknown }) =>
            (entry.relativeError = body.relative_error ?? (body.counts ? 'heatmap' : null)),
          () => undefined
        )
      }
    })
    await page.reload()
    await page.waitForSelector('#app[data-loaded="true"]', { state: 'attached', timeout: 300_000 })
    for (const id of AGGREGATE_PANELS) {
      expect(await page.locator(`[data-panel="${id}"]`).getAttribute('data-state')).toBe('ready')
    }
    // Every bucket the charts needed was kept from the first load: none was read from rows,
    // and no write since, so each chart's answer was kept whole and no bucket merged again
    // (ADR 0484).
    expect(rollup?.stats.bucketsFilled).toBe(before.bucketsFilled)
    expect(rollup?.stats.bucketsServed).toBe(before.bucketsServed)
    // The KPI strip and the latency panels asked for, and got, the rollup's bounded answer.
    const percentiles = approx.filter((a) => a.path.startsWith('/api/percentiles'))
    expect(percentiles.length).toBeGreaterThanOrEqual(2)
    for (const a of percentiles) {
      expect(a.path).toContain('approx=true')
      expect(a.relativeError).toBe(RELATIVE_ERROR)
    }
  }, 400_000)

  it('paints the diagnosis and concentration the server holds while every chart answer is still held (ADR 0407)', async () => {
    await page.unrouteAll({ behavior: 'wait' })
    let releaseCharts = (): void => undefined
    const chartsHeld = new Promise<void>((r) => (releaseCharts = r))
    const rowAsks: string[] = []
    const fromMs = T0_US / 1000
    const window = `from=${fromMs}&to=${fromMs + WINDOW_MS}`
    // The window's answers computed once (the page's first look did the same), so it is seen before.
    for (const path of ['/api/diagnosis?', '/api/concentration?measure=ttft&']) {
      expect((await fetch(`${server.apiUrl}${path}${window}&stale=allow`)).status).toBe(200)
    }
    try {
      // Every call but the row readers' waits: the cards may not wait for the charts' answers.
      await page.route(
        (url) => url.pathname.startsWith('/api/') && !ROW_READERS.has(url.pathname),
        async (route: Route) => {
          await chartsHeld
          await route.continue()
        }
      )
      page.on('request', (req) => {
        const url = new URL(req.url())
        if (ROW_READERS.has(url.pathname)) {
          rowAsks.push(url.searchParams.get('stale') ?? 'none')
        }
      })
      await page.goto(`${server.apiUrl}/?${window}`, { waitUntil: 'commit' })
      for (const id of ['diagnosis', 'concentration']) {
        await page.waitForSelector(`[data-panel="${id}"][data-state="ready"]`, {
          state: 'attached',
          timeout: 120_000,
        })
      }
      // The current answers of the window seen before, not labelled stale…
      expect(await page.locator('[data-panel="diagnosis"] [data-stale]').count()).toBe(0)
      expect(await page.locator('[data-panel="diagnosis"] .diag-summary').textContent()).toContain(
        `${REQUESTS.toLocaleString('en-US')} requests`
      )
      // …while no chart has its answer, and nothing was asked that could compute one.
      expect(await page.locator('[data-panel="traffic"]').getAttribute('data-state')).toBe(
        'loading'
      )
      expect(rowAsks).toEqual(['kept', 'kept'])
    } finally {
      releaseCharts()
    }
    await page.waitForSelector('#app[data-loaded="true"]', { state: 'attached', timeout: 300_000 })
    // A current answer held is the answer: the page asked for nothing more.
    expect(rowAsks).toEqual(['kept', 'kept'])
  }, 400_000)

  it('after a write shows the last diagnosis and concentration at once, labelled stale, then the fresh ones', async () => {
    await page.unrouteAll({ behavior: 'wait' })
    const fromMs = T0_US / 1000
    const url = `${server.apiUrl}/?from=${fromMs}&to=${fromMs + WINDOW_MS}`
    await page.goto(url)
    await page.waitForSelector('[data-panel="diagnosis"][data-state="ready"]', {
      state: 'attached',
      timeout: 300_000,
    })
    expect(await page.locator('[data-panel="diagnosis"] [data-stale]').count()).toBe(0)
    const summary = page.locator('[data-panel="diagnosis"] .diag-summary')
    expect(await summary.textContent()).toContain(`${REQUESTS.toLocaleString('en-US')} requests`)
    const concHead = page.locator('[data-panel="concentration"] .conc-head')
    expect(await concHead.textContent()).toContain(`of ${REQUESTS.toLocaleString('en-US')}`)

    // A write into the window: the kept diagnosis may now be wrong.
    const extra = 300
    await server.store.upsertRequests(
      Array.from({ length: extra }, (_, i) =>
        makeTimeline({
          startUs: T0_US + Math.floor((i / extra) * WINDOW_MS * 1000),
          dims: { replica: `r${i % 4}`, tenant: `t${i % 3}` },
          stagesMs: { network: 8, 'engine.queue': 10, 'engine.prefill': 50, 'engine.decode': 800 },
          tpotMs: 8,
          inputTokens: 500,
          outputTokens: 100,
        })
      )
    )
    // The page's waits for the refreshes are held until the stale answers have been checked.
    let releaseRefresh = (): void => undefined
    const refreshHeld = new Promise<void>((r) => (releaseRefresh = r))
    await page.route(
      (u) =>
        ['/api/diagnosis', '/api/concentration'].includes(u.pathname) &&
        u.searchParams.get('stale') === 'refresh',
      async (route: Route) => {
        await refreshHeld
        await route.continue()
      }
    )
    const staleHeader = page.waitForResponse(
      (r) => new URL(r.url()).searchParams.get('stale') === 'allow',
      { timeout: 300_000 }
    )
    await page.reload()
    expect((await staleHeader).headers()['tokenline-stale']).toBe('true')
    const note = page.locator('[data-panel="diagnosis"] .diag-stale[data-stale]')
    await note.waitFor({ state: 'attached', timeout: 300_000 })
    expect(await page.locator('[data-panel="diagnosis"]').getAttribute('data-state')).toBe('ready')
    const text = (await note.textContent()) ?? ''
    expect(text).toMatch(/^as of \d+s ago, refreshing/)
    // It names the window it covers (the view's, here: 09:00 → 09:30 UTC).
    expect(text).toContain('06-02 09:00 → 09:30 UTC')
    expect(await summary.textContent()).toContain(`${REQUESTS.toLocaleString('en-US')} requests`)
    // The concentration card too: the last answer, painted and labelled, while its refresh runs.
    const concNote = page.locator('[data-panel="concentration"] .diag-stale[data-stale]')
    await concNote.waitFor({ state: 'attached', timeout: 300_000 })
    expect(await page.locator('[data-panel="concentration"]').getAttribute('data-state')).toBe(
      'ready'
    )
    expect((await concNote.textContent()) ?? '').toMatch(/^as of \d+s ago, refreshing/)
    expect(await concHead.textContent()).toContain(`of ${REQUESTS.toLocaleString('en-US')}`)

    releaseRefresh()
    await note.waitFor({ state: 'detached', timeout: 300_000 })
    await concNote.waitFor({ state: 'detached', timeout: 300_000 })
    expect(await summary.textContent()).toContain(
      `${(REQUESTS + extra).toLocaleString('en-US')} requests`
    )
    expect(await concHead.textContent()).toContain(
      `of ${(REQUESTS + extra).toLocaleString('en-US')}`
    )
  }, 600_000)

  it('asks the first wave while the page script is still held, and none of its calls twice', async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } })
    const fresh = await context.newPage()
    let releaseScript = (): void => undefined
    try {
      const scriptHeld = new Promise<void>((r) => (releaseScript = r))
      const held: string[] = []
      // The page's script, the one that draws the panels: by far its largest file in any build.
      await fresh.route(
        (u) => u.pathname.startsWith('/assets/') && u.pathname.endsWith('.js'),
        async (route: Route) => {
          const res = await route.fetch()
          const body = await res.body()
          if (body.length > 100_000) {
            held.push(new URL(route.request().url()).pathname)
            await scriptHeld
          }
          await route.fulfill({
            status: res.status(),
            headers: { 'content-type': 'text/javascript; charset=utf-8' },
            body,
          })
        }
      )
      const asked: string[] = []
      fresh.on('request', (req) => {
        const u = new URL(req.url())
        if (u.pathname.startsWith('/api/') && u.pathname !== '/api/health') {
          asked.push(u.pathname + u.search)
        }
      })
      const fromMs = T0_US / 1000
      // Not waiting for "load": a held module script holds it back.
      await fresh.goto(`${server.apiUrl}/?from=${fromMs}&to=${fromMs + WINDOW_MS}`, {
        waitUntil: 'commit',
      })
      // Every aggregate the charts need is on its way while the script is held…
      await expect.poll(() => firstWaveAsked(asked), { timeout: 60_000, interval: 100 }).toBe(true)
      // …and the script, arrived and held, has not run: no panel, no header.
      await expect.poll(() => held.length, { timeout: 60_000, interval: 100 }).toBe(1)
      expect(await fresh.locator('header.top, [data-panel]').count()).toBe(0)

      releaseScript()
      await everyPanelThenLoaded(fresh)
      // The page took the early answers: no call was sent twice.
      expect(asked.filter((a, i) => asked.indexOf(a) !== i)).toEqual([])
    } finally {
      releaseScript()
      await fresh.unrouteAll({ behavior: 'ignoreErrors' })
      await context.close()
    }
  }, 400_000)

  it("asks a relative window's first wave before /api/health has answered, over the data's last hour", async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } })
    const fresh = await context.newPage()
    let releaseHealth = (): void => undefined
    try {
      const healthHeld = new Promise<void>((r) => (releaseHealth = r))
      let healthAsked = 0
      await fresh.route(
        (u) => u.pathname === '/api/health',
        async (route: Route) => {
          healthAsked++
          await healthHeld
          await route.continue()
        }
      )
      const asked: string[] = []
      fresh.on('request', (req) => {
        const u = new URL(req.url())
        if (u.pathname.startsWith('/api/') && u.pathname !== '/api/health') {
          asked.push(u.pathname + u.search)
        }
      })
      // No window in the URL: what a new user opens, the last hour of the data.
      await fresh.goto(`${server.apiUrl}/`, { waitUntil: 'commit' })
      await expect.poll(() => firstWaveAsked(asked), { timeout: 60_000, interval: 100 }).toBe(true)
      // /api/health was asked and has not answered.
      expect(healthAsked).toBeGreaterThan(0)
      // The window ends where the data ends (it is not live), on the next whole step of its
      // chart step (ADR 0289), and holds all of the data (under an hour).
      const extent = await server.store.extent()
      expect(extent).not.toBeNull()
      const traffic = new URL(`http://x${asked.find((a) => a.startsWith('/api/traffic')) ?? ''}`)
        .searchParams
      const step = /^(\d+)([smh])$/.exec(traffic.get('step') ?? '')
      const stepMs =
        Number(step?.[1]) * ({ s: 1000, m: 60_000, h: 3_600_000 }[step?.[2] ?? 'h'] ?? 0)
      const [from, to] = [Number(traffic.get('from')), Number(traffic.get('to'))]
      const endMs = (extent?.endUs ?? 0) / 1000
      expect(to % stepMs).toBe(0)
      expect(from % stepMs).toBe(0)
      expect(to).toBeGreaterThan(endMs)
      expect(to - endMs).toBeLessThanOrEqual(stepMs)
      expect(from).toBeLessThan((extent?.startUs ?? 0) / 1000)

      releaseHealth()
      await everyPanelThenLoaded(fresh)
      // The page drew the window its early answers were of: no call was sent twice.
      expect(asked.filter((a, i) => asked.indexOf(a) !== i)).toEqual([])
    } finally {
      releaseHealth()
      await fresh.unrouteAll({ behavior: 'ignoreErrors' })
      await context.close()
    }
  }, 400_000)
})
