/**
 * Connection hygiene for both listeners (docs/security.md): header, request and keep-alive
 * timeouts checked every second (Node checks every 30 s by default, which lets a slowloris
 * socket live up to 30 s past its deadline), a total connection limit and a per-IP one. Sockets
 * over a limit are destroyed on accept, before any byte is read.
 */
import type { Server as HttpServer, ServerOptions } from 'node:http'
import type { Socket } from 'node:net'

export interface ConnectionLimits {
  /** Time allowed to receive a request's headers. */
  headersTimeoutMs: number
  /** Time allowed to receive a whole request (headers and body); 0 = none. */
  requestTimeoutMs: number
  /** How long an idle keep-alive connection is kept. */
  keepAliveTimeoutMs: number
  maxConnections: number
  maxConnectionsPerIp: number
}

/** `http.createServer` options carrying the timeouts. */
export function timeoutServerOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // How often the deadlines above are checked: often enough to hold them within a second.
    connectionsCheckingInterval: Math.max(
      100,
      Math.min(1000, Math.floor(limits.headersTimeoutMs / 2))
    ),
  }
}

/** When each accepted socket was accepted (epoch ms), for the OTLP listener's `Server-Timing`. */
const acceptedAt = new WeakMap<Socket, number>()

/** When `socket` was accepted by a guarded server (epoch ms), or `undefined`. */
export function socketAcceptedMs(socket: Socket): number | undefined {
  return acceptedAt.get(socket)
}

/** What `guardConnections` saw, for logs and tests. */
export interface ConnectionStats {
  open: number
  refusedTotal: number
  refusedPerIp: number
}

/**
 * Applies the connection limits to a bound or unbound server. Returns live counters. The
 * total limit is Node's own `maxConnections`; the per-IP one is counted here.
 */
export function guardConnections(
  server: HttpServer,
  limits: ConnectionLimits
): { stats: () => ConnectionStats } {
  server.maxConnections = limits.maxConnections
  server.headersTimeout = limits.headersTimeoutMs
  server.requestTimeout = limits.requestTimeoutMs
  server.keepAliveTimeout = limits.keepAliveTimeoutMs
  const perIp = new Map<string, number>()
  let open = 0
  let refusedPerIp = 0
  let refusedTotal = 0
  server.on('drop', () => {
    refusedTotal++
  })
  server.on('connection', (socket: Socket) => {
    acceptedAt.set(socket, Date.now())
    const ip = socket.remoteAddress ?? 'unknown'
    const count = (perIp.get(ip) ?? 0) + 1
    if (count > limits.maxConnectionsPerIp) {
      refusedPerIp++
      socket.destroy()
      return
    }
    perIp.set(ip, count)
    open++
    socket.once('close', () => {
      open--
      const left = (perIp.get(ip) ?? 1) - 1
      if (left <= 0) {
        perIp.delete(ip)
      } else {
        perIp.set(ip, left)
      }
    })
  })
  return { stats: () => ({ open, refusedTotal, refusedPerIp }) }
}
