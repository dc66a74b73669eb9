/**
 * The OTLP/gRPC listener's own limits, with real grpc-js clients on loopback: the admission the
 * HTTP listener uses, concurrent streams per connection, connections per client address, idle
 * connections closed, a peer that stops answering pings cut, and per-span time bounds.
 */
import { connect, type Socket } from 'node:net'
import {
  credentials,
  makeGenericClientConstructor,
  Metadata,
  status,
  type Client,
  type ServiceError,
} from '@grpc/grpc-js'
import { afterEach, describe, expect, it } from 'vitest'
import { createIngestPipeline } from '../../src/ingest/pipeline/pipeline.js'
import { decodeTraceResponse, encodeTracesProtobuf } from '../../src/ingest/otlp/protobuf.js'
import { createClockSkewTracker } from '../../src/server/clock-skew.js'
import { createIngestTraffic } from '../../src/server/ingest-traffic.js'
import { OTLP_TRACE_EXPORT_PATH } from '../../src/server/otlp-grpc.js'
import {
  startOtlpGrpcListener,
  type OtlpGrpcListenerSettings,
} from '../../src/server/otlp-grpc-listener.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import type { SpanStore } from '../../src/storage/span-store.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { holdSpanWrites, makeDeps, type TestDeps } from '../../src/server/testing/test-deps.js'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) {
    await c()
  }
})

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

async function receiver(
  settings: Partial<OtlpGrpcListenerSettings> = {},
  options: { store?: SpanStore; maxInFlightBytes?: number; nowMs?: number } = {}
) {
  const base = makeDeps({
    ...(options.store === undefined ? {} : { store: options.store }),
    ...(options.nowMs === undefined ? {} : { nowMs: options.nowMs }),
  })
  await base.ingest.close()
  const ingest = createIngestPipeline({
    store: base.store,
    logger: base.logger,
    now: base.now,
    quietMs: 1,
    sweepIntervalMs: 0,
    ...(options.maxInFlightBytes === undefined
      ? {}
      : { maxInFlightBytes: options.maxInFlightBytes }),
  })
  const ingestTraffic = createIngestTraffic({ logger: base.logger, now: base.now, intervalMs: 0 })
  const deps: TestDeps = {
    ...base,
    ingest,
    ingestTraffic,
    clockSkew: createClockSkewTracker(),
  }
  const listener = await startOtlpGrpcListener(deps, {
    host: '127.0.0.1',
    otlpGrpcPort: 0,
    ...settings,
  })
  cleanups.push(async () => {
    await listener.close()
    await ingest.close()
  })
  return { deps, listener, address: listener.url!.replace('http://', '') }
}

type Call = (body: Uint8Array) => Promise<{ response: Buffer } | { error: ServiceError }>

/**
 * A client on its own connection (`use_local_subchannel_pool`, so two clients never share one),
 * whose calls send raw OTLP bytes.
 */
function client(address: string): { call: Call; client: Client } {
  const Ctor = makeGenericClientConstructor(
    {
      Export: {
        path: OTLP_TRACE_EXPORT_PATH,
        requestStream: false,
        responseStream: false,
        requestSerialize: (b: Buffer) => b,
        requestDeserialize: (b: Buffer) => b,
        responseSerialize: (b: Buffer) => b,
        responseDeserialize: (b: Buffer) => b,
      },
    },
    'Otlp'
  )
  const c = new Ctor(address, credentials.createInsecure(), {
    'grpc.use_local_subchannel_pool': 1,
  })
  cleanups.push(() => c.close())
  const exportCall = (
    c as unknown as {
      Export: (
        b: Buffer,
        m: Metadata,
        o: { deadline: number },
        cb: (err: ServiceError | null, res?: Buffer) => void
      ) => void
    }
  ).Export
  return {
    client: c,
    call: (body) =>
      new Promise((resolve) => {
        exportCall.call(
          c,
          Buffer.from(body),
          new Metadata(),
          { deadline: Date.now() + 20_000 },
          (err, res) => resolve(err !== null ? { error: err } : { response: res! })
        )
      }),
  }
}

const batch = (i: number): Uint8Array => encodeTracesProtobuf(makeLlmTraceRequest(1, i))

