/**
 * The dashboard over requests that lack a signal: a gateway that logs no first chunk gives every
 * request an E2E and no TTFT. The panels about TTFT (the default view) must say what is missing,
 * not draw an empty-but-normal chart, claim there are no requests, or call the slow requests
 * "spread evenly" (CONTRACT §4: unknown is "–", never 0).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestRng,
  makeTimeline,
  T0_US,
} from '../../src/core/diagnosis/testing/make-timeline.js'
import type { MetricSample } from '../../src/core/model/metric.js'
import type { Micros } from '../../src/core/model/units.js'
import type { RunningServer } from '../../src/server/main.js'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import { buildDashboard, serveDashboardFile } from '../../src/testing/dashboard-harness.js'

const REQUESTS = 600
const WINDOW_MS = 10 * 60_000

describe('dashboard over requests without a first-token time', () => {
  let dir: string
  let server: RunningServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    buildDashboard()
    dir = mkdtempSync(join(tmpdir(), 'tl-partial-'))
    const path = join(dir, 'partial.duckdb')
    const store = await createDuckDbStore({ path })
    const rng = createTestRng(3)
    await store.upsertRequests(
      Array.from({ length: REQUESTS }, (_, i) =>
        makeTimeline({
          startUs: T0_US + Math.floor((i / REQUESTS) * WINDOW_MS * 1000),
          dims: { replica: `r${i % 4}`, tenant: `t${i % 3}` },
          stagesMs: { 'gateway.upstream': 500 + 1000 * rng() },
          ttftMs: null,
          tpotMs: null,
        })
      )
    )
    // Engine metrics without the prefix-cache counters (an engine started without prefix
    // caching, or a scrape that drops them): the other engine panels draw, and the
    // preemptions · prefix hit % panel has one of its two lines.
    const samples: MetricSample[] = []
    for (let t = 0; t <= WINDOW_MS; t += 15_000) {
      for (let r = 0; r < 4; r++) {
        const labels = { pod: `r${r}` }
        const timeUs = (T0_US + t * 1000) as Micros
        samples.push(
          { name: 'vllm:num_preemptions_total', labels, timeUs, value: Math.floor(t / 120_000) },
          { name: 'vllm:num_requests_running', labels, timeUs, value: 3 + (r % 2) },
          { name: 'vllm:num_requests_waiting', labels, timeUs, value: 0 },
          { name: 'vllm:kv_cache_usage_perc', labels, timeUs, value: 0.2 + 0.05 * r }
        )
      }
    }
    await store.insertMetricSamples(samples)
    await store.close()
    ;({ server, browser, page } = await serveDashboardFile(path))
  }, 300_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('says the first-token time is missing on the TTFT panels, and shows no 0', async () => {
    const fromMs = T0_US / 1000
    await page.goto(`${server.apiUrl}/?from=${fromMs}&to=${fromMs + WINDOW_MS}`)
    await page.waitForSelector('#app[data-loaded="true"]', { state: 'attached', timeout: 180_000 })
    const text = async (selector: string) => (await page.locator(selector).innerText()).trim()

    const missing = 'no request in this window has a first-token time'
    // The heatmap of TTFT: the requests are there, their TTFT is not.
    const heatmap = await text('[data-panel="heatmap"]')
    expect(heatmap).toContain(missing)
    expect(heatmap).not.toContain('no requests in this window')
    // Concentration: no TTFT, so no slow cohort to be spread evenly or not.
    const concentration = await text('[data-panel="concentration"]')
    expect(concentration).toContain(missing)
    expect(concentration).not.toContain('spread evenly')
    // The latency panel and the KPIs already said so; kept.
    expect(await text('[data-panel="ttft"]')).toContain(missing)
    expect(await text('[data-kpi="ttft-p99"] .v')).toBe('–')
    expect(await text('[data-kpi="requests"] .v')).toBe(String(REQUESTS))
    // E2E is known (true figures stay): its P99 is the gateway's upstream time, over a second.
    expect(await text('[data-kpi="e2e-p99"] .v')).toMatch(/^1\.\d+ s$/)
  }, 400_000)

  it('says which series the preemptions · prefix hit % panel lacks, and draws the other line', async () => {
    const cache = page.locator('[data-panel="cache"]')
    await page.waitForSelector('[data-panel="cache"]:not([data-state="loading"])', {
      timeout: 120_000,
    })
    expect(await cache.getAttribute('data-state')).toBe('ready')
    const note = (await cache.locator('[data-missing="prefix hit %"]').innerText()).trim()
    expect(note).toContain('vllm:prefix_cache_hits_total')
    expect(note).toContain('vllm:prefix_cache_queries_total')
    // The line it has still draws, and no panel whose series are all there names a missing one.
    expect(await cache.locator('canvas').count()).toBeGreaterThan(0)
    expect(await page.locator('[data-panel="kv"] .missing-note').count()).toBe(0)
    expect(await page.locator('[data-panel="queue"] .missing-note').count()).toBe(0)
  }, 200_000)
})
