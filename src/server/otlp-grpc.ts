/**
 * The OTLP/gRPC receiver (default port 4317, like the Collector): `TraceService/Export` and
 * `MetricsService/Export`, served with `@grpc/grpc-js`. Requests are left as bytes by grpc-js
 * and decoded by the same protobuf decoders and written through the same ingest call as
 * OTLP/HTTP (`otlp-app.ts`), so both protocols store the same thing. gzip and deflate are
 * undone by grpc-js, whose `grpc.max_receive_message_length` bounds the message after
 * decompression: the same `maxBodyBytes` as OTLP/HTTP. Errors use the one error table
 * (`http-errors.ts`); overload answers `RESOURCE_EXHAUSTED` (queue full) or `UNAVAILABLE`
 * (store) with `google.rpc.RetryInfo` in the `grpc-status-details-bin` trailer.
 */
import {
  Metadata,
  Server,
  status as GrpcStatus,
  type ServerErrorResponse,
  type ServiceDefinition,
  type UntypedHandleCall,
  type handleUnaryCall,
} from '@grpc/grpc-js'
import type { Logger } from '../core/logger.js'
import type { TimeBounds } from '../core/otlp/time-bounds.js'
import {
  decodeMetricsProtobuf,
  decodeTracesProtobuf,
  encodeMetricsResponse,
  encodeTraceResponse,
} from '../ingest/otlp/protobuf.js'
import { encodeRpcStatusDetails } from '../ingest/otlp/rpc-status.js'
import { allows, findGrant, type TokenGrant } from './auth.js'
import { grpcCodeForStatus, httpErrorReply } from './http-errors.js'
import {
  ANSWER_WITHIN_MS,
  checkAnswerTime,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_FUTURE_SKEW_MS,
  partialOf,
  type OtlpAppDeps,
} from './otlp-app.js'

/** Connection-level settings of the gRPC listener (`server.grpc*`, docs/config.md). */
export interface GrpcServerLimits {
  /** Calls in flight on one connection (HTTP/2 SETTINGS_MAX_CONCURRENT_STREAMS). */
  maxConcurrentStreams: number
  /** The server pings a connection idle this long (ms) to find dead peers. */
  keepaliveTimeMs: number
  /** …and closes it when the ping is not answered within this (ms). */
  keepaliveTimeoutMs: number
  /** A connection with no call for this long is closed with GOAWAY (ms). */
  maxConnectionIdleMs: number
  /** A connection is closed with GOAWAY after this long, so clients rebalance (ms; 0 = never). */
  maxConnectionAgeMs: number
}

/** Defaults of {@link GrpcServerLimits}, as the Collector's receiver where it sets one. */
export const DEFAULT_GRPC_LIMITS: GrpcServerLimits = {
  maxConcurrentStreams: 100,
  keepaliveTimeMs: 2 * 60 * 60 * 1000,
  keepaliveTimeoutMs: 20_000,
  maxConnectionIdleMs: 5 * 60 * 1000,
  maxConnectionAgeMs: 0,
}

/** gRPC method paths of the OTLP collector services (opentelemetry-proto). */
export const OTLP_TRACE_EXPORT_PATH = '/opentelemetry.proto.collector.trace.v1.TraceService/Export'
export const OTLP_METRICS_EXPORT_PATH =
  '/opentelemetry.proto.collector.metrics.v1.MetricsService/Export'

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/** A unary method whose request and response stay protobuf bytes (we decode them ourselves). */
function bytesMethod(path: string): ServiceDefinition[string] {
  return {
    path,
    requestStream: false,
    responseStream: false,
    requestSerialize: (value: Buffer) => value,
    requestDeserialize: (bytes: Buffer) => bytes,
    responseSerialize: (value: Uint8Array) => asBuffer(value),
    responseDeserialize: (bytes: Buffer) => bytes,
  }
}

const TRACE_SERVICE: ServiceDefinition = { Export: bytesMethod(OTLP_TRACE_EXPORT_PATH) }
const METRICS_SERVICE: ServiceDefinition = { Export: bytesMethod(OTLP_METRICS_EXPORT_PATH) }

