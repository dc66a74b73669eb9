/**
 * Which replicas are young on evidence, not on where the data happens to start (CONTRACT §5: the
 * start of the data is not an event). A replica is young when a start, scale, restart, deploy or
 * canary event names it shortly before its first request, when its engine's scraped
 * `process_start_time_seconds` says the process started then, or when it first serves inside the
 * window while another replica had already been serving for a while. A replica seen from the
 * first minutes of the data, with neither, is as old as the data can tell: established.
 */
import { joinDimensions } from '../../metrics/aliases.js'
import type { ChangeEvent, EventKind } from '../../model/event.js'
import type { RequestFrame } from './frame.js'
import type { ResourceSeries } from './input.js'

/** Event kinds that start a replica. */
const START_KINDS: ReadonlySet<EventKind> = new Set<EventKind>([
  'scale',
  'restart',
  'deploy',
  'canary',
])
/** An event this long before a replica's first request still counts as its start. */
export const START_EVENT_LEAD_US = 10 * 60_000_000
/** A replica's first minutes: the age at which a cold replica should be warm. */
export const YOUNG_US = 5 * 60_000_000

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
 * Per replica: the start times (epoch µs) of its process, read from `process_start_time_seconds`
 * series whose labels name a replica of the frame (`pod`, `k8s_pod_name` or the `replica` a named
 * scrape target adds). Each distinct value is one start: a restart shows as a new value. A
 * proxy's or exporter's own series names no replica of the frame and is left out.
 */
export function processStarts(
  resources: readonly ResourceSeries[],
  replicas: ReadonlySet<string>
): Map<string, number[]> {
  const out = new Map<string, number[]>()
  for (const s of resources) {
    if (s.kind !== 'process_start') {
      continue
    }
    const { replica } = joinDimensions(s.labels)
    if (replica === null || !replicas.has(replica)) {
      continue
    }
    const starts = out.get(replica) ?? []
    for (const p of s.points) {
      const us = p.value * 1e6
      if (Number.isFinite(us) && us > 0 && !starts.includes(us)) {
        starts.push(us)
      }
    }
    out.set(replica, starts)
  }
  return out
}

/**
 * The young replicas with their first request (epoch µs). `graceUs`: how long after the window's
 * start a first request still means "there from the start", and how long a peer must have been
 * serving before a newcomer counts as joining it. `starts`: process start times per replica
 * ({@link processStarts}); a start shortly before a replica's first request is a start event.
 */
export function youngReplicas(
  firstSeen: ReadonlyMap<string, number>,
  events: readonly ChangeEvent[],
  windowFromUs: number,
  graceUs: number,
  starts: ReadonlyMap<string, readonly number[]> = new Map()
): Map<string, number> {
  const young = new Map<string, number>()
  const earliest = Math.min(...firstSeen.values())
  for (const [replica, first] of firstSeen) {
    const near = (t: number): boolean => t >= first - START_EVENT_LEAD_US && t <= first + graceUs
    const started =
      events.some((e) => START_KINDS.has(e.kind) && e.replica === replica && near(e.timeUs)) ||
      (starts.get(replica) ?? []).some(near)
    const joined = first - windowFromUs > graceUs && first - earliest > graceUs
    if (started || joined) {
      young.set(replica, first)
    }
  }
  return young
}
