/**
 * Request bodies over a real socket (`@hono/node-server`, as `tokenline serve` binds the OTLP
 * app): a declared Content-Length is read whole off the socket, a chunked body is counted while
 * streaming, and a client that stops mid-body leaves the server serving.
 */
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterEach, describe, expect, it } from 'vitest'
import { encodeTracesProtobuf } from '../../src/ingest/otlp/protobuf.js'
import { createOtlpApp } from '../../src/server/otlp-app.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { makeDeps, type TestDeps } from '../../src/server/testing/test-deps.js'

let open: { deps: TestDeps; http: ServerType }[] = []
afterEach(async () => {
  for (const { deps, http } of open) {
    await new Promise<void>((resolve) => http.close(() => resolve()))
    await deps.ingest.close()
  }
  open = []
})

async function start(maxBodyBytes: number): Promise<{ port: number; deps: TestDeps }> {
  const deps = makeDeps({ maxBodyBytes })
  const app = createOtlpApp(deps)
  const http = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  open.push({ deps, http })
  return { port: (http.address() as AddressInfo).port, deps }
}

/** POSTs `parts` one write each; with `length` the body is declared, else it goes chunked. */
function post(
  port: number,
  parts: readonly Uint8Array[],
  length: boolean
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const total = parts.reduce((n, p) => n + p.length, 0)
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v1/traces',
        headers: {
          'Content-Type': 'application/x-protobuf',
          ...(length ? { 'Content-Length': String(total) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('latin1') })
        )
      }
    )
    req.on('error', reject)
    for (const p of parts) {
      req.write(p)
    }
    req.end()
  })
}

const body = (): Uint8Array => encodeTracesProtobuf(makeLlmTraceRequest(40))
const halves = (b: Uint8Array): Uint8Array[] => [b.slice(0, b.length >> 1), b.slice(b.length >> 1)]

describe('OTLP/HTTP request bodies over a socket', () => {
  it('stores a body with a declared length, sent in two writes', async () => {
    const { port, deps } = await start(1 << 20)
    const b = body()
    const res = await post(port, halves(b), true)
    expect(res.status).toBe(200)
    expect((await deps.store.stats()).spans).toBe(160)
  })

  it('stores a chunked body under the limit', async () => {
    const { port, deps } = await start(1 << 20)
    const res = await post(port, halves(body()), false)
    expect(res.status).toBe(200)
    expect((await deps.store.stats()).spans).toBe(160)
  })

  it('answers 413 to a declared length over the limit and to a chunked body past it', async () => {
    const b = body()
    const { port, deps } = await start(b.length - 1)
    expect((await post(port, [b], true)).status).toBe(413)
    const chunked = await post(port, halves(b), false)
    expect(chunked.status).toBe(413)
    expect(chunked.text).toContain(`at most ${b.length - 1} bytes`)
    expect((await deps.store.stats()).spans).toBe(0)
  })

  it('keeps serving after a client stops in the middle of a declared body', async () => {
    const { port, deps } = await start(1 << 20)
    const b = body()
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /v1/traces HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-protobuf\r\nContent-Length: ${b.length}\r\n\r\n`
        )
        socket.write(b.slice(0, 100))
        setTimeout(() => socket.destroy(), 50)
      })
      socket.on('close', () => resolve())
      socket.on('error', reject)
    })
    expect((await post(port, [b], true)).status).toBe(200)
    expect((await deps.store.stats()).spans).toBe(160)
  })
})
