/**
 * Seeded fuzzed calls of the UI/API: every route, with parameter values drawn from valid ones
 * and from the kinds that broke servers before (far-past and far-future instants, numbers past
 * 2^53 and 1e308, huge durations, empty and repeated values, long lists, stray bytes). Used by
 * the fuzz test (a few thousand calls) and bench/api-fuzz.bench.ts (100k+).
 */

export interface FuzzCall {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

const ROUTES: Record<string, readonly string[]> = {
  '/api/requests': ['sort', 'dir', 'limit', 'offset'],
  '/api/percentiles': ['measure', 'q', 'group_by', 'step'],
  '/api/heatmap': ['measure', 'buckets', 'step'],
  '/api/series': ['name', 'fn', 'q', 'step', 'label.pod', 'label.le'],
  '/api/events': ['kind'],
  '/api/diagnosis': [],
  '/api/concentration': ['measure', 'slow_ms'],
  '/api/stages': ['step'],
  '/api/traffic': ['step'],
  '/api/dimensions': [],
  '/api/metrics': [],
  '/api/health': [],
  '/api/slo': [],
  '/api/alerts': ['limit'],
  '/api/samples': ['limit', 'offset', 'detail'],
}

const COMMON = ['from', 'to', 'since', 'window', 'model', 'replica', 'tenant', 'route', 'node']

const NASTY: readonly string[] = [
  '',
  ' ',
  '0',
  '-1',
  '1',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '1e-309',
  '9007199254740993',
  '99999999999999999999999',
  '0001-01-01T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '1990-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '2025-13-45T99:99:99Z',
  '99999999999d',
  '0.000001ms',
  '1e3s',
  '30m',
  '1s',
  '10ms',
  'all',
  'default',
  'ttft',
  'e2e,ttft,tpot,itl_max',
  'asc',
  'desc',
  'model',
  'tenant',
  'vllm:num_requests_waiting',
  '%00',
  '\u0000',
  '\uFFFD\uFFFD',
  '😀',
  "' OR 1=1 --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'a,'.repeat(300),
  'x'.repeat(3000),
]

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)] as T
}

function validValue(rnd: () => number, name: string, nowMs: number): string {
  switch (name) {
    case 'from':
      return String(Math.floor(nowMs - rnd() * 200 * 86_400_000))
    case 'to':
      return new Date(nowMs - rnd() * 86_400_000).toISOString()
    case 'since':
      return `${1 + Math.floor(rnd() * 120)}${pick(rnd, ['s', 'm', 'h', 'd'])}`
    case 'step':
      return `${1 + Math.floor(rnd() * 600)}${pick(rnd, ['ms', 's', 'm', 'h'])}`
    case 'limit':
    case 'offset':
    case 'buckets':
      return String(Math.floor(rnd() * 3000) - 10)
    case 'q':
      return Array.from({ length: 1 + Math.floor(rnd() * 40) }, () => rnd().toFixed(3)).join(',')
    case 'slow_ms':
      return String(rnd() * 5000)
    default:
      return pick(rnd, NASTY)
  }
}

function traceId(rnd: () => number): string {
  return pick(rnd, [
    Array.from({ length: 32 }, () => Math.floor(rnd() * 16).toString(16)).join(''),
    'zz',
    'x'.repeat(2000),
    '%2e%2e%2f',
  ])
}

/** The `n`-th family of calls: a GET with fuzzed parameters, a detail GET, or a POST. */
export function fuzzCall(rnd: () => number, nowMs: number): FuzzCall {
  const kind = rnd()
  if (kind < 0.05) {
    return {
      method: 'GET',
      path: `/api/${pick(rnd, ['requests', 'samples'])}/${traceId(rnd)}`,
      headers: {},
    }
  }
  if (kind < 0.1) {
    const body = pick(rnd, [
      '{"time":"2025-10-09T12:00:00Z","kind":"deploy"}',
      '{"time":"0001-01-01T00:00:00Z","kind":"deploy"}',
      '{"time":1e400,"kind":"deploy"}',
      '[]',
      'null',
      '{"items":[{"lastTimestamp":"9999-99-99"}]}',
      '\u0000\u0001',
      '{"time":"2025-10-09T12:00:00Z","kind":"' + 'x'.repeat(5000) + '"}',
    ])
    return {
      method: 'POST',
      path: '/api/events',
      headers: { 'content-type': pick(rnd, ['application/json', 'application/x-ndjson']) },
      body,
    }
  }
  const route = pick(rnd, Object.keys(ROUTES))
  const names = [...(ROUTES[route] ?? []), ...COMMON]
  const params = new URLSearchParams()
  const count = Math.floor(rnd() * 5)
  for (let i = 0; i < count; i++) {
    const name = pick(rnd, names)
    const value = rnd() < 0.5 ? validValue(rnd, name, nowMs) : pick(rnd, NASTY)
    params.append(name, value)
  }
  const qs = params.toString()
  return { method: 'GET', path: qs === '' ? route : `${route}?${qs}`, headers: {} }
}

/** Tallies of a fuzz run. */
export interface FuzzTally {
  calls: number
  byStatus: Record<number, number>
  serverErrors: { call: FuzzCall; status: number; body: string }[]
  slow: { call: FuzzCall; ms: number }[]
  maxMs: number
}

export function emptyTally(): FuzzTally {
  return { calls: 0, byStatus: {}, serverErrors: [], slow: [], maxMs: 0 }
}

/** Runs one call against `fetchLike` (an app's `request`) and records it. */
export async function runFuzzCall(
  fetchLike: (path: string, init: RequestInit) => Response | Promise<Response>,
  call: FuzzCall,
  tally: FuzzTally,
  slowMs: number
): Promise<void> {
  const started = performance.now()
  const res = await fetchLike(call.path, {
    method: call.method,
    headers: call.headers,
    ...(call.body === undefined ? {} : { body: call.body }),
  })
  const text = await res.text()
  const ms = performance.now() - started
  tally.calls++
  tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1
  tally.maxMs = Math.max(tally.maxMs, ms)
  if (res.status >= 500) {
    tally.serverErrors.push({ call, status: res.status, body: text.slice(0, 300) })
  }
  if (ms > slowMs) {
    tally.slow.push({ call, ms })
  }
}
