import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createSilentLogger } from '../core/logger.js'
import type { Micros } from '../core/model/units.js'
import { parsePrometheusText } from '../core/prom/parse.js'
import { parseMisbehaviour, type Misbehaviour } from './misbehave.js'
import { startMockServer, type MockServerOptions, type RunningMockServer } from './server.js'

const running: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()))
})

async function start(options: Partial<MockServerOptions> = {}): Promise<RunningMockServer> {
  const server = await startMockServer({
    port: 0,
    host: '127.0.0.1',
    tls: false,
    http2: false,
    model: 'mock-model',
    misbehave: { fraction: 1 },
    defaultOutputTokens: 8,
    fixed: { ttftMs: 5, itlMs: 1 },
    seed: 1,
    logger: createSilentLogger(),
    ...options,
  })
  running.push(server)
  return server
}

const chat = (server: RunningMockServer, maxTokens: number, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      model: 'mock-model',
      messages: [{ role: 'user', content: 'hello there' }],
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: maxTokens,
    }),
  })

/** The `data:` payloads of an SSE body. */
function events(text: string): string[] {
  return text
    .split('\n\n')
    .map((e) => e.trim())
    .filter((e) => e.startsWith('data: '))
    .map((e) => e.slice(6))
}

function contentChunks(text: string): number {
  return events(text).filter((d) => {
    if (d === '[DONE]') {
      return false
    }
    const j = JSON.parse(d) as { choices: { delta?: { content?: string } }[] }
    return (j.choices[0]?.delta?.content ?? '') !== ''
  }).length
}

const withFaults = (m: Omit<Misbehaviour, 'fraction'>): Misbehaviour => ({ fraction: 1, ...m })

