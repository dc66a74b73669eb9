import type { ProbeErrorType } from './types.js'

const TLS_CODE =
  /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL_)/

/**
 * Maps a socket/request error to the probe's error type. `phase` says how far the request got,
 * because the same `ECONNRESET` means a TLS failure during the handshake and a cut stream later.
 */
export function classifySocketError(
  err: unknown,
  phase: 'connecting' | 'tls' | 'waiting' | 'streaming'
): ProbeErrorType {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : ''
  const message = err instanceof Error ? err.message : ''
  if (code === 'CONNECT_TIMEOUT') {
    return 'connect_timeout'
  }
  if (code === 'ECONNREFUSED') {
    return 'connect_refused'
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
    return 'dns'
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') {
    return 'connect_unreachable'
  }
  if (TLS_CODE.test(code) || /ssl|tls|certificate/i.test(message)) {
    return 'tls'
  }
  if (phase === 'tls') {
    return 'tls'
  }
  if (phase === 'connecting') {
    return code === 'ETIMEDOUT' ? 'connect_timeout' : 'connect_refused'
  }
  return 'stream_aborted'
}

/** Errors on a reused keep-alive connection that mean "the server closed it first": retry once. */
export function isStaleConnectionError(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : ''
  return code === 'ECONNRESET' || code === 'EPIPE' || code === 'ERR_STREAM_PREMATURE_CLOSE'
}
