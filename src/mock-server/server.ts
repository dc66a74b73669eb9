import http from 'node:http'
import http2 from 'node:http2'
import https from 'node:https'
import net from 'node:net'
import { createOtlpJsonExporter, type OtlpJsonExporter } from '../client/otlp-exporter.js'
import type { Logger } from '../core/logger.js'
import {
  createMockEngine,
  DEFAULT_ENGINE_MODEL,
  type EngineModel,
  type FixedTiming,
} from './engine.js'
import { createRequestHandler } from './handler.js'
import { createMockMetrics } from './metrics.js'
import type { Misbehaviour } from './misbehave.js'
import { generateSelfSignedCert } from './tls-cert.js'

export interface MockServerOptions {
  port: number
  host: string
  tls: boolean
  http2: boolean
  model: string
  otlpEndpoint?: string
  /** Bearer token for `otlpEndpoint`, when the receiver requires one. */
  otlpToken?: string | null
  instanceId?: string
  serviceVersion?: string
  misbehave: Misbehaviour
  /** Output tokens when a request sets no max_tokens. */
  defaultOutputTokens: number
  engineModel?: EngineModel
  /** Deterministic timing (accuracy tests): fixed TTFT and gap for every request. */
  fixed?: FixedTiming
  /** Put each token's server write time (epoch ms) into its content text. */
  stampTokens?: boolean
  seed: number
  logger: Logger
}

export interface RunningMockServer {
  url: string
  port: number
  close(): Promise<void>
}

/**
 * Starts the OpenAI-compatible mock server. A plain TCP listener accepts every connection first
 * (so connection limits and slow accepts can be injected), then hands the socket to the
 * HTTP/1.1, HTTPS or HTTP/2 server.
 */
export async function startMockServer(options: MockServerOptions): Promise<RunningMockServer> {
  const engine = createMockEngine({
    ...(options.engineModel !== undefined ? { model: options.engineModel } : {}),
    ...(options.fixed !== undefined ? { fixed: options.fixed } : {}),
  })
  // Fixed timing has no batching or KV cache to describe.
  const metrics = createMockMetrics(
    options.model,
    options.fixed === undefined
      ? (options.engineModel ?? DEFAULT_ENGINE_MODEL).kvCapacityTokens
      : undefined
  )
  let port = options.port
  const instanceId = (): string => options.instanceId ?? `mock-${options.host}-${port}`
  let exporter: OtlpJsonExporter | null = null
  const handler = createRequestHandler({
    engine,
    metrics,
    model: options.model,
    misbehave: options.misbehave,
    defaultOutputTokens: options.defaultOutputTokens,
    stampTokens: options.stampTokens === true,
    seed: options.seed,
    exportSpan: (span) => exporter?.add(span),
  })
  const cert = options.tls ? await generateSelfSignedCert() : null
  let protocolServer: net.Server
  if (options.http2) {
    protocolServer =
      cert !== null
        ? http2.createSecureServer({ ...cert, allowHTTP1: true }, handler)
        : http2.createServer(handler)
  } else {
    protocolServer =
      cert !== null
        ? https.createServer({ ...cert, ALPNProtocols: ['http/1.1'] }, handler)
        : http.createServer(handler)
  }
  protocolServer.on('error', (err) =>
    options.logger.warn('mock server error', { err: String(err) })
  )
  const sockets = new Set<net.Socket>()
  const front = net.createServer({ pauseOnConnect: true }, (socket) => {
    const limit = options.misbehave.connLimit
    if (limit !== undefined && sockets.size >= limit) {
      socket.resetAndDestroy()
      return
    }
    // The protocol servers would set this on sockets they accept themselves; without it Nagle
    // plus delayed ACKs hold small SSE writes for ~40 ms.
    socket.setNoDelay(true)
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    const handOver = (): void => {
      protocolServer.emit('connection', socket)
      socket.resume()
    }
    if (options.misbehave.delayAcceptMs !== undefined && options.misbehave.delayAcceptMs > 0) {
      setTimeout(handOver, options.misbehave.delayAcceptMs)
    } else {
      handOver()
    }
  })
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject)
    front.listen({ port: options.port, host: options.host, backlog: 4096 }, () => resolve())
  })
  port = (front.address() as net.AddressInfo).port
  if (options.otlpEndpoint !== undefined) {
    exporter = createOtlpJsonExporter({
      endpoint: options.otlpEndpoint,
      token: options.otlpToken ?? null,
      resource: {
        'service.name': 'vllm',
        'service.instance.id': instanceId(),
        ...(options.serviceVersion !== undefined
          ? { 'service.version': options.serviceVersion }
          : {}),
      },
      scope: { name: 'vllm.llm_engine' },
      intervalMs: 500,
      onError: (err) => options.logger.warn('OTLP export failed', { err: String(err) }),
    })
  }
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host
  return {
    url: `${cert !== null ? 'https' : 'http'}://${hostForUrl}:${port}`,
    port,
    async close() {
      engine.close()
      await new Promise<void>((resolve) => {
        front.close(() => resolve())
        for (const s of sockets) {
          s.destroy()
        }
      })
      protocolServer.close()
      await exporter?.close()
    },
  }
}
