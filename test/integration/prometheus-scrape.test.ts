/**
 * A real Prometheus (the Debian `prometheus` package) scrapes a running server's `/metrics` on
 * loopback: the scrape succeeds, the derived series arrive, and the exemplars of the OpenMetrics
 * answer are stored with the request's trace id (`--enable-feature=exemplar-storage`).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { stringify as stringifyYaml } from 'yaml'
import { DEFAULTS } from '../../src/config/defaults.js'
import type { ResolvedConfig } from '../../src/config/schema.js'
import { createSilentLogger } from '../../src/core/logger.js'
import { asMicros } from '../../src/core/model/units.js'
import { startServer, type RunningServer } from '../../src/server/main.js'
import { makeVllmTrace } from '../../src/core/model/testing/builders.js'

const PROMETHEUS = '/usr/bin/prometheus'
const dir = mkdtempSync(join(tmpdir(), 'tokenline-prometheus-'))
let server: RunningServer | null = null
let prometheus: ChildProcess | null = null

afterAll(async () => {
  prometheus?.kill('SIGTERM')
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  return typeof address === 'object' && address !== null ? address.port : 0
}

async function query(base: string, path: string): Promise<unknown> {
  try {
    const res = await fetch(`${base}${path}`)
    return res.ok ? await res.json() : null
  } catch {
    return null
  }
}

/** Polls until `check` returns a value (Prometheus needs a few scrapes), or fails after 30 s. */
async function eventually<T>(check: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const value = await check()
    if (value !== null) {
      return value
    }
    if (Date.now() > deadline) {
      throw new Error('Prometheus did not get there within 30 s')
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}

type Vector = { data: { result: { metric: Record<string, string>; value: [number, string] }[] } }

describe.skipIf(!existsSync(PROMETHEUS))(
  'a real Prometheus scraping /metrics (skipped where the prometheus package is absent)',
  () => {
    it('stores the derived series and their trace-id exemplars', async () => {
      const config: ResolvedConfig = {
        ...DEFAULTS,
        server: { ...DEFAULTS.server, apiPort: 0, otlpPort: 0, otlpGrpcPort: -1 },
        store: { ...DEFAULTS.store, kind: 'memory', path: ':memory:' },
        log: { level: 'silent' },
      }
      server = await startServer(config, createSilentLogger())
      const nowUs = Date.now() * 1000
      const trace = makeVllmTrace({ startUs: asMicros(nowUs - 60_000_000) })
      await server.ingest.submitSpans(trace)
      await server.ingest.flush()
      const traceId = trace[0]?.traceId ?? ''

      const port = await freePort()
      const target = new URL(server.apiUrl).host
      writeFileSync(
        join(dir, 'prometheus.yml'),
        stringifyYaml({
          global: { scrape_interval: '1s', scrape_timeout: '1s' },
          scrape_configs: [{ job_name: 'tokenline', static_configs: [{ targets: [target] }] }],
        })
      )
      prometheus = spawn(
        PROMETHEUS,
        [
          `--config.file=${join(dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${join(dir, 'data')}`,
          `--web.listen-address=127.0.0.1:${port}`,
          '--enable-feature=exemplar-storage',
        ],
        { stdio: 'ignore' }
      )
      const base = `http://127.0.0.1:${port}`

      const up = await eventually(async () => {
        const r = (await query(base, '/api/v1/query?query=up%7Bjob%3D%22tokenline%22%7D')) as Vector
        const v = r?.data.result[0]?.value[1]
        return v === undefined ? null : v
      })
      expect(up).toBe('1')
      const requests = (await query(
        base,
        '/api/v1/query?query=sum(tokenline_requests_total)'
      )) as Vector
      expect(requests.data.result[0]?.value[1]).toBe('1')

      const exemplars = await eventually(async () => {
        const start = Math.floor(Date.now() / 1000) - 600
        const end = Math.ceil(Date.now() / 1000) + 60
        const r = (await query(
          base,
          `/api/v1/query_exemplars?query=tokenline_request_e2e_seconds_bucket&start=${start}&end=${end}`
        )) as { data: { exemplars: { labels: Record<string, string> }[] }[] } | null
        const found = r?.data.flatMap((s) => s.exemplars) ?? []
        return found.length === 0 ? null : found
      })
      expect(exemplars.map((e) => e.labels['trace_id'])).toContain(traceId)
    }, 60_000)
  }
)
