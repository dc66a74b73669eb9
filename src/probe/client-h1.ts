import net, { type Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import tls, { type TLSSocket } from 'node:tls'
import { arrivalOf } from './arrival-clock.js'
import { classifySocketError } from './error-types.js'
import { Http1ResponseParser, type Http1Head } from './http1-parser.js'
import { RequestState, type PlannedRequest } from './request-state.js'
import { overallTimer, type ProbeClient, type ProbeClientOptions } from './transport.js'
import type { RequestResult } from './types.js'

/** What a connection is doing for the request it carries now. */
interface Exchange {
  onData(bytes: Buffer, atMs: number): void
  /** The socket ended or closed: `err` is its error, if it had one. */
  onGone(err: Error | null): void
}

interface Connection {
  socket: Socket
  /** Carried a request before (the per-socket "reused" flag). */
  used: boolean
  exchange: Exchange | null
  tls: TLSSocket | null
}

/** A `socket hang up` like Node's own client reports: the server closed before answering. */
function hangUp(): Error {
  return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
// ASCII only: the head is written as UTF-8 with the body, and a header is no place for more
const FIELD_VALUE = /^[\t\x20-\x7e]*$/

/** Request header lines; rejects names and values that could split the request. */
function headerLines(headers: Record<string, string>): string {
  let out = ''
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name) || !FIELD_VALUE.test(value)) {
      throw new TypeError(`invalid request header ${JSON.stringify(name)}`)
    }
    out += `${name}: ${value}\r\n`
  }
  return out
}

/**
 * The HTTP/1.1 streaming transport on `net.Socket` / `tls.TLSSocket` with
 * {@link Http1ResponseParser}, instead of `http.request`: at 500 concurrent streams Node's HTTP
 * client and stream layers were about half of the probe's CPU per chunk, and every microsecond
 * per chunk is time the next ready socket waits for its arrival stamp (ADR 0106, docs/probe.md).
 *
 * One origin, keep-alive connections reused last-in first-out, no pipelining. Each read is
 * stamped first thing (`arrivalOf`), before any parsing; SSE parsing stays deferred.
 */
