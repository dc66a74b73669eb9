/**
 * What keeps a web page from using a Tokenline server it can reach (docs/security.md):
 * - `Host` must be an allowed name (DNS rebinding: a page on evil.example re-pointed to 127.0.0.1
 *   still sends `Host: evil.example`);
 * - a present `Origin` must be an allowed host or origin (CSRF: browsers always send it on a
 *   cross-site POST);
 * - state-changing requests must carry a JSON or documented upload media type, never the three a
 *   page can send cross-site without a CORS preflight (text/plain, form encodings), nor none;
 * - security headers on every answer (CSP fitting the dashboard, nosniff, no framing, no referrer).
 */
import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

/** Host names every server answers to: the loopback names. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '::1']

export interface BrowserGuardOptions {
  /** Host names answered besides the loopback names (`*` answers any: no DNS rebinding check). */
  allowedHosts: readonly string[]
  /** Origins (`https://grafana.example:3000`) allowed besides those of the allowed hosts. */
  allowedOrigins: readonly string[]
}

/** The allowed hosts of a server bound to `bindHost`: loopback, the bound name, the configured. */
export function allowedHostsFor(bindHost: string, configured: readonly string[]): string[] {
  const wildcard = bindHost === '0.0.0.0' || bindHost === '::' || bindHost === ''
  return [...LOOPBACK_HOSTS, ...(wildcard ? [] : [bindHost]), ...configured].map(normalHost)
}

/** Whether `host` is a loopback address or name. */
export function isLoopbackHost(host: string): boolean {
  const h = normalHost(host)
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h)
}

function normalHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
}

function hostnameOf(url: string): string | null {
  try {
    return normalHost(new URL(url).hostname)
  } catch {
    return null
  }
}

function refuse(message: string): Response {
  return new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message } }), {
    status: 403,
    headers: { 'content-type': 'application/json' },
  })
}

/**
 * Middleware: refuses (403) a request whose `Host` or `Origin` is not allowed. `checkHost`
 * false skips the `Host` check (the OTLP listener: exporters reach it by any service name).
 */
export function checkHostAndOrigin(
  options: BrowserGuardOptions,
  checkHost = true
): MiddlewareHandler {
  const hosts = new Set(options.allowedHosts.map(normalHost))
  const anyHost = hosts.has('*')
  const origins = new Set(options.allowedOrigins.map((o) => o.trim().toLowerCase()))
  return async function hostAndOrigin(c, next) {
    if (checkHost && !anyHost) {
      const host = hostnameOf(c.req.url)
      if (host === null || !hosts.has(host)) {
        return refuse(
          `Host ${JSON.stringify(host)} is not served here (allowed: ${[...hosts].join(', ')}; add it to server.allowedHosts)`
        )
      }
    }
    const origin = c.req.header('origin')
    if (origin !== undefined) {
      const originHost = hostnameOf(origin)
      // With `*` hosts the DNS rebinding check is off; a page may still call its own origin.
      const allowed =
        origins.has(origin.toLowerCase()) ||
        (originHost !== null && !anyHost && hosts.has(originHost)) ||
        (anyHost && origin.toLowerCase() === new URL(c.req.url).origin.toLowerCase())
      if (!allowed) {
        return refuse(
          `requests from the page at ${JSON.stringify(origin)} are not allowed (add it to server.allowedOrigins)`
        )
      }
    }
    return next()
  }
}

/** Media types a state-changing API route accepts (parameters like `; charset` aside). */
export const WRITE_MEDIA_TYPES: Readonly<Record<string, readonly string[]>> = {
  '/api/events': ['application/json', 'application/x-ndjson', 'application/jsonl'],
  '/api/import': [
    'application/octet-stream',
    'application/gzip',
    'application/x-gzip',
    'application/json',
    'application/x-ndjson',
    'application/jsonl',
    'application/x-protobuf',
    'application/openmetrics-text',
  ],
}

/**
 * Middleware: a POST/PUT/PATCH/DELETE must carry one of its route's media types (415 otherwise),
 * so a cross-site "simple request" (text/plain, a form, or no type) never reaches a handler.
 */
export function requireWriteMediaType(): MiddlewareHandler {
  return async function writeMediaType(c, next) {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') {
      return next()
    }
    const allowed = WRITE_MEDIA_TYPES[c.req.path] ?? ['application/json']
    const media = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (!allowed.includes(media)) {
      return c.json(
        {
          error: {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: `Content-Type of ${c.req.method} ${c.req.path} must be one of ${allowed.join(', ')} (actual: ${JSON.stringify(media || null)})`,
          },
        },
        415
      )
    }
    return next()
  }
}

/**
 * Security headers on every answer. The CSP fits the built dashboard: its own scripts and styles
 * (uPlot sets inline styles), a `data:` favicon, fetches to its own origin only.
 */
export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    xContentTypeOptions: true,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
    // HSTS only makes sense over TLS, and would pin a plain-HTTP localhost: left to the proxy.
    strictTransportSecurity: false,
    originAgentCluster: true,
    xDnsPrefetchControl: true,
    xDownloadOptions: true,
    xPermittedCrossDomainPolicies: true,
    xXssProtection: false,
  })
}
