/**
 * Hostile but legal inputs for the CLI, one generator per class: each draws a variant from the
 * seeded RNG and returns the files to write and the command to run on them. The ingest fuzzer
 * runs them through `bin/tokenline.js` and sorts each answer into ok, clear error, or failure
 * (a crash, a hang, a stack trace, or NaN, Infinity, undefined or a negative time printed).
 */
type Json = Record<string, unknown>

export interface HostileCase {
  files: { name: string; text: string }[]
  /** The command and its flags; the written files' paths follow. */
  command: string[]
  /** Every line is invalid: only a refusal (a non-zero exit) is right, not a report on nothing. */
  refused?: boolean
  /** What this input must not print (a figure the input cannot support). */
  forbidden?: RegExp
}

const T0_MS = 1_760_000_000_000
const KINDS = ['gauge', 'counter', 'histogram'] as const

function hex(n: number, digits: number): string {
  return n.toString(16).padStart(digits, '0').slice(-digits)
}

function ns(ms: number): string {
  return (BigInt(Math.round(ms * 1000)) * 1000n).toString()
}

function attr(key: string, value: string | number): Json {
  if (typeof value === 'string') {
    return { key, value: { stringValue: value } }
  }
  return Number.isInteger(value)
    ? { key, value: { intValue: String(value) } }
    : { key, value: { doubleValue: value } }
}

/** vLLM's engine attributes of one request (times in seconds). */
function engineAttrs(rng: () => number, i: number): Json[] {
  const queue = 0.005 + rng() * 0.05
  const prefill = 0.05 + rng() * 0.2
  const decode = 0.3 + rng() * 1.5
  return [
    attr('gen_ai.response.model', 'llama-3-8b'),
    attr('gen_ai.request.id', `cmpl-${i}`),
    attr('gen_ai.usage.prompt_tokens', 100 + Math.floor(rng() * 2000)),
    attr('gen_ai.usage.completion_tokens', 10 + Math.floor(rng() * 400)),
    attr('gen_ai.latency.time_in_queue', queue),
    attr('gen_ai.latency.time_to_first_token', queue + prefill + 0.01),
    attr('gen_ai.latency.e2e', queue + prefill + decode + 0.02),
    attr('gen_ai.latency.time_in_model_prefill', prefill),
    attr('gen_ai.latency.time_in_model_decode', decode),
  ]
}

interface SpanOpts {
  traceId?: string
  spanId?: string
  parent?: string
  startNs?: string
  endNs?: string
  attributes?: Json[]
  status?: Json
}

function engineSpan(rng: () => number, i: number, o: SpanOpts = {}): Json {
  const startMs = T0_MS + i * 400 + rng() * 200
  const attributes = o.attributes ?? engineAttrs(rng, i)
  const e2e = attributes.find((a) => a.key === 'gen_ai.latency.e2e') as
    { value: { doubleValue?: number } } | undefined
  const durMs = (e2e?.value.doubleValue ?? 1) * 1000
  return {
    traceId: o.traceId ?? hex(0x10000 + i, 32),
    spanId: o.spanId ?? hex(0x1000 + i, 16),
    ...(o.parent === undefined ? {} : { parentSpanId: o.parent }),
    name: 'llm_request',
    kind: 2,
    startTimeUnixNano: o.startNs ?? ns(startMs),
    endTimeUnixNano: o.endNs ?? ns(startMs + durMs),
    attributes,
    status: o.status ?? {},
  }
}

function traces(spans: Json[], replica = 'vllm-0'): string {
  return JSON.stringify({
    resourceSpans: [
      {
        resource: {
          attributes: [attr('service.name', 'vllm'), attr('service.instance.id', replica)],
        },
        scopeSpans: [{ scope: { name: 'vllm.llm_engine' }, spans }],
      },
    ],
  })
}

function many(n: number, f: (i: number) => Json): Json[] {
  return Array.from({ length: n }, (_, i) => f(i))
}

/** A healthy request file over `n` requests spread over four replicas (one line each). */
function healthyTraces(rng: () => number, n: number, replicas = 4): string {
  return many(n, (i) => ({ i }))
    .map(({ i }) => traces([engineSpan(rng, i as number)], `vllm-${(i as number) % replicas}`))
    .join('\n')
}

