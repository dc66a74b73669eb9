import { describe, expect, it } from 'vitest'
import { makeSpan } from '../model/testing/builders.js'
import { SPAN_KIND, type Attributes, type Span } from '../model/span.js'
import { asMicros } from '../model/units.js'
import { findEngineRoles } from './roles-engine.js'
import { TraceIndex } from './trace-index.js'

const T0 = 1_796_097_690_000_000
const TRACE = '5e0000000000000000000000000000aa'

/** An API-server span and an engine span below it, each with its own resource. */
function call(serverResource: Attributes, engineResource: Attributes): Span[] {
  const server = makeSpan({
    traceId: TRACE,
    spanId: '5e000000000000a1',
    name: 'POST /v1/chat/completions',
    kind: SPAN_KIND.SERVER,
    startUs: asMicros(T0),
    endUs: asMicros(T0 + 100_000),
    resource: serverResource,
  })
  const engine = makeSpan({
    traceId: TRACE,
    spanId: '5e000000000000e1',
    parentSpanId: server.spanId,
    name: 'llm_request',
    kind: SPAN_KIND.SERVER,
    startUs: asMicros(T0 + 1000),
    endUs: asMicros(T0 + 99_000),
    resource: engineResource,
  })
  return [server, engine]
}

function frontendOf(spans: Span[]): string | null {
  return findEngineRoles(new TraceIndex(spans)).frontend?.name ?? null
}

describe('findEngineRoles: the engine API server is the SERVER span of the engine process', () => {
  it('whether the two spans share one resource object or carry equal copies of it', () => {
    const resource = { 'service.name': 'vllm', 'service.instance.id': 'pod-a' }
    expect(frontendOf(call(resource, resource))).toBe('POST /v1/chat/completions')
    expect(frontendOf(call({ ...resource }, { ...resource }))).toBe('POST /v1/chat/completions')
  })

  it('by host.name and vllm.process_id, or by the whole resource, when there is no instance id', () => {
    const pid = { 'host.name': 'node-1', 'vllm.process_id': '26392' }
    expect(frontendOf(call({ ...pid, 'service.name': 'api' }, pid))).toBe(
      'POST /v1/chat/completions'
    )
    const whole = { 'service.name': 'vllm', 'k8s.pod.name': 'vllm-0' }
    expect(frontendOf(call({ ...whole }, { ...whole }))).toBe('POST /v1/chat/completions')
  })

  it('not for another process, nor for an empty resource, shared or not', () => {
    expect(
      frontendOf(call({ 'service.instance.id': 'gateway-1' }, { 'service.instance.id': 'pod-a' }))
    ).toBeNull()
    const empty = {}
    expect(frontendOf(call(empty, empty))).toBeNull()
    expect(frontendOf(call({}, {}))).toBeNull()
  })
})
