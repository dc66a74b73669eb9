/**
 * OTLP receiver throughput over loopback, gRPC against HTTP: C concurrent exporters each send
 * protobuf `ExportTraceServiceRequest`s of B LLM requests (4 spans each) until N requests are
 * sent. The sink only counts spans, so the figures are protocol + decode cost, not the store's.
 * Baseline in the same run: the same bodies over OTLP/HTTP (keep-alive fetch) to the same kind
 * of sink.
 *
 *   npx tsx bench/otlp-grpc.bench.ts                          # 2000 requests of 32 LLM calls, 16 exporters
 *   npx tsx bench/otlp-grpc.bench.ts --requests 5000 --batch 64 --concurrency 32
 */
import type { AddressInfo } from 'node:net'
import { credentials, makeGenericClientConstructor, Metadata } from '@grpc/grpc-js'
import { serve, type ServerType } from '@hono/node-server'
import { createSilentLogger } from '../src/core/logger.js'
import { encodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { createOtlpApp } from '../src/server/otlp-app.js'
import { OTLP_TRACE_EXPORT_PATH } from '../src/server/otlp-grpc.js'
import { startOtlpGrpcListener } from '../src/server/otlp-grpc-listener.js'
import { makeLlmTraceRequest } from '../src/core/otlp/testing/make-llm-request.js'
import { countingSink } from '../src/ingest/testing/sinks.js'
import { intArg } from './cli-args.js'

const requests = intArg('--requests', 2000)
const batch = intArg('--batch', 32)
const concurrency = intArg('--concurrency', 16)
const bodies = Array.from({ length: 8 }, (_, i) =>
  encodeTracesProtobuf(makeLlmTraceRequest(batch, i * batch))
)
const spansPerBody = batch * 4

const sink = countingSink()
const deps = { ingest: sink, logger: createSilentLogger(), limits: { maxBodyBytes: 16 << 20 } }

async function drive(send: (body: Uint8Array) => Promise<void>): Promise<number> {
  sink.spans = 0
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const i = next++
        await send(bodies[i % bodies.length] as Uint8Array)
      }
    })
  )
  const ms = performance.now() - t0
  if (sink.spans !== requests * spansPerBody) {
    throw new Error(`stored ${sink.spans} spans, expected ${requests * spansPerBody}`)
  }
  return (sink.spans / ms) * 1000
}

// Baseline: OTLP/HTTP.
const app = createOtlpApp(deps)
const http = await new Promise<ServerType>((resolve) => {
  const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
})
const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1/traces`
const httpRate = await drive(async (body) => {
  const res = await fetch(url, {
    method: 'POST',
    body: body.slice(),
    headers: { 'Content-Type': 'application/x-protobuf' },
  })
  await res.arrayBuffer()
  if (res.status !== 200) {
    throw new Error(`HTTP ${res.status}`)
  }
})
await new Promise<void>((resolve) => http.close(() => resolve()))

// OTLP/gRPC, one channel as an exporter keeps one.
const grpc = await startOtlpGrpcListener(deps, { host: '127.0.0.1', otlpGrpcPort: 0 })
const Client = makeGenericClientConstructor(
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
const client = new Client(grpc.url!.replace('http://', ''), credentials.createInsecure())
const exportCall = (
  client as unknown as {
    Export: (b: Buffer, m: Metadata, cb: (err: Error | null) => void) => void
  }
).Export.bind(client)
const grpcRate = await drive(
  (body) =>
    new Promise<void>((resolve, reject) =>
      exportCall(Buffer.from(body), new Metadata(), (err) => (err ? reject(err) : resolve()))
    )
)
client.close()
await grpc.close()

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US')
process.stdout.write(
  `${requests} exports of ${spansPerBody} spans (${(bodies[0] as Uint8Array).length} bytes), ${concurrency} concurrent, counting sink\n` +
    `  OTLP/HTTP (baseline)  ${fmt(httpRate)} spans/s\n` +
    `  OTLP/gRPC             ${fmt(grpcRate)} spans/s  (${(grpcRate / httpRate).toFixed(2)}× baseline)\n`
)
