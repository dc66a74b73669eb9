/**
 * Seeded fuzz inputs for the ingest edges, shared by the `npm test` fuzzer and
 * `bench/ingest-fuzz.bench.ts`: OTLP/HTTP requests (protobuf, JSON, gzip; traces and metrics)
 * and import files (OpenMetrics text, change events). Each starts from a valid payload and is
 * mutated structurally (values of the wrong type, out-of-range times, deep nesting, missing
 * fields) or at the byte level (flips, cuts, inserted garbage), so most cases get past the
 * first check and reach the deeper code.
 */
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { encodeMetricsProtobuf, encodeTracesProtobuf } from '../otlp/protobuf.js'
import { makeLlmTraceRequest } from '../../core/otlp/testing/make-llm-request.js'

type Rng = () => number
type Json = unknown

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T

function nested(depth: number): Json {
  let value: Json = { stringValue: 'leaf' }
  for (let i = 0; i < depth; i++) {
    value = { kvlistValue: { values: [{ key: 'k', value }] } }
  }
  return value
}

/** A value of a surprising kind: what a broken exporter might put anywhere. */
function oddValue(rng: Rng): Json {
  return pick(rng, [
    () => 1e30,
    () => -1,
    () => 0,
    () => '18446744073709551615',
    () => '99999999999999999999999',
    () => '-5',
    () => 'NaN',
    () => '',
    () => null,
    () => true,
    () => [],
    () => ({}),
    () => 'zz'.repeat(Math.floor(rng() * 20)),
    () => '00000000000000000000000000000000',
    () => nested(Math.floor(rng() * 60)),
    () => ({ stringValue: 'x'.repeat(Math.floor(rng() * 5000)) }),
    () => Number.MAX_SAFE_INTEGER,
    () => String(Date.now() * 1e6 + 1e18),
  ])()
}

/** Mutates a random node of a JSON tree in place (`steps` times). */
function mutateJson(rng: Rng, root: Json, steps: number): void {
  for (let s = 0; s < steps; s++) {
    let node = root
    for (let depth = 0; depth < 12; depth++) {
      const keys = Array.isArray(node)
        ? node.map((_, i) => i)
        : node !== null && typeof node === 'object'
          ? Object.keys(node)
          : []
      if (keys.length === 0) {
        break
      }
      const key = pick(rng, keys as (string | number)[])
      const child = (node as Record<string | number, Json>)[key]
      const leaf = child === null || typeof child !== 'object'
      if (leaf || rng() < 0.25) {
        const r = rng()
        if (r < 0.6) {
          ;(node as Record<string | number, Json>)[key] = oddValue(rng)
        } else if (r < 0.8 && !Array.isArray(node)) {
          delete (node as Record<string, Json>)[key as string]
        } else if (Array.isArray(node)) {
          node.push(structuredClone(child))
        } else {
          ;(node as Record<string, Json>)['extra'] = oddValue(rng)
        }
        break
      }
      node = child
    }
  }
}

/** Every object in the tree holding a `*UnixNano` time or `attributes`: the fields decoders judge. */
function sensitiveNodes(root: Json, out: Record<string, Json>[] = []): Record<string, Json>[] {
  if (Array.isArray(root)) {
    for (const x of root) {
      sensitiveNodes(x, out)
    }
  } else if (root !== null && typeof root === 'object') {
    const obj = root as Record<string, Json>
    if (Object.keys(obj).some((k) => k.endsWith('UnixNano') || k === 'attributes')) {
      out.push(obj)
    }
    for (const k of Object.keys(obj)) {
      sensitiveNodes(obj[k], out)
    }
  }
  return out
}

/** Puts an odd value into a time field or attribute of a random span, event or data point. */
function mutateSensitive(rng: Rng, root: Json): void {
  const nodes = sensitiveNodes(root)
  if (nodes.length === 0) {
    return
  }
  const node = pick(rng, nodes)
  const keys = Object.keys(node).filter((k) => k.endsWith('UnixNano') || k === 'attributes')
  const key = pick(rng, keys)
  if (key === 'attributes') {
    node[key] = [{ key: pick(rng, ['gen_ai.prompt', 'deep', 'input.value']), value: oddValue(rng) }]
  } else if ('startTimeUnixNano' in node && rng() < 0.5) {
    // Both ends at once: a span that is not "ending before it starts" reaches the deeper checks.
    const value = oddValue(rng)
    node['startTimeUnixNano'] = value
    node['endTimeUnixNano'] = value
  } else {
    node[key] = oddValue(rng)
  }
}

/** Flips, cuts or inserts bytes. */
function mutateBytes(rng: Rng, bytes: Uint8Array): Uint8Array {
  const out = Array.from(bytes)
  const edits = 1 + Math.floor(rng() * 4)
  for (let e = 0; e < edits && out.length > 0; e++) {
    const at = Math.floor(rng() * out.length)
    const r = rng()
    if (r < 0.5) {
      out[at] = Math.floor(rng() * 256)
    } else if (r < 0.7) {
      out.length = at
    } else {
      out.splice(
        at,
        0,
        ...Array.from({ length: 1 + Math.floor(rng() * 8) }, () => Math.floor(rng() * 256))
      )
    }
  }
  return Uint8Array.from(out)
}

const METRICS_EXAMPLE = readFileSync(
  new URL('../../../test/fixtures/otlp/otlp-metrics-example.json', import.meta.url),
  'utf8'
)

/** One OTLP/HTTP request to send. */
export interface FuzzRequest {
  path: '/v1/traces' | '/v1/metrics'
  headers: Record<string, string>
  body: Uint8Array
  /** What was done to it, for a failure message. */
  label: string
}

