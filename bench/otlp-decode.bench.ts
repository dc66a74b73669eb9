/**
 * OTLP trace decode throughput on batches of 512 spans of realistic 4-span LLM requests
 * (client → gateway → upstream → llm_request with gen_ai attributes):
 * - protobuf through the one-pass reader (the ingest path),
 * - protobuf through protobufjs' generated static code + `decodeTraces` (ADR 0010's alternative),
 * - OTLP/JSON through `JSON.parse` + `decodeTraces`.
 * Rounds alternate so background load hits every variant alike; the best round counts.
 *
 *   npx tsx bench/otlp-decode.bench.ts              # default: 5 rounds of 100 batches
 *   BATCHES=400 ROUNDS=7 npx tsx bench/otlp-decode.bench.ts
 */
import { decodeTracesJson } from '../src/core/otlp/decode-traces.js'
import {
  decodeTracesProtobuf,
  decodeTracesProtobufGenerated,
  encodeTracesProtobuf,
} from '../src/ingest/otlp/protobuf.js'
import { makeLlmTraceRequest } from '../src/core/otlp/testing/make-llm-request.js'

const SPANS_PER_BATCH = 512
const BATCHES = Number(process.env['BATCHES'] ?? 100)
const ROUNDS = Number(process.env['ROUNDS'] ?? 5)
const DISTINCT = 8

const requests = Array.from({ length: DISTINCT }, (_, k) =>
  makeLlmTraceRequest(SPANS_PER_BATCH / 4, k * 1000)
)
const protoBatches = requests.map((r) => encodeTracesProtobuf(r))
const jsonBatches = requests.map((r) => JSON.stringify(r))

const variants: [string, (i: number) => number][] = [
  ['protobuf, one-pass reader', (i) => decodeTracesProtobuf(protoBatches[i]!).spans.length],
  [
    'protobuf, generated code + decodeTraces',
    (i) => decodeTracesProtobufGenerated(protoBatches[i]!).spans.length,
  ],
  ['OTLP/JSON, JSON.parse + decodeTraces', (i) => decodeTracesJson(jsonBatches[i]!).spans.length],
]

function round(decodeOne: (i: number) => number): number {
  const started = process.hrtime.bigint()
  let spans = 0
  for (let i = 0; i < BATCHES; i++) {
    spans += decodeOne(i % DISTINCT)
  }
  return spans / (Number(process.hrtime.bigint() - started) / 1e9)
}

for (const [, decodeOne] of variants) {
  for (let i = 0; i < 50; i++) {
    decodeOne(i % DISTINCT)
  }
}
const best = variants.map(() => 0)
for (let r = 0; r < ROUNDS; r++) {
  variants.forEach(([, decodeOne], v) => {
    best[v] = Math.max(best[v]!, round(decodeOne))
  })
}

const kib = (bytes: number): number => Math.round(bytes / 1024)
console.log(
  `batch: ${SPANS_PER_BATCH} spans (protobuf ${kib(protoBatches[0]!.length)} KiB, JSON ${kib(jsonBatches[0]!.length)} KiB); best of ${ROUNDS} rounds of ${BATCHES} batches`
)
variants.forEach(([label], v) => {
  console.log(
    `${label.padEnd(42)} ${Math.round(best[v]!).toLocaleString('en-US').padStart(12)} spans/s`
  )
})
const [reader, generated, json] = best as [number, number, number]
console.log(`ratio JSON / protobuf (reader): ${(json / reader).toFixed(2)}`)
console.log(`ratio generated code / reader: ${(generated / reader).toFixed(2)}`)
