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
import { asMicros } from '../model/units.js'
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

/** 32-bit murmur3 of a string (UTF-16 code units), seeded. */
function murmur32(text: string, seed: number): number {
  let h = seed >>> 0
  for (let i = 0; i < text.length; i++) {
    let k = text.charCodeAt(i)
    k = Math.imul(k, 0xcc9e2d51)
    k = (k << 15) | (k >>> 17)
    k = Math.imul(k, 0x1b873593)
    h ^= k
    h = (h << 13) | (h >>> 19)
    h = (Math.imul(h, 5) + 0xe6546b64) | 0
  }
  h ^= text.length
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

function hex32(n: number): string {
  return n.toString(16).padStart(8, '0')
}

/** A deterministic 32-hex-digit trace id for a line (never all zeros). */
export function traceIdOfLine(line: string, lineNo: number): string {
  const key = `${lineNo}\n${line}`
  const id =
    hex32(murmur32(key, 1)) +
    hex32(murmur32(key, 2)) +
    hex32(murmur32(key, 3)) +
    hex32(murmur32(key, 4))
  return id === '0'.repeat(32) ? `${'0'.repeat(31)}1` : id
}

function spanIdOf(traceId: string, n: number): string {
  const id = hex32(murmur32(traceId, 100 + n)) + hex32(murmur32(traceId, 200 + n))
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

/** The spans of one record; `lineKey`/`lineNo` make the ids. */
export function spansOfRecord(record: AccessLogRecord, line: string, lineNo: number): Span[] {
  const traceId = traceIdOfLine(line, lineNo)
  const resource: Attributes = { [ATTR_SERVICE_NAME]: record.proxy }
  if (record.gateway !== null) {
    resource[ATTR_HOST_NAME] = record.gateway
  }
  const entryId = spanIdOf(traceId, 0)
  const base = {
    traceId,
    resource,
    scopeName: SCOPE_TOKENLINE_ACCESS_LOG,
    scopeVersion: null,
    events: [],
    statusMessage: null,
  }
  const entryAttrs: Attributes = { ...record.extra }
  if (record.method !== null) {
    entryAttrs[ATTR_HTTP_REQUEST_METHOD] = record.method
  }
  if (record.path !== null) {
    entryAttrs[ATTR_URL_PATH] = record.path
  }
  if (record.status !== null) {
    entryAttrs[ATTR_HTTP_RESPONSE_STATUS_CODE] = record.status
  }
  if (record.protocol !== null) {
    const v = /^HTTP\/(.+)$/i.exec(record.protocol)?.[1]
    if (v !== undefined) {
      entryAttrs[ATTR_NETWORK_PROTOCOL_VERSION] = v
    }
  }
  if (record.requestId !== null) {
    entryAttrs['http.request.header.x-request-id'] = [record.requestId]
  }
  const spans: Span[] = [
    {
      ...base,
      spanId: entryId,
      parentSpanId: null,
      name: [record.method, record.path].filter((x) => x !== null).join(' ') || 'HTTP',
      kind: SPAN_KIND.SERVER,
      startUs: record.startUs,
      endUs: asMicros(Math.max(record.startUs, record.endUs)),
      statusCode: statusCode(record.status),
      attributes: entryAttrs,
    },
  ]
  if (record.queue !== null) {
    spans.push({
      ...base,
      spanId: spanIdOf(traceId, 1),
      parentSpanId: entryId,
      name: 'queue',
      kind: SPAN_KIND.INTERNAL,
      startUs: record.queue.startUs,
      endUs: record.queue.endUs,
      statusCode: STATUS_CODE.UNSET,
      attributes: {},
    })
  }
  record.upstreams.forEach((u, i) => {
    spans.push({
      ...base,
      spanId: spanIdOf(traceId, 2 + i),
      parentSpanId: entryId,
      name: record.method ?? 'HTTP',
      kind: SPAN_KIND.CLIENT,
      startUs: u.startUs,
      endUs: u.endUs,
      statusCode: statusCode(u.status),
      attributes: upstreamAttributes(record, u, i),
    })
  })
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
