/**
 * A fleet-wide slowdown that grows with the running batch (memory bandwidth): every replica gets
 * the same requests per minute, but the two replicas of node n1 receive theirs in groups of three,
 * so their batches are fuller and their tokens slower, by the same law as everyone's. Before:
 * `node.degraded` n1 at 0.93 (contract seed 137
 * `engine.memory_bandwidth#0`: node a100-3 2.7× its peers' TPOT in the window, 0.97–1.04× batch
 * size by batch size). Against it: a node that is slower at the same batch is still degraded
 * (ADR 0335).
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { diagnose } from '../diagnose.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'

const MIN_US = 60_000_000
const MINUTES = 36
/** Requests per replica and minute: a batch of 0–3 at 2–8 s per request. */
const PER_REPLICA_MINUTE = 24
const REPLICAS = 4
const FROM = 13
const TO = 20
const OUTPUT = 150
/** Arrivals per group on n1, and the batch at which the bandwidth law saturates. */
const GROUP = 3

/** TPOT (ms) of a request that starts with `batch` others running: the bandwidth law. */
const lawMs = (batch: number, fault: boolean): number =>
  13 * (fault ? 1 + 3 * Math.min(1, batch / GROUP) : 1 + 0.1 * batch)

function requests(mode: 'bandwidth' | 'degraded'): RequestTimeline[] {
  const rng = createTestRng(13701)
  const out: RequestTimeline[] = []
  const gapUs = MIN_US / PER_REPLICA_MINUTE
  for (let r = 0; r < REPLICAS; r++) {
    const onN1 = r >= 2
    const running: number[] = []
    let t = T0_US + rng() * gapUs
    while (t < T0_US + MINUTES * MIN_US) {
      const m = Math.floor((t - T0_US) / MIN_US)
      const fault = m >= FROM && m < TO
      // Poisson arrivals everywhere; on n1 in the bandwidth case they come in groups at a third of
      // the rate: the same requests per minute, a fuller batch.
      const paired = mode === 'bandwidth' && onN1 && fault
      for (let p = 0; p < (paired ? GROUP : 1); p++) {
        const startUs = Math.floor(t)
        const batch = running.filter((end) => end > startUs).length
        const noise = 0.9 + 0.2 * rng()
        const slower = mode === 'degraded' && onN1 && fault ? 3 : 1
        const tpotMs = lawMs(batch, fault && mode === 'bandwidth') * slower * noise
        const prefillMs = 40 * noise
        const decodeMs = OUTPUT * tpotMs
        running.push(startUs + (2 + prefillMs + decodeMs) * 1000)
        out.push(
          makeTimeline({
            startUs,
            dims: { replica: `r${r}`, node: `n${r >> 1}` },
            stagesMs: { 'engine.queue': 2, 'engine.prefill': prefillMs, 'engine.decode': decodeMs },
            tpotMs,
            inputTokens: 600,
            outputTokens: OUTPUT,
          })
        )
      }
      t += -Math.log(1 - rng()) * gapUs * (paired ? GROUP : 1)
    }
  }
  return out.sort((a, b) => a.startUs - b.startUs)
}

const SLOW = 600_000

describe('a node slower per token only because its batches are fuller', () => {
  it(
    'is not called degraded when its peers at the same batch are as slow',
    () => {
      const { diagnosis } = diagnose(minutesInput(requests('bandwidth'), MINUTES))
      expect(diagnosis.findings[0]?.cause).toBe('engine.memory_bandwidth')
      const node = diagnosis.findings.find((f) => f.cause === 'node.degraded')
      expect(node === undefined || node.confidence < 0.5).toBe(true)
    },
    SLOW
  )
  it(
    'is still degraded when it is slower than its peers at the same batch',
    () => {
      const { diagnosis } = diagnose(minutesInput(requests('degraded'), MINUTES))
      expect(diagnosis.findings[0]?.cause).toBe('node.degraded')
      // Its node, or one of its two replicas (both slower): a place on n1 either way.
      expect(['n1', 'r2', 'r3']).toContain(diagnosis.findings[0]?.scope.value)
    },
    SLOW
  )
})
