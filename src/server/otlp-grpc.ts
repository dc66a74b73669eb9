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
  ServerCredentials,
  status as GrpcStatus,
  type ServerErrorResponse,
  type ServiceDefinition,
  type UntypedHandleCall,
  type handleUnaryCall,
} from '@grpc/grpc-js'
import { AppError } from '../core/errors.js'
import type { Logger } from '../core/logger.js'
import {
  decodeMetricsProtobuf,
  decodeTracesProtobuf,
  encodeMetricsResponse,
  encodeTraceResponse,
} from '../ingest/otlp/protobuf.js'
import { encodeRpcStatusDetails } from '../ingest/otlp/rpc-status.js'
import { allows, findGrant, type TokenGrant } from './auth.js'
import { grpcCodeForStatus, httpErrorReply } from './http-errors.js'
import { DEFAULT_MAX_BODY_BYTES, partialOf, type OtlpAppDeps } from './otlp-app.js'

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
  logger: Logger,
  grants: readonly TokenGrant[] | null
): handleUnaryCall<Buffer, Uint8Array> {
  return function exportCall(call, callback) {
    const refused = refusalOf(grants, call.metadata)
    if (refused !== null) {
      callback(Object.assign(new Error(refused.details), refused))
      return
    }
    run(call.request).then(
      (response) => callback(null, response),
      (err: unknown) => {
        const error = grpcErrorOf(err)
        if (!error.known) {
          logger.error('OTLP/gRPC request failed', {
            method: name,
            error: err instanceof Error ? (err.stack ?? err.message) : String(err),
          })
        }
        callback(error)
      }
    )
  }
}

/**
 * Creates the OTLP/gRPC server with both services added; `bindOtlpGrpc` binds it.
 *
 * @example
 * const server = createOtlpGrpcServer({ ingest, logger, limits: { maxBodyBytes: 16 << 20 } })
 * const { port } = await bindOtlpGrpc(server, '127.0.0.1', 4317)
 */
export function createOtlpGrpcServer(deps: OtlpAppDeps): Server {
  const maxBodyBytes =
    deps.limits.maxBodyBytes > 0 ? deps.limits.maxBodyBytes : DEFAULT_MAX_BODY_BYTES
  const server = new Server({ 'grpc.max_receive_message_length': maxBodyBytes })
  const grants = deps.security?.grants ?? null

  const exportTraces: Export = async (body) => {
    const { spans, rejected } = decodeTracesProtobuf(body)
    if (spans.length > 0) {
      await deps.ingest.submitSpans(spans)
    }
    const partial = partialOf(rejected, 'spans')
    if (partial !== null) {
      deps.metrics?.telemetry.spansRejected('otlp', 'grpc', partial.rejected)
      deps.logger.warn('OTLP spans rejected', { rejected: partial.rejected, first: rejected[0] })
    }
    return encodeTraceResponse(partial)
  }
  const exportMetrics: Export = async (body) => {
    const { samples, families, rejected } = decodeMetricsProtobuf(body)
    if (samples.length > 0 || families.length > 0) {
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
    Export: unary('TraceService/Export', exportTraces, deps.logger, grants) as UntypedHandleCall,
  })
  server.addService(METRICS_SERVICE, {
    Export: unary('MetricsService/Export', exportMetrics, deps.logger, grants) as UntypedHandleCall,
  })
  return server
}

/** Binds the server without TLS (like the HTTP listener); resolves with the bound port. */
export function bindOtlpGrpc(
  server: Server,
  host: string,
  port: number,
  tls: { cert: Buffer; key: Buffer } | null = null
): Promise<number> {
  const address = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`
  // The HTTP listeners' certificate serves gRPC too, so one --tls-cert secures every port.
  const credentials =
    tls === null
      ? ServerCredentials.createInsecure()
      : ServerCredentials.createSsl(null, [{ cert_chain: tls.cert, private_key: tls.key }])
  return new Promise((resolve, reject) => {
    server.bindAsync(address, credentials, (err, bound) => {
      if (err !== null) {
        const inUse = /EADDRINUSE|address already in use/i.test(err.message)
        reject(
          inUse
            ? new AppError(
                'CONFIG_INVALID',
                `port ${port} on ${host} is already in use (another OTLP/gRPC receiver?); choose another with --otlp-grpc-port, 0 for a free one or -1 for none`,
                { cause: err }
              )
            : err
        )
        return
      }
      resolve(bound)
    })
  })
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
