import { createH1Transport } from './client-h1.js'
import { createH2Transport } from './client-h2.js'
import type { ProbeClient, ProbeClientOptions } from './transport.js'

export type { ProbeClient, ProbeClientOptions } from './transport.js'

/**
 * Creates the streaming HTTP client. It works on sockets (HTTP/1.1: net/tls with its own
 * response parser; HTTP/2: node:http2 over a socket it opens) rather than fetch, because phase
 * timing needs the socket's `lookup`, `connect` and `secureConnect` events.
 */
export function createProbeClient(options: ProbeClientOptions): ProbeClient {
  return options.http2 === true ? createH2Transport(options) : createH1Transport(options)
}
