import { describe, expect, it } from 'vitest'
import { makeSpan, makeVllmTrace } from '../model/testing/builders.js'
import { SPAN_KIND, type Span } from '../model/span.js'
import { STAGE_NAMES } from '../model/request.js'
import { asMicros } from '../model/units.js'
import { assembleRequest, assembleRequestWithNotes, assembleTrace } from './assemble-request.js'
import { TRACE, shift, withAttrs, type AssemblyCase } from './testing/case.js'
import { clientCases } from './testing/client-cases.js'
import { engineCases } from './testing/engine-cases.js'
import { gatewayCases } from './testing/gateway-cases.js'
import { genAiGatewayCases } from './testing/genai-gateway-cases.js'
import { measureCases } from './testing/measures-cases.js'
import { nativeCases } from './testing/native-cases.js'
import { recognitionCases } from './testing/recognition-cases.js'

const CASE_FILES: [string, AssemblyCase[]][] = [
  ['client', clientCases],
  ['gateway', gatewayCases],
  ['GenAI gateway', genAiGatewayCases],
  ['engine', engineCases],
  ['measures', measureCases],
  ['recognition', recognitionCases],
  ['SGLang and TGI', nativeCases],
]

describe.each(CASE_FILES)('assembleRequest: %s cases', (_tier, cases) => {
  it.each(cases)('$name', ({ spans, options, expected }) => {
    const before = structuredClone(spans)
    const got = assembleRequest(spans, options)
    expect(spans).toEqual(before)
    if (expected === null) {
      expect(got).toBeNull()
      return
    }
    expect(got).not.toBeNull()
    const { stages, dims, ...rest } = expected
    expect(got).toMatchObject(rest)
    if (stages !== undefined) {
      expect(got?.stages).toMatchObject(stages)
    }
    if (dims !== undefined) {
      expect(got?.dims).toMatchObject(dims)
    }
  })
})

describe('assembleRequest', () => {
  it('gives the same result for any span order', () => {
    const spans = makeVllmTrace({ retrievalUs: 10_000, failedAttempts: 2 })
    const forward = assembleRequest(spans)
    expect(assembleRequest([...spans].reverse())).toEqual(forward)
  })

  it('has a value or null for every stage, and keys in contract order', () => {
    const got = assembleRequest(makeVllmTrace({}))
    expect(Object.keys(got?.stages ?? {})).toEqual([...STAGE_NAMES])
  })

  it('stages add up to E2E when the trace has no overlapping tiers (probe → engine)', () => {
    const got = assembleRequest(makeVllmTrace({ gateway: false, networkInUs: 302_000 }))
    let sum = 0
    for (const name of STAGE_NAMES) {
      const us = got?.stages[name] ?? null
      // `stream` overlaps the client's remainder by definition (docs/timeline.md).
      sum += name === 'stream' ? 0 : (us ?? 0)
    }
    expect(sum).toBe(got?.e2eUs)
  })

  it('returns null for no spans and for traces without a recognised span', () => {
    expect(assembleRequest([])).toBeNull()
    expect(
      assembleRequest([makeSpan({ name: 'cron tick' }), makeSpan({ kind: SPAN_KIND.CLIENT })])
    ).toBeNull()
    expect(assembleTrace([makeSpan({ name: 'cron tick' })])).toEqual({ skipped: 'no_source' })
  })

  it('says why a recognised trace is no request', () => {
    const scrape = makeSpan({
      name: 'GET /metrics',
      kind: SPAN_KIND.SERVER,
      attributes: { 'http.route': '/metrics' },
    })
    expect(assembleTrace([scrape])).toEqual({ skipped: 'not_llm' })
  })

  it('recognises an engine span by any gen_ai.latency.* attribute', () => {
    const got = assembleRequest([
      makeSpan({ name: 'Req abc', attributes: { 'gen_ai.latency.time_in_queue': 0.25 } }),
    ])
    expect(got?.hasEngine).toBe(true)
    expect(got?.stages['engine.queue']).toBe(250_000)
  })

  it('notes what it clamped', () => {
    const spans = withAttrs(makeVllmTrace({ client: false, gateway: false }), 'e1', {
      'gen_ai.latency.time_to_first_token': 0.05,
    })
    const result = assembleRequestWithNotes(spans)
    expect(result?.request.stages['engine.frontend']).toBe(0)
    expect(result?.notes).toEqual([
      { code: 'negative_clamped', field: 'engine.frontend', rawUs: -20_000 },
    ])
  })

  it("keeps each request's notes its own when the next request is assembled", () => {
    const clamped = withAttrs(makeVllmTrace({ client: false, gateway: false }), 'e1', {
      'gen_ai.latency.time_to_first_token': 0.05,
    })
    const first = assembleRequestWithNotes(clamped)
    const clean = assembleRequestWithNotes(makeVllmTrace({}))
    const again = assembleRequestWithNotes(clamped)
    expect(clean?.notes).toEqual([])
    expect(first?.notes).toEqual([
      { code: 'negative_clamped', field: 'engine.frontend', rawUs: -20_000 },
    ])
    expect(again?.notes).toEqual(first?.notes)
    expect(again?.notes).not.toBe(first?.notes)
  })

  it('notes the skew adjustment it made', () => {
    const result = assembleRequestWithNotes(shift(makeVllmTrace({}), 'e1', 5_000_000))
    expect(result?.notes.some((n) => n.code === 'clock_skew_adjusted')).toBe(true)
  })

  it('splits a nested auth-service call out of the auth step (self time)', () => {
    const spans = makeVllmTrace({ traceId: TRACE, authUs: 5000 })
    const auth = spans.find((s) => s.name === 'auth') as Span
    const call = makeSpan({
      traceId: TRACE,
      parentSpanId: auth.spanId,
      name: 'GET /verify',
      kind: SPAN_KIND.CLIENT,
      startUs: asMicros(auth.startUs + 1000),
      endUs: asMicros(auth.startUs + 4000),
      attributes: { 'server.address': 'authz.svc' },
    })
    const got = assembleRequest([...spans, call])
    expect(got?.stages['gateway.auth']).toBe(2000)
    expect(got?.stages.downstream).toBe(3000)
    expect(got?.downstreamName).toBe('authz.svc')
  })

  it('keeps a guardrail model call inside its step as downstream, not upstream', () => {
    const spans = makeVllmTrace({ traceId: TRACE })
    const gw = spans.find((s) => s.spanId.startsWith('a1')) as Span
    const route = spans.find((s) => s.name === 'route') as Span
    // The guardrail runs before the route step in this drawing; only its nesting matters.
    const guard = makeSpan({
      traceId: TRACE,
      spanId: 'f1f1f1f1f1f1f1f1',
      parentSpanId: gw.spanId,
      name: 'guardrail prompt-safety',
      startUs: route.startUs,
      endUs: route.endUs,
    })
    const call = makeSpan({
      traceId: TRACE,
      parentSpanId: guard.spanId,
      name: 'POST',
      kind: SPAN_KIND.CLIENT,
      startUs: asMicros(route.startUs + 50),
      endUs: asMicros(route.startUs + 250),
      attributes: {
        'url.full': 'http://llama-guard:8000/v1/chat/completions',
        'server.address': 'llama-guard',
      },
    })
    const got = assembleRequest([...spans, guard, call])
    expect(got?.stages.downstream).toBe(200)
    expect(got?.downstreamName).toBe('llama-guard')
    expect(got?.stages['gateway.upstream']).toBe(700)
    expect(got?.retries).toBe(0)
  })
})
