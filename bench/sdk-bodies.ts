/**
 * OTLP protobuf export bodies built with the OpenTelemetry JS SDK's own serializer
 * (`ProtobufTraceSerializer`, as `exporter-trace-otlp-proto` sends them), shared by the ingest
 * benchmarks, with the counting sink they measure the path up to the store with. Not a benchmark
 * itself (no `.bench.ts`).
 */
import { context, SpanKind, trace } from '@opentelemetry/api'
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer'
import { resourceFromAttributes } from '@opentelemetry/resources'
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base'

/** 128 LLM calls of 4 spans (client, gateway, engine, engine child) = 512 spans per body. */
const CALLS_PER_BODY = 128

/** Bodies as an instrumented gateway + vLLM would export them, every trace unique. */
export function sdkBodies(count: number): Uint8Array[] {
  const out: Uint8Array[] = []
  const t0 = Date.now() - 3_600_000
  for (let b = 0; b < count; b++) {
    const memory = new InMemorySpanExporter()
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({
        'service.name': 'vllm',
        'service.instance.id': `vllm-${b % 4}`,
        'k8s.pod.name': `vllm-${b % 4}`,
      }),
      spanProcessors: [new SimpleSpanProcessor(memory)],
    })
    const tracer = provider.getTracer('vllm.tracing.otel', '0.0.0')
    for (let i = 0; i < CALLS_PER_BODY; i++) {
      const start = t0 + (b * CALLS_PER_BODY + i) * 10
      const client = tracer.startSpan('chat gpt', { kind: SpanKind.CLIENT, startTime: start })
      const gw = tracer.startSpan(
        'POST /v1/chat/completions',
        {
          kind: SpanKind.SERVER,
          startTime: start + 1,
          attributes: { 'http.route': '/v1/chat/completions', 'http.response.status_code': 200 },
        },
        trace.setSpan(context.active(), client)
      )
      const engine = tracer.startSpan(
        'llm_request',
        {
          kind: SpanKind.SERVER,
          startTime: start + 2,
          attributes: {
            'gen_ai.response.model': 'llama-3-8b',
            'gen_ai.latency.time_in_queue': 0.004,
            'gen_ai.latency.time_to_first_token': 0.05 + (i % 10) * 0.01,
            'gen_ai.latency.time_in_model_prefill': 0.03,
            'gen_ai.latency.time_in_model_decode': 0.4,
            'gen_ai.latency.e2e': 0.45,
            'gen_ai.usage.prompt_tokens': 100 + i,
            'gen_ai.usage.completion_tokens': 40,
            'gen_ai.request.id': `chatcmpl-${b}-${i}`,
          },
        },
        trace.setSpan(context.active(), gw)
      )
      const step = tracer.startSpan(
        'decode',
        { startTime: start + 50 },
        trace.setSpan(context.active(), engine)
      )
      step.end(start + 440)
      engine.end(start + 452)
      gw.end(start + 455)
      client.end(start + 460)
    }
    const body = ProtobufTraceSerializer.serializeRequest(memory.getFinishedSpans())
    if (body === undefined) {
      throw new Error('the SDK serializer returned nothing')
    }
    out.push(body)
  }
  return out
}

/**
 * Sends every body once to `url` over `clients` concurrent connections; every answer must be a
 * 200. Returns the wall time and each request's latency (ms), for the ingest benches.
 */
export async function postBodies(
  url: string,
  bodies: readonly Uint8Array[],
  clients: number
): Promise<{ ms: number; latencies: number[] }> {
  const latencies: number[] = []
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++] as Uint8Array
        const sent = performance.now()
        const res = await fetch(url, {
          method: 'POST',
          body: body.slice(),
          headers: { 'Content-Type': 'application/x-protobuf' },
        })
        await res.arrayBuffer()
        latencies.push(performance.now() - sent)
        if (res.status !== 200) {
          throw new Error(`HTTP ${res.status}`)
        }
      }
    })
  )
  return { ms: performance.now() - t0, latencies }
}
