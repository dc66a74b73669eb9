import http2 from 'node:http2'
import net from 'node:net'
import { performance } from 'node:perf_hooks'
import tls from 'node:tls'
import { arrivalOf } from './arrival-clock.js'
import { overallTimer, type ProbeClient, type ProbeClientOptions } from './transport.js'
import { classifySocketError } from './error-types.js'
import { RequestState } from './request-state.js'
import type { RequestResult, TlsInfo } from './types.js'

interface SessionEntry {
  session: http2.ClientHttp2Session
  /** The request that opened the session gets the connection phases; later ones are "reused". */
  opener: RequestState | null
  tls: TlsInfo | null
}

/**
 * HTTP/2 transport: one multiplexed session per origin (or one per request with
 * `--new-connection`). The socket is created by us (`createConnection`) so the lookup, connect
 * and TLS events can be timed like HTTP/1.1.
 */
export function createH2Transport(options: ProbeClientOptions): ProbeClient {
  const isTls = options.url.protocol === 'https:'
  const origin = options.url.origin
  let shared: SessionEntry | null = null
  // one TLS context for every session (building one per connection costs milliseconds)
  const secureContext = isTls ? tls.createSecureContext() : undefined

  const openSession = (opener: RequestState): SessionEntry => {
    const entry: SessionEntry = { session: undefined as never, opener, tls: null }
    const m = opener.marks
    m.dnsStartAtMs = m.sentAtMs
    entry.session = http2.connect(origin, {
      createConnection: () => {
        const host = options.url.hostname
        const port = Number(options.url.port || (isTls ? 443 : 80))
        const lookup = options.lookup !== undefined ? { lookup: options.lookup } : {}
        const socket = isTls
          ? tls.connect({
              host,
              port,
              servername: net.isIP(host) === 0 ? host : undefined,
              ALPNProtocols: ['h2'],
              rejectUnauthorized: options.insecure !== true,
              ...(secureContext !== undefined ? { secureContext } : {}),
              ...lookup,
            })
          : net.connect({ host, port, ...lookup })
        socket.once('lookup', () => {
          m.dnsEndAtMs = performance.now()
        })
        // right before the connect call: connect excludes the session and socket set-up
        socket.once('connectionAttempt', () => {
          m.connectStartAtMs ??= performance.now()
        })
        socket.once('connect', () => {
          m.connectEndAtMs = performance.now()
          opener.phase = isTls ? 'tls' : 'waiting'
        })
        socket.once('secureConnect', () => {
          m.tlsEndAtMs = performance.now()
          opener.phase = 'waiting'
          const t = socket as tls.TLSSocket
          entry.tls = {
            resumed: t.isSessionReused(),
            version: t.getProtocol() ?? null,
            alpn: t.alpnProtocol === false ? null : (t.alpnProtocol ?? null),
          }
          opener.tls = entry.tls
        })
        return socket
      },
    })
    entry.session.on('error', () => {})
    entry.session.on('close', () => {
      if (shared === entry) {
        shared = null
      }
    })
    return entry
  }

  const send = (planned: Parameters<ProbeClient['send']>[0]): Promise<RequestResult> =>
    new Promise<RequestResult>((resolve) => {
      const state = new RequestState(planned, resolve)
      state.protocolVersion = '2'
      let entry: SessionEntry
      if (options.newConnection !== true && shared !== null && !shared.session.destroyed) {
        entry = shared
        state.connectionReused = true
        state.phase = 'waiting'
        state.tls = entry.tls
      } else {
        entry = openSession(state)
        if (options.newConnection !== true) {
          shared = entry
        }
      }
      const m = state.marks
      const connectTimer = setTimeout(() => {
        if (state.phase === 'connecting' || state.phase === 'tls') {
          state.settle('connect_timeout', `no connection within ${options.connectTimeoutMs} ms`)
          entry.session.destroy()
        }
      }, options.connectTimeoutMs)
      state.onSettled(() => clearTimeout(connectTimer))
      const stream = entry.session.request({
        ':method': 'POST',
        ':path': options.url.pathname + options.url.search,
        'content-type': 'application/json',
        accept: 'text/event-stream',
        traceparent: state.traceparent,
        ...options.headers,
      })
      stream.on('error', (err: unknown) => {
        state.settle(
          classifySocketError(err, state.phase),
          err instanceof Error ? err.message : null
        )
      })
      stream.on('finish', () => {
        m.requestWrittenAtMs = performance.now()
      })
      stream.on('response', (headers) => {
        m.headersAtMs = performance.now()
        m.firstByteAtMs ??= m.headersAtMs
        state.status = Number(headers[':status'] ?? 0)
        state.phase = 'streaming'
        const type = String(headers['content-type'] ?? '')
        state.bodyKind =
          state.status >= 400 ? 'error' : type.includes('text/event-stream') ? 'sse' : 'other'
      })
      stream.on('data', (chunk: Buffer) => {
        if (state.bodyKind === 'sse') {
          state.reader.defer(chunk, arrivalOf(chunk))
        } else {
          state.collectErrorBody(chunk)
        }
      })
      stream.on('close', () => {
        const aborted =
          stream.rstCode !== undefined && stream.rstCode !== http2.constants.NGHTTP2_NO_ERROR
        if (state.status === 0) {
          state.settle(
            state.phase === 'streaming' || state.phase === 'waiting'
              ? 'stream_aborted'
              : 'connect_refused',
            'the stream closed before a response'
          )
        } else {
          state.settle(
            aborted ? 'stream_aborted' : null,
            aborted ? `RST_STREAM ${stream.rstCode}` : null
          )
        }
        if (options.newConnection === true) {
          entry.session.close()
        }
      })
      stream.end(planned.body)
      overallTimer(state, options, () => stream.close(http2.constants.NGHTTP2_CANCEL))
    })

  const warmUp = (): Promise<void> =>
    new Promise<void>((resolve) => {
      // opens the shared session (the opener's result is discarded) and runs one GET over it
      const opener = new RequestState({ body: '', scheduledAtMs: performance.now() }, () => {})
      const entry = shared !== null && !shared.session.destroyed ? shared : openSession(opener)
      if (options.newConnection !== true) {
        shared = entry
      }
      const timer = setTimeout(
        () => stream.close(http2.constants.NGHTTP2_CANCEL),
        options.connectTimeoutMs + 5000
      )
      const stream = entry.session.request({
        ':method': 'GET',
        ':path': '/v1/models',
        ...options.headers,
      })
      stream.on('error', () => {})
      stream.on('close', () => {
        clearTimeout(timer)
        if (options.newConnection === true) {
          entry.session.close()
        }
        resolve()
      })
      stream.resume()
      stream.end()
    })

  return {
    send,
    warmUp,
    close() {
      shared?.session.close()
      shared = null
    },
  }
}
