/**
 * Drops prompt and completion text from spans at ingest (the default): Tokenline needs timings
 * and counts, never content, and content is the bulk of GenAI telemetry and its privacy risk.
 */
import type { Attributes, Span, SpanEvent } from '../core/model/span.js'
import { CONTENT_ATTRIBUTE_KEYS, CONTENT_ATTRIBUTE_PREFIXES } from '../core/otlp/semconv.js'

const CONTENT_KEYS = new Set(CONTENT_ATTRIBUTE_KEYS)

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

function hasContent(attrs: Attributes): boolean {
  for (const key in attrs) {
    if (isContentAttribute(key)) {
      return true
    }
  }
  return false
}

function withoutContent(attrs: Attributes): Attributes {
  const kept: Attributes = {}
  for (const key in attrs) {
    if (!isContentAttribute(key)) {
      kept[key] = attrs[key] as Attributes[string]
    }
  }
  return kept
}

/**
 * Returns the spans without content attributes (on spans and their events). Spans without
 * content are returned as they are; the input is never mutated.
 */
export function stripContent(spans: readonly Span[]): Span[] {
  const out: Span[] = new Array<Span>(spans.length)
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i] as Span
    const spanHas = hasContent(span.attributes)
    let eventsHave = false
    for (const ev of span.events) {
      if (hasContent(ev.attributes)) {
        eventsHave = true
        break
      }
    }
    if (!spanHas && !eventsHave) {
      out[i] = span
      continue
    }
    out[i] = {
      ...span,
      attributes: spanHas ? withoutContent(span.attributes) : span.attributes,
      events: eventsHave
        ? span.events.map((ev): SpanEvent =>
            hasContent(ev.attributes) ? { ...ev, attributes: withoutContent(ev.attributes) } : ev
          )
        : span.events,
    }
  }
  return out
}
