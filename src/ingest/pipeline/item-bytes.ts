/**
 * Rough in-memory size of what the ingest queue holds, so the queue can be bounded by bytes as
 * well as by count: a batch of 2,000 spans with long attributes weighs far more than 2,000
 * metric samples. The figures are V8-ish object costs (a string is ~2 bytes a character plus a
 * header); they only need to be proportional, not exact.
 */
import type { ChangeEvent } from '../../core/model/event.js'
import type { MetricSample } from '../../core/model/metric.js'
import type { Attributes, AttrValue, Span } from '../../core/model/span.js'

const OBJECT_BYTES = 64
const SLOT_BYTES = 16

function stringBytes(s: string): number {
  return SLOT_BYTES + 2 * s.length
}

function valueBytes(value: AttrValue, depth: number): number {
  if (typeof value === 'string') {
    return stringBytes(value)
  }
  if (value === null || typeof value !== 'object' || depth > 4) {
    return SLOT_BYTES
  }
  if (Array.isArray(value)) {
    let n = OBJECT_BYTES
    for (const v of value) {
      n += valueBytes(v, depth + 1)
    }
    return n
  }
  return attributesBytes(value, depth + 1)
}

function attributesBytes(attrs: Attributes, depth = 0): number {
  let n = OBJECT_BYTES
  for (const key in attrs) {
    n += stringBytes(key) + valueBytes(attrs[key] ?? null, depth)
  }
  return n
}

/** Estimated bytes of spans; a resource shared by many spans is counted once. */
export function spansBytes(spans: readonly Span[]): number {
  let n = 0
  let lastResource: Attributes | null = null
  for (const s of spans) {
    n += 4 * OBJECT_BYTES + stringBytes(s.name) + attributesBytes(s.attributes)
    for (const ev of s.events) {
      n += OBJECT_BYTES + stringBytes(ev.name) + attributesBytes(ev.attributes)
    }
    if (s.resource !== lastResource) {
      lastResource = s.resource
      n += attributesBytes(s.resource)
    }
  }
  return n
}

/** Estimated bytes of metric samples. */
export function samplesBytes(samples: readonly MetricSample[]): number {
  let n = 0
  for (const s of samples) {
    n += 2 * OBJECT_BYTES + stringBytes(s.name)
    for (const key in s.labels) {
      n += stringBytes(key) + stringBytes(s.labels[key] ?? '')
    }
  }
  return n
}

/** Estimated bytes of change events. */
export function eventsBytes(events: readonly ChangeEvent[]): number {
  let n = 0
  for (const e of events) {
    n += 2 * OBJECT_BYTES + (e.message === null ? 0 : stringBytes(e.message))
  }
  return n
}
