/**
 * What the trace assembly allocates and costs per span, and whether a change to it keeps every
 * output identical. Three modes:
 *
 *   node --expose-gc --max-semi-space-size=256 --import tsx bench/assembly-alloc.bench.ts
 *       bytes of V8 heap allocated per span by the ingest-cost bench's assembly stage (spans
 *       grouped by trace, split calls joined, `assembleTrace`) over SDK-serialised bodies, with a
 *       young generation large enough that no collection runs while a round assembles; then the
 *       CPU µs per span of the same rounds with the default heap (GC included)
 *   ... --dump FILE      the outputs (timelines, notes, skip reasons, joined groups) of a corpus
 *                        of traces, serialised to FILE
 *   ... --compare FILE   the same outputs, compared (deep, strict) with FILE written by the code
 *                        before a change; exits 1 on the first difference
 *
 * The corpus: the assembly test cases, the recorded vLLM and real-stack bodies, SDK-serialised
 * bodies, and simulator runs of every scenario; each source once as given and twice more with
 * its spans shuffled, split across batches at random and some of them repeated (seeded), so
 * the order of spans, the joining of split calls and the deduplication are exercised too
 * (ADR 0416). The CPU figure is of warm passes; the stage's reference is
 * `bench/ingest-cost.bench.ts`.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { isDeepStrictEqual, parseArgs } from 'node:util'
import { deserialize, serialize } from 'node:v8'
import { assembleTrace, type AssemblyOutcome } from '../src/core/assembly/assemble-request.js'
import { groupSpansByTrace } from '../src/core/assembly/group-by-trace.js'
import { joinSplitCalls, type JoinedGroup } from '../src/core/assembly/join-split-calls.js'
import type { Span } from '../src/core/model/span.js'
import { asMicros } from '../src/core/model/units.js'
import { decodeTracesJson } from '../src/core/otlp/decode-traces.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { clientCases } from '../src/core/assembly/testing/client-cases.js'
import { engineCases } from '../src/core/assembly/testing/engine-cases.js'
import { gatewayCases } from '../src/core/assembly/testing/gateway-cases.js'
import { genAiGatewayCases } from '../src/core/assembly/testing/genai-gateway-cases.js'
import { measureCases } from '../src/core/assembly/testing/measures-cases.js'
import { nativeCases } from '../src/core/assembly/testing/native-cases.js'
import { recognitionCases } from '../src/core/assembly/testing/recognition-cases.js'
import { createRun, listScenarios } from '../src/sim/index.js'
import { mulberry32 } from '../src/core/stats/testing/mulberry32.js'
import { assembleBatches } from './assemble-batches.js'
import { sdkBodies } from './sdk-bodies.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '40' },
    rounds: { type: 'string', default: '5' },
    dump: { type: 'string' },
    compare: { type: 'string' },
    /** Simulated minutes per scenario in the corpus. */
    minutes: { type: 'string', default: '2' },
  },
})

/** The spans shuffled, some repeated (a re-sent batch), cut into batches of random size. */
function scramble(spans: readonly Span[], seed: number): Span[][] {
  const next = mulberry32(seed)
  const all = [...spans]
  for (let i = 0; i < all.length; i++) {
    if (next() < 0.03) {
      all.push(all[i] as Span)
    }
  }
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[all[i], all[j]] = [all[j] as Span, all[i] as Span]
  }
  const batches: Span[][] = []
  for (let i = 0; i < all.length;) {
    const size = 1 + Math.floor(next() * 300)
    batches.push(all.slice(i, i + size))
    i += size
  }
  return batches
}

interface Source {
  name: string
  batches: Span[][]
  options?: { llmRoutes?: readonly string[] }
  /** The SDK makes random trace ids and clocks from now: compared without them. */
  normalise?: boolean
}

function corpus(): Source[] {
  const sources: Source[] = []
  const cases = [
    ...clientCases,
    ...engineCases,
    ...gatewayCases,
    ...genAiGatewayCases,
    ...measureCases,
    ...nativeCases,
    ...recognitionCases,
  ]
  for (const c of cases) {
    sources.push({ name: `case ${c.name}`, batches: [c.spans], options: c.options })
  }
  const vllmDir = 'test/fixtures/real-vllm/bodies'
  const vllm = readdirSync(vllmDir)
    .filter((f) => f.endsWith('.body'))
    .sort()
    .map((f) => decodeTracesProtobuf(readFileSync(join(vllmDir, f))).spans)
  sources.push({ name: 'real-vllm', batches: vllm })
  const stackDir = 'test/fixtures/real-stack-traces/traces'
  const stack = readdirSync(stackDir)
    .sort()
    .map((f) => decodeTracesProtobuf(gunzipSync(readFileSync(join(stackDir, f)))).spans)
  sources.push({ name: 'real-stack', batches: stack })
  sources.push({
    name: 'sdk bodies',
    batches: sdkBodies(8).map((b) => decodeTracesProtobuf(b).spans),
    normalise: true,
  })
  const minutes = Number(args.minutes)
  for (const { name } of listScenarios()) {
    for (const seed of [1, 2]) {
      const run = createRun({
        scenario: name,
        seed,
        durationMs: minutes * 60_000,
        probeShare: seed === 1 ? 0.1 : 0.5,
      })
      const batches: Span[][] = []
      for (const out of run.outputs()) {
        if (out.kind === 'requests' && out.requests.length > 0) {
          batches.push(decodeTracesJson(run.tracesJson(out.requests)).spans)
        }
      }
      sources.push({ name: `sim ${name} seed ${seed}`, batches })
    }
  }
  const scrambled: Source[] = []
  sources.forEach((s, k) => {
    for (const variant of [1, 2]) {
      scrambled.push({
        name: `${s.name} (scrambled ${variant})`,
        batches: scramble(s.batches.flat(), k * 7919 + variant),
        options: s.options,
        normalise: s.normalise,
      })
    }
  })
  return [...sources, ...scrambled]
}

