/**
 * The wire path end to end on scenarios written only from CONTRACT.md (bench/contract-suite/):
 * files in the producers' formats (OTLP/JSON Lines, OTLP protobuf from the OpenTelemetry SDK's
 * serializer, OpenMetrics, Prometheus text with millisecond timestamps, OTLP metrics JSON,
 * change events) → the real CLI → the diagnosis JSON. A short slice of the full suite
 * (`npx tsx bench/contract-suite.bench.ts`), with its runs shortened.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diagnoseDrawn } from '../../bench/contract-suite/diagnose-drawn.js'
import type { Kind } from '../../bench/contract-suite/scenario.js'

const SEED = 1

/**
 * Runs picked to cover the formats and signal sets; ids are the full suite's, most shortened to
 * 35 % of their length (the fault keeps its place as a share of the run).
 * - kv_cache_pressure#0: engine spans as OTel SDK protobuf, OpenMetrics, a Kubernetes event list;
 * - gateway.connection_limit#1: probe + LiteLLM-style gateway spans, HAProxy series;
 * - network.high_rtt#0: probe + gateway + SGLang spans as OTLP/JSON documents;
 * - standing.slow_node#0: a node slower from the first minute (OTLP metrics JSON): a standing
 *   condition, never a finding. Its few backlogged requests read as a batch window (ADR 0228);
 * - node.degraded#0, full length: both replicas of a node slower per token, the queue longest on
 *   one of them; the node is the scope, not that replica (ADR 0228).
 */
const PICKED: [id: string, durationScale: number][] = [
  ['engine.kv_cache_pressure#0', 0.35],
  ['gateway.connection_limit#1', 0.35],
  ['network.high_rtt#0', 0.35],
  ['standing.slow_node#0', 0.35],
  ['node.degraded#0', 1],
]

let dir: string
const answers = new Map<string, Awaited<ReturnType<typeof diagnoseDrawn>>>()

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tokenline-contract-'))
  await Promise.all(
    PICKED.map(async ([id, durationScale]) => {
      const kind = id.split('#')[0] as Kind
      answers.set(id, await diagnoseDrawn(SEED, kind, id, dir, { durationScale }))
    })
  )
}, 240_000)

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('contract suite, wire path', () => {
  it.each(PICKED.map(([id]) => id))(
    '%s: every request read, the injected cause first with its scope',
    (id) => {
      const a = answers.get(id)
      expect(a, `${id} was not drawn`).toBeDefined()
      const { s, d, score, requests } = a!
      expect(d.schema).toBe('tokenline.diagnosis/v1')
      expect(d.requests).toBe(requests)
      expect(d.findings[0]?.cause).toBe(s.expected.cause)
      expect(d.findings[0]?.scope).toEqual(s.expected.scope)
      expect(score.top1).toBe(true)
      if (s.expected.standing !== null) {
        expect(score.standing).toBe(true)
      }
    }
  )
})
