import { describe, expect, it } from 'vitest'
import { makeSpan } from '../../core/model/testing/builders.js'
import { createSilentLogger } from '../../core/logger.js'
import type { Micros } from '../../core/model/units.js'
import { decodeMetricsJson } from '../../core/otlp/decode-metrics.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import {
  isContentAttribute,
  isContentLabel,
  MAX_STATUS_MESSAGE_CHARS,
  stripContent,
  stripMetricContent,
} from './content-filter.js'
import { createIngestPipeline } from './pipeline.js'

describe('isContentAttribute', () => {
  it.each([
    ['gen_ai.input.messages', true],
    ['gen_ai.output.messages', true],
    ['gen_ai.system_instructions', true],
    ['gen_ai.prompt', true],
    ['gen_ai.completion', true],
    ['gen_ai.tool.definitions', true],
    ['gen_ai.prompt.0.content', true],
    ['gen_ai.completion.3.role', true],
    ['gen_ai.request.model', false],
    ['gen_ai.usage.prompt_tokens', false],
    ['gen_ai.latency.time_to_first_token', false],
    ['gen_ai.prompts', false],
    ['gen_ai.tool.call.arguments', true],
    ['input.value', true],
    ['output.value', true],
    ['input.mime_type', false],
    ['llm.input_messages.0.message.content', true],
    ['llm.output_messages.0.message.role', true],
    ['llm.prompt_template.variables', true],
    ['retrieval.documents.1.document.content', true],
    ['llm.token_count.prompt', false],
    ['llm.prompts', true],
    ['llm.prompts.0.content', true],
    ['llm.completions.0.content', true],
    ['traceloop.entity.input', true],
    ['traceloop.entity.output', true],
    ['traceloop.entity.name', false],
  ])('%s → %s', (key, expected) => {
    expect(isContentAttribute(key)).toBe(expected)
  })
})

describe('stripContent', () => {
  it('returns spans without content unchanged (same object)', () => {
    const span = makeSpan({ attributes: { 'gen_ai.request.model': 'm' } })
    expect(stripContent([span])[0]).toBe(span)
  })

  it('copies only the spans it changes and leaves the input intact', () => {
    const span = makeSpan({ attributes: { 'gen_ai.prompt': 'hi', 'http.route': '/x' } })
    const before = structuredClone(span)
    const [out] = stripContent([span])
    expect(out?.attributes).toEqual({ 'http.route': '/x' })
    expect(span).toEqual(before)
  })
})

describe('the content policy beyond span attributes', () => {
  it.each([
    ['gen_ai_prompt', true],
    ['input_value', true],
    ['llm_input_messages_0_message_content', true],
    ['traceloop_entity_input', true],
    ['gen_ai_request_model', false],
    ['job', false],
  ])('metric label %s → %s', (name, expected) => {
    expect(isContentLabel(name)).toBe(expected)
  })

  it('drops content from resource attributes and keeps one shared resource object', () => {
    const resource = { 'service.name': 'gw', 'gen_ai.prompt': 'secret prompt' }
    const out = stripContent([makeSpan({ resource }), makeSpan({ resource })])
    expect(out[0]?.resource).toEqual({ 'service.name': 'gw' })
    expect(out[1]?.resource).toBe(out[0]?.resource)
    expect(resource['gen_ai.prompt']).toBe('secret prompt')
  })

  it('keeps only metadata of GenAI message events, and content-free events as they are', () => {
    const span = makeSpan({
      events: [
        {
          timeUs: 1 as never,
          name: 'gen_ai.user.message',
          attributes: { content: 'hi there', 'gen_ai.system': 'openai' },
        },
        {
          timeUs: 2 as never,
          name: 'gen_ai.choice',
          attributes: { message: '{"content":"hello"}', index: 0, finish_reason: 'stop' },
        },
        {
          timeUs: 3 as never,
          name: 'first_token',
          attributes: { 'gen_ai.completion.0.content': 'x', n: 1 },
        },
        { timeUs: 4 as never, name: 'queued', attributes: { depth: 3 } },
      ],
    })
    const [out] = stripContent([span])
    expect(out?.events.map((e) => e.attributes)).toEqual([
      { 'gen_ai.system': 'openai' },
      { index: 0, finish_reason: 'stop' },
      { n: 1 },
      { depth: 3 },
    ])
    expect(out?.events[3]).toBe(span.events[3])
  })

  it('cuts content echoed in a status message, and long status messages', () => {
    const prompt = 'Tell me the secret launch codes please'
    const echoed = makeSpan({
      attributes: { 'input.value': prompt },
      statusMessage: `validation failed for input: ${prompt}`,
    })
    expect(stripContent([echoed])[0]?.statusMessage).toBe(
      'validation failed for input: [content removed]'
    )
    const long = makeSpan({ statusMessage: 'x'.repeat(5000) })
    const cut = stripContent([long])[0]?.statusMessage ?? ''
    expect(cut).toHaveLength(MAX_STATUS_MESSAGE_CHARS + '…[truncated]'.length)
    const short = makeSpan({ statusMessage: 'CUDA out of memory' })
    expect(stripContent([short])[0]).toBe(short)
  })

  it('drops gen_ai.prompt as a resource attribute or metric label through the pipeline, unless content is kept', async () => {
    const request = {
      resourceMetrics: [
        {
          resource: {
            attributes: [
              { key: 'gen_ai.prompt', value: { stringValue: 'secret' } },
              { key: 'service.name', value: { stringValue: 'vllm' } },
            ],
          },
          scopeMetrics: [
            {
              metrics: [
                {
                  name: 'tokens',
                  gauge: {
                    dataPoints: [
                      {
                        timeUnixNano: '1760000000000000000',
                        asInt: '5',
                        attributes: [{ key: 'input.value', value: { stringValue: 'also secret' } }],
                      },
                    ],
                  },
                },
              ],
            },
          ],
        },
      ],
    }
    const { samples } = decodeMetricsJson(JSON.stringify(request))
    expect(samples[0]?.labels).toEqual({
      gen_ai_prompt: 'secret',
      job: 'vllm',
      input_value: 'also secret',
    })
    expect(stripMetricContent(samples)[0]?.labels).toEqual({ job: 'vllm' })
    for (const keepContent of [false, true]) {
      const store = createMemoryStore()
      const pipeline = createIngestPipeline({
        store,
        logger: createSilentLogger(),
        now: () => 0,
        sweepIntervalMs: 0,
        keepContent,
      })
      await pipeline.submitMetrics(samples)
      await pipeline.close()
      const series = await store.querySeries({
        name: 'tokens',
        fromUs: 1_759_000_000_000_000 as Micros,
        toUs: 1_761_000_000_000_000 as Micros,
      })
      expect(series.map((x) => Object.keys(x.labels).sort())).toEqual([
        keepContent ? ['gen_ai_prompt', 'input_value', 'job'] : ['job'],
      ])
    }
  })
})
