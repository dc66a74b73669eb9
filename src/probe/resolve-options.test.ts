import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveEndpoint, resolveProbeOptions, type ProbeFlags } from './resolve-options.js'

/** The flags as the command line hands them over with every default filled in. */
const DEFAULTS: ProbeFlags = {
  api: 'chat',
  arrival: 'poisson',
  seed: '1',
  inputTokens: '128',
  outputTokens: '64',
  sharedPrefix: '0',
  prefixGroups: '1',
  turns: '1',
  timeout: '60s',
  connectTimeout: '10s',
  header: [],
  format: 'text',
}
const signal = new AbortController().signal
const resolve = (flags: Partial<ProbeFlags>, url = 'http://127.0.0.1:8000') =>
  resolveProbeOptions(url, { ...DEFAULTS, ...flags }, signal)

describe('resolveEndpoint', () => {
  it.each([
    ['http://h:8000', 'chat', 'http://h:8000/v1/chat/completions'],
    ['http://h:8000/v1/', 'completions', 'http://h:8000/v1/completions'],
    ['https://h/custom/path', 'chat', 'https://h/custom/path'],
  ] as const)('%s (%s) → %s', (url, api, expected) => {
    expect(resolveEndpoint(url, api).toString()).toBe(expected)
  })
  it.each(['ftp://h', 'not a url'])('refuses %s', (url) => {
    expect(() => resolveEndpoint(url, 'chat')).toThrow(/expected an http:\/\/ or https:\/\/ URL/)
  })
})

describe('resolveProbeOptions', () => {
  it('defaults to one closed-loop user, 100 requests, the chat endpoint', async () => {
    const o = await resolve({})
    expect(o.steps).toEqual([{ kind: 'concurrency', concurrency: 1 }])
    expect(o.maxRequests).toBe(100)
    expect(o.durationMs).toBeNull()
    expect(o.client).toMatchObject({ timeoutMs: 60_000, connectTimeoutMs: 10_000, http2: false })
    expect(o.client.url.pathname).toBe('/v1/chat/completions')
    expect(o.workload).toMatchObject({
      model: null,
      api: 'chat',
      inputLen: { kind: 'fixed', n: 128 },
      outputLen: { kind: 'fixed', n: 64 },
      dataset: null,
      seed: 1,
    })
    expect(o.slo).toBeNull()
  })

  it('turns --sweep into one Poisson rate step per rate, with the ramp when asked', async () => {
    const o = await resolve({ sweep: '1,2', seed: '7', rampTo: '4', duration: '30s' })
    expect(o.steps).toEqual([
      {
        kind: 'rate',
        arrivals: { kind: 'poisson', ratePerS: 1, seed: 7, rampToPerS: 4, rampDurationMs: 60_000 },
      },
      {
        kind: 'rate',
        arrivals: { kind: 'poisson', ratePerS: 2, seed: 7, rampToPerS: 4, rampDurationMs: 60_000 },
      },
    ])
    expect(o.maxRequests).toBeNull()
    expect(o.durationMs).toBe(30_000)
  })

  it('reads headers, the SLO and the compat format', async () => {
    const o = await resolve({
      header: ['Authorization: Bearer x:y', 'X-Team:  a '],
      slo: 'ttft=500ms,e2e=10s',
      compat: 'vllm',
      model: 'm',
    })
    expect(o.client.headers).toEqual({ authorization: 'Bearer x:y', 'x-team': 'a' })
    expect(o.slo).toMatchObject({ ttftMs: 500, e2eMs: 10_000 })
    expect(o.compat).toEqual(['vllm'])
    expect(o.workload.model).toBe('m')
  })

  it('loads a dataset file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tokenline-probe-opts-'))
    try {
      const path = join(dir, 'prompts.jsonl')
      await writeFile(path, '{"prompt":"hello"}\n{"prompt":"world"}\n')
      const o = await resolve({ dataset: path })
      expect(o.workload.dataset).toHaveLength(2)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it.each([
    [{ api: 'grpc' }, /--api expects chat or completions \(actual: grpc\)/],
    [{ arrival: 'bursty' }, /--arrival expects poisson or constant/],
    [{ rate: '2', concurrency: '3' }, /choose one of --rate, --concurrency, --sweep/],
    [{ rate: '0' }, /--rate expects requests per second > 0 \(actual: 0\)/],
    [{ sweep: '1,x' }, /--sweep expects rates like 1,2,4/],
    [{ rampTo: '-1', rate: '1' }, /--ramp-to expects a rate ≥ 0/],
    [{ concurrency: '1.5' }, /--concurrency expects a positive integer \(actual: 1.5\)/],
    [{ duration: 'soon' }, /--duration expects a duration like 500ms, 30s, 5m/],
    [{ inputTokens: 'lots' }, /--input-tokens\/--output-tokens expect N, uniform:A-B/],
    [{ slo: 'ttft=fast' }, /--slo expects ttft=500ms,tpot=50ms,e2e=10s/],
    [{ compat: 'nope' }, /--compat expects one or more of/],
    [{ header: ['no-colon'] }, /--header expects "Name: value" \(actual: no-colon\)/],
  ] as [Partial<ProbeFlags>, RegExp][])('refuses %o', async (flags, message) => {
    await expect(resolve(flags)).rejects.toMatchObject({ code: 'INPUT_INVALID', message })
  })
})
