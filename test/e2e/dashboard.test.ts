import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDashboard,
  launchBrowser,
  shot,
  startDemo,
  waitLoaded,
  type Demo,
} from '../../src/testing/dashboard-harness.js'

const PANELS_WITH_REQUEST_DATA = ['traffic', 'ttft', 'tpot', 'e2e', 'heatmap', 'stages']

describe('dashboard against tokenline demo', () => {
  let demo: Demo
  let browser: Browser
  let page: Page
  const consoleErrors: string[] = []

  beforeAll(async () => {
    buildDashboard()
    demo = await startDemo()
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1680, height: 1050 } })
    page.on('console', (m) => {
      if (m.type() === 'error') {
        consoleErrors.push(m.text())
      }
    })
    page.on('pageerror', (e) => consoleErrors.push(e.message))
  })

  afterAll(async () => {
    await browser?.close()
    await demo?.stop()
  })

  it('renders every panel with data on one time axis', async () => {
    await page.goto(`${demo.url}?range=all`)
    await waitLoaded(page)
    for (const id of PANELS_WITH_REQUEST_DATA) {
      const panel = page.locator(`[data-panel="${id}"]`)
      expect(await panel.getAttribute('data-state'), `panel ${id}`).toBe('ready')
      expect(await panel.locator('canvas').count(), `panel ${id} canvas`).toBeGreaterThan(0)
      // uPlot's legend lists the drawn series: at least one per panel.
      expect(
        await panel.locator('.u-legend .u-series').count(),
        `panel ${id} series`
      ).toBeGreaterThan(1)
    }
    const metricPanelsReady = await page.locator('[data-panel][data-state="ready"]').count()
    expect(metricPanelsReady).toBeGreaterThanOrEqual(PANELS_WITH_REQUEST_DATA.length + 2)
    expect(await page.locator('.finding').count()).toBeGreaterThan(0)
    expect(await page.locator('tr.sample').count()).toBeGreaterThan(0)
    expect(
      Number((await page.locator('[data-kpi="requests"] .v').textContent())?.replace(/k$/, '')) || 0
    ).toBeGreaterThan(0)

    // The cursor is synchronised: hovering one panel moves the cursor of another.
    const box = await page.locator('[data-panel="ttft"] .u-over').boundingBox()
    if (!box) {
      throw new Error('ttft plot area missing')
    }
    const cursorAt = () =>
      page.evaluate(
        "(() => { const el = document.querySelector('[data-panel=\"e2e\"] .u-cursor-x'); return el ? el.style.transform + '|' + el.style.left : 'missing' })()"
      ) as Promise<string>
    const before = await cursorAt()
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2)
    // Whether it moves, not how fast: a busy host may take seconds to run the handler.
    await expect.poll(cursorAt, { timeout: 30_000 }).not.toBe(before)
    await shot(page, '01-overview')
    expect(consoleErrors).toEqual([])
  })

  it('the what-if panel predicts a change for the window beside its own figures', async () => {
    await page.goto(`${demo.url}?range=all`)
    await waitLoaded(page)
    const panel = page.locator('.whatif')
    await panel.locator('select').selectOption({ label: 'load ×1.5' })
    await panel.locator('button').click()
    await expect
      .poll(async () => (await panel.locator('.status').textContent()) ?? '', { timeout: 90_000 })
      .toMatch(/^(fit reproduces|refused)/)
    const status = (await panel.locator('.status').textContent()) ?? ''
    if (status.startsWith('fit reproduces')) {
      expect(await panel.locator('.row').count()).toBe(6)
      // Every figure has its range; one an unknown batch cap decides has no point (ADR 0262).
      expect(await panel.locator('.row .range').count()).toBe(6)
      expect(await panel.locator('.row .bar.predicted').count()).toBeLessThanOrEqual(6)
    }
    await shot(page, '06-whatif')
    expect(consoleErrors).toEqual([])
  }, 120_000)

  it('the before/after panel splits the window at its change event and finds the canary', async () => {
    await page.goto(`${demo.url}?range=all`)
    await waitLoaded(page)
    const panel = page.locator('.compare')
    // The demo's canary rollout is offered as a split point, before the window's middle.
    await expect.poll(async () => panel.locator('select option').count()).toBe(2)
    expect(await panel.locator('select option').first().textContent()).toMatch(/^canary /)
    await panel.locator('button').click()
    await panel.locator('.verdict, .status.refused').first().waitFor({ timeout: 90_000 })
    // The canary's version slows decoding: its tail regressed, and that row says so.
    expect(await panel.locator('.verdict').textContent()).toMatch(/^REGRESSED · /)
    const tpot99 = panel.locator('.row[data-row="TPOT p99"]')
    expect(await tpot99.getAttribute('data-verdict')).toBe('regressed')
    expect(await tpot99.getAttribute('class')).toContain('regressed')
    // Every measure's change is drawn with its interval on the axis.
    for (const m of ['TTFT', 'TPOT', 'E2E']) {
      for (const q of ['p50', 'p99']) {
        const row = panel.locator(`.row[data-row="${m} ${q}"]`)
        expect(await row.locator('.pt').count()).toBe(1)
        expect(await row.locator('.ci').count()).toBe(1)
      }
    }
    // Its sides stop where the data does, so neither reaches past it (the view's edges do).
    expect((await panel.locator('.legend').allTextContents()).join('\n')).not.toMatch(
      /reaches past the data/
    )
    await shot(page, '07-compare')
    expect(consoleErrors).toEqual([])
  }, 120_000)

  it('a filter changes the URL and the numbers', async () => {
    const before = await page.locator('[data-kpi="requests"] .v').textContent()
    const select = page.locator('select[data-filter="replica"]')
    const values = (await page.evaluate(
      '[...document.querySelectorAll(\'select[data-filter="replica"] option\')].map((o) => o.value).filter(Boolean)'
    )) as string[]
    expect(values.length).toBeGreaterThan(1)
    await select.selectOption(values[0] ?? '')
    await page.waitForURL((u) => u.searchParams.getAll('replica').includes(values[0] ?? ''))
    await waitLoaded(page)
    const after = await page.locator('[data-kpi="requests"] .v').textContent()
    expect(after).not.toBe(before)
    expect(await page.locator(`[data-chip="replica=${values[0]}"]`).count()).toBe(1)
    await shot(page, '02-filtered')
  })

  it('a click on a finding sets the view it cites', async () => {
    await page.goto(`${demo.url}?range=all`)
    await waitLoaded(page)
    const finding = page.locator('.finding').first()
    const cause = await finding.getAttribute('data-cause')
    expect(cause).toBeTruthy()
    const scope = await finding.locator('.scope').textContent()
    const findingsText = () =>
      page.locator('.finding').evaluateAll((els) => els.map((e) => e.textContent ?? ''))
    const before = await findingsText()
    const urlBefore = page.url()
    await finding.click()
    await page.waitForURL((u) => u.toString() !== urlBefore)
    await waitLoaded(page)
    // The diagnosis on screen is the one clicked, not a re-run over the finding's window.
    expect(await findingsText()).toEqual(before)
    expect(await page.locator('.diag-pinned').count()).toBe(1)
    expect(await page.locator('.finding').first().getAttribute('class')).toContain('selected')
    const url = new URL(page.url())
    // The list follows the finding's measure.
    expect(await page.locator('table.samples').getAttribute('data-sorted-by')).toBe(
      await finding.getAttribute('data-measure')
    )
    if (scope && scope.includes('=')) {
      const [dim, value] = scope.split('=')
      expect(url.searchParams.getAll(dim ?? '')).toEqual([value])
    }
    expect(url.searchParams.get('from') !== null || (scope ?? '').includes('=')).toBe(true)
    await shot(page, '03-finding')
  })

  it('a rectangle on the heatmap drives the concentration and the samples', async () => {
    await page.goto(`${demo.url}?range=all`)
    await waitLoaded(page)
    const box = await page.locator('[data-panel="heatmap"] .u-over').boundingBox()
    if (!box) {
      throw new Error('heatmap plot area missing')
    }
    await page.mouse.move(box.x + box.width * 0.05, box.y + box.height * 0.2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.95, box.y + box.height * 0.6, { steps: 8 })
    await page.mouse.up()
    await page.waitForURL((u) => u.searchParams.get('sel') !== null)
    await waitLoaded(page)
    const [fromMs = 0, toMs = 0, minMs = 0, maxMs = 0] = (
      new URL(page.url()).searchParams.get('sel') ?? ''
    )
      .split(',')
      .map(Number)
    expect(maxMs).toBeGreaterThan(minMs)
    expect(minMs).toBeGreaterThan(0)
    expect(await page.locator('.conc-head').textContent()).toContain('>')
    // The listed requests lie in the rectangle: its time window and its TTFT range.
    const rows = (await page
      .locator('tr.sample')
      .evaluateAll((els) =>
        els.map((e) => [
          Number(e.getAttribute('data-start')),
          Number(e.querySelector('td[data-measure="ttft"]')?.getAttribute('data-ms')),
        ])
      )) as [number, number][]
    expect(rows.length).toBeGreaterThan(0)
    for (const [start, ttft] of rows) {
      expect(start).toBeGreaterThanOrEqual(fromMs)
      expect(start).toBeLessThan(toMs)
      expect(ttft).toBeGreaterThanOrEqual(minMs)
      expect(ttft).toBeLessThan(maxMs)
    }
    expect(await page.locator('.investigation [data-fact="requests"]').count()).toBe(1)
    await shot(page, '04-heatmap-selection')
  })

  it('a click on a slow sample opens its waterfall', async () => {
    await page.goto(`${demo.url}?range=all`)
    await waitLoaded(page)
    const row = page.locator('tr.sample').first()
    const traceId = await row.getAttribute('data-trace')
    await row.click()
    await page.waitForURL((u) => u.searchParams.get('trace') === traceId)
    const drawer = page.locator('.drawer')
    await expect
      .poll(() => drawer.locator('.wf-row').count(), { timeout: 10_000 })
      .toBeGreaterThan(0)
    expect(await drawer.locator('.wf-row.critical').count()).toBeGreaterThan(0)
    expect(await drawer.locator('.wf-ttft').count()).toBe(1)
    await drawer.locator('.wf-row.critical .wf-bar').first().hover()
    expect(await drawer.locator('.wf-tip').isVisible()).toBe(true)
    await shot(page, '05-waterfall')
    await page.keyboard.press('Escape')
    await page.waitForURL((u) => u.searchParams.get('trace') === null)
  })
})
