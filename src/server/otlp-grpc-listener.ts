/**
 * Binds the OTLP/gRPC receiver for the composition root (`main.ts`), or nothing when the
 * configured port is -1.
 */
import type { OtlpAppDeps } from './otlp-app.js'
import { bindOtlpGrpc, closeOtlpGrpc, createOtlpGrpcServer } from './otlp-grpc.js'

/** `otlpGrpcPort` value that turns the gRPC listener off. */
export const OTLP_GRPC_DISABLED = -1

export interface OtlpGrpcListener {
  /** `http://host:port`, what gRPC exporters are pointed at, or `null` when off. */
  url: string | null
  close(): Promise<void>
}

/** Starts the receiver on `host:otlpGrpcPort` (0 = a free port); resolves once bound. */
export async function startOtlpGrpcListener(
  deps: OtlpAppDeps,
  server: { host: string; otlpGrpcPort: number },
  tls: { cert: Buffer; key: Buffer } | null = null
): Promise<OtlpGrpcListener> {
  if (server.otlpGrpcPort === OTLP_GRPC_DISABLED) {
    return { url: null, close: async () => {} }
  }
  const grpc = createOtlpGrpcServer(deps)
  const port = await bindOtlpGrpc(grpc, server.host, server.otlpGrpcPort, tls)
  const host = server.host.includes(':') ? `[${server.host}]` : server.host
  return {
    url: `${tls === null ? 'http' : 'https'}://${host}:${port}`,
    close: () => closeOtlpGrpc(grpc),
  }
}