/** OpenMetrics lines of the engine gauges, counters and a histogram over `minutes`. */
function metricLines(rng: () => number, minutes: number): string[] {
  const out: string[] = []
  const lbl = (r: number, extra = ''): string => `{instance="vllm-${r}",model_name="m"${extra}}`
  for (const kind of KINDS) {
    if (kind === 'gauge') {
      out.push('# TYPE vllm:num_requests_waiting gauge')
    } else if (kind === 'counter') {
      out.push('# TYPE vllm:prefix_cache_hits counter')
    } else {
      out.push('# TYPE vllm:time_to_first_token_seconds histogram')
    }
    for (let r = 0; r < 2; r++) {
      let total = 0
      for (let s = 0; s < minutes * 4; s++) {
        const t = (T0_MS + s * 15_000) / 1000
        if (kind === 'gauge') {
          out.push(`vllm:num_requests_waiting${lbl(r)} ${Math.floor(rng() * 4)} ${t.toFixed(3)}`)
        } else if (kind === 'counter') {
          total += Math.floor(rng() * 100)
          out.push(`vllm:prefix_cache_hits_total${lbl(r)} ${total} ${t.toFixed(3)}`)
        } else {
          const c = (s + 1) * 10
          for (const [le, k] of [
            ['0.1', 0.5],
            ['0.5', 0.9],
            ['+Inf', 1],
          ] as const) {
            out.push(
              `vllm:time_to_first_token_seconds_bucket${lbl(r, `,le="${le}"`)} ${Math.round(c * k)} ${t.toFixed(3)}`
            )
          }
          out.push(`vllm:time_to_first_token_seconds_count${lbl(r)} ${c} ${t.toFixed(3)}`)
          out.push(`vllm:time_to_first_token_seconds_sum${lbl(r)} ${c * 0.1} ${t.toFixed(3)}`)
        }
      }
    }
  }
  return out
}

const samples = (lines: string[]): number[] =>
  lines.flatMap((l, i) => (l.startsWith('#') ? [] : [i]))

function setValue(line: string, value: string): string {
  const parts = line.split(' ')
  parts[parts.length - 2] = value
  return parts.join(' ')
}

function withMetrics(rng: () => number, edit: (lines: string[]) => string[]): HostileCase {
  return {
    files: [
      { name: 'traces.jsonl', text: healthyTraces(rng, 60) },
      { name: 'metrics.om', text: `${edit(metricLines(rng, 1)).join('\n')}\n` },
    ],
    command: ['diagnose'],
  }
}