/** The gRPC error for a thrown value, with RetryInfo when the HTTP path would send Retry-After. */
export function grpcErrorOf(err: unknown): ServerErrorResponse & { known: boolean } {
  const reply = httpErrorReply(err)
  const code = grpcCodeForStatus(reply.status)
  const message = `${reply.code}: ${reply.message}`
  const metadata = new Metadata()
  const retryable = code === GrpcStatus.RESOURCE_EXHAUSTED || code === GrpcStatus.UNAVAILABLE
  if (retryable && reply.retryAfterSeconds !== null) {
    metadata.set(
      'grpc-status-details-bin',
      asBuffer(encodeRpcStatusDetails(code, message, reply.retryAfterSeconds * 1000))
    )
  }
  return Object.assign(new Error(message), {
    code,
    details: message,
    metadata,
    known: reply.known,
  })
}

type Export = (body: Uint8Array) => Promise<Uint8Array>

/**
 * The OTLP/HTTP listener's token rule on gRPC: with tokens configured, an export needs an
 * `authorization: Bearer TOKEN` metadata entry whose scope allows `ingest`.
 */
function refusalOf(
  grants: readonly TokenGrant[] | null,
  metadata: Metadata
): { code: GrpcStatus; details: string } | null {
  if (grants === null) {
    return null
  }
  const header = String(metadata.get('authorization')[0] ?? '')
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (m === null) {
    return {
      code: GrpcStatus.UNAUTHENTICATED,
      details: 'this server requires a bearer token (authorization: Bearer TOKEN)',
    }
  }
  const grant = findGrant(grants, m[1] ?? '')
  if (grant === null) {
    return { code: GrpcStatus.UNAUTHENTICATED, details: 'the bearer token is not valid' }
  }
  if (!allows(grant, 'ingest')) {
    return {
      code: GrpcStatus.PERMISSION_DENIED,
      details: `this token's scope (${grant.scope}) does not allow ingest`,
    }
  }
  return null
}

function unary(
  name: string,
  run: Export,
  deps: OtlpAppDeps,
  grants: readonly TokenGrant[] | null
): handleUnaryCall<Buffer, Uint8Array> {
  const logger: Logger = deps.logger
  const fail = (err: unknown): ServerErrorResponse => {
    const error = grpcErrorOf(err)
    if (!error.known) {
      logger.error('OTLP/gRPC request failed', {
        method: name,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      })
    }
    const reply = httpErrorReply(err)
    if (reply.retryAfterSeconds !== null) {
      deps.ingestTraffic?.refused(reply.code, 'grpc', reply.reason)
    }
    return error
  }
  return function exportCall(call, callback) {
    const refused = refusalOf(grants, call.metadata)
    if (refused !== null) {
      callback(Object.assign(new Error(refused.details), refused))
      return
    }
    // The same admission as OTLP/HTTP: grpc-js has read the message, but decoding and writing
    // it are the costly part, and a refusal here costs neither.
    let release: (() => void) | undefined
    try {
      release = deps.ingest.admit?.(call.request.length)
    } catch (err) {
      callback(fail(err))
      return
    }
    run(call.request)
      .then(
        (response) => {
          if (call.cancelled) {
            deps.ingestTraffic?.clientGaveUp('grpc')
          }
          callback(null, response)
        },
        (err: unknown) => {
          if (call.cancelled) {
            deps.ingestTraffic?.clientGaveUp('grpc')
          }
          callback(fail(err))
        }
      )
      .finally(() => release?.())
  }
}

/**
 * Creates the OTLP/gRPC server with both services added; `otlp-grpc-listener.ts` feeds it sockets.
 *
 * @example
 * const server = createOtlpGrpcServer({ ingest, logger, limits: { maxBodyBytes: 16 << 20 } })
 * const injector = server.createConnectionInjector(ServerCredentials.createInsecure())
 * netServer.on('connection', (socket) => injector.injectConnection(socket))
 */
