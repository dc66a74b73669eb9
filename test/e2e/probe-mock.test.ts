import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

interface Span {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes: { key: string; value: Record<string, unknown> }[]
}
interface Received {
  resource: Record<string, unknown>
  scope: string
  span: Span
}

/** A minimal OTLP/JSON receiver: keeps every span with its resource and scope. */
async function startCollector(): Promise<{
  url: string
  spans: Received[]
  close(): Promise<void>
}> {
  const spans: Received[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] }
          scopeSpans: { scope: { name: string }; spans: Span[] }[]
        }[]
      }
      for (const rs of body.resourceSpans) {
        const resource = Object.fromEntries(
          rs.resource.attributes.map((a) => [a.key, a.value.stringValue])
        )
        for (const ss of rs.scopeSpans) {
          for (const span of ss.spans) {
            spans.push({ resource, scope: ss.scope.name, span })
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{}')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((r) => server.close(() => r())),
  }
}

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['bin/tokenline.js', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
  return once(child, 'exit').then(([code]) => ({ code: code as number, stdout, stderr }))
}

describe('tokenline probe against tokenline mock-server', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>
  let mock: ChildProcess
  let mockUrl = ''
  let dir = ''

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tokenline-probe-e2e-'))
    collector = await startCollector()
    mock = spawn(
      process.execPath,
      [
        'bin/tokenline.js',
        'mock-server',
        '--port',
        '0',
        '--model',
        'mock-7b',
        '--otlp',
        collector.url,
        '--instance',
        'replica-a',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] }
    )
    for await (const line of createInterface({ input: mock.stdout as NodeJS.ReadableStream })) {
      const m = /^listening (\S+)/.exec(line)
      if (m !== null) {
        mockUrl = m[1] as string
        break
      }
    }
  })

  afterAll(async () => {
    if (mock.exitCode === null) {
      mock.kill('SIGTERM')
      await once(mock, 'exit')
    }
    await collector.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('writes one JSONL record per request and joins client and engine spans by trace id', async () => {
    const out = join(dir, 'run.jsonl')
    const res = await run([
      'probe',
      mockUrl,
      '--concurrency',
      '3',
      '--requests',
      '12',
      '--output-tokens',
      '6',
      '--out',
      out,
      '--otlp',
      collector.url,
      '--region',
      'eu-west',
      '--slo',
      'ttft=2s',
      '--format',
      'json',
    ])
    expect(res.stderr).toBe('')
    expect(res.code).toBe(0)
    const report = JSON.parse(res.stdout) as {
      steps: { requests: number; succeeded: number; goodput: { met: number } }[]
      otlp: { exported: number }
    }
    expect(report.steps[0]?.requests).toBe(12)
    expect(report.steps[0]?.succeeded).toBe(12)
    expect(report.otlp.exported).toBe(12)

    const records = (await readFile(out, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(records).toHaveLength(12)
    for (const r of records) {
      expect(Object.keys(r)).toHaveLength(26)
      expect(r.trace_id).toMatch(/^[0-9a-f]{32}$/)
      expect(r.status).toBe(200)
      expect(r.error).toBeNull()
      expect(r.chunks).toBe(6)
      expect(r.output_tokens).toBe(6)
      expect(typeof r.ttft_ms).toBe('number')
      expect(r.tls_resumed).toBeNull()
      expect(new Date(r.sent_at as string).getTime()).toBeGreaterThanOrEqual(
        new Date(r.scheduled_at as string).getTime()
      )
    }
    expect(records.filter((r) => r.connection_reused === true).length).toBeGreaterThanOrEqual(9)

    // the mock server flushes its spans every 500 ms
    const deadline = Date.now() + 10_000
    while (
      collector.spans.filter((s) => s.span.name === 'llm_request').length < 12 &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 100))
    }
    const clients = collector.spans.filter((s) => s.scope === 'tokenline.probe')
    const engines = collector.spans.filter((s) => s.span.name === 'llm_request')
    expect(clients).toHaveLength(12)
    expect(engines).toHaveLength(12)
    for (const r of records) {
      const client = clients.find((c) => c.span.traceId === r.trace_id)
      const engine = engines.find((e) => e.span.traceId === r.trace_id)
      expect(client?.span.kind).toBe(3)
      expect(client?.span.name).toBe('chat mock-7b')
      expect(engine?.span.kind).toBe(2)
      expect(engine?.span.parentSpanId).toBe(client?.span.spanId)
      expect(engine?.resource['service.name']).toBe('vllm')
      expect(engine?.resource['service.instance.id']).toBe('replica-a')
      const attrs = Object.fromEntries(
        (client?.span.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]])
      )
      expect(attrs['gen_ai.response.time_to_first_chunk']).toBeCloseTo(
        (r.ttft_ms as number) / 1000,
        5
      )
      expect(attrs['tokenline.client.chunks']).toBe('6')
      expect(attrs['tokenline.client.region']).toBe('eu-west')
      expect(attrs['tokenline.connection.reused']).toBe(r.connection_reused)
      const engineAttrs = Object.fromEntries(
        (engine?.span.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]])
      )
      expect(typeof engineAttrs['gen_ai.latency.time_to_first_token']).toBe('number')
      expect(engineAttrs['gen_ai.usage.completion_tokens']).toBe('6')
    }
  })

  it('prints vLLM, GuideLLM and AIPerf views of the same run, each under its own names', async () => {
    const res = await run([
      'probe',
      mockUrl,
      '--concurrency',
      '2',
      '--requests',
      '6',
      '--output-tokens',
      '5',
      '--compat',
      'vllm,guidellm,aiperf',
      '--format',
      'json',
    ])
    expect(res.code).toBe(0)
    const compat = (
      JSON.parse(res.stdout) as {
        steps: { compat: { tool: string; output: Record<string, unknown> }[] }[]
      }
    ).steps[0]?.compat
    expect(compat?.map((c) => c.tool)).toEqual(['vllm', 'guidellm', 'aiperf'])
    const [vllm, guidellm, aiperf] = compat ?? []
    expect(vllm?.output).toMatchObject({ completed: 6, failed: 0, total_output_tokens: 30 })
    expect(typeof vllm?.output.p99_ttft_ms).toBe('number')
    const metrics = guidellm?.output.metrics as Record<
      string,
      { successful: { count: number; max: number } }
    >
    expect(metrics.time_to_first_token_ms?.successful.count).toBe(6)
    // seconds, not milliseconds
    expect(metrics.request_latency?.successful.max).toBeLessThan(10)
    expect(metrics.time_per_output_token_ms?.successful.count).toBe(30)
    const ttft = aiperf?.output.time_to_first_token as Record<string, unknown>
    expect(Object.keys(ttft)).toEqual(
      expect.arrayContaining(['unit', 'avg', 'min', 'max', 'std', 'p1', 'p50', 'p99'])
    )
    expect(aiperf?.output).toHaveProperty('time_to_second_token')
    expect(aiperf?.output).toHaveProperty('output_token_throughput_per_user')
  })

  it('compares two runs phase by phase', async () => {
    const a = join(dir, 'a.jsonl')
    const b = join(dir, 'b.jsonl')
    expect(
      (
        await run([
          'probe',
          mockUrl,
          '--concurrency',
          '2',
          '--requests',
          '20',
          '--output-tokens',
          '4',
          '--out',
          a,
        ])
      ).code
    ).toBe(0)
    expect(
      (
        await run([
          'probe',
          mockUrl,
          '--concurrency',
          '2',
          '--requests',
          '20',
          '--output-tokens',
          '4',
          '--new-connection',
          '--out',
          b,
        ])
      ).code
    ).toBe(0)
    const res = await run(['probe', 'compare', a, b, '--format', 'json'])
    expect(res.code).toBe(0)
    const cmp = JSON.parse(res.stdout) as {
      phases: { phase: string; nA: number; nB: number; p: number | null }[]
    }
    const connect = cmp.phases.find((p) => p.phase === 'connect')
    // keep-alive: the warm-up opened one connection before the clock started, the second user
    // opened the other; --new-connection: one per request
    expect(connect?.nA).toBe(1)
    expect(connect?.nB).toBe(20)
  })

  it('runs under SCHED_FIFO with --realtime (with two workers) and says so', async () => {
    // Root on Linux with chrt (as in CI) can raise itself; anyone else must get the warning.
    const canRaise =
      process.platform === 'linux' &&
      process.getuid?.() === 0 &&
      spawnSync('chrt', ['--version']).status === 0
    const res = await run([
      'probe',
      mockUrl,
      '--realtime',
      '--workers',
      '2',
      '--concurrency',
      '4',
      '--requests',
      '8',
      '--output-tokens',
      '4',
      '--format',
      'json',
    ])
    expect(res.code).toBe(0)
    const out = JSON.parse(res.stdout) as {
      scheduling: {
        realtimeRequested: boolean
        policy: string
        priority: number
        refused: string | null
      }
      steps: { requests: number }[]
    }
    expect(out.steps[0]?.requests).toBe(8)
    expect(out.scheduling.realtimeRequested).toBe(true)
    if (canRaise) {
      expect(out.scheduling).toMatchObject({ policy: 'fifo', priority: 20, refused: null })
      expect(res.stderr).not.toContain('--realtime not applied')
    } else {
      expect(out.scheduling.refused).toEqual(expect.any(String))
      expect(res.stderr).toContain('--realtime not applied')
    }
    // Without the flag the report names the ordinary policy.
    const plain = await run([
      'probe',
      mockUrl,
      '--requests',
      '2',
      '--output-tokens',
      '2',
      '--format',
      'json',
    ])
    const plainOut = JSON.parse(plain.stdout) as {
      scheduling: { realtimeRequested: boolean; policy: string }
    }
    expect(plainOut.scheduling).toMatchObject({ realtimeRequested: false, policy: 'other' })
  })

  it('rejects invalid flags with exit code 2', async () => {
    const res = await run(['probe', mockUrl, '--rate', 'fast'])
    expect(res.code).toBe(2)
    expect(res.stderr).toContain('--rate expects')
  })
})
