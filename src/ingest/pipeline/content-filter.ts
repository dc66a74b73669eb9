/**
 * Drops prompt and completion text at ingest (the default): Tokenline needs timings and
 * counts, never content, and content is the bulk of GenAI telemetry and its privacy risk.
 *
 * One policy (docs/formats/otlp.md, ADR 0046) covers every place content is known to appear:
 * - attributes of spans, span events and resources, and metric labels (Prometheus-style names
 *   such as `gen_ai_prompt` too), by key: the GenAI, OpenInference and OpenLLMetry keys of
 *   `CONTENT_ATTRIBUTE_KEYS` / `CONTENT_ATTRIBUTE_PREFIXES`;
 * - span events named like GenAI messages (`gen_ai.user.message`, `gen_ai.choice`, …): their
 *   attributes are the message, so only metadata keys survive;
 * - status messages: a content value echoed in them is cut out, and they are cut to
 *   {@link MAX_STATUS_MESSAGE_CHARS} characters (an error text quoting a prompt stops there).
 * `--keep-content` skips all of it.
 */
import type { MetricSample } from '../../core/model/metric.js'
import type { Attributes, Span, SpanEvent } from '../../core/model/span.js'
import { promLabelName } from '../../core/otlp/metric-labels.js'
import {
  CONTENT_ATTRIBUTE_KEYS,
  CONTENT_ATTRIBUTE_PREFIXES,
  CONTENT_EVENT_KEPT_KEYS,
  CONTENT_EVENT_NAMES,
} from '../../core/otlp/semconv.js'

/** Longest status message kept when content is dropped. */
export const MAX_STATUS_MESSAGE_CHARS = 256
/** Content values shorter than this are not searched for in status messages (too common). */
const MIN_ECHO_CHARS = 8

const CONTENT_KEYS = new Set(CONTENT_ATTRIBUTE_KEYS)
const CONTENT_EVENTS = new Set(CONTENT_EVENT_NAMES)
const EVENT_KEPT = new Set(CONTENT_EVENT_KEPT_KEYS)
const CONTENT_LABELS = new Set(CONTENT_ATTRIBUTE_KEYS.map(promLabelName))
const CONTENT_LABEL_PREFIXES = CONTENT_ATTRIBUTE_PREFIXES.map(promLabelName)

/** Whether an attribute key carries prompt/completion content (`gen_ai.prompt.0.content` too). */
export function isContentAttribute(key: string): boolean {
  if (CONTENT_KEYS.has(key)) {
    return true
  }
  for (const prefix of CONTENT_ATTRIBUTE_PREFIXES) {
    if (key.startsWith(prefix)) {
      return true
    }
  }
  return false
}

/** Whether a Prometheus-style label name is a content key (`gen_ai_prompt`, `input_value`, …). */
export function isContentLabel(name: string): boolean {
  if (CONTENT_LABELS.has(name)) {
    return true
  }
  for (const prefix of CONTENT_LABEL_PREFIXES) {
    if (name.startsWith(prefix)) {
      return true
    }
  }
  return false
}

/**
 * `isContentAttribute` remembered per key. The same few dozen keys come on every span (the
 * decoder hands them out as one shared string each), and a hash lookup is several times cheaper
 * than the key set plus every prefix; emptied when full, so keys that never repeat (indexed
 * message keys) cannot grow it without bound.
 */
const contentKeys = new Map<string, boolean>()
const CONTENT_KEYS_REMEMBERED = 4096

function isContentKey(key: string): boolean {
  let content = contentKeys.get(key)
  if (content === undefined) {
    content = isContentAttribute(key)
    if (contentKeys.size >= CONTENT_KEYS_REMEMBERED) {
      contentKeys.clear()
    }
    contentKeys.set(key, content)
  }
  return content
}

function hasContent(attrs: Attributes): boolean {
  for (const key in attrs) {
    if (isContentKey(key)) {
      return true
    }
  }
  return false
}

/** The attributes without content keys; the same object when there were none. */
function withoutContent(attrs: Attributes, found: string[]): Attributes {
  if (!hasContent(attrs)) {
    return attrs
  }
  const kept: Attributes = {}
  for (const key in attrs) {
    const value = attrs[key] as Attributes[string]
    if (!isContentKey(key)) {
      kept[key] = value
    } else if (typeof value === 'string' && value.length >= MIN_ECHO_CHARS) {
      found.push(value)
    }
  }
  return kept
}

function filterEvent(ev: SpanEvent, found: string[]): SpanEvent {
  if (CONTENT_EVENTS.has(ev.name)) {
    const kept: Attributes = {}
    let changed = false
    for (const key in ev.attributes) {
      if (EVENT_KEPT.has(key)) {
        kept[key] = ev.attributes[key] as Attributes[string]
      } else {
        changed = true
      }
    }
    return changed ? { ...ev, attributes: kept } : ev
  }
  const attributes = withoutContent(ev.attributes, found)
  return attributes === ev.attributes ? ev : { ...ev, attributes }
}

function filterStatus(message: string | null, found: readonly string[]): string | null {
  if (message === null) {
    return null
  }
  let out = message
  for (const value of found) {
    if (out.includes(value)) {
      out = out.split(value).join('[content removed]')
    }
  }
  return out.length > MAX_STATUS_MESSAGE_CHARS
    ? `${out.slice(0, MAX_STATUS_MESSAGE_CHARS)}…[truncated]`
    : out
}

/**
 * Returns the spans with content removed (see the policy above). Spans without content are
 * returned as they are; the input is never mutated. Spans of one resource keep sharing one
 * (filtered) resource object.
 */
export function stripContent(spans: readonly Span[]): Span[] {
  const out: Span[] = new Array<Span>(spans.length)
  const resources = new Map<Attributes, Attributes>()
  // One list for the batch, emptied per span: most spans find nothing, and a new array each
  // was one more allocation per span.
  const found: string[] = []
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i] as Span
    found.length = 0
    let resource = resources.get(span.resource)
    if (resource === undefined) {
      resource = withoutContent(span.resource, [])
      resources.set(span.resource, resource)
    }
    const attributes = withoutContent(span.attributes, found)
    let events = span.events
    for (let e = 0; e < span.events.length; e++) {
      const ev = span.events[e] as SpanEvent
      const filtered = filterEvent(ev, found)
      if (filtered !== ev) {
        if (events === span.events) {
          events = span.events.slice()
        }
        events[e] = filtered
      }
    }
    const statusMessage = filterStatus(span.statusMessage, found)
    if (
      attributes === span.attributes &&
      events === span.events &&
      resource === span.resource &&
      statusMessage === span.statusMessage
    ) {
      out[i] = span
      continue
    }
    out[i] = { ...span, attributes, events, resource, statusMessage }
  }
  return out
}

/** Returns the samples without content labels; samples without them are returned as they are. */
export function stripMetricContent(samples: readonly MetricSample[]): readonly MetricSample[] {
  let out: MetricSample[] | null = null
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i] as MetricSample
    let labels: Record<string, string> | null = null
    for (const name in s.labels) {
      if (isContentLabel(name)) {
        labels ??= { ...s.labels }
        delete labels[name]
      }
    }
    if (labels !== null) {
      out ??= samples.slice()
      out[i] = { ...s, labels }
    }
  }
  return out ?? samples
}
