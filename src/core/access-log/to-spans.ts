/**
 * An access-log record as the spans a tracing proxy would have sent, so that a log line goes
 * through the same assembly as a trace: the entry (SERVER), the wait for a connection slot
 * (INTERNAL `queue`, stage `gateway.queue`) and one CLIENT span per upstream attempt (stage
 * `gateway.upstream`). What the log does not cover stays `gateway.unattributed`.
 *
 * ```
 * HAProxy  [tr]|--TR--|==Tw (queue)==|--Tc--+--Tr--+---- Td ----|  Ta = TR+Tw+Tc+Tr+Td
 * spans    |POST /v1/chat/completions (SERVER) ·····················|
 *                   |queue (INTERNAL)|
 *                                    |POST (CLIENT, server.address = s1)|
 * ```
 *
 * Ids are a hash of the line and its line number: importing the same file twice gives the same
 * spans, which the store keeps once.
 */
import { SPAN_KIND, STATUS_CODE, type Attributes, type Span } from '../model/span.js'
import { asMicros, type Micros } from '../model/units.js'
import {
  ATTR_HOST_NAME,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_REQUEST_RESEND_COUNT,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_NETWORK_PROTOCOL_VERSION,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_SERVICE_NAME,
  ATTR_URL_PATH,
} from '../otlp/semconv.js'
import type { AccessLogRecord, UpstreamAttempt } from './record.js'

/** Scope name of the spans made from access logs. */
export const SCOPE_TOKENLINE_ACCESS_LOG = 'tokenline.access_log'

/** The upstream exactly as the proxy wrote it (`127.0.0.1:8001`, `vllm-0`). */
export const ATTR_TOKENLINE_UPSTREAM = 'tokenline.upstream'
/** Connect and response-header times of an attempt (seconds), when the log has them. */
export const ATTR_TOKENLINE_UPSTREAM_CONNECT = 'tokenline.upstream.connect'
export const ATTR_TOKENLINE_UPSTREAM_HEADER = 'tokenline.upstream.header'

/** murmur3's 32-bit finaliser: every input bit moves every output bit. */
function fmix32(x: number): number {
  let h = x >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/**
 * Four 32-bit murmur3 lanes of a string (UTF-16 code units) in one pass, seeded 1..4: the 128
 * bits of a trace id for the price of one read of the line.
 */
function hash128(text: string): [number, number, number, number] {
  let a = 1
  let b = 2
  let c = 3
  let d = 4
  for (let i = 0; i < text.length; i++) {
    let k = Math.imul(text.charCodeAt(i), 0xcc9e2d51)
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593)
    a = Math.imul(((a ^ k) << 13) | ((a ^ k) >>> 19), 5) + 0xe6546b64
    b = Math.imul(((b ^ k) << 11) | ((b ^ k) >>> 21), 5) + 0x38b34ae5
    c = Math.imul(((c ^ k) << 17) | ((c ^ k) >>> 15), 5) + 0xa1e38b93
    d = Math.imul(((d ^ k) << 19) | ((d ^ k) >>> 13), 5) + 0x4cf5ad43
  }
  const n = text.length
  return [fmix32(a ^ n), fmix32(b ^ n), fmix32(c ^ n), fmix32(d ^ n)]
}

function hex32(n: number): string {
  return n.toString(16).padStart(8, '0')
}

interface LineIds {
  traceId: string
  lanes: [number, number, number, number]
}

function idsOfLine(line: string, lineNo: number): LineIds {
  const lanes = hash128(`${lineNo}\n${line}`)
  const id = lanes.map(hex32).join('')
  return { traceId: id === '0'.repeat(32) ? `${'0'.repeat(31)}1` : id, lanes }
}

/** A deterministic 32-hex-digit trace id for a line (never all zeros). */
export function traceIdOfLine(line: string, lineNo: number): string {
  return idsOfLine(line, lineNo).traceId
}

function spanIdOf(ids: LineIds, n: number): string {
  const [a, b] = ids.lanes
  const id =
    hex32(fmix32(a + Math.imul(n + 1, 0x9e3779b9))) +
    hex32(fmix32(b ^ Math.imul(n + 1, 0x7feb352d)))
  return id === '0'.repeat(16) ? `${'0'.repeat(15)}${n + 1}` : id
}

/** `host:port` → address and port (IPv6 in brackets too); a name without a port stays whole. */
function splitHostPort(upstream: string): { address: string; port: number | null } {
  const m = /^(?:[a-z]+:\/\/)?(\[[^\]]+\]|[^:/]+):(\d+)$/i.exec(upstream)
  if (m === null) {
    return { address: upstream, port: null }
  }
  return { address: (m[1] as string).replace(/^\[|\]$/g, ''), port: Number(m[2]) }
}

