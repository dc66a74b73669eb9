/**
 * The OTLP/HTTP ingest app (its own port, default 4318): `POST /v1/traces` and
 * `POST /v1/metrics`, protobuf or JSON, gzip or not. A 2xx is sent only after the ingest sink
 * has committed the batch; rejected items come back as OTLP `partialSuccess`.
 */
import { Hono, type Context } from 'hono'
import { AppError } from '../core/errors.js'
import { decodeMetricsBody, decodeTracesBody, type OtlpWireFormat } from '../ingest/otlp/decode.js'
import type { TimeBounds } from '../core/otlp/time-bounds.js'
import type { OtlpReject } from '../core/otlp/wire-types.js'
import {
  encodeMetricsResponse,
  encodeRpcStatus,
  encodeTraceResponse,
  type PartialSuccess,
} from '../ingest/otlp/protobuf.js'
import type { AppDeps } from './app-deps.js'
import { grpcCodeForStatus, httpErrorReply } from './http-errors.js'
import { readBody } from './routes/read-body.js'
import { requireToken } from './auth.js'
import { checkHostAndOrigin, LOOPBACK_HOSTS, securityHeaders } from './browser-guard.js'

/** What the OTLP app needs from the composition root (`now` defaults to the wall clock). */
export type OtlpAppDeps = Pick<AppDeps, 'ingest' | 'logger' | 'limits' | 'security'> &
  Partial<Pick<AppDeps, 'now' | 'metrics' | 'ingestTraffic' | 'clockSkew'>> & {
    /** Decodes bodies off the event loop (`ingest.decodeWorkers`); inline when absent. */
    decoder?: OtlpDecoder
    /**
     * How late the event loop has been lately (ms, `loop-lag.ts`): a request may have waited
     * that long before its handler started, so its answer time counts from then. 0 when absent.
     */
    loopLagMs?: () => number
  }
import type { OtlpDecoder } from '../ingest/otlp/decode-pool.js'
import type { SubmitTiming } from '../ingest/pipeline/types.js'
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { socketAcceptedMs } from './connections.js'

/** Default `limits.maxBodyBytes`: 16 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024
/** Default `limits.maxFutureSkewMs`: a span ending more than 1 h after the server's clock is refused. */
export const DEFAULT_MAX_FUTURE_SKEW_MS = 60 * 60 * 1000

/**
 * Time from a request's arrival by which its client must hear back: OTLP exporters give up after
 * 10 s and resend, so the answer leaves a margin for a loaded client and network. A batch still
 * waiting for the writer then is refused (429) instead of written late (ADR 0130).
 */
export const ANSWER_WITHIN_MS = 8_000

/**
 * Past this much of {@link ANSWER_WITHIN_MS} spent reading and decoding (a saturated host), the
 * batch is refused before it is queued: its write could not finish in time.
 */
const READ_DECODE_LIMIT_MS = ANSWER_WITHIN_MS / 2

/** Throws `INGEST_OVERLOADED` when reading and decoding took too long to still answer in time. */
export function checkAnswerTime(receivedMs: number, nowMs: number): void {
  const spent = nowMs - receivedMs
  if (spent > READ_DECODE_LIMIT_MS) {
    throw new AppError(
      'INGEST_OVERLOADED',
      `ingest is behind: reading and decoding this batch took ${Math.round(spent)} ms (the host is saturated); refused so the client hears back before its timeout; nothing of it was stored; retry after 2 s`,
      { retryAfterSeconds: 2, reason: 'answer-deadline' }
    )
  }
}

/** The moments an acknowledged export passed through (epoch ms, the app's clock). */
interface AnswerMoments {
  /** When its connection was accepted, for the first request of a connection only. */
  acceptedMs: number | undefined
  /** When it most likely arrived (the handler's start less the loop's lateness). */
  receivedMs: number
  handlerMs: number
  readMs: number
  decodedMs: number
  timing: SubmitTiming
  answeredMs: number
}

