// How a failed answer from our own server becomes one error for the CLI: no answer is an outage
// (STORE_UNAVAILABLE, exit 3), a refused token is a usage error (AUTH_FAILED, exit 2), a refused
// request is bad input (exit 2). docs/security.md, "Clients".
import { AppError } from '../core/errors.js'
import { readErrorMessage, type ServerReply } from './send-with-retry.js'

/** The `Authorization` header for a bearer token, or none. */
export function bearerHeaders(token: string | null): Record<string, string> {
  return token === null ? {} : { authorization: `Bearer ${token}` }
}

/** True for the statuses of a refused token: 401 (none or unknown) and 403 (wrong scope). */
export function isAuthStatus(status: number): boolean {
  return status === 401 || status === 403
}

/** The message of an `AUTH_FAILED` error: what the server said and what to do about it. */
export function authFailedMessage(
  status: number,
  serverMessage: string,
  url: string,
  tokenSent: boolean
): string {
  const hint = tokenSent
    ? status === 403
      ? 'use a token whose scope allows this (docs/security.md)'
      : 'check the token given by --token-file or TOKENLINE_TOKEN'
    : 'give a token with --token-file FILE or TOKENLINE_TOKEN'
  return `authentication failed: ${serverMessage || `HTTP ${status}`} (HTTP ${status} from ${url}); ${hint}`
}

/**
 * The error for a failed reply from the server at `url`; `what` names the request in the
 * message ("the server at … refused <what>").
 */
export async function replyError(
  reply: Extract<ServerReply, { status: 'failure' }>,
  url: string,
  what: string,
  tokenSent: boolean
): Promise<AppError> {
  if (reply.response === null) {
    return new AppError(
      'STORE_UNAVAILABLE',
      `could not reach the server at ${url} (${reply.error.message})`,
      { cause: reply.error }
    )
  }
  const status = reply.response.status
  const message = await readErrorMessage(reply.response)
  if (isAuthStatus(status)) {
    return new AppError('AUTH_FAILED', authFailedMessage(status, message, url, tokenSent))
  }
  return new AppError(
    status === 400 ? 'INPUT_INVALID' : 'STORE_UNAVAILABLE',
    `the server at ${url} refused ${what}: HTTP ${status} ${message}`.trimEnd()
  )
}
