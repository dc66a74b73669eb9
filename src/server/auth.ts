/**
 * Bearer-token authentication and scopes for both listeners (docs/security.md). A token file has
 * one `scope token` per line; scopes are `ingest` (OTLP, POST /api/events, /api/import), `read`
 * (GET /api/*), `read:tenant=NAME` (read, limited to one tenant's requests) and `admin` (all).
 * Tokens are compared as SHA-256 digests with `timingSafeEqual`, against every grant, so the
 * answer time says nothing about how much of a token matched or which line it is on.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Context, MiddlewareHandler } from 'hono'
import { ConfigError } from '../core/errors.js'

export type Scope = 'ingest' | 'read' | 'admin'

/** One line of the token file. */
export interface TokenGrant {
  scope: Scope
  /** Set for `read:tenant=NAME`: every query is limited to this tenant. */
  tenant: string | null
  /** SHA-256 of the token (the token itself is not kept). */
  digest: Buffer
}

/** Tokens shorter than this are refused: a guessable token is no authentication. */
export const MIN_TOKEN_LENGTH = 16

function digestOf(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest()
}

function parseScope(text: string): { scope: Scope; tenant: string | null } | null {
  if (text === 'ingest' || text === 'read' || text === 'admin') {
    return { scope: text, tenant: null }
  }
  const match = /^read:tenant=(.+)$/.exec(text)
  return match?.[1] ? { scope: 'read', tenant: match[1] } : null
}

/**
 * Parses a token file: `scope token` per line, `#` comments and blank lines ignored.
 * Throws `ConfigError` naming the line for anything else (the token is never echoed).
 */
export function parseTokenFile(text: string, fileName: string): TokenGrant[] {
  const grants: TokenGrant[] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) {
      return
    }
    const where = `${fileName} line ${index + 1}`
    const parts = line.split(/\s+/)
    if (parts.length !== 2) {
      throw new ConfigError(`${where}: expected "scope token" (two fields)`)
    }
    const scope = parseScope(parts[0] as string)
    if (scope === null) {
      throw new ConfigError(
        `${where}: scope must be ingest, read, read:tenant=NAME or admin (actual: ${JSON.stringify(parts[0])})`
      )
    }
    const token = parts[1] as string
    if (token.length < MIN_TOKEN_LENGTH) {
      throw new ConfigError(`${where}: the token must be at least ${MIN_TOKEN_LENGTH} characters`)
    }
    grants.push({ ...scope, digest: digestOf(token) })
  })
  if (grants.length === 0) {
    throw new ConfigError(`${fileName} holds no token: a token file must grant at least one`)
  }
  return grants
}

/** Reads and parses the token file of `server.authTokenFile`. */
export async function loadTokenFile(path: string): Promise<TokenGrant[]> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    throw new ConfigError(`cannot read the auth token file ${path}: ${(err as Error).message}`, {
      cause: err,
    })
  }
  return parseTokenFile(text, path)
}

/** The grant of a presented token, or `null`; compares against every grant in constant time. */
export function findGrant(grants: readonly TokenGrant[], presented: string): TokenGrant | null {
  const digest = digestOf(presented)
  let found: TokenGrant | null = null
  for (const grant of grants) {
    if (timingSafeEqual(grant.digest, digest) && found === null) {
      found = grant
    }
  }
  return found
}

/** Whether a grant may act in `needed` scope (`admin` may do all). */
export function allows(grant: TokenGrant, needed: Scope): boolean {
  return grant.scope === 'admin' || grant.scope === needed
}

const tenantByRequest = new WeakMap<Request, string>()

/** The tenant a request's token is limited to, or `null` (set by {@link requireToken}). */
export function tenantOf(req: Request): string | null {
  return tenantByRequest.get(req) ?? null
}

/** How a refusal is written (the OTLP listener answers with an OTLP Status body). */
export type DenyRenderer = (
  c: Context,
  status: 401 | 403,
  message: string,
  headers: Record<string, string>
) => Response

const jsonDeny: DenyRenderer = (c, status, message, headers) =>
  c.json(
    { error: { code: status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN', message } },
    status,
    headers
  )

function challenge(status: 401 | 403): Record<string, string> {
  return status === 401
    ? { 'WWW-Authenticate': 'Bearer realm="tokenline"' }
    : { 'WWW-Authenticate': 'Bearer realm="tokenline", error="insufficient_scope"' }
}

/** The bearer token of a request (`Authorization: Bearer …`), or `null`. */
function bearerOf(c: Context): string | null {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(header)
  return match?.[1] ?? null
}

/**
 * Limits a tenant token's GET to its tenant: any `tenant` filter must name it, and the request
 * URL is rewritten to carry it, so every route's filters see it (diagnosis included).
 */
function forceTenant(c: Context, tenant: string, render: DenyRenderer): Response | null {
  const url = new URL(c.req.url)
  const asked = url.searchParams
    .getAll('tenant')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '')
  if (asked.some((t) => t !== tenant)) {
    return render(
      c,
      403,
      `this token may read tenant ${JSON.stringify(tenant)} only`,
      challenge(403)
    )
  }
  url.searchParams.delete('tenant')
  url.searchParams.set('tenant', tenant)
  c.req.raw = new Request(url, c.req.raw)
  tenantByRequest.set(c.req.raw, tenant)
  return null
}

/**
 * Middleware: requires a token whose scope allows `scopeFor(c)`; `null` from `scopeFor` lets the
 * request through unauthenticated (only the dashboard's static shell, which holds no data).
 * Answers 401 with `WWW-Authenticate: Bearer` without a valid token, 403 for a wrong scope.
 */
export function requireToken(
  grants: readonly TokenGrant[],
  scopeFor: (c: Context) => Scope | null,
  options: { tenantAllowed?: (c: Context) => boolean; render?: DenyRenderer } = {}
): MiddlewareHandler {
  const render = options.render ?? jsonDeny
  const deny = (c: Context, status: 401 | 403, message: string): Response =>
    render(c, status, message, challenge(status))
  return async function authenticate(c, next) {
    const needed = scopeFor(c)
    if (needed === null) {
      return next()
    }
    const presented = bearerOf(c)
    if (presented === null) {
      return deny(c, 401, 'this server requires a bearer token (Authorization: Bearer TOKEN)')
    }
    const grant = findGrant(grants, presented)
    if (grant === null) {
      return deny(c, 401, 'the bearer token is not valid')
    }
    if (!allows(grant, needed)) {
      return deny(c, 403, `this token's scope (${grant.scope}) does not allow ${needed}`)
    }
    if (grant.tenant !== null) {
      if (options.tenantAllowed?.(c) === false) {
        return deny(c, 403, 'a tenant-limited token cannot read this route (it covers all tenants)')
      }
      const refused = forceTenant(c, grant.tenant, render)
      if (refused !== null) {
        return refused
      }
    }
    return next()
  }
}