function statusCode(status: number | null): number {
  return status !== null && status >= 500 ? STATUS_CODE.ERROR : STATUS_CODE.UNSET
}

/** One span of a line; every span made here has this one shape (no spreads on the hot path). */
function makeSpan(
  traceId: string,
  resource: Attributes,
  spanId: string,
  parentSpanId: string | null,
  name: string,
  kind: number,
  startUs: Micros,
  endUs: Micros,
  statusCode: number,
  attributes: Attributes
): Span {
  return {
    traceId,
    spanId,
    parentSpanId,
    name,
    kind,
    startUs,
    endUs,
    statusCode,
    statusMessage: null,
    attributes,
    resource,
    scopeName: SCOPE_TOKENLINE_ACCESS_LOG,
    scopeVersion: null,
    events: [],
  }
}

function entryAttributes(record: AccessLogRecord): Attributes {
  const attrs: Attributes = {}
  for (const key in record.extra) {
    attrs[key] = record.extra[key] as string | number
  }
  if (record.method !== null) {
    attrs[ATTR_HTTP_REQUEST_METHOD] = record.method
  }
  if (record.path !== null) {
    attrs[ATTR_URL_PATH] = record.path
  }
  if (record.status !== null) {
    attrs[ATTR_HTTP_RESPONSE_STATUS_CODE] = record.status
  }
  if (record.protocol !== null && record.protocol.startsWith('HTTP/')) {
    attrs[ATTR_NETWORK_PROTOCOL_VERSION] = record.protocol.slice('HTTP/'.length)
  }
  if (record.requestId !== null) {
    attrs['http.request.header.x-request-id'] = [record.requestId]
  }
  return attrs
}

/** The spans of one record; the line and its number make the ids. */
export function spansOfRecord(record: AccessLogRecord, line: string, lineNo: number): Span[] {
  const ids = idsOfLine(line, lineNo)
  const { traceId } = ids
  const resource: Attributes = { [ATTR_SERVICE_NAME]: record.proxy }
  if (record.gateway !== null) {
    resource[ATTR_HOST_NAME] = record.gateway
  }
  const entryId = spanIdOf(ids, 0)
  const name =
    record.method !== null && record.path !== null
      ? `${record.method} ${record.path}`
      : (record.method ?? record.path ?? 'HTTP')
  const spans: Span[] = [
    makeSpan(
      traceId,
      resource,
      entryId,
      null,
      name,
      SPAN_KIND.SERVER,
      record.startUs,
      asMicros(Math.max(record.startUs, record.endUs)),
      statusCode(record.status),
      entryAttributes(record)
    ),
  ]
  if (record.queue !== null) {
    spans.push(
      makeSpan(
        traceId,
        resource,
        spanIdOf(ids, 1),
        entryId,
        'queue',
        SPAN_KIND.INTERNAL,
        record.queue.startUs,
        record.queue.endUs,
        STATUS_CODE.UNSET,
        {}
      )
    )
  }
  for (let i = 0; i < record.upstreams.length; i++) {
    const u = record.upstreams[i] as UpstreamAttempt
    spans.push(
      makeSpan(
        traceId,
        resource,
        spanIdOf(ids, 2 + i),
        entryId,
        record.method ?? 'HTTP',
        SPAN_KIND.CLIENT,
        u.startUs,
        u.endUs,
        statusCode(u.status),
        upstreamAttributes(record, u, i)
      )
    )
  }
  return spans
}

function upstreamAttributes(record: AccessLogRecord, u: UpstreamAttempt, i: number): Attributes {
  const { address, port } = splitHostPort(u.upstream)
  const attrs: Attributes = {
    [ATTR_SERVER_ADDRESS]: address,
    [ATTR_TOKENLINE_UPSTREAM]: u.upstream,
  }
  if (port !== null) {
    attrs[ATTR_SERVER_PORT] = port
  }
  if (record.method !== null) {
    attrs[ATTR_HTTP_REQUEST_METHOD] = record.method
  }
  if (record.path !== null) {
    attrs[ATTR_URL_PATH] = record.path
  }
  if (u.status !== null) {
    attrs[ATTR_HTTP_RESPONSE_STATUS_CODE] = u.status
  }
  const last = i === record.upstreams.length - 1
  const resends = last && record.retries !== null ? record.retries : i
  if (resends > 0) {
    attrs[ATTR_HTTP_REQUEST_RESEND_COUNT] = resends
  }
  if (u.connectUs !== null) {
    attrs[ATTR_TOKENLINE_UPSTREAM_CONNECT] = u.connectUs / 1e6
  }
  if (u.headerUs !== null) {
    attrs[ATTR_TOKENLINE_UPSTREAM_HEADER] = u.headerUs / 1e6
  }
  if (u.startAssumed) {
    attrs['tokenline.upstream.start_assumed'] = true
  }
  return attrs
}
