/**
 * A producer whose every span is refused for clock skew is named in `/api/health`: a real
 * server (HTTP listeners, in-memory store) takes OTLP/JSON and OTLP/protobuf from producers on
 * time and hours ahead, and the health JSON names each refused producer with its offset and
 * its refused spans, next to the total it always had.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/resolve.js'
import { createSilentLogger } from '../../src/core/logger.js'
import { makeLlmRequestResourceSpans } from '../../src/core/otlp/testing/make-llm-request.js'
import { encodeTracesProtobuf } from '../../src/ingest/otlp/protobuf.js'
import { serverFlagsToConfig } from '../../src/cli/server-options.js'
import { startServer } from '../../src/server/main.js'

const HOUR_MS = 3_600_000
let server: Awaited<ReturnType<typeof startServer>>

beforeAll(async () => {
  const flags = serverFlagsToConfig({
    db: ':memory:',
    port: '0',
    otlpPort: '0',
    otlpGrpcPort: '-1',
  })
  server = await startServer(resolveConfig({ flags, env: {} }).config, createSilentLogger())
}, 60_000)
afterAll(() => server.close())

/** One request's four spans, starting `aheadMs` from now, every resource named `service`. */
function requestOf(i: number, service: string, aheadMs: number) {
  const resourceSpans = makeLlmRequestResourceSpans(i, Date.now() + aheadMs - 2000)
  for (const rs of resourceSpans as { resource: { attributes: { key: string }[] } }[]) {
    rs.resource.attributes = [
      { key: 'service.name', value: { stringValue: service } },
      ...rs.resource.attributes.filter((a) => a.key !== 'service.name'),
    ] as { key: string }[]
  }
  return { resourceSpans }
}

async function send(body: string | Uint8Array, type: string): Promise<number> {
  const res = await fetch(`${server.otlpUrl}/v1/traces`, {
    method: 'POST',
    headers: { 'content-type': type },
    body,
  })
  expect(res.status).toBe(200)
  if (type === 'application/json') {
    const reply = (await res.json()) as { partialSuccess?: { rejectedSpans?: number } }
    return Number(reply.partialSuccess?.rejectedSpans ?? 0)
  }
  await res.arrayBuffer()
  return -1
}

interface SkewJson {
  spans_rejected_future: number
  shown_beyond_ms: number
  producers: {
    service: string | null
    estimated_skew_ms: number
    seen_at_ms: number
    spans_rejected_future: number
  }[]
}

describe('/api/health clock_skew', () => {
  it('names each producer whose spans are refused, with its offset and refused count', async () => {
    const json = (i: number, service: string, ahead: number) =>
      JSON.stringify(requestOf(i, service, ahead))
    expect(await send(json(0, 'on-time', 0), 'application/json')).toBe(0)
    expect(await send(json(1, 'ahead-2h', 2 * HOUR_MS), 'application/json')).toBe(4)
    expect(await send(json(2, 'ahead-2h', 2 * HOUR_MS), 'application/json')).toBe(4)
    const proto = encodeTracesProtobuf(requestOf(3, 'ahead-3h-grpc-sdk', 3 * HOUR_MS))
    await send(proto, 'application/x-protobuf')

    const health = (await (await fetch(`${server.apiUrl}/api/health`)).json()) as {
      ingest: { clock_skew: SkewJson }
    }
    const skew = health.ingest.clock_skew
    expect(skew.spans_rejected_future).toBe(12)
    expect(skew.shown_beyond_ms).toBe(60_000)
    expect(skew.producers.map((p) => [p.service, p.spans_rejected_future])).toEqual([
      ['ahead-3h-grpc-sdk', 4],
      ['ahead-2h', 8],
    ])
    const [three, two] = skew.producers
    // The freshest refused span ends about 1 s before its request's end: within a minute of it.
    expect(Math.abs(three!.estimated_skew_ms - 3 * HOUR_MS)).toBeLessThan(60_000)
    expect(Math.abs(two!.estimated_skew_ms - 2 * HOUR_MS)).toBeLessThan(60_000)
    expect(two!.seen_at_ms).toBeGreaterThan(Date.now() - 60_000)
  }, 60_000)
})