/**
 * A `Server-Timing` header (W3C) that says where an acknowledgement's time went: waiting for the
 * loop (`lag`), reading the body, decoding it, waiting for the writer (`queue`), the store's
 * append and commit (`store`), and from the commit to the answer (`reply`, the loop busy with
 * other work). Under overload this is what shows which part makes the slowest answers slow
 * (`bench/ingest-soak.bench.ts` aggregates it); a stage the batch did not pass through is left out.
 */
function serverTiming(m: AnswerMoments): string {
  const parts: [string, number, number][] = []
  if (m.acceptedMs !== undefined) {
    parts.push(['accept', m.acceptedMs, m.handlerMs])
  }
  parts.push(
    ['lag', m.receivedMs, m.handlerMs],
    ['read', m.handlerMs, m.readMs],
    ['decode', m.readMs, m.decodedMs]
  )
  const { writeStartMs, committedMs } = m.timing
  if (writeStartMs !== undefined && committedMs !== undefined) {
    parts.push(
      ['queue', m.decodedMs, writeStartMs],
      ['store', writeStartMs, committedMs],
      ['reply', committedMs, m.answeredMs]
    )
  }
  parts.push(['total', m.receivedMs, m.answeredMs])
  // Not stages: what the write queue predicted of the `queue` wait when the batch was queued,
  // and the longest writer step (a round, a background write) it then waited behind.
  const { expectedWaitMs, longestStepMs } = m.timing
  if (expectedWaitMs !== undefined) {
    parts.push(['expected', 0, expectedWaitMs])
  }
  if (longestStepMs !== undefined) {
    parts.push(['step', 0, longestStepMs])
  }
  return parts
    .map(([name, from, to]) => `${name};dur=${Math.max(0, Math.round(to - from))}`)
    .join(', ')
}

const PROTOBUF_TYPE = 'application/x-protobuf'
/** Rejects named in `errorMessage`; the count covers the rest. */
const REJECTS_IN_MESSAGE = 5

/** `protobuf`, `json`, or `null` for a media type OTLP/HTTP does not define. */
function wireFormatOf(contentType: string | undefined): OtlpWireFormat | null {
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase()
  if (media === PROTOBUF_TYPE || media === 'application/protobuf') {
    return 'protobuf'
  }
  if (media === 'application/json') {
    return 'json'
  }
  return null
}

/** The partial success of an export (shared by the OTLP/HTTP and OTLP/gRPC receivers). */
export function partialOf(rejected: readonly OtlpReject[], noun: string): PartialSuccess | null {
  if (rejected.length === 0) {
    return null
  }
  const shown = rejected
    .slice(0, REJECTS_IN_MESSAGE)
    .map((r) => `${r.path}: ${r.reason}`)
    .join('; ')
  const more =
    rejected.length > REJECTS_IN_MESSAGE ? `; and ${rejected.length - REJECTS_IN_MESSAGE} more` : ''
  return {
    rejected: rejected.length,
    errorMessage: `${rejected.length} ${noun} rejected: ${shown}${more}`,
  }
}

function requireFormat(c: Context): OtlpWireFormat {
  const format = wireFormatOf(c.req.header('content-type'))
  if (format === null) {
    throw new AppError(
      'OTLP_UNSUPPORTED_MEDIA_TYPE',
      `Content-Type must be application/x-protobuf or application/json (actual: ${JSON.stringify(c.req.header('content-type') ?? null)})`
    )
  }
  return format
}

/** Copies protobuf output into its own ArrayBuffer, which a Response body needs. */
function protobufBody(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.slice()
}

/** Admission weight of a chunked body, whose length is not declared (a typical large batch). */
const UNDECLARED_BODY_BYTES = 1024 * 1024

/**
 * What a body will weigh once read and decompressed, for admission: its `Content-Length`
 * (× 4 when gzip, a typical OTLP ratio), or 1 MiB when the length is not declared.
 */
