/**
 * The access-log formats and their readers, one entry each: telling a line's format by its
 * content (for the import's format vote) and making the reader that turns lines into records.
 */
import { createCaddyReader } from './caddy.js'
import { createEnvoyJsonReader, createEnvoyReader } from './envoy.js'
import { createHaproxyReader } from './haproxy.js'
import { compileNginxLogFormat, createNginxJsonReader, createNginxReader } from './nginx.js'
import type { AccessLogFormat, AccessLogReader } from './record.js'

export interface AccessLogOptions {
  /** The nginx `log_format` string the log was written with (default: docs/proxies.md). */
  nginxLogFormat?: string | undefined
}

/** Format → reader (a new format is one entry here plus its reader). */
export const ACCESS_LOG_READERS: Readonly<
  Record<AccessLogFormat, (options: AccessLogOptions) => AccessLogReader>
> = {
  nginx: (o) => createNginxReader(o.nginxLogFormat),
  'nginx-json': () => createNginxJsonReader(),
  haproxy: () => createHaproxyReader(),
  envoy: () => createEnvoyReader(),
  'envoy-json': () => createEnvoyJsonReader(),
  'caddy-json': () => createCaddyReader(),
}

const HAPROXY_TIMERS = /\] \S+ \S+\/\S+ -?\d+\/-?\d+\/-?\d+\/-?\d+\/\+?-?\d+ -?\d+ /
const ENVOY_DEFAULT = /^\[\d{4}-\d{2}-\d{2}T[^\]]+\] "[A-Z]+ \S+ [^"]+" \d+ \S+ \d+ \d+ /
// combined: `1.2.3.4 - user [01/Dec/2026:19:24:21 +0000] "GET / HTTP/1.1" 200 …`
const NGINX_COMBINED = /^\S+ \S+ \S+ \[\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}\] "/

/** The access-log format of a JSON object's keys, or `null`. */
export function accessLogFormatOfJson(
  o: Readonly<Record<string, unknown>>
): AccessLogFormat | null {
  // Every line of Caddy's (zap) log votes Caddy, not only the request lines: a log that starts
  // with its start-up lines is still Caddy's.
  if (typeof o['logger'] === 'string' && 'msg' in o && 'ts' in o && 'level' in o) {
    return 'caddy-json'
  }
  if ('request_time' in o || 'upstream_response_time' in o) {
    return 'nginx-json'
  }
  const has = (k: string): boolean => k in o || k.toUpperCase() in o
  if (has('duration') && (has('upstream_host') || has('response_code') || has('start_time'))) {
    return 'envoy-json'
  }
  return null
}

/**
 * The access-log format of one text line (not JSON), or `null`. A configured nginx
 * `log_format` is tried first, so a custom format is recognised too.
 */
export function createLineFormatTest(
  options: AccessLogOptions = {}
): (line: string) => AccessLogFormat | null {
  const custom =
    options.nginxLogFormat === undefined ? null : compileNginxLogFormat(options.nginxLogFormat)
  return (line) => {
    if (custom !== null && custom.pattern.test(line)) {
      return 'nginx'
    }
    if (HAPROXY_TIMERS.test(line)) {
      return 'haproxy'
    }
    if (ENVOY_DEFAULT.test(line)) {
      return 'envoy'
    }
    if (NGINX_COMBINED.test(line)) {
      return 'nginx'
    }
    return null
  }
}
