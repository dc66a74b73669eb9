/**
 * A client that gives up before its answer (an exporter's 10 s timeout, here an abort) is
 * counted by the OTLP/HTTP listener and logged as a rate, and its batch, committed after it
 * left, is still stored once.
 */
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { describe, expect, it } from 'vitest'
import { createIngestTraffic } from '../../src/server/ingest-traffic.js'
import { createOtlpApp } from '../../src/server/otlp-app.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { holdSpanWrites, makeDeps } from '../../src/server/testing/test-deps.js'

describe('OTLP/HTTP client that gives up', () => {
  it('is counted and logged once its request ends, and its batch is stored', async () => {
    const held = holdSpanWrites(createMemoryStore())
    const deps = makeDeps({ store: held.store })
    const ingestTraffic = createIngestTraffic({
      logger: deps.logger,
      now: deps.now,
      intervalMs: 0,
    })
    const app = createOtlpApp({ ...deps, ingestTraffic })
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`
      const outcome = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(makeLlmTraceRequest(2)),
        signal: AbortSignal.timeout(300),
      }).then(
        () => 'answered',
        (err: Error) => err.name
      )
      expect(outcome).toBe('TimeoutError')
      // The server notices the closed connection; the write it waits for is then released.
      await new Promise((resolve) => setTimeout(resolve, 200))
      held.release()
      const deadline = Date.now() + 5000
      while (ingestTraffic.counters().clientsGaveUp === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(ingestTraffic.counters().clientsGaveUp).toBe(1)
      ingestTraffic.report()
      expect(deps.logger.lines.at(-1)).toMatchObject({
        level: 'warn',
        fields: { clients: 1, by_protocol: { http: 1 } },
      })
      expect((await held.store.stats()).spans).toBe(8)
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        ;(server as unknown as { closeAllConnections(): void }).closeAllConnections()
      })
      await deps.ingest.close()
    }
  })
})
