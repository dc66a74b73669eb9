/**
 * Binding the two listeners: HTTP or HTTPS, with the connection limits of
 * `server/connections.ts`, and the security settings read from the config (token file, allowed
 * hosts) with the start-up warning about an open listener.
 */
import { readFile } from 'node:fs/promises'
import { createServer as createHttpsServer } from 'node:https'
import type { Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import type { ResolvedConfig } from '../config/schema.js'
import { AppError } from '../core/errors.js'
import type { SecurityOptions } from './app-deps.js'
import { loadTokenFile } from './auth.js'
import { allowedHostsFor, isLoopbackHost } from './browser-guard.js'
import { guardConnections, timeoutServerOptions, type ConnectionLimits } from './connections.js'

/** PEM key and certificate of the HTTPS listeners. */
export interface TlsFiles {
  key: Buffer
  cert: Buffer
}

export async function readTlsFiles(config: ResolvedConfig): Promise<TlsFiles | null> {
  const { tlsCert, tlsKey } = config.server
  if (tlsCert === null && tlsKey === null) {
    return null
  }
  if (tlsCert === null || tlsKey === null) {
    throw new AppError(
      'CONFIG_INVALID',
      'TLS needs both a certificate and a key (--tls-cert and --tls-key, or server.tlsCert and server.tlsKey)'
    )
  }
  const read = async (path: string, what: string): Promise<Buffer> => {
    try {
      return await readFile(path)
    } catch (err) {
      throw new AppError(
        'CONFIG_INVALID',
        `cannot read the TLS ${what} ${path}: ${(err as Error).message}`,
        {
          cause: err,
        }
      )
    }
  }
  return { cert: await read(tlsCert, 'certificate'), key: await read(tlsKey, 'key') }
}

export function listen(
  app: { fetch: (req: Request) => Response | Promise<Response> },
  port: number,
  host: string,
  limits: ConnectionLimits,
  tls: TlsFiles | null
): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const serverOptions = timeoutServerOptions(limits)
    const server =
      tls === null
        ? serve({ fetch: app.fetch, port, hostname: host, serverOptions }, () => resolve(server))
        : serve(
            {
              fetch: app.fetch,
              port,
              hostname: host,
              createServer: createHttpsServer,
              serverOptions: {
                ...serverOptions,
                key: tls.key,
                cert: tls.cert,
                // A TLS handshake that never finishes is a slow header too.
                handshakeTimeout: limits.headersTimeoutMs,
              },
            },
            () => resolve(server)
          )
    guardConnections(server as HttpServer, limits)
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new AppError(
              'CONFIG_INVALID',
              `port ${port} on ${host} is already in use (another tokenline serve?); choose another with --port/--otlp-port, or 0 for a free one`,
              { cause: err }
            )
          : err
      )
    })
  })
}

export function urlOf(server: ServerType, host: string, tls: boolean): string {
  const addr = server.address() as AddressInfo
  const shown = host.includes(':') ? `[${host}]` : host
  return `${tls ? 'https' : 'http'}://${shown}:${addr.port}`
}

/** What start-up warns about: a listener beyond loopback that anybody may use. */
export function securityWarnings(config: ResolvedConfig, security: SecurityOptions): string[] {
  const warnings: string[] = []
  const { host, allowedHosts } = config.server
  if (security.grants === null && !isLoopbackHost(host)) {
    warnings.push(
      `listening on ${host} without authentication: anyone who can reach this address can read and write; set --auth-token-file (docs/security.md)`
    )
  }
  if ((host === '0.0.0.0' || host === '::') && allowedHosts.length === 0) {
    warnings.push(
      `the dashboard and API answer only to the Host names ${security.allowedHosts.join(', ')}; add the names users type with --allowed-host (docs/security.md)`
    )
  }
  return warnings
}

/** Tokens, allowed hosts and origins from the config (reads the token file). */
export async function securityFromConfig(config: ResolvedConfig): Promise<SecurityOptions> {
  const grants =
    config.server.authTokenFile === null ? null : await loadTokenFile(config.server.authTokenFile)
  return {
    grants,
    allowedHosts: allowedHostsFor(config.server.host, config.server.allowedHosts),
    allowedOrigins: config.server.allowedOrigins,
  }
}

export function closeListener(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    // SSE and keep-alive sockets would otherwise hold close() open.
    ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
  })
}
