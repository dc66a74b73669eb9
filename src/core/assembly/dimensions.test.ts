import { describe, expect, it } from 'vitest'
import type { Dimension } from '../model/request.js'
import type { Attributes, Span } from '../model/span.js'
import { makeVllmTrace } from '../model/testing/builders.js'
import { classifySpans } from './classify-spans.js'
import { MAX_DIMENSION_CHARS, readDimensions } from './dimensions.js'
import { MODEL, patch, withAttrs } from './testing/case.js'

/** Span id prefixes of `makeVllmTrace`: client, gateway entry, its auth step, upstream, engine. */
const CLIENT = 'c1'
const GATEWAY = 'a1'
const AUTH_STEP = 'a2'
const ENGINE = 'e1'

function withResource(spans: Span[], idPrefix: string, resource: Attributes): Span[] {
  return patch(spans, idPrefix, () => ({ resource }))
}

/** The full trace without its gateway entry's `tenant.id`. */
const noGatewayTenant = (): Span[] => withAttrs(makeVllmTrace(), GATEWAY, {}, ['tenant.id'])

const ENGINE_RESOURCE = { 'service.name': 'vllm', 'k8s.node.name': 'gpu-node-1' }

// Which source names a dimension first: keys in their listed order, then spans in role order,
// then a span's resource before its own attributes.
const cases: { name: string; spans: Span[]; dim: Dimension; expected: string | null }[] = [
  {
    name: 'tenant of the gateway entry',
    spans: makeVllmTrace(),
    dim: 'tenant',
    expected: 'team-a',
  },
  {
    name: 'tenant: the gateway entry before the client, for the same key',
    spans: withAttrs(makeVllmTrace(), CLIENT, { 'tenant.id': 'from-client' }),
    dim: 'tenant',
    expected: 'team-a',
  },
  {
    name: 'tenant: an earlier key on a later span beats a later key on an earlier one',
    spans: withAttrs(withAttrs(noGatewayTenant(), GATEWAY, { 'user.id': 'u-1' }), ENGINE, {
      'tenant.id': 'team-engine',
    }),
    dim: 'tenant',
    expected: 'team-engine',
  },
  {
    name: 'tenant found on a gateway step only',
    spans: withAttrs(noGatewayTenant(), AUTH_STEP, { 'enduser.id': 'end-7' }),
    dim: 'tenant',
    expected: 'end-7',
  },
  { name: 'no tenant anywhere', spans: noGatewayTenant(), dim: 'tenant', expected: null },
  {
    name: 'replica: k8s.pod.name before service.instance.id',
    spans: withResource(makeVllmTrace(), ENGINE, {
      ...ENGINE_RESOURCE,
      'service.instance.id': 'uuid-1',
      'k8s.pod.name': 'vllm-3',
    }),
    dim: 'replica',
    expected: 'vllm-3',
  },
  {
    name: 'replica: host and vLLM process of the resource before those of the span',
    spans: withAttrs(
      withResource(makeVllmTrace(), ENGINE, {
        ...ENGINE_RESOURCE,
        'host.name': 'h-res',
        'vllm.process_id': '1',
      }),
      ENGINE,
      { 'host.name': 'h-span', 'vllm.process_id': '2' }
    ),
    dim: 'replica',
    expected: 'h-res:1',
  },
  {
    name: 'replica: host and vLLM process of the span',
    spans: withAttrs(withResource(makeVllmTrace(), ENGINE, ENGINE_RESOURCE), ENGINE, {
      'host.name': 'h-span',
      'vllm.process_id': '2',
    }),
    dim: 'replica',
    expected: 'h-span:2',
  },
  {
    name: 'replica: a host alone names no replica (the upstream call does)',
    spans: withResource(makeVllmTrace(), ENGINE, { ...ENGINE_RESOURCE, 'host.name': 'h-res' }),
    dim: 'replica',
    expected: 'vllm-0.vllm.svc',
  },
  {
    name: 'node: k8s.node.name before host.name',
    spans: withResource(makeVllmTrace(), ENGINE, { ...ENGINE_RESOURCE, 'host.name': 'h-res' }),
    dim: 'node',
    expected: 'gpu-node-1',
  },
  {
    name: "region: the client's resource",
    spans: makeVllmTrace(),
    dim: 'region',
    expected: 'eu-west-1',
  },
  {
    name: "region: a cloud.region span attribute is not read; the client's own region is",
    spans: withAttrs(
      withResource(makeVllmTrace(), CLIENT, { 'service.name': 'tokenline-probe' }),
      GATEWAY,
      { 'cloud.region': 'us-east-1' }
    ).map((s) =>
      s.spanId.startsWith(CLIENT)
        ? { ...s, attributes: { ...s.attributes, 'tokenline.client.region': 'ap-south-1' } }
        : s
    ),
    dim: 'region',
    expected: 'ap-south-1',
  },
  {
    name: 'model: the engine before the client',
    spans: withAttrs(makeVllmTrace(), ENGINE, { 'gen_ai.response.model': 'engine-model' }),
    dim: 'model',
    expected: 'engine-model',
  },
  {
    name: "model: the client's requested model when the engine names none",
    spans: withAttrs(makeVllmTrace(), ENGINE, {}, ['gen_ai.response.model']),
    dim: 'model',
    expected: MODEL,
  },
  {
    name: 'model: a model_id resource when no span names a model',
    spans: withResource(
      withAttrs(withAttrs(makeVllmTrace(), ENGINE, {}, ['gen_ai.response.model']), CLIENT, {}, [
        'gen_ai.request.model',
      ]),
      GATEWAY,
      { 'service.name': 'llm-gateway', model_id: 'gw-model' }
    ),
    dim: 'model',
    expected: 'gw-model',
  },
  { name: 'gateway instance', spans: makeVllmTrace(), dim: 'gateway', expected: 'gateway-0' },
]

describe('readDimensions', () => {
  it.each(cases)('$name', ({ spans, dim, expected }) => {
    expect(readDimensions(classifySpans(spans))[dim]).toBe(expected)
  })
})

describe('a dimension value past its cap', () => {
  const tenantOfValue = (value: string): string | null =>
    readDimensions(classifySpans(withAttrs(makeVllmTrace(), GATEWAY, { 'tenant.id': value })))
      .tenant

  it('keeps a value at the cap whole', () => {
    const v = 't'.repeat(MAX_DIMENSION_CHARS)
    expect(tenantOfValue(v)).toBe(v)
  })

  it('cuts a 5 MB value to the cap and marks it cut', () => {
    const v = tenantOfValue('x'.repeat(5_000_000))!
    expect(v).toHaveLength(MAX_DIMENSION_CHARS)
    expect(v.endsWith('…')).toBe(true)
  })

  it('never splits a surrogate pair', () => {
    const v = tenantOfValue(`${'a'.repeat(MAX_DIMENSION_CHARS - 2)}🚀🚀🚀`)!
    expect(v).toBe(`${'a'.repeat(MAX_DIMENSION_CHARS - 2)}…`)
    // A lone high surrogate would be written out as an unpaired \ud83d escape.
    expect(/[\ud800-\udbff](?![\udc00-\udfff])/.test(v)).toBe(false)
  })
})