describe('the mock server over a real socket', () => {
  it('streams max_tokens content chunks, the usage and [DONE] as an OpenAI server does', async () => {
    const server = await start()
    const res = await chat(server, 6)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const text = await res.text()
    expect(contentChunks(text)).toBe(6)
    const data = events(text)
    expect(data.at(-1)).toBe('[DONE]')
    const usage = JSON.parse(data.at(-2)!) as { usage: { completion_tokens: number } }
    expect(usage.usage.completion_tokens).toBe(6)
  })

  it('answers /v1/models and /metrics (vLLM families)', async () => {
    const server = await start()
    const models = (await (await fetch(`${server.url}/v1/models`)).json()) as {
      data: { id: string }[]
    }
    expect(models.data[0]?.id).toBe('mock-model')
    await (await chat(server, 2)).text()
    const metrics = await (await fetch(`${server.url}/metrics`)).text()
    expect(metrics).toMatch(/^vllm:/m)
  })

  it('exports its KV cache size in vllm:cache_config_info, as a real vLLM does', async () => {
    const batching = await start({
      fixed: undefined,
      engineModel: {
        maxBatch: 24,
        prefillMsPerToken: 0.1,
        decodeStepBaseMs: 2,
        decodeStepPerSeqMs: 0.1,
        kvCapacityTokens: 200_000,
      },
    })
    const parsed = parsePrometheusText(await (await fetch(`${batching.url}/metrics`)).text(), {
      defaultTimeUs: 0 as Micros,
    })
    expect(parsed.rejected).toEqual([])
    const info = parsed.samples.filter((s) => s.name === 'vllm:cache_config_info')
    expect(info).toHaveLength(1)
    // The capacity comes back as whole blocks: 12,500 blocks of 16 tokens.
    expect(Number(info[0]!.labels['num_gpu_blocks']) * Number(info[0]!.labels['block_size'])).toBe(
      200_000
    )
    // Fixed timing has no cache to describe, so it claims none.
    const fixed = await start()
    expect(await (await fetch(`${fixed.url}/metrics`)).text()).not.toContain('cache_config_info')
  })

  it('counts its steps, the time its model gave them and the time they took', async () => {
    const batching = await start({
      fixed: undefined,
      engineModel: {
        maxBatch: 24,
        prefillMsPerToken: 0.1,
        decodeStepBaseMs: 3,
        decodeStepPerSeqMs: 0.5,
        kvCapacityTokens: 200_000,
      },
    })
    // 100 steps of 3.5 ms: run as whole milliseconds without the carry they took ~325 ms.
    await (await chat(batching, 100)).text()
    const parsed = parsePrometheusText(await (await fetch(`${batching.url}/metrics`)).text(), {
      defaultTimeUs: 0 as Micros,
    })
    const value = (name: string): number => parsed.samples.find((s) => s.name === name)!.value
    // One request alone: 100 steps of base + one sequence, the first also its prompt.
    expect(value('mock:engine_steps_total')).toBe(100)
    const planned = value('mock:engine_step_planned_seconds_total')
    expect(planned).toBeGreaterThanOrEqual(100 * 0.0035)
    expect(planned).toBeLessThan(100 * 0.0035 + 0.01)
    // Node runs a timer's delay in whole milliseconds; the engine carries the cut-off part into
    // the next step, so the steps take at least the model's time, less at most one carried
    // part (0.5 ms) and the event loop's cached clock. What they take beyond it is the host's.
    expect(value('mock:engine_step_seconds_total')).toBeGreaterThanOrEqual(planned - 1.5e-3)
  })

  it('exports an engine span joined to the caller’s traceparent (OTLP/JSON)', async () => {
    const bodies: string[] = []
    const receiver: Server = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        bodies.push(body)
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      })
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    running.push({ close: () => new Promise<void>((r) => receiver.close(() => r())) })
    const otlp = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    const server = await start({ otlpEndpoint: otlp })
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736'
    await (await chat(server, 3, { traceparent: `00-${traceId}-00f067aa0ba902b7-01` })).text()
    await server.close()
    running.splice(running.indexOf(server), 1)
    const spans = bodies.flatMap((b) =>
      (
        JSON.parse(b) as {
          resourceSpans: {
            scopeSpans: { spans: { traceId: string; parentSpanId?: string; name: string }[] }[]
          }[]
        }
      ).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))
    )
    expect(spans).toHaveLength(1)
    expect(spans[0]).toMatchObject({
      traceId,
      parentSpanId: '00f067aa0ba902b7',
      name: 'llm_request',
    })
  })

  it('http-500 answers a JSON error in vLLM’s shape', async () => {
    const server = await start({ misbehave: withFaults({ http500: true }) })
    const res = await chat(server, 3)
    expect(res.status).toBe(500)
    expect(await res.json()).toMatchObject({ object: 'error', message: expect.any(String) })
  })

  it('non-sse answers 200 with a body that is not an event stream', async () => {
    const server = await start({ misbehave: withFaults({ nonSse: true }) })
    const res = await chat(server, 3)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).not.toContain('text/event-stream')
    await res.text()
  })

  it('cut-stream ends the stream after N content chunks, without [DONE]', async () => {
    const server = await start({ misbehave: withFaults({ cutStreamAfter: 2 }) })
    const res = await chat(server, 6)
    const text = await res.text().catch(() => '')
    expect(contentChunks(text)).toBeLessThanOrEqual(2)
    expect(events(text)).not.toContain('[DONE]')
  })

  it('conn-limit resets connections beyond the limit', async () => {
    const server = await start({ misbehave: withFaults({ connLimit: 0 }) })
    await expect(chat(server, 2).then((r) => r.text())).rejects.toThrow()
  })
})

describe('parseMisbehaviour', () => {
  it.each([
    [[], { fraction: 1 }],
    [['buffer-stream', 'cut-stream=4'], { fraction: 1, bufferStreamMs: 500, cutStreamAfter: 4 }],
    [['http-500,fraction=0.25'], { fraction: 0.25, http500: true }],
    [
      ['delay-accept=20', 'conn-limit=3', 'non-sse', 'never-answer'],
      {
        fraction: 1,
        delayAcceptMs: 20,
        connLimit: 3,
        nonSse: true,
        neverAnswer: true,
      },
    ],
  ])('%o', (values, expected) => {
    expect(parseMisbehaviour(values)).toEqual(expected)
  })
  it.each([['teleport'], ['delay-accept'], ['conn-limit=-1']])('refuses %s', (value) => {
    expect(() => parseMisbehaviour([value])).toThrow(/--misbehave/)
  })
})
