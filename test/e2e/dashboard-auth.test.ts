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
})