export function createH1Transport(options: ProbeClientOptions): ProbeClient {
  const url = options.url
  const isTls = url.protocol === 'https:'
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  const port = url.port === '' ? (isTls ? 443 : 80) : Number(url.port)
  const keepAlive = options.newConnection !== true
  const hostHeader = url.port === '' ? url.hostname : `${url.hostname}:${url.port}`
  const path = url.pathname + url.search
  const userHeaders = headerLines(options.headers ?? {})
  const postHead =
    `POST ${path} HTTP/1.1\r\nhost: ${hostHeader}\r\ncontent-type: application/json\r\n` +
    `accept: text/event-stream\r\nconnection: ${keepAlive ? 'keep-alive' : 'close'}\r\n` +
    userHeaders
  // Building a TLS context loads the root certificate store (~2–6 ms of CPU); one per run.
  const secureContext = isTls ? tls.createSecureContext() : undefined
  // Later connections resume the last TLS session, as Node's agent does; with
  // --new-connection none is kept, so every request pays the full handshake.
  let tlsSession: Buffer | undefined
  const idle: Connection[] = []
  const open = new Set<Connection>()

  const release = (conn: Connection, reusable: boolean): void => {
    conn.exchange = null
    if (reusable && keepAlive && !conn.socket.destroyed) {
      idle.push(conn)
    } else {
      conn.socket.destroy()
    }
  }

  /** Opens a connection; `onAttempt` runs right before the connect call (ADR 0105). */
  const connect = (onAttempt: () => void): Connection => {
    const lookup = options.lookup !== undefined ? { lookup: options.lookup } : {}
    const socket: Socket = isTls
      ? tls.connect({
          host,
          port,
          servername: net.isIP(host) === 0 ? host : undefined,
          ALPNProtocols: ['http/1.1'],
          rejectUnauthorized: options.insecure !== true,
          secureContext,
          ...(keepAlive && tlsSession !== undefined ? { session: tlsSession } : {}),
          ...lookup,
        })
      : net.connect({ host, port, ...lookup })
    socket.once('connectionAttempt', onAttempt)
    socket.setNoDelay(true)
    if (keepAlive) {
      socket.setKeepAlive(true, 1000)
    }
    const conn: Connection = {
      socket,
      used: false,
      exchange: null,
      tls: isTls ? (socket as TLSSocket) : null,
    }
    open.add(conn)
    if (isTls && keepAlive) {
      socket.on('session', (s: Buffer) => {
        tlsSession = s
      })
    }
    socket.on('data', (bytes: Buffer) => {
      const atMs = arrivalOf(bytes)
      if (conn.exchange !== null) {
        conn.exchange.onData(bytes, atMs)
      } else {
        // bytes nobody asked for: the connection is out of step, never reuse it
        socket.destroy()
      }
    })
    let gone = false
    const onGone = (err: Error | null): void => {
      if (gone) {
        return
      }
      gone = true
      open.delete(conn)
      const at = idle.indexOf(conn)
      if (at !== -1) {
        idle.splice(at, 1)
      }
      const ex = conn.exchange
      conn.exchange = null
      ex?.onGone(err)
      socket.destroy()
    }
    socket.on('error', (err) => onGone(err))
    socket.on('end', () => onGone(null))
    socket.on('close', () => onGone(null))
    return conn
  }

  const tlsInfoOf = (conn: Connection): RequestState['tls'] =>
    conn.tls === null
      ? null
      : {
          resumed: conn.tls.isSessionReused(),
          version: conn.tls.getProtocol() ?? null,
          alpn: conn.tls.alpnProtocol === false ? null : (conn.tls.alpnProtocol ?? null),
        }

  const attempt = (state: RequestState, planned: PlannedRequest): void => {
    const m = state.marks
    let connectTimer: NodeJS.Timeout | undefined
    let conn = keepAlive ? idle.pop() : undefined
    let done = false
    const finish = (reusable: boolean): void => {
      if (done) {
        return
      }
      done = true
      clearTimeout(connectTimer)
      if (conn !== undefined && conn.exchange === exchange) {
        release(conn, reusable)
      }
    }
    const fail = (err: Error): void => {
      if (done) {
        return
      }
      finish(false)
      state.failOrRetry(err, () => attempt(state, planned))
    }
    let reusable = true
    let bodyAtMs = 0
    const parser = new Http1ResponseParser({
      onHead(head: Http1Head) {
        m.headersAtMs = performance.now()
        state.status = head.status
        state.phase = 'streaming'
        const type = head.headers.get('content-type') ?? ''
        state.bodyKind =
          state.status >= 400 ? 'error' : type.includes('text/event-stream') ? 'sse' : 'other'
        if (head.closeAfter) {
          reusable = false
        }
      },
      onBody(bytes: Buffer) {
        if (state.bodyKind === 'sse') {
          state.reader.defer(bytes, bodyAtMs)
        } else {
          state.collectErrorBody(bytes)
        }
      },
      onEnd() {
        finish(reusable)
        state.settle(null)
      },
      onError(err) {
        if (done) {
          // bytes after a complete response: the connection is out of step, never reuse it
          conn?.socket.destroy()
          return
        }
        if (err.kind === 'closed-mid-response') {
          finish(false)
          state.settle('stream_aborted', 'the connection closed mid-response')
        } else if (err.kind === 'closed-before-response') {
          fail(hangUp())
        } else {
          finish(false)
          state.settle('bad_response', err.message)
        }
      },
    })
    const exchange: Exchange = {
      onData(bytes, atMs) {
        m.firstByteAtMs ??= atMs
        bodyAtMs = atMs
        parser.push(bytes)
      },
      onGone(err) {
        if (done) {
          return
        }
        if (err !== null && !parser.started) {
          fail(err)
          return
        }
        if (err !== null && !parser.done && !parser.failed) {
          finish(false)
          state.settle(
            classifySocketError(err, state.phase),
            state.phase === 'streaming' ? 'the connection closed mid-response' : err.message
          )
          return
        }
        parser.end()
      },
    }
    if (conn !== undefined) {
      state.connectionReused = conn.used
      state.phase = 'waiting'
      state.tls = tlsInfoOf(conn)
    } else {
      m.dnsStartAtMs = m.sentAtMs
      const opened = connect(() => {
        m.connectStartAtMs ??= performance.now()
      })
      conn = opened
      connectTimer = setTimeout(() => {
        fail(Object.assign(new Error('connect timeout'), { code: 'CONNECT_TIMEOUT' }))
      }, options.connectTimeoutMs)
      opened.socket.once('lookup', () => {
        m.dnsEndAtMs = performance.now()
      })
      opened.socket.once('connect', () => {
        m.connectEndAtMs = performance.now()
        if (isTls) {
          state.phase = 'tls'
        } else {
          state.phase = 'waiting'
          clearTimeout(connectTimer)
        }
      })
      opened.socket.once('secureConnect', () => {
        m.tlsEndAtMs = performance.now()
        state.phase = 'waiting'
        clearTimeout(connectTimer)
        state.tls = tlsInfoOf(opened)
      })
    }
    conn.used = true
    conn.exchange = exchange
    state.onSettled(() => {
      clearTimeout(connectTimer)
      // settled from outside (the whole-request timeout): the connection is mid-exchange
      if (!done) {
        finish(false)
      }
    })
    const bodyBytes = Buffer.byteLength(planned.body)
    conn.socket.write(
      `${postHead}content-length: ${bodyBytes}\r\ntraceparent: ${state.traceparent}\r\n\r\n${planned.body}`,
      () => {
        m.requestWrittenAtMs ??= performance.now()
      }
    )
  }

  const warmUp = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const conn = connect(() => {})
      let settled = false
      const done = (reusable: boolean): void => {
        if (settled) {
          return
        }
        settled = true
        clearTimeout(timer)
        if (reusable) {
          // the first measured request will find this connection open: it is a reused one
          conn.used = true
          release(conn, true)
        } else {
          conn.exchange = null
          conn.socket.destroy()
        }
        resolve()
      }
      const timer = setTimeout(() => done(false), options.connectTimeoutMs + 5000)
      let reusable = true
      const parser = new Http1ResponseParser({
        onHead(head) {
          reusable = !head.closeAfter
        },
        onBody() {},
        onEnd: () => done(reusable),
        onError: () => done(false),
      })
      conn.exchange = {
        onData: (bytes) => parser.push(bytes),
        onGone: () => done(false),
      }
      conn.socket.write(
        `GET /v1/models HTTP/1.1\r\nhost: ${hostHeader}\r\naccept: application/json\r\n` +
          `connection: ${keepAlive ? 'keep-alive' : 'close'}\r\n${userHeaders}\r\n`
      )
    })

  return {
    send(planned) {
      return new Promise<RequestResult>((resolve) => {
        const state = new RequestState(planned, resolve)
        attempt(state, planned)
        overallTimer(state, options, () => {})
      })
    },
    warmUp,
    close() {
      for (const conn of open) {
        conn.socket.destroy()
      }
      idle.length = 0
    },
  }
}
