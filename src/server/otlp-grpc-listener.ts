/**
 * Binds the OTLP/gRPC receiver for the composition root (`main.ts`), or nothing when the
 * configured port is -1.
 *
 * The socket is ours, not grpc-js's: grpc-js has no connection limit, so a plain `net.Server`
 * accepts, applies `server.maxConnections` and `server.maxConnectionsPerIp` as the HTTP listeners
 * do (`connections.ts`), and hands each accepted socket to grpc-js's connection injector, which
 * runs HTTP/2 (and TLS) on it.
 */
import { createServer, type Server as NetServer, type Socket } from 'node:net'
import { ServerCredentials } from '@grpc/grpc-js'
import type { OtlpAppDeps } from './otlp-app.js'
import {
  closeOtlpGrpc,
  createOtlpGrpcServer,
  DEFAULT_GRPC_LIMITS,
  type GrpcServerLimits,
} from './otlp-grpc.js'
import { AppError } from '../core/errors.js'

/** `otlpGrpcPort` value that turns the gRPC listener off. */
export const OTLP_GRPC_DISABLED = -1

export interface OtlpGrpcListener {
  /** `http://host:port`, what gRPC exporters are pointed at, or `null` when off. */
  url: string | null
  /** Open connections and those refused for a limit. */
  connections(): { open: number; refused: number }
  close(): Promise<void>
}

export interface OtlpGrpcListenerSettings extends Partial<GrpcServerLimits> {
  host: string
  otlpGrpcPort: number
  /** Open connections at once (default 1024). */
  maxConnections?: number
  /** Open connections per client address (default 256). */
  maxConnectionsPerIp?: number
}

function bindSocket(server: NetServer, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new AppError(
              'CONFIG_INVALID',
              `port ${port} on ${host} is already in use (another OTLP/gRPC receiver?); choose another with --otlp-grpc-port, 0 for a free one or -1 for none`,
              { cause: err }
            )
          : err
      )
    })
    server.listen(port, host, () => {
      const address = server.address()
      resolve(typeof address === 'object' && address !== null ? address.port : port)
    })
  })
}

function definedOnly(limits: Partial<GrpcServerLimits>): Partial<GrpcServerLimits> {
  return Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined))
}

/** Starts the receiver on `host:otlpGrpcPort` (0 = a free port); resolves once bound. */
export async function startOtlpGrpcListener(
  deps: OtlpAppDeps,
  settings: OtlpGrpcListenerSettings,
  tls: { cert: Buffer; key: Buffer } | null = null
): Promise<OtlpGrpcListener> {
  if (settings.otlpGrpcPort === OTLP_GRPC_DISABLED) {
    return { url: null, connections: () => ({ open: 0, refused: 0 }), close: async () => {} }
  }
  const { host, otlpGrpcPort, maxConnections, maxConnectionsPerIp, ...limits } = settings
  const grpc = createOtlpGrpcServer(deps, { ...DEFAULT_GRPC_LIMITS, ...definedOnly(limits) })
  // The HTTP listeners' certificate serves gRPC too, so one --tls-cert secures every port.
  const credentials =
    tls === null
      ? ServerCredentials.createInsecure()
      : ServerCredentials.createSsl(null, [{ cert_chain: tls.cert, private_key: tls.key }])
  const injector = grpc.createConnectionInjector(credentials)
  const maxTotal = maxConnections ?? 1024
  const maxPerIp = maxConnectionsPerIp ?? 256
  const perIp = new Map<string, number>()
  const sockets = new Set<Socket>()
  let refused = 0
  const socketServer = createServer((socket) => {
    const ip = socket.remoteAddress ?? 'unknown'
    const count = (perIp.get(ip) ?? 0) + 1
    if (sockets.size >= maxTotal || count > maxPerIp) {
      refused++
      socket.destroy()
      return
    }
    perIp.set(ip, count)
    sockets.add(socket)
    socket.once('close', () => {
      sockets.delete(socket)
      const left = (perIp.get(ip) ?? 1) - 1
      if (left <= 0) {
        perIp.delete(ip)
      } else {
        perIp.set(ip, left)
      }
    })
    injector.injectConnection(socket)
  })
  const port = await bindSocket(socketServer, host, otlpGrpcPort)
  const shown = host.includes(':') ? `[${host}]` : host
  return {
    url: `${tls === null ? 'http' : 'https'}://${shown}:${port}`,
    connections: () => ({ open: sockets.size, refused }),
    async close() {
      const closed = new Promise<void>((resolve) => socketServer.close(() => resolve()))
      injector.drain(2_000)
      await closeOtlpGrpc(grpc)
      // Connections that outlived the grace period are cut.
      injector.destroy()
      for (const socket of sockets) {
        socket.destroy()
      }
      await closed
    },
  }
}
