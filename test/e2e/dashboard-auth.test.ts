/**
 * The dashboard against `tokenline demo --auth-token-file`: the page takes its token from the URL
 * fragment (or asks for one after a 401) and every panel still loads.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDashboard,
  launchBrowser,
  startDemo,
  waitLoaded,
  type Demo,
} from '../../src/testing/dashboard-harness.js'

const READ = 'dashboard-read-token-0123456789'

describe('dashboard with tokens', () => {
  let demo: Demo
  let browser: Browser

  beforeAll(async () => {
    buildDashboard()
    const tokens = join(mkdtempSync(join(tmpdir(), 'tl-dash-auth-')), 'tokens')
    writeFileSync(tokens, `read ${READ}\n`)
    demo = await startDemo(['--auth-token-file', tokens])
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    await demo?.stop()
  })

  async function requestsShown(page: Page): Promise<number> {
    const text = await page.locator('[data-kpi="requests"] .v').textContent()
    return Number(text?.replace(/k$/, '')) || 0
  }

  it('refuses the API without a token but serves the page', async () => {
    expect((await fetch(`${demo.url}api/health`)).status).toBe(401)
    expect((await fetch(demo.url)).status).toBe(200)
  })

  it('takes the token from the URL fragment and drops it from the address bar', async () => {
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    let dialogs = 0
    page.on('dialog', (d) => {
      dialogs++
      void d.dismiss()
    })
    await page.goto(`${demo.url}?range=all#token=${READ}`)
    await waitLoaded(page)
    expect(await requestsShown(page)).toBeGreaterThan(0)
    expect(page.url()).not.toContain('token=')
    expect(dialogs).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('asks once for a token after a 401 and then loads', async () => {
    const page = await browser.newPage()
    let dialogs = 0
    page.on('dialog', (d) => {
      dialogs++
      void d.accept(READ)
    })
    await page.goto(`${demo.url}?range=all`)
    await waitLoaded(page)
    await expect.poll(() => requestsShown(page), { timeout: 30_000 }).toBeGreaterThan(0)
    expect(dialogs).toBe(1)
    await page.close()
  })

  it('sends the early first wave of a window in the URL with the token, or asks once without one', async () => {
    const health = (await (
      await fetch(`${demo.url}api/health`, { headers: { authorization: `Bearer ${READ}` } })
    ).json()) as { extent: { start_ms: number; end_ms: number } }
    const view = `${demo.url}?from=${health.extent.start_ms}&to=${health.extent.end_ms}`

    const withToken = await browser.newPage()
    const refused: string[] = []
    withToken.on('response', (r) => {
      if (r.status() === 401) {
        refused.push(new URL(r.url()).pathname)
      }
    })
    let dialogs = 0
    withToken.on('dialog', (d) => {
      dialogs++
      void d.dismiss()
    })
    await withToken.goto(`${view}#token=${READ}`)
    await waitLoaded(withToken)
    expect(await requestsShown(withToken)).toBeGreaterThan(0)
    // The entry script's requests went with the token taken from the fragment.
    expect(refused).toEqual([])
    expect(dialogs).toBe(0)
    await withToken.close()

    const without = await browser.newPage()
    dialogs = 0
    without.on('dialog', (d) => {
      dialogs++
      void d.accept(READ)
    })
    await without.goto(view)
    await waitLoaded(without)
    await expect.poll(() => requestsShown(without), { timeout: 30_000 }).toBeGreaterThan(0)
    expect(dialogs).toBe(1)
    await without.close()
  })
})
