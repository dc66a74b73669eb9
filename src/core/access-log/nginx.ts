/**
 * nginx access logs: any `log_format` string (the default is `combined` plus the timing
 * variables of docs/proxies.md), and JSON `log_format ... escape=json` lines.
 *
 * nginx writes a line when the request ends: `$time_local`/`$msec` is the end, the start is
 * end − `$request_time`. Each upstream time is counted from that attempt's connect start, so
 * connect ≤ header ≤ response; attempts are comma-separated (`, `), internal redirects ` : `.
 *
 * ```
 * request  |················· $request_time ·························|  (end = $msec)
 * attempt 1      |--- response 1 ---|                                    (failed: 502, next)
 * attempt 2                         |connect|- header -|--- body ----|  (ends with the request)
 * ```
 */
import { ConfigError } from '../errors.js'
import { asMicros, type Micros } from '../model/units.js'
import {
  microsFromClfDate,
  microsFromIsoText,
  withinSpanBounds,
  pathOf,
  secondsToMicros,
  splitRequestLine,
  statusOf,
  type AccessLogReader,
  type AccessLogRecord,
  type LineResult,
  type UpstreamAttempt,
} from './record.js'

/** `combined` plus the timing variables Tokenline reads (docs/proxies.md). */
export const NGINX_TIMED_LOG_FORMAT =
  '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent ' +
  '"$http_referer" "$http_user_agent" $request_time $upstream_connect_time ' +
  '$upstream_header_time $upstream_response_time $upstream_addr'

/** Variables whose value never holds a space, so a tighter pattern can be used. */
const NO_SPACE = new Set([
  'remote_addr',
  'remote_user',
  'status',
  'body_bytes_sent',
  'bytes_sent',
  'request_time',
  'msec',
  'time_iso8601',
  'request_method',
  'request_uri',
  'uri',
  'request_id',
  'host',
  'server_protocol',
  'request_length',
])

export interface CompiledNginxFormat {
  pattern: RegExp
  variables: string[]
}

/**
 * Compiles a `log_format` string into a line pattern. Throws a message when the format names
 * neither an end time (`$time_local`, `$time_iso8601`, `$msec`) nor `$request_time`.
 */
export function compileNginxLogFormat(format: string): CompiledNginxFormat {
  const variables: string[] = []
  let source = '^'
  const re = /\$(?:\{([a-zA-Z0-9_]+)\}|([a-zA-Z0-9_]+))/g
  let last = 0
  for (let m = re.exec(format); m !== null; m = re.exec(format)) {
    source += escapeRegExp(format.slice(last, m.index))
    const name = (m[1] ?? m[2]) as string
    variables.push(name)
    source += NO_SPACE.has(name)
      ? '(\\S*)'
      : name.startsWith('upstream_')
        ? '([^\\s,]+(?:(?:, | : )[^\\s,]+)*)'
        : '(.*?)'
    last = m.index + m[0].length
  }
  source += `${escapeRegExp(format.slice(last))}$`
  const has = (v: string): boolean => variables.includes(v)
  if (!has('request_time') || !(has('time_local') || has('time_iso8601') || has('msec'))) {
    throw new ConfigError(
      'an nginx log_format for Tokenline needs $request_time and an end time ' +
        `($time_local, $time_iso8601 or $msec) (actual: ${JSON.stringify(format)})`
    )
  }
  return { pattern: new RegExp(source), variables }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')
}

/** A reader for lines written with `format` (default {@link NGINX_TIMED_LOG_FORMAT}). */
export function createNginxReader(format: string = NGINX_TIMED_LOG_FORMAT): AccessLogReader {
  const compiled = compileNginxLogFormat(format)
  return {
    read(line: string): LineResult {
      const m = compiled.pattern.exec(line)
      if (m === null) {
        return (
          'not in the nginx log_format (give the one the log was written with: ' +
          '--nginx-log-format, docs/proxies.md)'
        )
      }
      const vars: Record<string, string> = {}
      compiled.variables.forEach((name, i) => {
        vars[name] = m[i + 1] ?? ''
      })
      return recordOfVariables(vars)
    },
  }
}

