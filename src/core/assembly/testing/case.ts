/**
 * Shape and helpers of the assembly case files (jaeger-ui's critical-path `testCases/` style):
 * each case draws its spans on an ASCII timeline, builds them, and states the expected
 * breakdown. `assemble-request.test.ts` runs every case file.
 */
import type { AssembleOptions } from '../assemble-request.js'
import type { RequestTimeline, StageName } from '../../model/request.js'
import type { Attributes, Span } from '../../model/span.js'
import { asMicros } from '../../model/units.js'

export type Expected = {
  stages?: Partial<Record<StageName, number | null>>
} & Partial<Omit<RequestTimeline, 'stages' | 'dims'>> & {
    dims?: Partial<RequestTimeline['dims']>
  }

export interface AssemblyCase {
  name: string
  /** The trace, drawn (µs offsets are from the builder defaults; widths not to scale). */
  picture: string
  spans: Span[]
  options?: AssembleOptions
  /** `null`: the trace is no LLM request. */
  expected: Expected | null
}

export const TRACE = '0af7651916cd43dd8448eb211c80319c'
export const MODEL = 'meta-llama/Llama-3.1-8B-Instruct'

/**
 * Builder defaults (µs): networkIn 2000, auth 500, ratelimit 200, route 300, upstream connect
 * 500, frontend 3000, queue 20 000, prefill 50 000, decode 1 270 000, upstream tail 200, gateway
 * tail 100, networkOut 1000; 512 in / 128 out tokens.
 */
export const FULL_STAGES = {
  'client.dns': 0,
  'client.connect': 0,
  'client.tls': 0,
  'client.send': null,
  'client.unattributed': null,
  network: 3000,
  'gateway.queue': null,
  'gateway.auth': 500,
  'gateway.ratelimit': 200,
  'gateway.route': 300,
  'gateway.guardrail': null,
  'gateway.upstream': 700,
  'gateway.unattributed': 100,
  downstream: null,
  'engine.frontend': 3000,
  'engine.queue': 20_000,
  'engine.prefill': 50_000,
  'engine.decode': 1_270_000,
  'engine.unattributed': 0,
  'gateway.stream': null,
  stream: 1300,
} satisfies Record<StageName, number | null>

export function nullStages(): Record<StageName, null> {
  return Object.fromEntries(Object.keys(FULL_STAGES).map((k) => [k, null])) as Record<
    StageName,
    null
  >
}

/** Replaces fields of the spans whose id starts with `idPrefix` (builder ids: c1 client, a1 gateway, e1 engine…). */
export function patch(spans: Span[], idPrefix: string, change: (s: Span) => Partial<Span>): Span[] {
  return spans.map((s) => (s.spanId.startsWith(idPrefix) ? { ...s, ...change(s) } : s))
}

export function withAttrs(
  spans: Span[],
  idPrefix: string,
  attrs: Attributes,
  drop: string[] = []
): Span[] {
  return patch(spans, idPrefix, (s) => {
    const next: Attributes = { ...s.attributes, ...attrs }
    for (const k of drop) {
      delete next[k]
    }
    return { attributes: next }
  })
}

export function shift(spans: Span[], idPrefix: string, byUs: number): Span[] {
  return patch(spans, idPrefix, (s) => ({
    startUs: asMicros(s.startUs + byUs),
    endUs: asMicros(s.endUs + byUs),
  }))
}