describe('OTLP/gRPC listener limits', () => {
  it('refuses with RESOURCE_EXHAUSTED and RetryInfo when the bodies in flight pass their budget, as OTLP/HTTP does', async () => {
    const held = holdSpanWrites(createMemoryStore())
    const grpc = await receiver({}, { store: held.store, maxInFlightBytes: 1 })
    const { call } = client(grpc.address)
    const first = call(batch(0))
    await sleep(200)
    const second = await call(batch(1))
    const error = (second as { error: ServiceError }).error
    expect(error.code).toBe(status.RESOURCE_EXHAUSTED)
    expect(error.details).toContain('ingest.maxInFlightBytes')
    expect(error.metadata.get('grpc-status-details-bin')).toHaveLength(1)
    held.release()
    expect('response' in (await first)).toBe(true)
    expect(grpc.deps.ingestTraffic?.counters().refused).toEqual({ INGEST_OVERLOADED: 1 })
  })

  it('lets one connection carry at most maxConcurrentStreams calls at once; the rest wait their turn', async () => {
    const held = holdSpanWrites(createMemoryStore())
    const grpc = await receiver({ maxConcurrentStreams: 2 }, { store: held.store })
    const { call } = client(grpc.address)
    const calls = [0, 1, 2, 3].map((i) => call(batch(i)))
    await sleep(500)
    // Two calls reached the pipeline; the client holds the other two until a stream frees up.
    expect(grpc.deps.ingest.counters().queueDepth).toBe(2 * 4)
    expect((await held.store.stats()).spans).toBe(0)
    held.release()
    const results = await Promise.all(calls)
    expect(results.every((r) => 'response' in r)).toBe(true)
    expect((await held.store.stats()).spans).toBe(16)
  })

  it('closes connections past maxConnectionsPerIp on accept', async () => {
    const grpc = await receiver({ maxConnectionsPerIp: 2 })
    const results = []
    for (let i = 0; i < 3; i++) {
      results.push(await client(grpc.address).call(batch(i)))
    }
    expect(results.slice(0, 2).every((r) => 'response' in r)).toBe(true)
    expect((results[2] as { error: ServiceError }).error.code).toBe(status.UNAVAILABLE)
    expect(grpc.listener.connections()).toMatchObject({ open: 2 })
    expect(grpc.listener.connections().refused).toBeGreaterThanOrEqual(1)
  })

  it('closes a connection idle for maxConnectionIdleMs; the client reconnects for its next call', async () => {
    const grpc = await receiver({ maxConnectionIdleMs: 300 })
    const { call } = client(grpc.address)
    expect('response' in (await call(batch(0)))).toBe(true)
    expect(grpc.listener.connections().open).toBe(1)
    const deadline = Date.now() + 10_000
    while (grpc.listener.connections().open > 0 && Date.now() < deadline) {
      await sleep(100)
    }
    expect(grpc.listener.connections().open).toBe(0)
    expect('response' in (await call(batch(1)))).toBe(true)
  })

  it('cuts a peer that stops answering keepalive pings', async () => {
    const grpc = await receiver({ keepaliveTimeMs: 200, keepaliveTimeoutMs: 300 })
    const port = Number(grpc.address.split(':')[1])
    const socket: Socket = connect(port, '127.0.0.1')
    cleanups.push(() => {
      socket.destroy()
    })
    await new Promise((resolve) => socket.once('connect', resolve))
    // An HTTP/2 client preface and an empty SETTINGS frame, then silence: no PING is answered.
    socket.write('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n')
    socket.write(Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0]))
    socket.resume()
    const closed = await Promise.race([
      new Promise<boolean>((resolve) => socket.once('close', () => resolve(true))),
      sleep(8_000).then(() => false),
    ])
    expect(closed).toBe(true)
  })

  it('rejects spans later than the clock plus maxFutureSkewMs one by one, counts them and shows the skew', async () => {
    const nowMs = 1_760_000_100_000
    const grpc = await receiver({}, { nowMs })
    // Request 0 starts ~100 s before the clock; request 1, two hours after it.
    const late = makeLlmTraceRequest(1, 0)
    const ahead = makeLlmTraceRequest(1, 1)
    const shift = (r: { resourceSpans: Record<string, unknown>[] }, ms: number): void => {
      for (const rs of r.resourceSpans) {
        for (const ss of rs['scopeSpans'] as { spans: Record<string, string>[] }[]) {
          for (const s of ss.spans) {
            for (const k of ['startTimeUnixNano', 'endTimeUnixNano']) {
              s[k] = String(BigInt(s[k]!) + BigInt(ms) * 1_000_000n)
            }
          }
        }
      }
    }
    shift(ahead, 2 * 3_600_000)
    const body = encodeTracesProtobuf({
      resourceSpans: [...late.resourceSpans, ...ahead.resourceSpans],
    })
    const out = await client(grpc.address).call(body)
    const response = decodeTraceResponse((out as { response: Buffer }).response)
    expect(response?.rejectedSpans).toBe(4)
    expect((await grpc.deps.store.stats()).spans).toBe(4)
    expect(grpc.deps.clockSkew?.report().spans_rejected_future).toBe(4)
  })
})
