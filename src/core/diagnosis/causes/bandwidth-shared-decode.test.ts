/**
 * At low load most requests decode alone and keep their speed; only those sharing their replica's
 * decode with another slow down with the batch's memory traffic. The median TPOT of every request
 * then rises only in the minutes where the batched ones happened to be the majority (here three of
 * fifteen, read as no change at all; on the contract suite four of fifteen, a window 270 s late
 * and 390 s short). The median of the requests that shared their decode rises over the whole of
 * it (ADR 0339).
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
import { buildContext } from '../frame/context.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { engineMemoryBandwidthCause } from './engine-memory-bandwidth.js'

const MIN_US = 60_000_000
const MINUTES = 40
const FROM = 10
const TO = 25
/** Minutes inside the fault where the batched requests are the majority. */
const MAJORITY = [15, 16, 17]

/**
 * Six replicas that each serve one request at a time (2 s apart, 1 s of decode) and two that
 * serve requests in pairs started together (a running batch of two). Outside the fault 30 alone
 * and 5 pairs a minute; inside it 36 alone and 12 pairs (14 alone and 12 pairs in three of its
 * minutes), and the paired requests' tokens 3× as slow.
 */
function requests(): RequestTimeline[] {
  const rng = createTestRng(3390)
  const out: RequestTimeline[] = []
  const push = (startUs: number, replica: string, tpotMs: number): void => {
    out.push(
      makeTimeline({
        startUs,
        dims: { replica, node: replica },
        stagesMs: { 'engine.queue': 5, 'engine.prefill': 40, 'engine.decode': 100 * tpotMs },
        tpotMs,
        inputTokens: 500,
        outputTokens: 100,
      })
    )
  }
  for (let m = 0; m < MINUTES; m++) {
    const fault = m >= FROM && m < TO
    const alone = !fault ? 30 : MAJORITY.includes(m) ? 14 : 36
    const pairs = fault ? 12 : 5
    for (let j = 0; j < alone; j++) {
      push(
        T0_US + m * MIN_US + Math.floor((j * MIN_US) / alone),
        `r${j % 6}`,
        10 * (0.9 + 0.2 * rng())
      )
    }
    for (let p = 0; p < pairs; p++) {
      const startUs = T0_US + m * MIN_US + Math.floor((p * MIN_US) / pairs)
      for (let k = 0; k < 2; k++) {
        push(startUs, `r${6 + (p % 2)}`, 10.5 * (fault ? 3 : 1) * (0.9 + 0.2 * rng()))
      }
    }
  }
  return out
}

describe('a memory-bandwidth slowdown at low load is read on the requests that shared a decode', () => {
  it('spans the fault within a minute at both ends', () => {
    const r = engineMemoryBandwidthCause.evaluate(buildContext(minutesInput(requests(), MINUTES)))
    const w = r !== null && 'window' in r ? r.window : null
    expect(w).not.toBeNull()
    expect(Math.abs(microsFromIso(w!.start)! - (T0_US + FROM * MIN_US))).toBeLessThanOrEqual(MIN_US)
    expect(Math.abs(microsFromIso(w!.end)! - (T0_US + TO * MIN_US))).toBeLessThanOrEqual(MIN_US)
  })
})