function declaredBodyBytes(req: Request, maxBodyBytes: number): number {
  const length = Number(req.headers.get('content-length') ?? NaN)
  if (!Number.isFinite(length) || length < 0) {
    return Math.min(maxBodyBytes, UNDECLARED_BODY_BYTES)
  }
  const gzip = /gzip/i.test(req.headers.get('content-encoding') ?? '')
  return Math.min(maxBodyBytes, gzip ? length * 4 : length)
}

/**
 * Creates the OTLP/HTTP app. No socket: `server/main.ts` binds it, tests call `app.request()`.
 *
 * @example
 * const app = createOtlpApp({ ingest, logger, limits: { maxBodyBytes: 16 * 1024 * 1024 } })
 * const res = await app.request('/v1/traces', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } })
 */
export function createOtlpApp(deps: OtlpAppDeps): Hono {
  const app = new Hono()
  app.use('*', securityHeaders())
  // No Host check: exporters reach this port by any service name. A browser always sends Origin.
  app.use(
    '*',
    checkHostAndOrigin(
      {
        allowedHosts: deps.security?.allowedHosts ?? LOOPBACK_HOSTS,
        allowedOrigins: deps.security?.allowedOrigins ?? [],
      },
      false
    )
  )
  const grants = deps.security?.grants ?? null
  if (grants !== null) {
    // Refusals are OTLP Status bodies too (UNAUTHENTICATED 16, PERMISSION_DENIED 7).
    app.use(
      '*',
      requireToken(grants, () => 'ingest', {
        render: (c, status, message, headers) => {
          const code = status === 401 ? 16 : 7
          if (wireFormatOf(c.req.header('content-type')) === 'protobuf') {
            return c.body(protobufBody(encodeRpcStatus(code, message)), status, {
              ...headers,
              'Content-Type': PROTOBUF_TYPE,
            })
          }
          return c.json({ code, message }, status, headers)
        },
      })
    )
  }
  const maxBodyBytes =
    deps.limits.maxBodyBytes > 0 ? deps.limits.maxBodyBytes : DEFAULT_MAX_BODY_BYTES
  const skewMs = deps.limits.maxFutureSkewMs ?? DEFAULT_MAX_FUTURE_SKEW_MS
  const now = deps.now ?? Date.now
  // Times past int64, before 1970 or past the clock + skew reject their span at decode (ADR 0044).
  const bounds = (): TimeBounds => ({ latestUs: (now() + skewMs) * 1000 })

  /** Counts a client that left before its answer (an exporter's timeout). */
  const noteGaveUp = (c: Context): void => {
    if (c.req.raw.signal.aborted) {
      deps.ingestTraffic?.clientGaveUp('http')
    }
  }

  // When the request most likely arrived: its socket waited for the loop to get to it.
  const arrivedMs = (): number => now() - (deps.loopLagMs?.() ?? 0)

  app.post('/v1/traces', async function exportTraces(c) {
    const receivedMs = arrivedMs()
    const acceptedMs = firstOnConnection(c)
    const format = requireFormat(c)
    // Refuse before reading the body when the batch would be refused anyway (429/503).
    const release = deps.ingest.admit?.(declaredBodyBytes(c.req.raw, maxBodyBytes))
    try {
      return await traces(c, format, receivedMs, acceptedMs)
    } finally {
      release?.()
      noteGaveUp(c)
    }
  })

  /** Sockets that carried a request already: a later request's wait began after its accept. */
  const served = new WeakSet<Socket>()
  const firstOnConnection = (c: Context): number | undefined => {
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket
    if (socket === undefined || served.has(socket)) {
      return undefined
    }
    served.add(socket)
    return socketAcceptedMs(socket)
  }

  const traces = async (
    c: Context,
    format: OtlpWireFormat,
    receivedMs: number,
    acceptedMs: number | undefined
  ): Promise<Response> => {
    const handlerMs = now()
    const body = await readBody(c.req.raw, maxBodyBytes)
    const readMs = now()
    const { spans, rejected } = deps.decoder
      ? await deps.decoder.traces(format, body, bounds())
      : decodeTracesBody(format, body, bounds())
    const seenMs = now()
    deps.clockSkew?.observe(spans, seenMs)
    deps.clockSkew?.observeRejects(rejected, seenMs)
    const timing: SubmitTiming = {}
    if (spans.length > 0) {
      checkAnswerTime(receivedMs, now())
      await deps.ingest.submitSpans(spans, { answerByMs: receivedMs + ANSWER_WITHIN_MS, timing })
    }
    c.header(
      'Server-Timing',
      serverTiming({
        acceptedMs,
        receivedMs,
        handlerMs,
        readMs,
        decodedMs: seenMs,
        timing,
        answeredMs: now(),
      })
    )
    const partial = partialOf(rejected, 'spans')
    if (partial !== null) {
      deps.metrics?.telemetry.spansRejected('otlp', 'http', partial.rejected)
      deps.logger.warn('OTLP spans rejected', { rejected: partial.rejected, first: rejected[0] })
    }
    if (format === 'protobuf') {
      return c.body(protobufBody(encodeTraceResponse(partial)), 200, {
        'Content-Type': PROTOBUF_TYPE,
      })
    }
    return c.json(
      partial === null
        ? {}
        : {
            partialSuccess: { rejectedSpans: partial.rejected, errorMessage: partial.errorMessage },
          }
    )
  }

  app.post('/v1/metrics', async function exportMetrics(c) {
    const receivedMs = arrivedMs()
    const format = requireFormat(c)
    const release = deps.ingest.admit?.(declaredBodyBytes(c.req.raw, maxBodyBytes))
    try {
      return await metrics(c, format, receivedMs)
    } finally {
      release?.()
      noteGaveUp(c)
    }
  })

  const metrics = async (
    c: Context,
    format: OtlpWireFormat,
    receivedMs: number
  ): Promise<Response> => {
    const body = await readBody(c.req.raw, maxBodyBytes)
    const { samples, families, rejected } = deps.decoder
      ? await deps.decoder.metrics(format, body, bounds())
      : decodeMetricsBody(format, body, bounds())
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
    if (format === 'protobuf') {
      return c.body(protobufBody(encodeMetricsResponse(partial)), 200, {
        'Content-Type': PROTOBUF_TYPE,
      })
    }
    return c.json(
      partial === null
        ? {}
        : {
            partialSuccess: {
              rejectedDataPoints: partial.rejected,
              errorMessage: partial.errorMessage,
            },
          }
    )
  }

  app.notFound(function otlpNotFound(c) {
    return c.json(
      {
        code: 5,
        message: `no OTLP endpoint at ${c.req.method} ${c.req.path}; use POST /v1/traces or /v1/metrics`,
      },
      404
    )
  })

  app.onError(function otlpError(err, c) {
    const reply = httpErrorReply(err)
    if (!reply.known) {
      deps.logger.error('OTLP request failed', {
        path: c.req.path,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      })
    }
    const headers: Record<string, string> = {}
    if (reply.retryAfterSeconds !== null) {
      headers['Retry-After'] = String(reply.retryAfterSeconds)
    }
    const code = grpcCodeForStatus(reply.status)
    const message = `${reply.code}: ${reply.message}`
    if (reply.retryAfterSeconds !== null) {
      deps.ingestTraffic?.refused(reply.code, 'http', reply.reason)
    }
    // Answer in the request's own encoding, as OTLP/HTTP asks; JSON when it had none we know.
    if (wireFormatOf(c.req.header('content-type')) === 'protobuf') {
      return c.body(protobufBody(encodeRpcStatus(code, message)), reply.status, {
        ...headers,
        'Content-Type': PROTOBUF_TYPE,
      })
    }
    return c.json({ code, message }, reply.status, headers)
  })

  return app
}
