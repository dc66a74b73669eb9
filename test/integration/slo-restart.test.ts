/**
 * Alert states and samples live in the server's store (a DuckDB file, or ClickHouse through the
 * optional chdb package): closing the server and starting it again on the same store keeps them,
 * and the evaluator resumes without paging again.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/resolve.js'
import { createSilentLogger } from '../../src/core/logger.js'
import type { Micros } from '../../src/core/model/units.js'
import { MINUTE_US } from '../../src/core/slo/types.js'
import { startServer, type RunningServer } from '../../src/server/main.js'
import { isChdbAvailable } from '../../src/storage/clickhouse/chdb-executor.js'
import { makeSpan } from '../../src/core/model/testing/builders.js'
import { minuteOfRequests } from '../../src/core/slo/testing/slo-requests.js'

const T0 = Date.UTC(2025, 0, 6, 12, 0, 0) * 1000
let dir = ''

type Kind = 'duckdb' | 'clickhouse'

function configFor(kind: Kind, path: string) {
  const store =
    kind === 'duckdb'
      ? { store: { kind: 'duckdb', path } }
      : {
          store: { kind: 'clickhouse' },
          // The test writes requests itself; no assembler pass should rewrite them.
          clickhouse: { url: `chdb://${path}`, database: 'slo', assemble: false },
        }
  return resolveConfig({
    file: {
      server: { host: '127.0.0.1', apiPort: 0, otlpPort: 0, otlpGrpcPort: 0 },
      ...store,
      log: { level: 'silent' },
      slo: {
        tiers: [{ name: 'chat', match: { model: 'llama' }, objectives: ['ttft p99 < 800ms'] }],
        samples: { slowestPerMinute: 1, baselinePerMinute: 1, resourceWindow: '1m' },
        evaluation: { settle: '10s' },
      },
      alerts: {
        rules: [
          {
            name: 'chat-ttft',
            tier: 'chat',
            objective: 'ttft_p99',
            window: '1m',
            for: '1m',
            resolveFor: '3m',
          },
        ],
      },
    },
  }).config
}

async function getJson(base: string, path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${path}`)
  expect(res.status, path).toBe(200)
  return (await res.json()) as Record<string, unknown>
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tokenline-slo-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const kinds: Kind[] = (await isChdbAvailable()) ? ['duckdb', 'clickhouse'] : ['duckdb']

describe.each(kinds)('a server restart on the same %s store', (kind) => {
  it('keeps alert states, history and samples, and does not page again', async () => {
    const path = join(dir, kind === 'duckdb' ? 'slo.duckdb' : 'chdb')
    const clock = { ms: T0 / 1000 }
    const dims = { model: 'llama', replica: 'pod-a', node: 'node-1' }
    let server: RunningServer = await startServer(configFor(kind, path), createSilentLogger(), {
      sloNow: () => clock.ms,
    })
    try {
      // Minutes 0–1 healthy, 2–5 with 10 % slow TTFT, then healthy again.
      const requests = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((m) =>
        minuteOfRequests(T0 + m * MINUTE_US, 50, m >= 2 && m <= 5 ? 5 : 0, { dims })
      )
      await server.store.upsertRequests(requests)
      const slowOne = requests.find((r) => (r.ttftUs ?? 0) > 800_000)
      await server.store.insertSpans([
        makeSpan({
          traceId: slowOne?.traceId ?? '',
          startUs: slowOne?.startUs as Micros,
          name: 'llm_request',
        }),
      ])
      await server.store.insertMetricSamples(
        [0, 1, 2, 3, 4, 5, 6].map((m) => ({
          name: 'vllm:num_requests_waiting',
          labels: { pod: 'pod-a', node: 'node-1' },
          timeUs: (T0 + m * MINUTE_US) as Micros,
          value: m,
        }))
      )
      for (let m = 1; m <= 5; m++) {
        clock.ms = (T0 + m * MINUTE_US) / 1000 + 15_000
        await server.slo.tick()
      }
      const alerts = await getJson(server.apiUrl, '/api/alerts')
      expect((alerts['alerts'] as { rule: string; state: string }[])[0]).toMatchObject({
        rule: 'chat-ttft',
        state: 'firing',
      })
      // Let the sample keeper reach the breaching minutes (lag: settle + resource window).
      clock.ms = (T0 + 8 * MINUTE_US) / 1000 + 15_000
      await server.slo.tick()
    } finally {
      await server.close()
    }

    const before = { ms: clock.ms }
    server = await startServer(configFor(kind, path), createSilentLogger(), {
      sloNow: () => clock.ms,
    })
    try {
      const alerts = await getJson(server.apiUrl, '/api/alerts')
      const list = alerts['alerts'] as {
        rule: string
        state: string
        fire_count: number
        firing_since_ms: number
      }[]
      expect(list).toHaveLength(1)
      expect(list[0]?.fire_count).toBe(1)
      const history = alerts['history'] as { transition: string }[]
      expect(history.map((h) => h.transition)).toContain('firing')

      const samples = await getJson(
        server.apiUrl,
        '/api/samples?window=all&kind=slow&tier=chat&replica=pod-a'
      )
      const rows = samples['rows'] as {
        trace_id: string
        reasons: string[]
        span_count: number
        resource_series: number
      }[]
      expect(rows.length).toBeGreaterThan(0)
      expect(
        rows.every((r) =>
          r.reasons.some((x) => x.startsWith('breach:') || x.startsWith('slowest:'))
        )
      ).toBe(true)
      const withSpan = await getJson(
        server.apiUrl,
        `/api/samples/${rows.find((r) => r.span_count > 0)?.trace_id ?? 'none'}`
      )
      const full = (
        withSpan['samples'] as {
          spans: unknown[]
          resources: { scope: string; points: unknown[] }[]
        }[]
      )[0]
      expect(full?.spans).toHaveLength(1)
      expect(full?.resources[0]?.scope).toBe('replica')
      expect(full?.resources[0]?.points.length).toBeGreaterThan(0)
      const baseline = await getJson(server.apiUrl, '/api/samples?window=all&kind=baseline')
      expect(baseline['total']).toBeGreaterThan(0)

      // Evaluation resumes from the stored cursor: the recovery resolves, nothing fires twice.
      for (let m = 9; m <= 12; m++) {
        clock.ms = before.ms + (m - 8) * 60_000
        await server.slo.tick()
      }
      const after = await getJson(server.apiUrl, '/api/alerts')
      const states = after['alerts'] as { state: string; fire_count: number }[]
      expect(states[0]).toMatchObject({ state: 'resolved', fire_count: 1 })

      const slo = await getJson(server.apiUrl, '/api/slo?window=all')
      const tier = (
        slo['tiers'] as {
          name: string
          requests: number
          objectives: { id: string; bad: number; compliance: number }[]
        }[]
      )[0]
      expect(tier?.requests).toBe(400)
      expect(tier?.objectives[0]).toMatchObject({ id: 'ttft_p99', bad: 20, compliance: 0.5 })
      const health = await getJson(server.apiUrl, '/api/health')
      expect((health['store'] as Record<string, unknown>)['slo_samples']).toBeGreaterThan(0)
    } finally {
      await server.close()
    }
  }, 60_000)
})
