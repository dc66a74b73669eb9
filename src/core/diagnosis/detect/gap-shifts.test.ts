/**
 * Which stage carries the longest gap between a stream's chunks (ADR 0297). A gap is one token's
 * wait: the engine carries it as far as its own time per token grew, and what the client saw
 * beyond that came between the engine and the client. Read per stream instead, the engine's whole
 * decode time (seconds, swinging with the stream's length) outweighed a gap that grew by 12 ms at
 * the client, and a buffering proxy was answered as the engine's gaps.
 *
 *   stream   ├──prefill──┼─t─t─t─t─t─t──────t─t─t─┤   engine: the same time per token (t)
 *   client          ····│─t─t─t─t─t─t──────t─t─t─│   client: one gap held longer (the proxy)
 */
import { describe, expect, it } from 'vitest'
import { frameFromRequests } from '../frame/frame.js'
import type { DiagnosisContext } from '../frame/context.js'
import { createTestRng, makeTimeline, T0_US } from '../testing/make-timeline.js'
import type { MeasureAnomaly } from './excess-scan.js'
import { stageShifts } from './excess-carrier.js'

/**
 * 400 client-seen streams, the second half `inside` the anomaly: output tokens drawn from 200 to
 * 2 000 (`longer`× inside), the engine's time per token 20 ms (`slower`× inside), the client's
 * longest gap 4× the engine's time per token, plus `heldMs` inside.
 */
function streams(o: { longer: number; slower: number; heldMs: number }) {
  const rnd = createTestRng(23)
  const requests = Array.from({ length: 400 }, (_, i) => {
    const inside = i >= 200
    const out = Math.round((200 + 1800 * rnd()) * (inside ? o.longer : 1))
    const perTokenMs = 20 * (inside ? o.slower : 1) * (0.9 + 0.2 * rnd())
    return makeTimeline({
      startUs: T0_US + i * 4_000_000,
      stagesMs: { 'engine.prefill': 40, 'engine.decode': perTokenMs * (out - 1) },
      outputTokens: out,
      tpotMs: perTokenMs,
      itlMaxMs: 4 * perTokenMs + (inside ? o.heldMs : 0),
      hasClient: true,
    })
  })
  const frame = frameFromRequests(requests)
  const set = Uint8Array.from({ length: frame.n }, (_, i) =>
    (frame.startUs[i] as number) >= T0_US + 200 * 4_000_000 ? 1 : 0
  )
  const ref = set.map((v) => 1 - v)
  const anomaly = {
    measure: 'itl_max',
    stage: null,
    stages: ['engine.decode', 'gateway.stream', 'stream'],
    baselineUs: 80_000,
    shiftUs: 80_000 * (o.slower - 1) + o.heldMs * 1000,
    values: frame.itlMaxUs,
    inWindow: set,
  } as unknown as MeasureAnomaly
  return stageShifts({ frame } as DiagnosisContext, anomaly, set, ref)
}

describe('the longest gap carried by time per token (ADR 0297)', () => {
  it('for: gaps held 12 ms longer at the client while the engine kept its pace are the stream', () => {
    // The streams inside are 1.2× as long: their decode time is seconds longer per stream.
    const shifts = streams({ longer: 1.2, slower: 1, heldMs: 12 })
    expect(shifts[0]!.stage).toBe('stream')
    expect(shifts[0]!.shiftUs).toBeGreaterThan(9_000)
    const engine = shifts.find((s) => s.stage === 'engine.decode')!
    expect(Math.abs(engine.shiftUs)).toBeLessThan(4_000)
  })

  it('against: an engine 1.3× slower per token carries the gaps it made', () => {
    const shifts = streams({ longer: 1, slower: 1.3, heldMs: 0 })
    expect(shifts[0]!.stage).toBe('engine.decode')
    expect(shifts[0]!.shiftUs).toBeGreaterThan(18_000)
  })
})
