import net from 'node:net'
import { performance } from 'node:perf_hooks'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestMockServer } from '../../src/mock-server/testing/test-mock-server.js'
import { createProbeClient } from '../../src/probe/client.js'
import type { RequestResult } from '../../src/probe/types.js'

/**
 * The HTTP/1.1 transport against a scripted TCP server: what reaches the wire, connection reuse,
 * and answers no real server library would produce (malformed framing, cuts, resets).
 */

const BODY = JSON.stringify({ model: 'm', messages: [], stream: true })
const SSE_HEAD =
  'HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n'
const chunk = (s: string): string => `${Buffer.byteLength(s).toString(16)}\r\n${s}\r\n`
const EVENT = 'data: {"choices":[{"delta":{"content":"hi"}}]}\n\n'
const DONE = 'data: [DONE]\n\n'
const GOOD = SSE_HEAD + chunk(EVENT) + chunk(DONE) + '0\r\n\r\n'

interface Seen {
  head: string
  body: string
  connection: number
}

/**
 * A server that reads each request (head + Content-Length body) and lets `answer` reply on the
 * socket: `n` counts requests over the whole server, `connection` the connections.
 */
async function scripted(
  answer: (socket: net.Socket, n: number, seen: Seen) => void
): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = []
  let connections = 0
  const server = net.createServer((socket) => {
    const connection = connections++
    let buf = ''
    socket.on('error', () => {})
    socket.on('data', (d) => {
      buf += d.toString('latin1')
      for (;;) {
        const end = buf.indexOf('\r\n\r\n')
        if (end === -1) {
          return
        }
        const head = buf.slice(0, end)
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)
        if (buf.length < end + 4 + length) {
          return
        }
        const s = { head, body: buf.slice(end + 4, end + 4 + length), connection }
        buf = buf.slice(end + 4 + length)
        seen.push(s)
        answer(socket, seen.length - 1, s)
      }
    })
  })
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as net.AddressInfo).port
  return { url: `http://127.0.0.1:${port}/v1/chat/completions`, seen }
}

const servers: net.Server[] = []
afterAll(() => {
  for (const s of servers) {
    s.close()
  }
})

async function sendAll(url: string, times: number): Promise<RequestResult[]> {
  const client = createProbeClient({
    url: new URL(url),
    timeoutMs: 3000,
    connectTimeoutMs: 1000,
    headers: { authorization: 'Bearer t' },
  })
  const out: RequestResult[] = []
  try {
    for (let i = 0; i < times; i++) {
      out.push(await client.send({ body: BODY, scheduledAtMs: performance.now() }))
    }
  } finally {
    client.close()
  }
  return out
}

