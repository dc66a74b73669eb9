/**
 * A memory-bandwidth fault that begins part way into a minute: the median TPOT rises in that
 * minute already, while the running batch, which fills as the slower tokens hold requests longer
 * and is scraped twice a minute, is only part of the way up there and reaches its level a minute
 * later. Read from the TPOT's first minute on, the batch's rise looked like no jump and the rule
 * gave nothing; the finding then took the excess's window, which runs on through the two minutes
 * the backlog drains at a full batch (contract seed 167 `engine.memory_bandwidth#1`: 117 s late).
 * Read across that minute, the batch jumped, and the window is the TPOT's own (ADR 0389).
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
import type { ResourceSeries } from '../frame/input.js'
import { buildContext } from '../frame/context.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { engineMemoryBandwidthCause } from './engine-memory-bandwidth.js'

const MIN_US = 60_000_000
const MINUTES = 37
const PER_MINUTE = 105
const REPLICAS = 3
/** The fault: 23 s into minute 18 to 3 s into minute 24. */
const FROM_US = T0_US + 18 * MIN_US + 23_000_000
const TO_US = T0_US + 24 * MIN_US + 3_000_000
/** The backlog drains at a full batch for two minutes after it. */
const DRAIN_US = TO_US + 2 * MIN_US

function requests(): RequestTimeline[] {
  const rng = createTestRng(3890)
  const out: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    for (let k = 0; k < PER_MINUTE; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / PER_MINUTE) * MIN_US)
      const noise = 0.9 + 0.2 * rng()
      const factor = startUs >= FROM_US && startUs < TO_US ? 2.4 : startUs < DRAIN_US ? 1.15 : 1
      const tpotMs = 30 * noise * (startUs >= FROM_US ? factor : 1)
      out.push(
        makeTimeline({
          startUs,
          dims: { replica: `r${k % REPLICAS}` },
          stagesMs: {
            'engine.queue': 5 * noise,
            'engine.prefill': 40 * noise,
            'engine.decode': 150 * tpotMs,
          },
          tpotMs,
          inputTokens: 500,
          outputTokens: 150,
        })
      )
    }
  }
  return out
}

/**
 * Running requests per replica scraped every 30 s: about 4.5, filling to 13 over the 30 s after
 * the fault began and held there while the backlog drains; DRAM activity about 0.27, 0.9 in the
 * fault and 0.6 through the drain.
 */
function resources(): ResourceSeries[] {
  const rng = createTestRng(3891)
  const out: ResourceSeries[] = []
  for (let r = 0; r < REPLICAS; r++) {
    const labels = { replica: `r${r}` }
    const times = Array.from({ length: 2 * MINUTES }, (_, k) => T0_US + k * 30_000_000)
    const running = times.map((timeUs) => {
      const fill = Math.min(1, Math.max(0, (timeUs - FROM_US) / 30_000_000))
      const level = timeUs >= FROM_US && timeUs < DRAIN_US ? 4.5 + 8.5 * fill : 4.5
      return { timeUs, value: Math.max(0, Math.round(level + 6 * (rng() - 0.5))) }
    })
    const dram = times.map((timeUs) => ({
      timeUs,
      value:
        (timeUs >= FROM_US && timeUs < TO_US
          ? 0.9
          : timeUs >= TO_US && timeUs < DRAIN_US
            ? 0.6
            : 0.27) +
        0.04 * (rng() - 0.5),
    }))
    out.push(
      { kind: 'running', metric: 'vllm:num_requests_running', labels, points: running },
      { kind: 'dram_active', metric: 'DCGM_FI_PROF_DRAM_ACTIVE', labels, points: dram }
    )
  }
  return out
}

describe('a memory-bandwidth fault that begins part way into a minute', () => {
  it('is read by its rule, its window the TPOT span within a minute of the fault at both ends', () => {
    const r = engineMemoryBandwidthCause.evaluate(
      buildContext(minutesInput(requests(), MINUTES, resources()))
    )
    const w = r !== null && 'window' in r ? r.window : null
    expect(w).not.toBeNull()
    expect(Math.abs(microsFromIso(w!.start)! - FROM_US)).toBeLessThanOrEqual(MIN_US)
    expect(Math.abs(microsFromIso(w!.end)! - TO_US)).toBeLessThanOrEqual(MIN_US)
  })
})
