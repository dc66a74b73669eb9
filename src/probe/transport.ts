// What both probe transports (HTTP/1.1 in client.ts, HTTP/2 in client-h2.ts) share: their
// options, their interface and the whole-request timeout. A module of its own so that neither
// transport imports the other's file back.
import type { LookupFunction } from 'node:net'
import type { PlannedRequest, RequestState } from './request-state.js'
import type { RequestResult } from './types.js'

export interface ProbeClientOptions {
  url: URL
  http2?: boolean
  /** Accept self-signed and otherwise invalid certificates. */
  insecure?: boolean
  /** Open a fresh connection for every request instead of keeping connections alive. */
  newConnection?: boolean
  /** Whole-request timeout, from the actual send (ms). */
  timeoutMs: number
  /** TCP connect + TLS handshake must finish within this (ms). */
  connectTimeoutMs: number
  headers?: Record<string, string>
  /** Name resolution override (tests use it to simulate DNS failures without traffic). */
  lookup?: LookupFunction
}

/** Sends one streaming request and resolves with what it measured; never rejects. */
export interface ProbeClient {
  send(planned: PlannedRequest): Promise<RequestResult>
  /**
   * Opens a pooled connection and runs the code paths of a request once (`GET /v1/models`)
   * before any measured request, so the first request of a run pays neither the TCP/TLS
   * handshake nor the first-use compilation of the client. Never rejects.
   */
  warmUp?(): Promise<void>
  close(): void
}

/** Arms the whole-request timeout; the connect-phase timeout is armed by the transport. */
export function overallTimer(
  state: RequestState,
  options: Pick<ProbeClientOptions, 'timeoutMs'>,
  abort: () => void
): void {
  const timer = setTimeout(() => {
    if (!state.settled) {
      state.settle(
        state.phase === 'connecting' || state.phase === 'tls' ? 'connect_timeout' : 'timeout',
        `no complete answer within ${options.timeoutMs} ms`
      )
      abort()
    }
  }, options.timeoutMs)
  state.onSettled(() => clearTimeout(timer))
}
