import { EVENT_KINDS, type ChangeEvent, type EventKind } from '../model/event.js'
import { microsFromIso } from '../model/units.js'
import { latestTimeUs, timeOutOfBounds, type TimeBounds } from '../otlp/time-bounds.js'
import { imageTagFromMessage, kindForReason } from './kubernetes.js'

export interface EventReject {
  /** 1-based line of a JSON Lines input; 0 for an item of a Kubernetes list (see `path`). */
  line: number
  /** `items[3]` for an item of a Kubernetes event list. */
  path?: string
  reason: string
}

export interface ParseEventsResult {
  events: ChangeEvent[]
  rejected: EventReject[]
  /** Which input shape was found. */
  format: 'jsonl' | 'kubernetes'
  /** Kubernetes reasons that map to no change kind, with how often they occurred. */
  skipped: { reason: string; count: number }[]
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/
const OPTIONAL_FIELDS = ['model', 'version', 'replica', 'node', 'message', 'reason'] as const

/**
 * Why an event time cannot be kept, or `null`: the bounds of a span's time (ADR 0497). An event
 * in year 1 or 2200 is no change anyone made; kept, it stretched the window of `diagnose` over
 * files to two thousand years and put `window=all` past its limit for every later read.
 */
function eventTimeProblem(field: string, us: number, latestUs: number): string | null {
  if (us <= 0) {
    return `${field} must be after 1970-01-01T00:00:00Z (actual: ${new Date(Math.floor(us / 1000)).toISOString()})`
  }
  return timeOutOfBounds(field, us, latestUs)
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * Checks one event object of the CONTRACT §3 JSON Lines shape; returns the event or why not.
 * Unknown fields are ignored, like OTLP does.
 */
export function toChangeEvent(
  obj: unknown,
  latestUs = latestTimeUs(undefined)
): ChangeEvent | string {
  if (!isRecord(obj)) {
    return `expected a JSON object, got ${Array.isArray(obj) ? 'an array' : typeof obj}`
  }
  const time = obj.time
  if (time === undefined) {
    return 'field "time" is missing (RFC 3339 text expected)'
  }
  if (typeof time !== 'string') {
    return `field "time" must be RFC 3339 text (actual: ${JSON.stringify(time)})`
  }
  const timeUs = RFC3339.test(time) ? microsFromIso(time) : null
  if (timeUs === null) {
    return `field "time" ${JSON.stringify(time)} is not RFC 3339 (e.g. 2024-06-11T21:15:58Z)`
  }
  const outside = eventTimeProblem('field "time"', timeUs, latestUs)
  if (outside !== null) {
    return outside
  }
  const kind = obj.kind
  if (kind === undefined) {
    return `field "kind" is missing (one of ${EVENT_KINDS.join(', ')})`
  }
  if (typeof kind !== 'string' || !(EVENT_KINDS as readonly string[]).includes(kind)) {
    return `field "kind" ${JSON.stringify(kind)} is not one of ${EVENT_KINDS.join(', ')}`
  }
  const event: ChangeEvent = {
    timeUs,
    kind: kind as EventKind,
    model: null,
    version: null,
    replica: null,
    node: null,
    message: null,
    reason: null,
  }
  for (const f of OPTIONAL_FIELDS) {
    const v = obj[f]
    if (v === undefined || v === null) {
      continue
    }
    if (typeof v !== 'string') {
      return `field "${f}" must be a string, got ${typeof v}`
    }
    event[f] = v
  }
  return event
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null
}

/** A Kubernetes time, or null when absent or Go's zero time (`0001-01-01T00:00:00Z`: unset). */
function k8sTime(v: unknown): string | null {
  const t = str(v)
  return t === null || t.startsWith('0001-01-01') ? null : t
}

function fromKubernetesItem(
  item: unknown,
  latestUs: number
): ChangeEvent | { skip: string } | string {
  if (!isRecord(item)) {
    return 'expected an event object'
  }
  // core/v1 Event has involvedObject/message; events.k8s.io/v1 has regarding/note.
  const obj = isRecord(item.involvedObject)
    ? item.involvedObject
    : isRecord(item.regarding)
      ? item.regarding
      : {}
  const meta = isRecord(item.metadata) ? item.metadata : {}
  const rawTime =
    k8sTime(item.lastTimestamp) ??
    k8sTime(item.eventTime) ??
    k8sTime(item.deprecatedLastTimestamp) ??
    k8sTime(item.firstTimestamp) ??
    k8sTime(meta.creationTimestamp)
  if (rawTime === null) {
    return 'no lastTimestamp, eventTime, firstTimestamp or metadata.creationTimestamp'
  }
  const timeUs = microsFromIso(rawTime)
  if (timeUs === null) {
    return `time ${JSON.stringify(rawTime)} is not RFC 3339`
  }
  const outside = eventTimeProblem('time', timeUs, latestUs)
  if (outside !== null) {
    return outside
  }
  const reason = str(item.reason)
  if (reason === null) {
    return 'field "reason" is missing'
  }
  const objKind = str(obj.kind)
  const kind = kindForReason(reason, objKind)
  if (kind === null) {
    return { skip: reason }
  }
  const objName = str(obj.name)
  const message = str(item.message) ?? str(item.note)
  const source = isRecord(item.source) ? item.source : {}
  // Pod events come from the kubelet of the pod's node.
  const reportingNode =
    str(source.host) ??
    (str(item.reportingComponent) === 'kubelet' ? str(item.reportingInstance) : null)
  return {
    timeUs,
    kind,
    model: null,
    version: message === null ? null : imageTagFromMessage(message),
    replica: objKind === 'Pod' ? objName : null,
    node: objKind === 'Node' ? objName : objKind === 'Pod' ? reportingNode : null,
    message:
      message === null ? null : objKind && objName ? `${objKind}/${objName}: ${message}` : message,
    reason,
  }
}

function parseKubernetesList(items: unknown[], latestUs: number): ParseEventsResult {
  const events: ChangeEvent[] = []
  const rejected: EventReject[] = []
  const skipped = new Map<string, number>()
  items.forEach((item, i) => {
    const r = fromKubernetesItem(item, latestUs)
    if (typeof r === 'string') {
      rejected.push({ line: 0, path: `items[${i}]`, reason: r })
    } else if ('skip' in r) {
      skipped.set(r.skip, (skipped.get(r.skip) ?? 0) + 1)
    } else {
      events.push(r)
    }
  })
  events.sort((a, b) => a.timeUs - b.timeUs)
  return {
    events,
    rejected,
    format: 'kubernetes',
    skipped: [...skipped].map(([reason, count]) => ({ reason, count })),
  }
}

/** Parses a single line of CONTRACT §3 JSON Lines; blank lines give `null`. */
export function parseEventLine(line: string, bounds?: TimeBounds): ChangeEvent | string | null {
  const t = line.trim()
  if (t === '') {
    return null
  }
  let obj: unknown
  try {
    obj = JSON.parse(t)
  } catch {
    return `not JSON: ${JSON.stringify(t.slice(0, 40))}`
  }
  return toChangeEvent(obj, latestTimeUs(bounds))
}

/**
 * Parses change events (CONTRACT §3): JSON Lines of `{time, kind, …}`, or a Kubernetes event
 * list (`kubectl get events -o json`, an object with `items`), told apart by content. A JSON
 * array of events is read too. Bad lines are rejected with their line number; good ones kept.
 */
export function parseEvents(text: string, bounds?: TimeBounds): ParseEventsResult {
  const latestUs = latestTimeUs(bounds)
  const head = text.trimStart()
  if (head.startsWith('{') || head.startsWith('[')) {
    let whole: unknown = undefined
    try {
      whole = JSON.parse(text)
    } catch {
      // Not one JSON document: JSON Lines.
    }
    if (isRecord(whole) && Array.isArray(whole.items)) {
      return parseKubernetesList(whole.items, latestUs)
    }
    if (Array.isArray(whole)) {
      const events: ChangeEvent[] = []
      const rejected: EventReject[] = []
      whole.forEach((o, i) => {
        const r = toChangeEvent(o, latestUs)
        if (typeof r === 'string') {
          rejected.push({ line: 0, path: `[${i}]`, reason: r })
        } else {
          events.push(r)
        }
      })
      return { events, rejected, format: 'jsonl', skipped: [] }
    }
  }
  const events: ChangeEvent[] = []
  const rejected: EventReject[] = []
  const lines = text.split('\n')
  lines.forEach((line, i) => {
    const r = parseEventLine(line, bounds)
    if (r === null) {
      return
    }
    if (typeof r === 'string') {
      rejected.push({ line: i + 1, reason: r })
    } else {
      events.push(r)
    }
  })
  return { events, rejected, format: 'jsonl', skipped: [] }
}