export function createOtlpGrpcServer(
  deps: OtlpAppDeps,
  limits: GrpcServerLimits = DEFAULT_GRPC_LIMITS
): Server {
  const maxBodyBytes =
    deps.limits.maxBodyBytes > 0 ? deps.limits.maxBodyBytes : DEFAULT_MAX_BODY_BYTES
  const server = new Server({
    'grpc.max_receive_message_length': maxBodyBytes,
    'grpc.max_concurrent_streams': limits.maxConcurrentStreams,
    'grpc.keepalive_time_ms': limits.keepaliveTimeMs,
    'grpc.keepalive_timeout_ms': limits.keepaliveTimeoutMs,
    'grpc.max_connection_idle_ms': limits.maxConnectionIdleMs,
    ...(limits.maxConnectionAgeMs > 0
      ? {
          'grpc.max_connection_age_ms': limits.maxConnectionAgeMs,
          // Calls in flight when the age is reached get as long as an exporter waits.
          'grpc.max_connection_age_grace_ms': 10_000,
        }
      : {}),
  })
  const grants = deps.security?.grants ?? null
  const now = deps.now ?? Date.now
  const skewMs = deps.limits.maxFutureSkewMs ?? DEFAULT_MAX_FUTURE_SKEW_MS
  // The same time bounds as OTLP/HTTP: a span past the clock + skew is rejected on its own.
  const bounds = (): TimeBounds => ({ latestUs: (now() + skewMs) * 1000 })

  // As on OTLP/HTTP: the answer time counts from when the call most likely arrived, and the
  // decode runs in the worker pool when there is one, so the event loop stays free to answer.
  const arrivedMs = (): number => now() - (deps.loopLagMs?.() ?? 0)

  const exportTraces: Export = async (body) => {
    const receivedMs = arrivedMs()
    const { spans, rejected } = deps.decoder
      ? await deps.decoder.traces('protobuf', body, bounds())
      : decodeTracesProtobuf(body, bounds())
    const seenMs = now()
    deps.clockSkew?.observe(spans, seenMs)
    deps.clockSkew?.observeRejects(rejected, seenMs)
    if (spans.length > 0) {
      checkAnswerTime(receivedMs, now())
      await deps.ingest.submitSpans(spans, { answerByMs: receivedMs + ANSWER_WITHIN_MS })
    }
    const partial = partialOf(rejected, 'spans')
    if (partial !== null) {
      deps.metrics?.telemetry.spansRejected('otlp', 'grpc', partial.rejected)
      deps.logger.warn('OTLP spans rejected', { rejected: partial.rejected, first: rejected[0] })
    }
    return encodeTraceResponse(partial)
  }
  const exportMetrics: Export = async (body) => {
    const receivedMs = arrivedMs()
    const { samples, families, rejected } = deps.decoder
      ? await deps.decoder.metrics('protobuf', body, bounds())
      : decodeMetricsProtobuf(body, bounds())
    if (samples.length > 0 || families.length > 0) {
      checkAnswerTime(receivedMs, now())
      await deps.ingest.submitMetrics(samples, families)
    }
    const partial = partialOf(rejected, 'data points')
    if (partial !== null) {
      deps.logger.warn('OTLP metric data points rejected', {
        rejected: partial.rejected,
        first: rejected[0],
      })
    }
    return encodeMetricsResponse(partial)
  }

  server.addService(TRACE_SERVICE, {
    Export: unary('TraceService/Export', exportTraces, deps, grants) as UntypedHandleCall,
  })
  server.addService(METRICS_SERVICE, {
    Export: unary('MetricsService/Export', exportMetrics, deps, grants) as UntypedHandleCall,
  })
  return server
}

/** Stops accepting calls, lets calls in flight finish for up to `graceMs`, then cuts the rest. */
export function closeOtlpGrpc(server: Server, graceMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.forceShutdown()
      resolve()
    }, graceMs)
    server.tryShutdown(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}
