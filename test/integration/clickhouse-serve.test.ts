/**
 * Tokenline-native mode: `tokenline serve --store chdb:///dir` (ClickHouse embedded through the
 * optional chdb package) takes OTLP/HTTP spans, writes them into `otel_traces` in the Collector
 * exporter's layout, assembles the requests and answers the query API from ClickHouse.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/resolve.js'
import { createSilentLogger } from '../../src/core/logger.js'
import { serverFlagsToConfig } from '../../src/cli/server-options.js'
import { startServer } from '../../src/server/main.js'
import { isChdbAvailable } from '../../src/storage/clickhouse/chdb-executor.js'
import { clickHouseSharedOf } from '../../src/storage/clickhouse/clickhouse-store.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'

const available = await isChdbAvailable()
const dir = mkdtempSync(join(tmpdir(), 'tokenline-chdb-serve-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.skipIf(!available)(
  available
    ? 'tokenline serve --store chdb://'
    : 'tokenline serve --store chdb://: skipped, the optional package chdb is not installed',
  () => {
    it('ingests OTLP into otel_traces and serves requests from ClickHouse', async () => {
      const flags = serverFlagsToConfig({
        store: `chdb://${join(dir, 'data')}`,
        port: '0',
        otlpPort: '0',
        otlpGrpcPort: '0',
      })
      const { config } = resolveConfig({
        flags: { ...flags, clickhouse: { ...flags.clickhouse, database: 'served' } },
        env: {},
      })
      expect(config.store.kind).toBe('clickhouse')
      const server = await startServer(config, createSilentLogger())
      try {
        const res = await fetch(`${server.otlpUrl}/v1/traces`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(makeLlmTraceRequest(5)),
        })
        expect(res.status).toBe(200)
        await server.ingest.flush()
        const ch = clickHouseSharedOf(server.store)
        const [row] = (await ch?.exec.rows(
          `SELECT count() AS n, uniqExact(TraceId) AS traces, any(SpanKind) AS kind
           FROM ${ch.tables.traces}`
        )) ?? [{}]
        expect(Number(row?.['n'])).toBe(20)
        expect(Number(row?.['traces'])).toBe(5)
        expect(String(row?.['kind'])).toMatch(/^SPAN_KIND_/)
        const page = await server.store.queryRequests({})
        expect(page.total).toBe(5)
        const first = page.rows[0]
        const api = await fetch(`${server.apiUrl}/api/requests/${first?.traceId ?? ''}`)
        expect(api.status).toBe(200)
        expect(JSON.stringify(await api.json())).toContain(first?.traceId ?? 'missing')
      } finally {
        await server.close()
      }
    }, 120_000)
  }
)
