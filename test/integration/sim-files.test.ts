import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createRun, listScenarios } from '../../src/sim/index.js'
import { simulateToDirectory } from '../../src/sim/node/write-files.js'

const dirs: string[] = []
async function tempDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'tokenline-sim-'))
  dirs.push(d)
  return d
}
afterAll(async () => {
  for (const d of dirs) {
    await rm(d, { recursive: true, force: true })
  }
})

interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  startTimeUnixNano: string
  endTimeUnixNano: string
  attributes: { key: string; value: Record<string, unknown> }[]
}
interface OtlpRequest {
  resourceSpans: {
    resource: { attributes: { key: string; value: Record<string, unknown> }[] }
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[]
  }[]
}

function spansOf(
  text: string
): { span: OtlpSpan; scope: string; resource: Record<string, unknown> }[] {
  const out: { span: OtlpSpan; scope: string; resource: Record<string, unknown> }[] = []
  for (const line of text.split('\n')) {
    if (line === '') {
      continue
    }
    const req = JSON.parse(line) as OtlpRequest
    for (const rs of req.resourceSpans) {
      const resource = Object.fromEntries(
        rs.resource.attributes.map((a) => [a.key, Object.values(a.value)[0]])
      )
      for (const ss of rs.scopeSpans) {
        for (const span of ss.spans) {
          out.push({ span, scope: ss.scope.name, resource })
        }
      }
    }
  }
  return out
}

const attr = (s: OtlpSpan, key: string): unknown => {
  const a = s.attributes.find((x) => x.key === key)
  return a === undefined ? undefined : Object.values(a.value)[0]
}

