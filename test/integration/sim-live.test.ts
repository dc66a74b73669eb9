import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createSilentLogger } from '../../src/core/logger.js'
import { simulateLive } from '../../src/sim/node/live.js'

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => resolve(body))
  })
}

describe('simulateLive', () => {
  it('posts OTLP/JSON traces and events, serves /metrics, and sends only past timestamps', async () => {
    const posts: { url: string; body: string; type: string }[] = []
    const server = createServer(async (req, res) => {
      posts.push({
        url: req.url ?? '',
        body: await readBody(req),
        type: String(req.headers['content-type']),
      })
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    let scraped = ''
    const started = Date.now()
    try {
      const summary = await simulateLive({
        scenario: 'replica-cold-start',
        seed: 3,
        durationMs: 120_000,
        speed: 100,
        otlpUrl: base,
        apiUrl: base,
        scrapePort: 0,
        logger: createSilentLogger(),
        now: () => Date.now(),
        sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
        onScrapeListening: (url) => {
          // Poll until the first scrape has been published (the run lasts ≈ 1.2 s).
          const poll = async (): Promise<void> => {
            try {
              scraped = await (await fetch(url)).text()
            } catch {
              return // the run ended and closed the endpoint
            }
            if (scraped === '') {
              setTimeout(() => void poll(), 50)
            }
          }
          setTimeout(() => void poll(), 100)
        },
      })
      expect(summary.failedPosts).toBe(0)
      expect(summary.requests).toBeGreaterThan(50)
    } finally {
      await new Promise<void>((r) => server.close(() => r()))
    }
    const traces = posts.filter((p) => p.url === '/v1/traces')
    expect(traces.length).toBeGreaterThan(0)
    expect(traces[0]!.type).toBe('application/json')
    const body = JSON.parse(traces[0]!.body) as {
      resourceSpans: { scopeSpans: { spans: { endTimeUnixNano: string }[] }[] }[]
    }
    const ends = body.resourceSpans.flatMap((r) =>
      r.scopeSpans.flatMap((s) =>
        s.spans.map((x) => Number(BigInt(x.endTimeUnixNano) / 1_000_000n))
      )
    )
    expect(Math.max(...ends)).toBeLessThanOrEqual(Date.now())
    expect(Math.min(...ends)).toBeGreaterThan(started - 130_000)
    expect(scraped).toContain('# TYPE vllm:num_requests_running gauge')
    expect(scraped).toMatch(/vllm:kv_cache_usage_perc\{[^}]*pod="[^"]+"/)
  })
  it('re-sends a batch the server answered 429 + Retry-After, instead of dropping it', async () => {
    const traceBodies: string[] = []
    let refused = 0
    const server = createServer(async (req, res) => {
      const body = await readBody(req)
      if (req.url === '/v1/traces') {
        traceBodies.push(body)
        if (refused < 2) {
          refused++
          res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' })
          res.end('{"message":"busy"}')
          return
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const summary = await simulateLive({
        scenario: 'replica-cold-start',
        seed: 3,
        durationMs: 60_000,
        speed: 200,
        otlpUrl: base,
        logger: createSilentLogger(),
        now: () => Date.now(),
        sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      })
      expect(refused).toBe(2)
      expect(summary.failedPosts).toBe(0)
      expect(traceBodies[1]).toBe(traceBodies[0])
      expect(traceBodies[2]).toBe(traceBodies[0])
      expect(summary.postedBatches).toBe(traceBodies.length - 2)
    } finally {
      await new Promise<void>((r) => server.close(() => r()))
    }
  })
})
