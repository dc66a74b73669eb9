/**
 * OTLP trace decode throughput: protobuf (static protobufjs code + the shared decoder) against
 * OTLP/JSON (`JSON.parse` + the shared decoder), and the reflection-based protobufjs decoder as
 * the alternative ADR 0010 weighed. Batches of 512 spans of realistic 4-span LLM requests.
 *
 *   npx tsx bench/otlp-decode.bench.ts            # default: 400 batches each
 *   BATCHES=2000 npx tsx bench/otlp-decode.bench.ts
 */
import protobuf from 'protobufjs'
import { decodeTraces, decodeTracesJson } from '../src/core/otlp/decode-traces.js'
import { decodeTracesProtobuf, encodeTracesProtobuf } from '../src/otlp/protobuf.js'
import { makeLlmTraceRequest } from '../test/fixtures/otlp/make-llm-request.js'

const SPANS_PER_BATCH = 512
const BATCHES = Number(process.env['BATCHES'] ?? 400)
const DISTINCT = 8

const requests = Array.from({ length: DISTINCT }, (_, k) =>
  makeLlmTraceRequest(SPANS_PER_BATCH / 4, k * 1000)
)
const protoBatches = requests.map((r) => encodeTracesProtobuf(r))
const jsonBatches = requests.map((r) => JSON.stringify(r))

const root = protobuf.loadSync(new URL('../src/otlp/proto/otlp.proto', import.meta.url).pathname)
const reflected = root.lookupType('otlp.ExportTraceServiceRequest')

function measure(label: string, decodeOne: (i: number) => number): number {
  for (let i = 0; i < 50; i++) {
    decodeOne(i % DISTINCT)
  }
  const started = process.hrtime.bigint()
  let spans = 0
  for (let i = 0; i < BATCHES; i++) {
    spans += decodeOne(i % DISTINCT)
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const rate = spans / seconds
  console.log(
    `${label.padEnd(38)} ${Math.round(rate).toLocaleString('en-US').padStart(12)} spans/s`
  )
  return rate
}

const avgProtoBytes = protoBatches.reduce((n, b) => n + b.length, 0) / DISTINCT
const avgJsonBytes = jsonBatches.reduce((n, b) => n + b.length, 0) / DISTINCT
console.log(
  `batch: ${SPANS_PER_BATCH} spans, protobuf ${Math.round(avgProtoBytes / 1024)} KiB, JSON ${Math.round(avgJsonBytes / 1024)} KiB; ${BATCHES} batches each`
)
const proto = measure(
  'protobuf (static code) + decodeTraces',
  (i) => decodeTracesProtobuf(protoBatches[i]!).spans.length
)
const json = measure(
  'OTLP/JSON (JSON.parse) + decodeTraces',
  (i) => decodeTracesJson(jsonBatches[i]!).spans.length
)
const reflection = measure(
  'protobuf (reflection) + decodeTraces',
  (i) => decodeTraces(reflected.decode(protoBatches[i]!)).spans.length
)
console.log(`ratio JSON / protobuf: ${(json / proto).toFixed(2)}`)
console.log(`ratio reflection / static protobuf: ${(reflection / proto).toFixed(2)}`)
