/**
 * A degraded node's window ends with its fault, not with the backlog it runs at a full batch
 * after it: an engine's time per token grows with its batch, so while the backlog drains the
 * node is slower per token than its emptier peers and as slow as a peer with as full a batch
 * (contract seed 149 `node.degraded#1`, ADR 0355).
 */
import { describe, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { createTestRng, makeTimeline, T0_US } from '../testing/make-timeline.js'
import { expectNodeWindow } from '../testing/node-window.js'

const MIN_US = 60_000_000
const MINUTES = 40
const FROM_MIN = 12
const TO_MIN = 20
/** Minutes the node runs its backlog at a full batch after the fault. */
const DRAIN_MIN = 4
/** Minutes the whole fleet runs as full a batch, so that the peers have run it too. */
const BUSY = [30, 34]
/** Time per token (prefill and output) grows with the running batch, on every replica alike. */
const PER_OTHER = 0.15

/**
 * ```
 * n2 time per token     1 1 3 3 3 3 1.4 1.4 1 1 1 1.4 1.4 1
 * n2 running batch      1 1 3 3 3 3 4   4   1 1 1 4   4   1
 * peers' running batch  1 1 1 1 1 1 1   1   1 1 1 4   4   1
 *                           12      20      24    30    34  min
 * ```
 */
function slowNodeThenFullBatch(): RequestTimeline[] {
  const rng = createTestRng(7)
  const perMinute = 180
  const drafts: {
    startUs: number
    replica: string
    node: string
    beginUs: number
    endUs: number
    queueMs: number
    prefillMs: number
    decodeMs: number
    slow: number
  }[] = []
  for (let m = 0; m < MINUTES; m++) {
    for (let k = 0; k < perMinute; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / perMinute) * MIN_US)
      const replica = `r${k % 6}`
      const node = `n${(k % 6) >> 1}`
      const faulty = node === 'n2' && m >= FROM_MIN && m < TO_MIN
      const draining = node === 'n2' && m >= TO_MIN && m < TO_MIN + DRAIN_MIN
      const busy = m >= (BUSY[0] as number) && m < (BUSY[1] as number)
      const noise = (): number => 0.8 + 0.4 * rng()
      const slow = faulty ? 3 : 1
      // One request every 2 s per replica: a decode of 2 s runs beside about one other.
      const decodeMs = 2000 * noise() * (faulty ? 3 : draining || busy ? 4 : 1)
      const queueMs = 5 * noise() + (faulty ? 300 * (m - FROM_MIN) : draining ? 2000 : 0) * noise()
      const prefillMs = 80 * noise() * slow
      const beginUs = startUs + queueMs * 1000
      drafts.push({
        startUs,
        replica,
        node,
        beginUs,
        endUs: beginUs + (prefillMs + decodeMs) * 1000,
        queueMs,
        prefillMs,
        decodeMs,
        slow,
      })
    }
  }
  return drafts.map((d) => {
    let batch = 0
    for (const o of drafts) {
      if (o !== d && o.replica === d.replica && o.beginUs <= d.beginUs && o.endUs > d.beginUs) {
        batch++
      }
    }
    return makeTimeline({
      startUs: d.startUs,
      dims: { replica: d.replica, node: d.node },
      stagesMs: {
        'engine.queue': d.queueMs,
        'engine.prefill': d.prefillMs * (1 + PER_OTHER * batch),
        'engine.decode': d.decodeMs,
      },
      tpotMs: 10 * (1 + PER_OTHER * batch) * d.slow,
    })
  })
}

describe('node.degraded: a window read at the peers’ batch', () => {
  it('ends with the fault, not with the full batch its backlog runs at after it', () => {
    expectNodeWindow(slowNodeThenFullBatch(), MINUTES, {
      node: 'n2',
      fromMin: FROM_MIN,
      toMin: TO_MIN,
    })
  })
})