describe('simulateToDirectory', () => {
  it('writes the same bytes for the same seed, and different bytes for another seed', async () => {
    const [a, b, c] = [await tempDir(), await tempDir(), await tempDir()]
    const opts = { scenario: 'version-regression', durationMs: 4 * 60_000 }
    await simulateToDirectory({ ...opts, seed: 5, outDir: a })
    await simulateToDirectory({ ...opts, seed: 5, outDir: b })
    await simulateToDirectory({ ...opts, seed: 6, outDir: c })
    for (const f of [
      'traces.jsonl',
      'metrics.om',
      'events.jsonl',
      'events-k8s.json',
      'expected.json',
    ]) {
      expect(await readFile(join(a, f), 'utf8'), f).toBe(await readFile(join(b, f), 'utf8'))
    }
    expect(await readFile(join(a, 'traces.jsonl'), 'utf8')).not.toBe(
      await readFile(join(c, 'traces.jsonl'), 'utf8')
    )
    // A rollout's pods come up one at a time: each event names the count its step reached.
    const k8s = JSON.parse(await readFile(join(a, 'events-k8s.json'), 'utf8')) as {
      items: { message: string }[]
    }
    const counts = k8s.items
      .map((i) => /^Canary: scaled up replica set \S+ \(\S+\) to (\d+)$/.exec(i.message)?.[1])
      .filter((n) => n !== undefined)
      .map(Number)
    expect(counts.length).toBeGreaterThan(1)
    expect(counts).toEqual(counts.map((_, i) => i + 1))
  })

  it('writes real-format OTLP traces: hex ids, string int64, parent chain, engine and probe spans', async () => {
    const dir = await tempDir()
    const summary = await simulateToDirectory({
      scenario: 'healthy',
      seed: 3,
      durationMs: 3 * 60_000,
      outDir: dir,
    })
    expect(summary.requests).toBeGreaterThan(100)
    const spans = spansOf(await readFile(join(dir, 'traces.jsonl'), 'utf8'))
    const byId = new Map(spans.map((s) => [s.span.spanId, s]))
    const engines = spans.filter((s) => s.span.name === 'llm_request')
    expect(engines.length).toBe(summary.requests)
    for (const { span } of spans) {
      expect(span.traceId).toMatch(/^[0-9a-f]{32}$/)
      expect(span.spanId).toMatch(/^[0-9a-f]{16}$/)
      expect(span.startTimeUnixNano).toMatch(/^\d{19}$/)
      expect(BigInt(span.endTimeUnixNano) >= BigInt(span.startTimeUnixNano)).toBe(true)
    }
    for (const e of engines) {
      expect(e.span.kind).toBe(2)
      expect(e.resource['service.instance.id']).toBe(e.resource['k8s.pod.name'])
      const up = byId.get(e.span.parentSpanId!)!
      expect(up.span.kind).toBe(3)
      expect(attr(up.span, 'server.address')).toBe(e.resource['k8s.pod.name'])
      const entry = byId.get(up.span.parentSpanId!)!
      expect(entry.span.name).toBe('POST /v1/chat/completions')
      expect(attr(entry.span, 'http.route')).toBe('/v1/chat/completions')
      expect(attr(entry.span, 'tenant.id')).toEqual(expect.any(String))
      const ttft = attr(e.span, 'gen_ai.latency.time_to_first_token') as number
      const queue = attr(e.span, 'gen_ai.latency.time_in_queue') as number
      const prefill = attr(e.span, 'gen_ai.latency.time_in_model_prefill') as number
      expect(ttft).toBeGreaterThanOrEqual(queue + prefill)
      expect(attr(e.span, 'gen_ai.usage.prompt_tokens')).toMatch(/^\d+$/)
    }
    const steps = new Set(spans.filter((s) => s.span.kind === 1).map((s) => s.span.name))
    expect(steps).toEqual(new Set(['admission queue', 'auth', 'rate_limit', 'route']))
    const probes = spans.filter((s) => s.scope === 'tokenline.probe')
    expect(probes.length).toBeGreaterThan(0)
    expect(probes.length).toBeLessThan(engines.length)
    for (const p of probes) {
      expect(p.span.kind).toBe(3)
      expect(p.span.name).toBe('chat meta-llama/Llama-3.1-8B-Instruct')
      expect(p.span.parentSpanId).toBeUndefined()
      expect(attr(p.span, 'tokenline.client.itl.max')).toEqual(expect.any(Number))
    }
  })

  it('writes OpenMetrics in backfill form: series grouped, time-ordered, counters monotonic, # EOF', async () => {
    const dir = await tempDir()
    await simulateToDirectory({
      scenario: 'replica-cold-start',
      seed: 2,
      durationMs: 6 * 60_000,
      outDir: dir,
    })
    const text = await readFile(join(dir, 'metrics.om'), 'utf8')
    expect(text.endsWith('# EOF\n')).toBe(true)
    const seen = new Set<string>()
    let current = ''
    let lastT = -1
    let lastV = -1
    for (const line of text.split('\n')) {
      if (line === '' || line.startsWith('#')) {
        continue
      }
      const m = /^(\S+?(?:\{.*\})?) (\S+) (\d+\.\d{3})$/.exec(line)
      expect(m, line).not.toBeNull()
      const [, series, value, time] = m!
      if (series !== current) {
        expect(seen.has(series!), `series ${series} split`).toBe(false)
        seen.add(series!)
        current = series!
        lastT = -1
        lastV = -1
      }
      expect(Number(time)).toBeGreaterThan(lastT)
      lastT = Number(time)
      if (/_total[{ ]|_bucket\{|_count\{/.test(series! + ' ')) {
        expect(Number(value)).toBeGreaterThanOrEqual(lastV)
        lastV = Number(value)
      }
    }
    expect(text).toContain('# TYPE vllm:num_preemptions counter')
    expect(text).toContain('vllm:time_to_first_token_seconds_bucket{')
    expect(text).toContain('le="2560.0"')
    expect(text).toContain('haproxy_frontend_limit_sessions{')
    expect(text).toContain('DCGM_FI_PROF_DRAM_ACTIVE{')
    const events = (await readFile(join(dir, 'events.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(events).toEqual([
      expect.objectContaining({ kind: 'scale', time: expect.stringMatching(/Z$/) }),
    ])
    const k8s = JSON.parse(await readFile(join(dir, 'events-k8s.json'), 'utf8'))
    expect(k8s.items[0]).toMatchObject({
      reason: 'ScalingReplicaSet',
      involvedObject: { kind: 'Deployment' },
    })
  })
})

describe('scenario library', () => {
  it('every scenario runs, declares its causes with a scope and window, and randomises by seed', () => {
    const list = listScenarios()
    expect(list.length).toBeGreaterThanOrEqual(23)
    for (const info of list) {
      const run = createRun({ scenario: info.name, seed: 11, durationMs: 3 * 60_000 })
      let requests = 0
      for (const o of run.outputs()) {
        if (o.kind === 'requests') {
          requests += o.requests.length
        }
      }
      expect(requests, info.name).toBeGreaterThan(20)
      const declared = info.causes.filter((c) => c !== 'healthy')
      expect(run.expected.causes.map((c) => c.cause)).toEqual(declared)
      for (const c of run.expected.causes) {
        expect(c.scope.dimension === null).toBe(c.scope.value === null)
        expect(Date.parse(c.window.end)).toBeGreaterThan(Date.parse(c.window.start))
      }
      const other = createRun({ scenario: info.name, seed: 12, durationMs: 3 * 60_000 })
      expect(JSON.stringify(other.simulation.config), info.name).not.toBe(
        JSON.stringify(run.simulation.config)
      )
    }
  })
})