const pick = <T>(rng: () => number, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T

function traceCase(spans: Json[], extra: Partial<HostileCase> = {}): HostileCase {
  return { files: [{ name: 'traces.json', text: traces(spans) }], command: ['diagnose'], ...extra }
}

/** Every class, by name: a generator of one variant. */
export const HOSTILE_CLASSES: Record<string, (rng: () => number) => HostileCase> = {
  'span ends before it starts': (rng) =>
    traceCase(
      many(40, (i) => engineSpan(rng, i, { endNs: ns(T0_MS + i * 400 - 1 - rng() * 1e3) })),
      { refused: true }
    ),
  'zero-length spans': (rng) =>
    traceCase(
      many(40, (i) => {
        const t = ns(T0_MS + i * 400 + rng() * 100)
        return engineSpan(rng, i, { startNs: t, endNs: t })
      })
    ),
  'times at 0': (rng) =>
    traceCase(
      many(40, (i) => engineSpan(rng, i, { startNs: '0', endNs: String(i * 1000) })),
      { refused: true }
    ),
  'times in 2262 or past int64': (rng) =>
    traceCase(
      many(40, (i) => {
        const t = pick(rng, ['9223372036854775000', '99999999999999999999', '9007199254740993000'])
        return engineSpan(rng, i, { startNs: t, endNs: t })
      })
    ),
  'ids of wrong length or not hex': (rng) =>
    traceCase(
      many(40, (i) =>
        engineSpan(rng, i, {
          traceId: pick(rng, ['zz', '', hex(i, 31), `${hex(i, 30)}gg`, '0'.repeat(32)]),
          spanId: pick(rng, ['xyz', hex(i, 15), '0'.repeat(16)]),
        })
      ),
      { refused: true }
    ),
  'a span that is its own parent': (rng) =>
    traceCase(many(40, (i) => engineSpan(rng, i, { parent: hex(0x1000 + i, 16) }))),
  'a parent cycle': (rng) =>
    traceCase(
      many(40, (i) =>
        engineSpan(rng, i, {
          traceId: hex(0x10000 + (i >> 1), 32),
          parent: hex(0x1000 + (i ^ 1), 16),
        })
      )
    ),
  'thousands of spans in one trace': (rng) =>
    traceCase(many(5000, (i) => engineSpan(rng, i, { traceId: hex(0xabc, 32) }))),
  'duplicated spans with different content': (rng) =>
    traceCase(many(90, (i) => engineSpan(rng, i % 30))),
  'attributes of every AnyValue kind': (rng) =>
    traceCase(
      many(40, (i) =>
        engineSpan(rng, i, {
          attributes: [
            ...engineAttrs(rng, i).slice(0, 2),
            {
              key: 'gen_ai.usage.prompt_tokens',
              value: pick(rng, [
                { arrayValue: { values: [{ intValue: '3' }] } },
                { kvlistValue: { values: [{ key: 'x', value: {} }] } },
                { bytesValue: 'AAEC' },
                {},
              ]),
            },
            { key: 'gen_ai.latency.e2e', value: { boolValue: true } },
            attr('tenant.id', 'x'.repeat(1 + Math.floor(rng() * 100_000))),
            attr('gen_ai.request.model', '\ud800 lone surrogate'),
          ],
        })
      )
    ),
  'token counts as strings or negative': (rng) =>
    traceCase(
      many(40, (i) =>
        engineSpan(rng, i, {
          attributes: [
            attr('gen_ai.response.model', 'm'),
            attr('gen_ai.usage.prompt_tokens', pick(rng, ['512', 'abc', -512, 1e300])),
            attr('gen_ai.usage.completion_tokens', pick(rng, ['12', -5, 0])),
            attr('gen_ai.latency.time_to_first_token', pick(rng, [-0.5, 'x', 1e308])),
            attr('gen_ai.latency.e2e', pick(rng, [-1, 0, 0.9])),
          ],
        })
      )
    ),
  'tokens but no times': (rng) =>
    traceCase(
      many(40, (i) =>
        engineSpan(rng, i, {
          attributes: [
            attr('gen_ai.response.model', 'm'),
            attr('gen_ai.usage.prompt_tokens', 10 + Math.floor(rng() * 100)),
            attr('gen_ai.usage.completion_tokens', 5),
          ],
        })
      )
    ),
  'few requests with a TTFT among many without': (rng) =>
    traceCase(
      many(60, (i) =>
        engineSpan(
          rng,
          i,
          i % 20 === 0
            ? {}
            : {
                attributes: [
                  attr('gen_ai.usage.prompt_tokens', 512),
                  attr('gen_ai.latency.e2e', 0.9),
                ],
              }
        )
      ),
      // Time no span covers set against a TTFT of other requests: a share past 100 %.
      { forbidden: /\(\d{3,}\s?%\) happens/ }
    ),
  'one request': (rng) => traceCase([engineSpan(rng, 0)]),
  'every request errored': (rng) =>
    traceCase(
      many(60, (i) => engineSpan(rng, i, { status: { code: 2, message: 'CUDA out of memory' } }))
    ),
  'one replica only': (rng) => ({
    files: [{ name: 'traces.jsonl', text: healthyTraces(rng, 80, 1) }],
    command: ['diagnose'],
  }),
  'NaN, +Inf and -Inf samples': (rng) =>
    withMetrics(rng, (lines) => {
      for (const i of samples(lines)) {
        if (rng() < 0.3) {
          lines[i] = setValue(lines[i] as string, pick(rng, ['NaN', '+Inf', '-Inf']))
        }
      }
      return lines
    }),
  'histogram without +Inf or with falling buckets': (rng) =>
    withMetrics(rng, (lines) =>
      lines
        .filter((l) => !l.includes('le="+Inf"') || rng() < 0.5)
        .map((l) => (l.includes('le="0.5"') ? setValue(l, '0') : l))
    ),
  'counter resets': (rng) =>
    withMetrics(rng, (lines) =>
      lines.map((l) => (l.includes('_total') && rng() < 0.2 ? setValue(l, '0') : l))
    ),
  'duplicate series, out of order, no # EOF': (rng) =>
    withMetrics(rng, (lines) => {
      const body = lines.filter((l) => !l.startsWith('#'))
      return [...lines, ...body.reverse()]
    }),
  'exemplars, _created, escaped label values': (rng) =>
    withMetrics(rng, (lines) => [
      ...lines.map((l) =>
        l.includes('_bucket')
          ? `${l.replace('model_name="m"', 'model_name="a\\"b\\\\c\\nd"')} # {trace_id="abc"} 0.05 ${(T0_MS / 1000).toFixed(3)}`
          : l
      ),
      `vllm:prefix_cache_hits_created{instance="vllm-0",model_name="m"} ${T0_MS / 1000} ${(T0_MS / 1000).toFixed(3)}`,
      '# EOF',
    ]),
  'metrics only': (rng) => ({
    files: [{ name: 'metrics.om', text: `${metricLines(rng, 2).join('\n')}\n# EOF\n` }],
    command: ['diagnose'],
  }),
  'events with bad or missing times': (rng) => ({
    files: [
      { name: 'traces.jsonl', text: healthyTraces(rng, 60) },
      {
        name: 'events.jsonl',
        text: [
          '{"time":"yesterday","kind":"deploy"}',
          '{"kind":"deploy"}',
          '{"time":-5,"kind":"scale"}',
          '{"time":"99999-01-01T00:00:00Z","kind":"deploy"}',
          `{"time":"${new Date(T0_MS + 5000).toISOString()}"}`,
          `{"time":"${new Date(T0_MS + 6000).toISOString()}","kind":"deploy"}`,
        ].join('\n'),
      },
    ],
    command: ['compare', '--at', 'deploy', '--span', '1m'],
  }),
  'compare with an empty side': (rng) => ({
    files: [{ name: 'traces.jsonl', text: healthyTraces(rng, 60) }],
    command: [
      'compare',
      '--before',
      `${new Date(T0_MS).toISOString()}..${new Date(T0_MS + 20_000).toISOString()}`,
      '--after',
      `${new Date(T0_MS + 3_600_000).toISOString()}..${new Date(T0_MS + 3_700_000).toISOString()}`,
    ],
    // A share of an empty window is 0/0, unknown.
    forbidden: /\d+ % of the after requests/,
  }),
  'an event in year 1, a sample in 5138, a log line in 9999': (rng) => ({
    files: [
      { name: 'traces.jsonl', text: healthyTraces(rng, 60) },
      { name: 'events.jsonl', text: '{"time":"0001-01-01T00:00:00Z","kind":"deploy"}\n' },
      {
        name: 'metrics.om',
        text: `${metricLines(rng, 1).join('\n')}\nvllm:num_requests_waiting{instance="vllm-0",model_name="m"} 3 99999999999\n# EOF\n`,
      },
      {
        name: 'access.log',
        text: `127.0.0.1 - - [01/Jan/9999:00:00:00 +0000] "POST /v1/chat/completions HTTP/1.1" 200 512 "-" "curl" 0.500 0.001 0.050 0.500 10.0.0.1:8000\n`,
      },
    ],
    command: ['diagnose', '--format', 'json'],
    // A time outside a span's bounds is rejected, not a window across millennia (ADR 0497).
    forbidden: /"(start|end)": "(0001|1900|1969|5138|9999)-/,
  }),
  'compare windows reaching past the data': (rng) => ({
    // 120 requests over 48 s at a steady rate; the before window reaches an hour before them.
    files: [{ name: 'traces.jsonl', text: healthyTraces(rng, 120) }],
    command: [
      'compare',
      '--before',
      `${new Date(T0_MS - 3_600_000).toISOString()}..${new Date(T0_MS + 24_000).toISOString()}`,
      '--after',
      `${new Date(T0_MS + 24_000).toISOString()}..${new Date(T0_MS + 50_000).toISOString()}`,
    ],
    // Time the data does not cover is no traffic change (ADR 0496).
    forbidden: /traffic changed by/,
  }),
  'whatif on a window too small': (rng) => ({
    files: [{ name: 'traces.jsonl', text: healthyTraces(rng, 12) }],
    command: ['whatif', '--load', '2x'],
  }),
}
