import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSilentLogger, type Logger } from '../../core/logger.js'
import { modelsByReplica } from '../../core/metrics/aliases.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import { createTestSink } from '../testing/sinks.js'
import { parseTargetUrl as parseTarget } from './target.js'
import { createScraper, SCRAPE_ACCEPT } from './scraper.js'

const VLLM = readFileSync(
  resolve(import.meta.dirname, '../../../test/fixtures/metrics/vllm-metrics-datadog-fixture.prom')
)

const REAL_VLLM = readFileSync(
  resolve(import.meta.dirname, '../../../test/fixtures/real-vllm/vllm-metrics-after-load.txt')
)

let server: Server
let base: string
let lastHeaders: IncomingHttpHeaders = {}

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers
    if (req.url === '/metrics') {
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' })
      res.end(VLLM)
    } else if (req.url === '/real-vllm/metrics') {
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' })
      res.end(REAL_VLLM)
    } else if (req.url === '/ahead/metrics') {
      // A target whose clock runs ahead: one sample an hour and a minute past the scrape, one
      // ten minutes past it (1_718_140_500_000 is the tests' clock).
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' })
      res.end('ahead_total 1 1718144160000\nnear_total 2 1718141100000\n')
    } else if (req.url === '/slow/metrics') {
      setTimeout(() => res.end('late 1\n'), 2000).unref()
    } else {
      res.writeHead(500)
      res.end('boom')
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((r) => server.close(r))
})

