/**
 * Which replicas are young on evidence, not on where the data happens to start (CONTRACT §5: the
 * start of the data is not an event). A replica is young when a start, scale, restart, deploy or
 * canary event names it shortly before its first request, or when it first serves inside the
 * window while another replica had already been serving for a while. A replica seen from the
 * first minutes of the data, with no event, is as old as the data can tell: established.
 */
import type { ChangeEvent, EventKind } from '../../model/event.js'
import type { RequestFrame } from './frame.js'

/** Event kinds that start a replica. */
const START_KINDS: ReadonlySet<EventKind> = new Set<EventKind>([
  'scale',
  'restart',
  'deploy',
  'canary',
])
/** An event this long before a replica's first request still counts as its start. */
export const START_EVENT_LEAD_US = 10 * 60_000_000

/** Per replica: epoch µs of its first request in the frame. */
export function replicaFirstSeen(frame: RequestFrame): Map<string, number> {
  const col = frame.dims.replica
  const first = new Float64Array(col.values.length).fill(Infinity)
  for (let i = 0; i < frame.n; i++) {
    const c = col.codes[i] as number
    if (c >= 0 && (frame.startUs[i] as number) < (first[c] as number)) {
      first[c] = frame.startUs[i] as number
    }
  }
  return new Map(col.values.map((v, c) => [v, first[c] as number]))
}

/**
 * The young replicas with their first request (epoch µs). `graceUs`: how long after the window's
 * start a first request still means "there from the start", and how long a peer must have been
 * serving before a newcomer counts as joining it.
 */
export function youngReplicas(
  firstSeen: ReadonlyMap<string, number>,
  events: readonly ChangeEvent[],
  windowFromUs: number,
  graceUs: number
): Map<string, number> {
  const young = new Map<string, number>()
  const earliest = Math.min(...firstSeen.values())
  for (const [replica, first] of firstSeen) {
    const started = events.some(
      (e) =>
        START_KINDS.has(e.kind) &&
        e.replica === replica &&
        e.timeUs >= first - START_EVENT_LEAD_US &&
        e.timeUs <= first + graceUs
    )
    const joined = first - windowFromUs > graceUs && first - earliest > graceUs
    if (started || joined) {
      young.set(replica, first)
    }
  }
  return young
}