/** nginx JSON lines (`log_format name escape=json '{...}'`): keys are the variable names. */
export function createNginxJsonReader(): AccessLogReader {
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
      const vars: Record<string, string> = {}
      for (const [k, v] of Object.entries(obj)) {
        if (typeof v === 'string' || typeof v === 'number') {
          vars[NGINX_JSON_KEYS[k] ?? k] = String(v)
        }
      }
      return recordOfVariables(vars)
    },
  }
}

/** Common JSON key spellings → the nginx variable they hold. */
const NGINX_JSON_KEYS: Readonly<Record<string, string>> = {
  time: 'time_iso8601',
  '@timestamp': 'time_iso8601',
  timestamp: 'time_iso8601',
  method: 'request_method',
  uri: 'request_uri',
  path: 'request_uri',
}

function endOf(vars: Readonly<Record<string, string>>): Micros | null {
  const msec = vars['msec']
  if (msec !== undefined && /^\d+(\.\d+)?$/.test(msec)) {
    return withinSpanBounds(Math.round(Number(msec) * 1e6))
  }
  const iso = vars['time_iso8601']
  if (iso !== undefined) {
    const t = microsFromIsoText(iso)
    if (t !== null) {
      return t
    }
  }
  const local = vars['time_local']
  return local === undefined ? null : microsFromClfDate(local)
}

/** `0.001, 0.002 : 0.003` → per attempt, in order. */
function splitAttempts(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '' || value.trim() === '-') {
    return []
  }
  return value.split(/\s*,\s*|\s+:\s+/).map((s) => s.trim())
}

function recordOfVariables(vars: Readonly<Record<string, string>>): LineResult {
  const endUs = endOf(vars)
  if (endUs === null) {
    return 'no end time ($msec, $time_iso8601 or $time_local)'
  }
  const requestUs = secondsToMicros(vars['request_time'])
  if (requestUs === null) {
    return 'no $request_time'
  }
  const startUs = asMicros(endUs - requestUs)
  const req =
    vars['request'] !== undefined
      ? splitRequestLine(vars['request'])
      : { method: null, path: null, protocol: null }
  const method = vars['request_method'] || req.method
  const path = pathOf(vars['request_uri'] ?? vars['uri'] ?? null) ?? req.path
  const addrs = splitAttempts(vars['upstream_addr'])
  const connects = splitAttempts(vars['upstream_connect_time'])
  const headers = splitAttempts(vars['upstream_header_time'])
  const responses = splitAttempts(vars['upstream_response_time'])
  const statuses = splitAttempts(vars['upstream_status'])
  const queue = secondsToMicros(vars['upstream_queue_time'])
  // Attempts placed backwards from the end: the last one ends with the request.
  const upstreams: UpstreamAttempt[] = []
  let cursor = endUs
  for (let i = addrs.length - 1; i >= 0; i--) {
    const durationUs = secondsToMicros(responses[i])
    const upstream = addrs[i] as string
    if (durationUs === null || upstream === '' || upstream === '-') {
      continue
    }
    const attemptStart = asMicros(Math.max(startUs, cursor - durationUs))
    upstreams.unshift({
      upstream,
      startUs: attemptStart,
      endUs: cursor,
      connectUs: secondsToMicros(connects[i]),
      headerUs: secondsToMicros(headers[i]),
      status: statusOf(statuses[i]),
      startAssumed: false,
    })
    cursor = attemptStart
  }
  const first = upstreams[0]
  const record: AccessLogRecord = {
    proxy: 'nginx',
    startUs,
    endUs,
    method: method === undefined || method === '' || method === '-' ? null : method,
    path,
    protocol: vars['server_protocol'] ?? req.protocol,
    status: statusOf(vars['status']),
    queue:
      queue === null || first === undefined
        ? null
        : { startUs: asMicros(Math.max(startUs, first.startUs - queue)), endUs: first.startUs },
    upstreams,
    retries: null,
    gateway: null,
    requestId: vars['request_id'] && vars['request_id'] !== '-' ? vars['request_id'] : null,
    extra: {},
  }
  return record
}