describe('createScraper against a local HTTP server', () => {
  it('scrapes, labels with instance and job, and records up=1', async () => {
    const store = createMemoryStore()
    const scraper = createScraper({
      targets: [`http://${base}/metrics`],
      intervalMs: 60_000,
      sink: createTestSink(store),
      logger: createSilentLogger(),
      now: () => 1_718_140_500_000,
      autoStart: false,
      job: 'vllm',
    })
    const [outcome] = await scraper.scrapeOnce()
    expect(outcome).toMatchObject({ up: true, samples: 185, rejected: 0, error: null })
    expect(lastHeaders.accept).toBe(SCRAPE_ACCEPT)
    const running = await store.querySeries({ name: 'vllm:num_requests_running' })
    expect(running).toEqual([
      {
        name: 'vllm:num_requests_running',
        labels: { model_name: 'facebook/opt-125m', instance: base, job: 'vllm' },
        points: [{ timeUs: 1_718_140_500_000_000, value: 0 }],
      },
    ])
    const up = await store.querySeries({ name: 'up' })
    expect(up[0]?.points[0]?.value).toBe(1)
    expect((await store.listMetrics()).some((f) => f.name === 'vllm:num_preemptions_total')).toBe(
      true
    )
    await scraper.stop()
  })

  it('labels a named target with its replica and labels, and reads its model from the metrics', async () => {
    const store = createMemoryStore()
    const scraper = createScraper({
      targets: [
        `vllm-0=http://${base}/real-vllm/metrics node=gpu-3`,
        { url: `http://${base}/real-vllm/metrics`, replica: 'vllm-1', labels: { zone: 'eu-1' } },
      ],
      intervalMs: 60_000,
      sink: createTestSink(store),
      logger: createSilentLogger(),
      now: () => 1_796_100_000_000,
      autoStart: false,
    })
    const outcomes = await scraper.scrapeOnce()
    expect(outcomes.map((o) => [o.replica, o.models, o.up, o.samples])).toEqual([
      ['vllm-0', ['tiny-llama'], true, 375],
      ['vllm-1', ['tiny-llama'], true, 375],
    ])
    const running = await store.querySeries({ name: 'vllm:num_requests_running' })
    expect(running.map((s) => s.labels).sort((a, b) => (a.replica! < b.replica! ? -1 : 1))).toEqual(
      [
        {
          engine: '0',
          model_name: 'tiny-llama',
          replica: 'vllm-0',
          node: 'gpu-3',
          instance: base,
          job: 'tokenline',
        },
        {
          engine: '0',
          model_name: 'tiny-llama',
          replica: 'vllm-1',
          zone: 'eu-1',
          instance: base,
          job: 'tokenline',
        },
      ]
    )
    const up = await store.querySeries({ name: 'up' })
    expect(up.map((s) => s.labels.replica).sort()).toEqual(['vllm-0', 'vllm-1'])
    expect(modelsByReplica(running)).toEqual(
      new Map([
        ['vllm-0', ['tiny-llama']],
        ['vllm-1', ['tiny-llama']],
      ])
    )
    await scraper.stop()
  })

  it('rejects a sample whose own timestamp lies past the clock plus the future skew, keeping the rest', async () => {
    const store = createMemoryStore()
    const scraper = createScraper({
      targets: [`http://${base}/ahead/metrics`],
      intervalMs: 60_000,
      sink: createTestSink(store),
      logger: createSilentLogger(),
      now: () => 1_718_140_500_000,
      autoStart: false,
      maxFutureSkewMs: 3_600_000,
    })
    const [outcome] = await scraper.scrapeOnce()
    expect(outcome).toMatchObject({ up: true, rejected: 1, error: null })
    expect(await store.querySeries({ name: 'ahead_total' })).toEqual([])
    const near = await store.querySeries({ name: 'near_total' })
    expect(near[0]?.points).toEqual([{ timeUs: 1_718_141_100_000_000, value: 2 }])
    await scraper.stop()
  })

  it('refuses a target it cannot read, naming it', () => {
    expect(() =>
      createScraper({
        targets: ['vllm-0=http://10.0.0.5:8000 node'],
        intervalMs: 60_000,
        sink: createTestSink(createMemoryStore()),
        logger: createSilentLogger(),
        now: Date.now,
        autoStart: false,
      })
    ).toThrow(/scrape target "vllm-0=http:\/\/10.0.0.5:8000 node": "node" is not label=value/)
  })

  it('records up=0 on HTTP errors, refused connections and timeouts, and keeps going', async () => {
    const store = createMemoryStore()
    const warnings: string[] = []
    const logger: Logger = { ...createSilentLogger(), warn: (m) => warnings.push(m) }
    let clock = 1_000_000
    const scraper = createScraper({
      targets: [`http://${base}/broken`, '127.0.0.1:1', `http://${base}/slow/metrics`],
      intervalMs: 60_000,
      timeoutMs: 300,
      sink: createTestSink(store),
      logger,
      now: () => (clock += 10),
      autoStart: false,
    })
    const outcomes = await scraper.scrapeOnce()
    expect(outcomes.map((o) => o.up)).toEqual([false, false, false])
    expect(outcomes[0]?.error).toBe('HTTP 500')
    expect(outcomes[2]?.error).toBe('timed out after 300 ms')
    expect(outcomes[0]?.target).toBe(`http://${base}/broken`)
    const up = await store.querySeries({ name: 'up' })
    expect(up.map((s) => [s.labels.instance, s.points[0]?.value])).toEqual(
      expect.arrayContaining([
        [base, 0],
        ['127.0.0.1:1', 0],
      ])
    )
    expect(warnings).toEqual(['scrape failed', 'scrape failed', 'scrape failed'])
    await scraper.scrapeOnce()
    // Failures are logged when a target goes down, not on every scrape.
    expect(warnings).toHaveLength(3)
    await scraper.stop()
  })

  it('scrapes on its own timer until stopped', async () => {
    const store = createMemoryStore()
    const scraper = createScraper({
      targets: [base],
      intervalMs: 50,
      sink: createTestSink(store),
      logger: createSilentLogger(),
      now: Date.now,
    })
    await new Promise((r) => setTimeout(r, 400))
    await scraper.stop()
    const up = await store.querySeries({ name: 'up' })
    const n = up[0]?.points.length ?? 0
    expect(n).toBeGreaterThanOrEqual(2)
    await new Promise((r) => setTimeout(r, 150))
    expect((await store.querySeries({ name: 'up' }))[0]?.points.length).toBe(n)
  })
})

describe('parseTarget', () => {
  it('adds scheme and /metrics, keeps explicit paths', () => {
    expect(parseTarget('10.0.0.5:8000')).toEqual({
      url: 'http://10.0.0.5:8000/metrics',
      instance: '10.0.0.5:8000',
    })
    expect(parseTarget('https://vllm.example/custom')).toEqual({
      url: 'https://vllm.example/custom',
      instance: 'vllm.example',
    })
  })
})