interface Output {
  source: string
  groups: Omit<JoinedGroup, 'spans'>[]
  outcomes: AssemblyOutcome[]
}

function outputsOf(sources: readonly Source[]): Output[] {
  return sources.map((s) => {
    const byTrace = new Map<string, Span[]>()
    for (const batch of s.batches) {
      groupSpansByTrace(batch, byTrace)
    }
    const groups = joinSplitCalls([...byTrace.values()])
    const t0 = s.batches[0]?.[0]?.startUs ?? 0
    return {
      source: s.name,
      groups: groups.map((g) => ({ traces: g.traces, unpaired: g.unpaired })),
      outcomes: groups.map((g) => {
        const out = assembleTrace(g.spans, s.options)
        if (s.normalise === true && 'request' in out) {
          const r = out.request
          out.request = {
            ...r,
            traceId: '',
            startUs: asMicros(r.startUs - t0),
            endUs: asMicros(r.endUs - t0),
          }
        }
        return out
      }),
    }
  })
}

if (args.dump !== undefined || args.compare !== undefined) {
  const t0 = performance.now()
  const outputs = outputsOf(corpus())
  const requests = outputs.reduce((n, o) => n + o.outcomes.filter((x) => 'request' in x).length, 0)
  console.log(
    `${outputs.length} sources, ${requests} requests assembled in ${Math.round(performance.now() - t0)} ms`
  )
  if (args.dump !== undefined) {
    writeFileSync(args.dump, serialize(outputs))
    console.log(`written to ${args.dump}`)
  } else {
    const before = deserialize(readFileSync(args.compare as string)) as Output[]
    if (before.length !== outputs.length) {
      console.log(`DIFFERENT: ${before.length} sources before, ${outputs.length} now`)
      process.exit(1)
    }
    for (let i = 0; i < outputs.length; i++) {
      const a = before[i] as Output
      const b = outputs[i] as Output
      if (!isDeepStrictEqual(a.groups, b.groups)) {
        console.log(`DIFFERENT groups: ${b.source}`)
        process.exit(1)
      }
      for (let k = 0; k < b.outcomes.length; k++) {
        if (!isDeepStrictEqual(a.outcomes[k], b.outcomes[k])) {
          console.log(`DIFFERENT: ${b.source}, group ${k}`)
          console.log(JSON.stringify(a.outcomes[k]))
          console.log(JSON.stringify(b.outcomes[k]))
          process.exit(1)
        }
      }
    }
    console.log('identical: every group and every outcome deep-equal')
  }
} else {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) {
    throw new Error('run with node --expose-gc')
  }
  const batches = sdkBodies(Number(args.bodies)).map((b) => decodeTracesProtobuf(b).spans)
  const spans = batches.reduce((n, b) => n + b.length, 0)
  for (let i = 0; i < 3; i++) {
    assembleBatches(batches)
  }
  const rounds = Number(args.rounds)
  const bytes: number[] = []
  const cpu: number[] = []
  for (let r = 0; r < rounds; r++) {
    gc()
    const heap0 = process.memoryUsage().heapUsed
    const cpu0 = process.cpuUsage()
    const kept = assembleBatches(batches)
    const used = process.cpuUsage(cpu0)
    bytes.push((process.memoryUsage().heapUsed - heap0) / spans)
    cpu.push((used.user + used.system) / spans)
    if (kept.length === 0) {
      throw new Error('nothing assembled')
    }
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number
  console.log(
    `${spans} spans × ${rounds} rounds: allocated ${median(bytes).toFixed(0)} B per span ` +
      `(range ${Math.min(...bytes).toFixed(0)}–${Math.max(...bytes).toFixed(0)}), ` +
      `CPU ${median(cpu).toFixed(2)} µs per span (range ${Math.min(...cpu).toFixed(2)}–${Math.max(...cpu).toFixed(2)})`
  )
}