describe('probe HTTP/1.1 transport', () => {
  it('writes one POST with its headers, and reuses the connection for the next request', async () => {
    const { url, seen } = await scripted((socket) => socket.write(GOOD))
    const [a, b] = await sendAll(url, 2)
    expect(a?.error).toBeNull()
    expect(a?.contentArrivalsAtMs).toHaveLength(1)
    expect(a?.connectionReused).toBe(false)
    expect(b?.error).toBeNull()
    expect(b?.connectionReused).toBe(true)
    expect(seen.map((s) => s.connection)).toEqual([0, 0])
    const head = seen[0]?.head ?? ''
    expect(head.split('\r\n')[0]).toBe('POST /v1/chat/completions HTTP/1.1')
    expect(head).toMatch(/^host: 127\.0\.0\.1:\d+$/m)
    expect(head).toContain(`traceparent: 00-${a?.traceId}-${a?.spanId}-01`)
    expect(head).toContain(`content-length: ${Buffer.byteLength(BODY)}`)
    expect(head).toContain('authorization: Bearer t')
    expect(seen[0]?.body).toBe(BODY)
    const m = a?.marks
    expect(m?.connectStartAtMs).not.toBeNull()
    expect(m?.connectEndAtMs).toBeGreaterThanOrEqual(m?.connectStartAtMs ?? Infinity)
    expect(m?.firstByteAtMs).toBeGreaterThanOrEqual(m?.connectEndAtMs ?? Infinity)
  })

  it('reads a response written one byte at a time', async () => {
    const { url } = await scripted((socket) => {
      let i = 0
      const next = (): void => {
        if (i < GOOD.length) {
          socket.write(GOOD[i++] as string, () => setImmediate(next))
        }
      }
      next()
    })
    const [r] = await sendAll(url, 1)
    expect(r?.error).toBeNull()
    expect(r?.contentArrivalsAtMs).toHaveLength(1)
  })

  it('opens a new connection when the server said Connection: close', async () => {
    const { url, seen } = await scripted((socket) => {
      socket.end(GOOD.replace('\r\n\r\n', '\r\nconnection: close\r\n\r\n'))
    })
    const [a, b] = await sendAll(url, 2)
    expect([a?.error, b?.error]).toEqual([null, null])
    expect(b?.connectionReused).toBe(false)
    expect(seen.map((s) => s.connection)).toEqual([0, 1])
  })

  it('retries once on a fresh connection when a kept-alive one is reset before any answer', async () => {
    const { url, seen } = await scripted((socket, n) => {
      if (n === 1) {
        socket.resetAndDestroy()
      } else {
        socket.write(GOOD)
      }
    })
    const [a, b] = await sendAll(url, 2)
    expect(a?.error).toBeNull()
    expect(b?.error).toBeNull()
    expect(b?.retries).toBe(1)
    expect(b?.connectionReused).toBe(false)
    expect(seen.map((s) => s.connection)).toEqual([0, 0, 1])
  })

  it('a malformed chunk size is a bad_response with the reason, and the connection is dropped', async () => {
    const { url, seen } = await scripted((socket, n) => {
      socket.write(n === 0 ? SSE_HEAD + chunk(EVENT) + 'zz\r\n' : GOOD)
    })
    const [a, b] = await sendAll(url, 2)
    expect(a?.error).toBe('bad_response')
    expect(a?.errorDetail).toMatch(/malformed HTTP response: bad chunk size line "zz/)
    expect(a?.contentArrivalsAtMs).toHaveLength(1)
    expect(b?.error).toBeNull()
    expect(seen.map((s) => s.connection)).toEqual([0, 1])
  })

  it('drops a connection that sent bytes after a complete response', async () => {
    const { url, seen } = await scripted((socket) => socket.write(GOOD + 'HTTP/1.1 200 OK\r\n'))
    const [a, b] = await sendAll(url, 2)
    expect([a?.error, b?.error]).toEqual([null, null])
    expect(b?.connectionReused).toBe(false)
    expect(seen.map((s) => s.connection)).toEqual([0, 1])
  })

  it('refuses header values that would split the request, when the client is created', () => {
    expect(() =>
      createProbeClient({
        url: new URL('http://127.0.0.1:1/v1/chat/completions'),
        timeoutMs: 1000,
        connectTimeoutMs: 1000,
        headers: { 'x-a': 'b\r\nx-injected: 1' },
      })
    ).toThrow(/invalid request header "x-a"/)
  })

  it('a status line that is not HTTP is a bad_response', async () => {
    const { url } = await scripted((socket) => socket.write('SSH-2.0-OpenSSH_9.6\r\n\r\n'))
    const [r] = await sendAll(url, 1)
    expect(r?.error).toBe('bad_response')
    expect(r?.errorDetail).toMatch(/bad status line/)
  })

  it('a close mid-body is stream_aborted, keeping the chunks that arrived (chunked and length)', async () => {
    const { url } = await scripted((socket, n) => {
      socket.end(
        n === 0
          ? SSE_HEAD + chunk(EVENT) + '40\r\ndata: {'
          : `HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncontent-length: 500\r\n\r\n${EVENT}`
      )
    })
    const [a, b] = await sendAll(url, 2)
    for (const r of [a, b]) {
      expect(r?.error).toBe('stream_aborted')
      expect(r?.errorDetail).toBe('the connection closed mid-response')
      expect(r?.contentArrivalsAtMs).toHaveLength(1)
    }
  })

  it('a close before any answer on a fresh connection is a refusal, not a cut stream', async () => {
    const { url } = await scripted((socket) => socket.destroy())
    const [r] = await sendAll(url, 1)
    expect(r?.error).toBe('connect_refused')
  })

  it('a body that runs until the close is complete at the close', async () => {
    const { url } = await scripted((socket) => {
      socket.end(`HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n${EVENT}${DONE}`)
    })
    const [r] = await sendAll(url, 1)
    expect(r?.error).toBeNull()
    expect(r?.contentArrivalsAtMs).toHaveLength(1)
  })

  it('times out a response that stalls mid-body and drops its connection', async () => {
    const { url } = await scripted((socket) => socket.write(SSE_HEAD + chunk(EVENT)))
    const client = createProbeClient({ url: new URL(url), timeoutMs: 200, connectTimeoutMs: 1000 })
    const r = await client.send({ body: BODY, scheduledAtMs: performance.now() })
    client.close()
    expect(r.error).toBe('timeout')
    expect(r.contentArrivalsAtMs).toHaveLength(1)
  })

  it('over TLS: reuses a connection, and a new connection resumes the session', async () => {
    const server = await startTestMockServer({
      tls: true,
      defaultOutputTokens: 4,
      fixed: { ttftMs: 5, itlMs: 20 },
    })
    const client = createProbeClient({
      url: new URL(`${server.url}/v1/chat/completions`),
      insecure: true,
      timeoutMs: 3000,
      connectTimeoutMs: 1000,
    })
    try {
      const send = (): Promise<RequestResult> =>
        client.send({ body: BODY, scheduledAtMs: performance.now() })
      const first = await send()
      const [a, b] = await Promise.all([send(), send()])
      expect(first.error).toBeNull()
      expect(first.tls).toEqual({ resumed: false, version: 'TLSv1.3', alpn: 'http/1.1' })
      expect(first.marks.tlsEndAtMs).toBeGreaterThan(first.marks.connectEndAtMs ?? Infinity)
      const reused = [a, b].find((r) => r?.connectionReused)
      const fresh = [a, b].find((r) => r?.connectionReused === false)
      expect(reused?.error).toBeNull()
      expect(fresh?.error).toBeNull()
      expect(fresh?.tls?.resumed).toBe(true)
    } finally {
      client.close()
      await server.close()
    }
  })
})
