import { performance } from 'node:perf_hooks'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestMockServer } from '../../src/mock-server/testing/test-mock-server.js'
import type { RunningMockServer } from '../../src/mock-server/server.js'
import { createProbeClient } from '../../src/probe/client.js'
import { computeMeasures } from '../../src/probe/measures.js'

const BODY = JSON.stringify({
  model: 'm',
  messages: [{ role: 'user', content: 'hi' }],
  stream: true,
  max_tokens: 3,
})

const servers: RunningMockServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
})

async function mock(tls: boolean, http2: boolean): Promise<RunningMockServer> {
  const s = await startTestMockServer({
    tls,
    http2,
    defaultOutputTokens: 3,
    fixed: { ttftMs: 5, itlMs: 2 },
  })
  servers.push(s)
  return s
}

describe('warm-up before the schedule: the first measured request finds its connection open', () => {
  it.each([
    { name: 'HTTP/1.1', tls: false, http2: false },
    { name: 'HTTPS', tls: true, http2: false },
    { name: 'h2 over TLS', tls: true, http2: true },
  ])('$name', async ({ tls, http2 }) => {
    const s = await mock(tls, http2)
    const options = {
      url: new URL(`${s.url}/v1/chat/completions`),
      http2,
      insecure: true,
      timeoutMs: 10_000,
      connectTimeoutMs: 5000,
    }
    const cold = createProbeClient(options)
    const first = await cold.send({ body: BODY, scheduledAtMs: performance.now() })
    cold.close()
    expect(first.error).toBeNull()
    expect(first.connectionReused).toBe(false)
    expect(computeMeasures(first).connectMs).toBeGreaterThan(0)

    const warm = createProbeClient(options)
    await warm.warmUp?.()
    const r = await warm.send({ body: BODY, scheduledAtMs: performance.now() })
    warm.close()
    expect(r.error).toBeNull()
    expect(r.connectionReused).toBe(true)
    const x = computeMeasures(r)
    expect([x.connectMs, x.tlsMs]).toEqual([0, 0])
    if (tls) {
      expect(r.tls?.version).toBe('TLSv1.3')
    }
  })

  it('gives up quietly when nothing listens, so the run reports the refusals itself', async () => {
    const client = createProbeClient({
      url: new URL('http://127.0.0.1:1/v1/chat/completions'),
      timeoutMs: 2000,
      connectTimeoutMs: 1000,
    })
    await expect(client.warmUp?.()).resolves.toBeUndefined()
    const r = await client.send({ body: BODY, scheduledAtMs: performance.now() })
    client.close()
    expect(r.error).toBe('connect_refused')
  })
})
