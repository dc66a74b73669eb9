/**
 * HAProxy HTTP logs (`option httplog`, and `option httpslog`, whose extra fields follow the
 * request), with or without a syslog prefix. The timers are ms, `-1` when the step never
 * happened:
 *
 * ```
 * [%tr]|-- TR --|====== Tw ======|-- Tc --|---- Tr ----|------ Td ------|
 *       request    queue (slot)    connect  to headers   data to client
 *      |··························· Ta ····································|
 * ```
 *
 * HAProxy 1.x logs `Tq/Tw/Tc/Tr/Tt` from the accept date instead, which places the same way.
 * `%tr` is local time without an offset: it is read as UTC (run HAProxy with TZ=UTC, or see
 * docs/proxies.md).
 */
import { asMicros, type Micros } from '../model/units.js'
import {
  microsFromClfDate,
  splitRequestLine,
  statusOf,
  type AccessLogReader,
  type LineResult,
  type UpstreamAttempt,
} from './record.js'

const HTTPLOG = new RegExp(
  [
    '(?:^|\\s)(?<client>\\S+):(?<port>\\d+)',
    ' \\[(?<date>\\d{2}/[A-Z][a-z]{2}/\\d{4}:\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,6})?(?: [+-]\\d{4})?)\\]',
    ' (?<frontend>\\S+) (?<backend>[^\\s/]+)/(?<server>\\S+)',
    ' (?<t1>-?\\d+)/(?<tw>-?\\d+)/(?<tc>-?\\d+)/(?<tr>-?\\d+)/\\+?(?<ta>-?\\d+)',
    ' (?<status>-?\\d+) \\+?(?<bytes>\\d+) \\S+ \\S+ (?<term>\\S{4})',
    ' (?<ac>\\d+)/(?<fc>\\d+)/(?<bc>\\d+)/(?<sc>\\d+)/\\+?(?<rc>\\d+)',
    ' (?<sq>\\d+)/(?<bq>\\d+)',
    '(?: \\{[^}]*\\})*',
    ' "(?<request>[^"]*)"?',
  ].join('')
)

/** `Dec  1 19:23:37 lb-1 haproxy[123]:` → `lb-1` (the host that wrote the line). */
const SYSLOG_HOST =
  /^(?:<\d+>\d?\s*)?(?:[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2}|\S+T\S+) (\S+) \S+?(?:\[\d+\])?: /

function ms(text: string | undefined): number {
  return text === undefined ? -1 : Number(text)
}

export function createHaproxyReader(): AccessLogReader {
  return {
    read(line: string): LineResult {
      const m = HTTPLOG.exec(line)
      const g = m?.groups
      if (g === undefined) {
        return 'not an HAProxy HTTP log line (option httplog)'
      }
      const startUs = microsFromClfDate(g['date'] as string)
      if (startUs === null) {
        return `bad date ${g['date']}`
      }
      const [t1, tw, tc, tr, ta] = [g['t1'], g['tw'], g['tc'], g['tr'], g['ta']].map(ms) as [
        number,
        number,
        number,
        number,
        number,
      ]
      if (ta < 0) {
        return 'no total time (Ta)'
      }
      const at = (msFromStart: number): Micros => asMicros(startUs + msFromStart * 1000)
      const endUs = at(ta)
      const queueStart = Math.max(0, t1)
      const queue =
        t1 >= 0 && tw >= 0 ? { startUs: at(queueStart), endUs: at(queueStart + tw) } : null
      const server = g['server'] as string
      const upstreams: UpstreamAttempt[] = []
      if (tc >= 0 && server !== '<NOSRV>') {
        const from = queueStart + Math.max(0, tw)
        upstreams.push({
          upstream: server,
          startUs: at(Math.min(from, ta)),
          endUs,
          connectUs: asMicros(tc * 1000),
          headerUs: tr >= 0 ? asMicros((tc + tr) * 1000) : null,
          status: statusOf(g['status']),
          startAssumed: false,
        })
      }
      const req = splitRequestLine(g['request'] as string)
      return {
        proxy: 'haproxy',
        startUs,
        endUs,
        ...req,
        status: statusOf(g['status']),
        queue,
        upstreams,
        retries: Number(g['rc']),
        gateway: SYSLOG_HOST.exec(line)?.[1] ?? null,
        requestId: null,
        extra: {
          'haproxy.frontend': g['frontend'] as string,
          'haproxy.backend': g['backend'] as string,
          'haproxy.termination_state': g['term'] as string,
          'haproxy.server_queue': Number(g['sq']),
          'haproxy.backend_queue': Number(g['bq']),
          'haproxy.frontend_connections': Number(g['fc']),
        },
      }
    },
  }
}
