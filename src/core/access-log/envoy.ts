/**
 * Envoy access logs: the default format string and JSON (`json_format`) lines.
 *
 * Default: `[%START_TIME%] "%REQ(:METHOD)% %REQ(X-ENVOY-ORIGINAL-PATH?:PATH)% %PROTOCOL%"
 * %RESPONSE_CODE% %RESPONSE_FLAGS% %BYTES_RECEIVED% %BYTES_SENT% %DURATION%
 * %RESP(X-ENVOY-UPSTREAM-SERVICE-TIME)% "%REQ(X-FORWARDED-FOR)%" "%REQ(USER-AGENT)%"
 * "%REQ(X-REQUEST-ID)%" "%REQ(:AUTHORITY)%" "%UPSTREAM_HOST%"` (fields after it are ignored).
 *
 * ```
 * request   |······························ DURATION ····························|
 * upstream        |-- upstream service time --|---------- body ---------------|
 *           |······ RESPONSE_DURATION ··················|  (first upstream byte)
 * ```
 *
 * The upstream request starts at RESPONSE_DURATION − upstream service time when the line has
 * both (JSON); the default format has no RESPONSE_DURATION, so its upstream call is taken to
 * start with the request (Envoy's router forwards once the headers are decoded) and says so.
 */
import { asMicros, type Micros } from '../model/units.js'
import {
  microsFromIsoText,
  millisToMicros,
  pathOf,
  statusOf,
  type AccessLogReader,
  type AccessLogRecord,
  type LineResult,
} from './record.js'

const DEFAULT_LINE =
  /^\[(?<start>[^\]]+)\] "(?<method>\S+) (?<path>\S+) (?<protocol>[^"]+)" (?<code>\d+) (?<flags>\S+) (?<rx>\d+) (?<tx>\d+) (?<duration>\d+|-) (?<service>\d+|-) "(?<xff>[^"]*)" "(?<ua>[^"]*)" "(?<reqid>[^"]*)" "(?<authority>[^"]*)" "(?<upstream>[^"]*)"/

interface EnvoyFields {
  start: string | undefined
  method: string | undefined
  path: string | undefined
  protocol: string | undefined
  code: string | number | undefined
  flags: string | undefined
  duration: string | number | undefined
  responseDuration: string | number | undefined
  service: string | number | undefined
  requestId: string | undefined
  upstream: string | undefined
  cluster: string | undefined
}

function dash(v: string | undefined): string | null {
  return v === undefined || v === '' || v === '-' ? null : v
}

function recordOf(f: EnvoyFields): LineResult {
  const startUs = f.start === undefined ? null : microsFromIsoText(f.start)
  if (startUs === null) {
    return `bad or missing start time ${JSON.stringify(f.start ?? null)}`
  }
  const durationUs = millisToMicros(f.duration)
  if (durationUs === null) {
    return 'no DURATION'
  }
  const endUs = asMicros(startUs + durationUs)
  const serviceUs = millisToMicros(f.service)
  const responseUs = millisToMicros(f.responseDuration)
  const upstream = dash(f.upstream)?.replace(/^[a-z]+:\/\//, '') ?? null
  const status = statusOf(f.code)
  const record: AccessLogRecord = {
    proxy: 'envoy',
    startUs,
    endUs,
    method: dash(f.method),
    path: pathOf(dash(f.path)),
    protocol: dash(f.protocol),
    status,
    queue: null,
    upstreams: [],
    retries: null,
    gateway: null,
    requestId: dash(f.requestId),
    extra: {},
  }
  const flags = dash(f.flags)
  if (flags !== null) {
    record.extra['envoy.response_flags'] = flags
  }
  const cluster = dash(f.cluster)
  if (cluster !== null) {
    record.extra['envoy.upstream_cluster'] = cluster
  }
  if (upstream !== null) {
    const known = responseUs !== null && serviceUs !== null
    const from: Micros = known
      ? asMicros(Math.min(endUs, Math.max(startUs, startUs + responseUs - serviceUs)))
      : startUs
    record.upstreams.push({
      upstream,
      startUs: from,
      endUs,
      connectUs: null,
      headerUs: serviceUs,
      status,
      startAssumed: !known,
    })
  }
  return record
}

export function createEnvoyReader(): AccessLogReader {
  return {
    read(line: string): LineResult {
      const g = DEFAULT_LINE.exec(line)?.groups
      if (g === undefined) {
        return 'not an Envoy default-format line'
      }
      return recordOf({
        start: g['start'],
        method: g['method'],
        path: g['path'],
        protocol: g['protocol'],
        code: g['code'],
        flags: g['flags'],
        duration: g['duration'],
        responseDuration: undefined,
        service: g['service'],
        requestId: g['reqid'],
        upstream: g['upstream'],
        cluster: undefined,
      })
    },
  }
}

type Json = Record<string, unknown>

function field(obj: Json, ...keys: string[]): string | number | undefined {
  for (const k of keys) {
    const v = obj[k] ?? obj[k.toUpperCase()]
    if (typeof v === 'string' || typeof v === 'number') {
      return v
    }
  }
  return undefined
}

function text(obj: Json, ...keys: string[]): string | undefined {
  const v = field(obj, ...keys)
  return v === undefined ? undefined : String(v)
}

/**
 * Envoy `json_format` lines. Keys are the user's; read are Istio's and Envoy's documented
 * names (`start_time`, `method`, `path`, `protocol`, `response_code`, `response_flags`,
 * `duration`, `response_duration`, `upstream_service_time`, `request_id`, `upstream_host`,
 * `upstream_cluster`) and the operator names themselves in upper case (`DURATION`).
 */
export function createEnvoyJsonReader(): AccessLogReader {
  return {
    read(line: string): LineResult {
      let obj: unknown
      try {
        obj = JSON.parse(line)
      } catch {
        return 'not a JSON object'
      }
      if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
        return 'not a JSON object'
      }
      const o = obj as Json
      return recordOf({
        start: text(o, 'start_time', 'timestamp'),
        method: text(o, 'method', 'request_method'),
        path: text(o, 'path', 'original_path'),
        protocol: text(o, 'protocol'),
        code: field(o, 'response_code', 'status'),
        flags: text(o, 'response_flags'),
        duration: field(o, 'duration'),
        responseDuration: field(o, 'response_duration'),
        service: field(o, 'upstream_service_time', 'x_envoy_upstream_service_time'),
        requestId: text(o, 'request_id', 'x_request_id'),
        upstream: text(o, 'upstream_host'),
        cluster: text(o, 'upstream_cluster'),
      })
    },
  }
}
