/**
 * The page of an absolute window comes with its first wave's answers (ADR 0381): the server's
 * list of them is the page's own list for the same view (web/src/panels/first-wave.ts), so the
 * page finds every one; any other view is served without answers; and each answer is what the
 * route gives at that moment, a write before the page is asked included.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTimeline, T0_US } from '../../src/core/diagnosis/testing/make-timeline.js'
import { createApp } from '../../src/server/app.js'
import { firstLookUrls } from '../../src/server/routes/first-look.js'
import { makeDeps } from '../../src/server/testing/test-deps.js'

/**
 * The page's own list of its first wave for the view of `search`, as its entry script builds it.
 * Imported by a computed path and typed here: the project's type check runs without the DOM's
 * types, which the page's modules use; vitest runs them as they are.
 */
const web = './../../web/src/'
const [wave, timeRange, url] = (await Promise.all([
  import(`${web}panels/first-wave.js`),
  import(`${web}model/time-range.js`),
  import(`${web}pages/dashboard/url.js`),
])) as [
  { firstWaveUrls: (ctx: { state: unknown; range: unknown; stepMs: number }) => string[] },
  {
    resolveRange: (spec: unknown, extent: null, nowMs: number) => unknown
    chooseStepMs: (range: unknown) => number
  },
  { parseViewState: (search: string) => { range: unknown } },
]
function pageUrls(search: string): string[] {
  const state = url.parseViewState(search)
  const range = timeRange.resolveRange(state.range, null, 0)
  return wave.firstWaveUrls({ state, range, stepMs: timeRange.chooseStepMs(range) })
}

describe('the first look served with its answers', () => {
  it("lists the page's own first wave for a window given by from and to", () => {
    const fromMs = T0_US / 1000
    for (const lengthMs of [500, 60_000, 15 * 60_000, 3_600_000, 6 * 3_600_000, 7 * 86_400_000]) {
      const search = `?from=${fromMs}&to=${fromMs + lengthMs}`
      expect(firstLookUrls(new URLSearchParams(search))).toEqual(pageUrls(search))
    }
  })

  it('serves any other view without answers', () => {
    const fromMs = T0_US / 1000
    for (const search of [
      '',
      '?range=1h',
      `?from=${fromMs}&to=${fromMs + 60_000}&tenant=t1`,
      `?from=${fromMs}&to=${fromMs + 60_000}&measure=e2e`,
      `?from=${fromMs}.5&to=${fromMs + 60_000}`,
      `?from=${fromMs + 60_000}&to=${fromMs}`,
    ]) {
      expect(firstLookUrls(new URLSearchParams(search))).toBeNull()
    }
  })

  describe('over HTTP', () => {
    let dir: string
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'tl-first-look-'))
      mkdirSync(join(dir, 'assets'))
      writeFileSync(
        join(dir, 'index.html'),
        '<!doctype html><html><head><script type="module" crossorigin src="/assets/i.js"></script></head><body><div id="app"></div></body></html>'
      )
    })
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    it('writes each answer as the route gives it now, after a write too', async () => {
      const deps = makeDeps()
      const store = deps.store
      const app = createApp({ ...deps, webRoot: dir })
      const fromMs = T0_US / 1000
      const search = `?from=${fromMs}&to=${fromMs + 3_600_000}`
      const samples = pageUrls(search).find((u) => u.startsWith('/api/requests')) ?? ''
      const read = async (): Promise<{ page: string; answer: unknown }> => {
        const res = await app.request(`/${search}`, { headers: { 'accept-encoding': 'gzip' } })
        // Streamed as it is written, uncompressed (src/server/routes/first-look.ts).
        expect(res.headers.get('content-encoding')).toBeNull()
        expect(res.status).toBe(200)
        expect(res.headers.get('cache-control')).toBe('no-store')
        const page = await res.text()
        const direct: unknown = await (await app.request(samples)).json()
        return { page, answer: direct }
      }
      const answerIn = (page: string, url: string): unknown => {
        const attr = url.replace(/&/g, '&amp;')
        const m = new RegExp(
          `<script type="application/json" data-answer-for="${attr.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" data-status="200">(.*?)</script>\\n`
        ).exec(page)
        return m === null ? undefined : JSON.parse(m[1] as string)
      }

      const before = await read()
      for (const url of pageUrls(search)) {
        expect(before.page).toContain(
          `<meta name="tokenline-answer" content="${url.replace(/&/g, '&amp;')}" />`
        )
        expect(answerIn(before.page, url)).not.toBeUndefined()
      }
      expect(before.page).toContain('<script type="module" async crossorigin')
      expect(answerIn(before.page, samples)).toEqual({ total: 0, rows: [] })

      await store.upsertRequests([
        makeTimeline({
          startUs: T0_US + 60_000_000,
          dims: { replica: 'r0' },
          stagesMs: { network: 5, 'engine.queue': 5, 'engine.prefill': 30, 'engine.decode': 500 },
          tpotMs: 5,
          inputTokens: 100,
          outputTokens: 50,
        }),
      ])
      const after = await read()
      const served = answerIn(after.page, samples) as { total: number }
      expect(served.total).toBe(1)
      expect(served).toEqual(after.answer)
    })
  })
})
