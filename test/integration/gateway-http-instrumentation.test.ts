/**
 * A Node HTTP gateway instrumented by the stock OpenTelemetry JS HTTP instrumentation (its SERVER
 * and CLIENT spans, `http.*`/`url.*`/`server.*` attributes, no GenAI attributes), forwarding to
 * the mock server, which exports vLLM-shaped `llm_request` spans joined through `traceparent`.
 * Both export OTLP to a real Tokenline ingest server on a loopback port.
 *
 * ```
 * fetch (no spans) → gateway  |POST (SERVER) ·······································|
 *                               |POST (CLIENT) → 127.0.0.1:<mock> ···················|
 *                                   |llm_request (mock engine) fe|queue|prefill|decode|
 * ```
 */
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import type * as NodeHttp from 'node:http'
import { serve, type ServerType } from '@hono/node-server'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { registerInstrumentations } from '@opentelemetry/instrumentation'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAGE_NAMES } from '../../src/core/model/request.js'
import type { RunningMockServer } from '../../src/mock-server/server.js'
import { createApp } from '../../src/server/app.js'
import { createOtlpApp } from '../../src/server/otlp-app.js'
import { startTestMockServer } from '../../src/mock-server/testing/test-mock-server.js'
import { makeDeps, type TestDeps } from '../../src/server/testing/test-deps.js'

const FIXED_TTFT_MS = 120
const ITL_MS = 5
const OUTPUT_TOKENS = 12
const CALLS = 5

let deps: TestDeps
let ingestServer: ServerType
let mock: RunningMockServer
let gateway: NodeHttp.Server
let gatewayPort = 0
let provider: NodeTracerProvider
let disableInstrumentation: () => void

beforeAll(async () => {
  deps = makeDeps()
  ingestServer = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: createOtlpApp(deps).fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s)
    )
  })
  const ingestUrl = `http://127.0.0.1:${(ingestServer.address() as AddressInfo).port}`

  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': 'api-gateway',
      'service.instance.id': 'api-gateway-0',
    }),
    spanProcessors: [
      new SimpleSpanProcessor(new OTLPTraceExporter({ url: `${ingestUrl}/v1/traces` })),
    ],
  })
  provider.register()
  // Only the gateway's own traffic is traced: the ingest server and the mock server share this
  // process (and so the patched http module) but are other services.
  disableInstrumentation = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => req.socket.localPort !== gatewayPort,
        ignoreOutgoingRequestHook: (opts) => String(opts.path ?? '').startsWith('/v1/traces'),
      }),
    ],
  })
  // The instrumentation patches modules as they are required (as in a CommonJS gateway).
  const http = createRequire(import.meta.url)('node:http') as typeof NodeHttp

  mock = await startTestMockServer({
    defaultOutputTokens: OUTPUT_TOKENS,
    fixed: { ttftMs: FIXED_TTFT_MS, itlMs: ITL_MS },
    otlpEndpoint: ingestUrl,
    instanceId: 'vllm-mock-0',
  })
  const upstream = new URL(mock.url)
  gateway = http.createServer((req, res) => {
    const body: Buffer[] = []
    req.on('data', (c: Buffer) => body.push(c))
    req.on('end', () => {
      const call = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: { 'content-type': 'application/json' },
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers)
          up.pipe(res)
        }
      )
      call.on('error', () => res.destroy())
      call.end(Buffer.concat(body))
    })
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  gatewayPort = (gateway.address() as AddressInfo).port
}, 30_000)

afterAll(async () => {
  disableInstrumentation?.()
  gateway?.closeAllConnections()
  await new Promise<void>((resolve) => (gateway ? gateway.close(() => resolve()) : resolve()))
  await mock?.close()
  await provider?.shutdown()
  await new Promise<void>((resolve) =>
    ingestServer ? ingestServer.close(() => resolve()) : resolve()
  )
  await deps?.ingest.close()
}, 30_000)

async function chat(): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${gatewayPort}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
  })
  expect(res.status).toBe(200)
  await res.text()
}

describe('a gateway traced by the OTel JS HTTP instrumentation in front of the mock engine', () => {
  it('joins its spans to the engine through traceparent: gateway stages, TTFT from the entry', async () => {
    for (let i = 0; i < CALLS; i++) {
      await chat()
    }
    await provider.forceFlush()
    // Closing the mock flushes its engine spans.
    await mock.close()
    await deps.ingest.flush()

    const app = createApp(deps)
    const list = (await (await app.request('/api/requests?window=all&limit=50')).json()) as {
      total: number
      rows: Record<string, unknown>[]
    }
    expect(list.total).toBe(CALLS)
    for (const row of list.rows) {
      const r = await deps.store.getRequest(row['trace_id'] as string)
      expect(r).not.toBeNull()
      if (r === null) {
        continue
      }
      expect(r).toMatchObject({
        hasGateway: true,
        hasEngine: true,
        hasClient: false,
        ttftSource: 'gateway',
        outputTokens: OUTPUT_TOKENS,
        dims: {
          replica: 'vllm-mock-0',
          gateway: 'api-gateway-0',
          route: '/v1/chat/completions',
        },
      })
      // From the entry: the engine's fixed first-token time plus the gateway's own time before
      // the engine (a loaded machine stretches that, so only its order is asserted).
      expect(r.ttftUs).toBeGreaterThanOrEqual(FIXED_TTFT_MS * 1000)
      expect(r.ttftUs).toBeLessThan((r.e2eUs ?? 0) + 1)
      expect(r.stages['gateway.upstream']).not.toBeNull()
      expect(r.stages['gateway.unattributed']).not.toBeNull()
      expect(r.stages['engine.decode']).toBeGreaterThan(0)
      let sum = 0
      for (const s of STAGE_NAMES) {
        sum += r.stages[s] ?? 0
      }
      // The mock engine runs in the gateway's process, on one clock: nothing is clamped.
      expect(Math.abs(sum - (r.e2eUs ?? 0))).toBeLessThan(1000)
      expect(r.tpotUs).not.toBeNull()
    }

    const detail = (await (
      await app.request(`/api/requests/${String(list.rows[0]?.['trace_id'])}`)
    ).json()) as { request: Record<string, unknown>; spans: { kind: number; attributes: object }[] }
    expect(detail.request).toMatchObject({
      ttft_source: 'gateway',
      has_client: false,
      has_gateway: true,
      tpot_estimate_ms: null,
    })
    // The stock instrumentation's own spans, as stored: SERVER and CLIENT with HTTP semconv.
    expect(detail.spans.filter((s) => s.kind === 2 || s.kind === 3).length).toBeGreaterThanOrEqual(
      3
    )
    expect(detail.spans.some((s) => s.kind === 3 && 'server.address' in s.attributes)).toBe(true)

    const dims = (await (await app.request('/api/dimensions')).json()) as {
      dimensions: Record<string, { value: string; count: number }[]>
    }
    expect(dims.dimensions['replica']).toEqual([{ value: 'vllm-mock-0', count: CALLS }])
    expect(dims.dimensions['gateway']).toEqual([{ value: 'api-gateway-0', count: CALLS }])
  }, 60_000)
})
