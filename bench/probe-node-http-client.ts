/**
 * The probe's HTTP/1.1 transport on `http.request` as it was before the socket reader
 * (src/probe/client-h1.ts), kept as the baseline of bench/probe-reader.bench.ts.
 */
import http from 'node:http'
import https from 'node:https'
import net, { type Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { createSecureContext, type SecureContext, type TLSSocket } from 'node:tls'
import { arrivalOf } from '../src/probe/arrival-clock.js'
import { RequestState, type PlannedRequest } from '../src/probe/request-state.js'
import { overallTimer, type ProbeClient, type ProbeClientOptions } from '../src/probe/transport.js'
import type { RequestResult } from '../src/probe/types.js'

/** Last time a socket delivered bytes, read before the HTTP parser sees them. */
interface ArrivalStamp {
  atMs: number
}
const arrivalStamps = new WeakMap<Socket, ArrivalStamp>()

/**
 * Stamps every read of `socket` first thing (a prepended listener runs before the HTTP parser),
 * so a chunk's arrival time includes neither parsing nor the reads of other sockets that the
 * event loop found ready at the same time (`arrivalOf`).
 */
function arrivalStampOf(socket: Socket): ArrivalStamp {
  let stamp = arrivalStamps.get(socket)
  if (stamp === undefined) {
    const s: ArrivalStamp = { atMs: performance.now() }
    socket.prependListener('data', (bytes: Buffer) => {
      s.atMs = arrivalOf(bytes)
    })
    arrivalStamps.set(socket, s)
    stamp = s
  }
  return stamp
}

export function createNodeHttpTransport(options: ProbeClientOptions): ProbeClient {
  const isTls = options.url.protocol === 'https:'
  const mod = isTls ? https : http
  // With --new-connection the agent keeps nothing alive, so every request opens its own socket,
  // and no TLS session either, so every request pays the full handshake as a new client would.
  const agent = new mod.Agent({
    keepAlive: options.newConnection !== true,
    maxSockets: Infinity,
    scheduling: 'lifo',
    ...(options.newConnection === true ? { maxCachedSessions: 0 } : {}),
  })
  // Connect is timed from the connect call itself, not from the send: between the two, Node
  // builds the request, the agent and the socket (about 0.3 ms on loopback, which was reported as
  // connect). The agent opens a new socket synchronously inside `mod.request()`, and the socket's
  // `connectionAttempt` event comes right before the connect call, so the listener must be on it
  // from creation: `opening` is the attempt whose `mod.request()` is on the stack.
  let opening: RequestState | null = null
  const openSocket = agent.createConnection.bind(agent)
  agent.createConnection = (connectOptions, onCreate) => {
    const state = opening
    const socket = openSocket(connectOptions, onCreate)
    if (state !== null && socket instanceof net.Socket) {
      socket.once('connectionAttempt', () => {
        state.marks.connectStartAtMs ??= performance.now()
      })
    }
    return socket
  }
  const baseHeaders: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    ...(options.newConnection === true ? { connection: 'close' } : {}),
    ...options.headers,
  }
  // Sockets that already carried a request: the per-socket "reused" flag.
  const seen = new WeakSet<Socket>()
  // Building a TLS context loads the root certificate store (~2–6 ms of CPU). Without a shared
  // one, tls.connect builds it for every new connection between our send mark and the TCP SYN,
  // and that time was reported as `connect`.
  const secureContext: SecureContext | null = isTls ? createSecureContext() : null

  const attempt = (state: RequestState, planned: PlannedRequest): void => {
    const m = state.marks
    let connectTimer: NodeJS.Timeout | undefined
    let socketRef: Socket | null = null
    let stamp: ArrivalStamp | null = null
    opening = state
    let req: http.ClientRequest
    try {
      req = mod.request({
        protocol: options.url.protocol,
        hostname: options.url.hostname,
        port: options.url.port === '' ? undefined : Number(options.url.port),
        path: options.url.pathname + options.url.search,
        method: 'POST',
        agent,
        rejectUnauthorized: options.insecure !== true,
        ...(secureContext !== null ? { ALPNProtocols: ['http/1.1'], secureContext } : {}),
        ...(options.lookup !== undefined ? { lookup: options.lookup } : {}),
        headers: {
          'content-length': Buffer.byteLength(planned.body),
          traceparent: state.traceparent,
          ...baseHeaders,
        },
      })
    } finally {
      opening = null
    }
    const fail = (err: unknown): void => {
      clearTimeout(connectTimer)
      state.failOrRetry(err, () => attempt(state, planned))
      req.destroy()
    }
    req.on('error', fail)
    req.once('socket', (socket: Socket) => {
      socketRef = socket
      stamp = arrivalStampOf(socket)
      socket.prependOnceListener('data', (bytes: Buffer) => {
        m.firstByteAtMs ??= arrivalOf(bytes)
      })
      const tlsSocket = isTls ? (socket as TLSSocket) : null
      const readTls = (): void => {
        if (tlsSocket !== null) {
          state.tls = {
            resumed: tlsSocket.isSessionReused(),
            version: tlsSocket.getProtocol() ?? null,
            alpn: tlsSocket.alpnProtocol === false ? null : (tlsSocket.alpnProtocol ?? null),
          }
        }
      }
      if (seen.has(socket) || !socket.connecting) {
        state.connectionReused = seen.has(socket)
        state.phase = 'waiting'
        seen.add(socket)
        readTls()
        return
      }
      seen.add(socket)
      m.dnsStartAtMs = m.sentAtMs
      state.onSettled(() => clearTimeout(connectTimer))
      connectTimer = setTimeout(() => {
        fail(Object.assign(new Error('connect timeout'), { code: 'CONNECT_TIMEOUT' }))
      }, options.connectTimeoutMs)
      socket.once('lookup', () => {
        m.dnsEndAtMs = performance.now()
      })
      socket.once('connect', () => {
        m.connectEndAtMs = performance.now()
        if (isTls) {
          state.phase = 'tls'
        } else {
          state.phase = 'waiting'
          clearTimeout(connectTimer)
        }
      })
      socket.once('secureConnect', () => {
        m.tlsEndAtMs = performance.now()
        state.phase = 'waiting'
        clearTimeout(connectTimer)
        readTls()
      })
    })
    req.on('finish', () => {
      m.requestWrittenAtMs = performance.now()
    })
    req.on('response', (res) => {
      m.headersAtMs = performance.now()
      m.firstByteAtMs ??= m.headersAtMs
      state.status = res.statusCode ?? 0
      state.phase = 'streaming'
      const type = String(res.headers['content-type'] ?? '')
      state.bodyKind =
        state.status >= 400 ? 'error' : type.includes('text/event-stream') ? 'sse' : 'other'
      res.on('data', (chunk: Buffer) => {
        if (state.bodyKind === 'sse') {
          state.reader.defer(chunk, stamp?.atMs ?? performance.now())
        } else {
          state.collectErrorBody(chunk)
        }
      })
      res.on('error', () => {})
      res.on('close', () => {
        clearTimeout(connectTimer)
        if (!res.complete) {
          state.settle('stream_aborted', 'the connection closed mid-response')
        } else {
          state.settle(null)
        }
        if (options.newConnection === true) {
          socketRef?.destroy()
        }
      })
    })
    req.end(planned.body)
    overallTimer(state, options, () => req.destroy())
  }

  const warmUp = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const req = mod.request({
        protocol: options.url.protocol,
        hostname: options.url.hostname,
        port: options.url.port === '' ? undefined : Number(options.url.port),
        path: '/v1/models',
        method: 'GET',
        agent,
        rejectUnauthorized: options.insecure !== true,
        ...(secureContext !== null ? { ALPNProtocols: ['http/1.1'], secureContext } : {}),
        ...(options.lookup !== undefined ? { lookup: options.lookup } : {}),
        headers: { accept: 'application/json', ...options.headers },
      })
      const timer = setTimeout(() => req.destroy(), options.connectTimeoutMs + 5000)
      const done = (): void => {
        clearTimeout(timer)
        resolve()
      }
      req.on('error', done)
      req.on('socket', (socket: Socket) => {
        // the first measured request will find this connection open: it is a reused one
        seen.add(socket)
        arrivalStampOf(socket)
      })
      req.on('response', (res) => {
        res.resume()
        res.on('end', done)
        res.on('error', done)
        res.on('close', done)
      })
      req.end()
    })

  return {
    send(planned) {
      return new Promise<RequestResult>((resolve) => {
        const state = new RequestState(planned, resolve)
        attempt(state, planned)
      })
    },
    warmUp,
    close() {
      agent.destroy()
    },
  }
}