/** The `i`-th OTLP request of a seeded run. */
export function makeFuzzRequest(rng: Rng, i: number): FuzzRequest {
  const traces = rng() < 0.75
  const request: Json = traces
    ? makeLlmTraceRequest(1 + Math.floor(rng() * 3), i * 4)
    : JSON.parse(METRICS_EXAMPLE)
  const structural = rng() < 0.7
  if (structural) {
    if (rng() < 0.5) {
      mutateSensitive(rng, request)
    }
    mutateJson(rng, request, Math.floor(rng() * 4))
  }
  const protobuf = rng() < 0.5
  let body: Uint8Array
  let label = `${traces ? 'traces' : 'metrics'} ${protobuf ? 'protobuf' : 'json'}${structural ? ' +tree' : ''}`
  if (protobuf) {
    try {
      body = traces
        ? encodeTracesProtobuf(request as object)
        : encodeMetricsProtobuf(request as object)
    } catch {
      // The mutated tree does not encode: send raw garbage in its place.
      body = Uint8Array.from({ length: Math.floor(rng() * 300) }, () => Math.floor(rng() * 256))
      label += ' (random bytes)'
    }
  } else {
    body = new TextEncoder().encode(JSON.stringify(request))
  }
  if (!structural || rng() < 0.2) {
    body = mutateBytes(rng, body)
    label += ' +bytes'
  }
  const headers: Record<string, string> = {
    'Content-Type': protobuf ? 'application/x-protobuf' : 'application/json',
  }
  const r = rng()
  if (r < 0.2) {
    body = gzipSync(body)
    headers['Content-Encoding'] = 'gzip'
    label += ' gzip'
    if (rng() < 0.3) {
      body = mutateBytes(rng, body)
      label += ' (corrupt)'
    }
  } else if (r < 0.22) {
    headers['Content-Type'] = pick(rng, ['text/plain', 'application/xml', ''])
    label += ' odd type'
  } else if (r < 0.24) {
    headers['Content-Encoding'] = pick(rng, ['br', 'deflate', 'gzip'])
    label += ' odd encoding'
  }
  return { path: traces ? '/v1/traces' : '/v1/metrics', headers, body, label }
}

/** One import file of a seeded run: OpenMetrics text or change events, with bad lines. */
export function makeFuzzFile(rng: Rng, i: number): { name: string; bytes: Uint8Array } {
  const lines: string[] = []
  const events = rng() < 0.5
  const n = 5 + Math.floor(rng() * 60)
  if (!events) {
    lines.push('# TYPE vllm:num_requests_running gauge')
  }
  for (let k = 0; k < n; k++) {
    lines.push(
      events
        ? JSON.stringify({
            time: new Date(1_760_000_000_000 + k * 1000).toISOString(),
            kind: pick(rng, ['deploy', 'scale', 'config', 'restart']),
            model: 'm',
          })
        : `vllm:num_requests_running{pod="p${k}"} ${k} ${1_760_000_000_000 + k}`
    )
  }
  const bad = Math.floor(rng() * 4)
  for (let b = 0; b < bad; b++) {
    const at = Math.floor(rng() * lines.length)
    lines[at] = pick(rng, [
      () => 'garbage',
      () => '{"time": oops',
      () => '{}',
      () => `up{a="${'\u0001'}"} 1`,
      () => 'x'.repeat(Math.floor(rng() * 3000)),
      () => '{"time":"not a date","kind":"deploy"}',
      () => 'foo{a="b" 1',
      () => 'foo 1e999999',
    ])()
  }
  let bytes: Uint8Array = new TextEncoder().encode(`${lines.join('\n')}\n`)
  if (rng() < 0.3) {
    bytes = mutateBytes(rng, bytes)
  }
  if (rng() < 0.1) {
    bytes = gzipSync(bytes)
  }
  return { name: `fuzz-${i}.${events ? 'jsonl' : 'om'}`, bytes }
}

/** What is wrong with an OTLP/HTTP answer, or `null` when it is a valid answer. */
export function checkOtlpAnswer(
  status: number,
  contentType: string | null,
  body: Uint8Array,
  decodeProtobufStatus: (bytes: Uint8Array) => { code: number; message: string },
  decodeProtobufResponse: (bytes: Uint8Array) => unknown
): string | null {
  if (status >= 500 && status !== 503) {
    return `status ${status}`
  }
  if (![200, 400, 413, 415, 429, 503].includes(status)) {
    return `unexpected status ${status}`
  }
  const protobuf = (contentType ?? '').startsWith('application/x-protobuf')
  try {
    if (status === 200) {
      if (protobuf) {
        decodeProtobufResponse(body)
        return null
      }
      const json = JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>
      const partial = json['partialSuccess'] as Record<string, unknown> | undefined
      if (partial !== undefined) {
        const n = partial['rejectedSpans'] ?? partial['rejectedDataPoints']
        if (typeof n !== 'number' || n < 1 || typeof partial['errorMessage'] !== 'string') {
          return `bad partialSuccess ${JSON.stringify(partial).slice(0, 200)}`
        }
      }
      return null
    }
    const s = protobuf
      ? decodeProtobufStatus(body)
      : (JSON.parse(new TextDecoder().decode(body)) as { code: unknown; message: unknown })
    if (
      typeof s.code !== 'number' ||
      s.code <= 0 ||
      typeof s.message !== 'string' ||
      s.message === ''
    ) {
      return `not an OTLP Status: ${JSON.stringify(s).slice(0, 200)}`
    }
    return null
  } catch (err) {
    return `answer does not decode (${err instanceof Error ? err.message : String(err)})`
  }
}
