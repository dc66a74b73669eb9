/**
 * A routing skew's window is the span over which the router sent its replica more than its share
 * (the share scan of ADR 0193), not its latency excess, which lags the routing by the time the
 * replica's queue takes to fill and to drain (ADR 0266).
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { buildContext } from '../frame/context.js'
import type { DiagnosisInput } from '../frame/input.js'
import {
  createTestRng,
  makeTimeline,
  minutesInput,
  pickWeighted,
  T0_US,
} from '../testing/make-timeline.js'
import { routingImbalanceCause } from './routing-imbalance.js'

const MIN_US = 60_000_000
const MINUTES = 40
const REPLICAS = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5']
const SKEW_FROM = 8
const SKEW_TO = 20
/** Minutes the hot replica's backlog takes to drain once the router is even again. */
const DRAIN = 6

/**
 * Round robin over six replicas, 120 requests a minute. With `skew`, from minute 8 to 20 the
 * router sends r5 three requests for every one the others get; r5's queue grows while it lasts
 * and drains over the next six minutes. With `standing`, r5 gets twice the others' share and
 * queues a little more all window long.
 */
function requests(kind: 'skew' | 'standing'): RequestTimeline[] {
  const rng = createTestRng(266)
  const out: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    const skewed = kind === 'skew' && m >= SKEW_FROM && m < SKEW_TO
    const weights = REPLICAS.map((r) =>
      r === 'r5' && (skewed || kind === 'standing') ? (skewed ? 3 : 2) : 1
    )
    for (let k = 0; k < 120; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / 120) * MIN_US)
      const replica = pickWeighted(rng, weights)
      const name = REPLICAS[replica] as string
      const t = (startUs - T0_US) / MIN_US
      const backlogMs =
        kind !== 'skew' || name !== 'r5' || t < SKEW_FROM
          ? 0
          : t < SKEW_TO
            ? (4000 * (t - SKEW_FROM)) / (SKEW_TO - SKEW_FROM)
            : Math.max(0, 4000 * (1 - (t - SKEW_TO) / DRAIN))
      const noise = 0.8 + 0.4 * rng()
      const standingMs = kind === 'standing' && name === 'r5' ? 20 : 0
      out.push(
        makeTimeline({
          startUs,
          dims: { replica: name, node: `n${Math.floor(replica / 2)}` },
          stagesMs: {
            'engine.queue': (10 + standingMs + backlogMs) * noise,
            'engine.prefill': 40 * noise,
            'engine.decode': 2000 * noise,
          },
          tpotMs: 10 * noise,
          inputTokens: 500,
          outputTokens: 200,
        })
      )
    }
  }
  return out
}

function input(kind: 'skew' | 'standing'): DiagnosisInput {
  return minutesInput(requests(kind), MINUTES)
}

describe('a routing skew’s window is where the router skewed', () => {
  it('for: it starts and ends with the skewed share, not with the replica’s drained backlog', () => {
    const { diagnosis } = diagnose(input('skew'))
    const f = diagnosis.findings[0]!
    expect(f).toMatchObject({
      cause: 'routing.imbalance',
      scope: { dimension: 'replica', value: 'r5' },
    })
    const startUs = microsFromIso(f.window!.start)!
    const endUs = microsFromIso(f.window!.end)!
    expect(Math.abs(startUs - (T0_US + SKEW_FROM * MIN_US))).toBeLessThanOrEqual(MIN_US)
    // Within a minute of the routing's end; the backlog drains until six minutes later.
    expect(Math.abs(endUs - (T0_US + SKEW_TO * MIN_US))).toBeLessThanOrEqual(MIN_US)
    // Explained away: the replica's queue and its node's slowness are the skew's mechanism.
    expect(diagnosis.findings.map((x) => x.cause)).not.toContain('node.degraded')
    expect(diagnosis.findings.map((x) => x.cause)).not.toContain('engine.queue_saturation')
  })

  it('the share’s span is the cause’s own window: the latency consensus does not re-vote it', () => {
    // Whichever latency span its steps happen to match (ADR 0278): the re-vote's signals carry
    // the replica's drained backlog.
    const r = routingImbalanceCause.evaluate(buildContext(input('skew')))
    expect(r).not.toBeNull()
    expect(r !== null && 'window' in r ? r.window : null).not.toBeNull()
    expect(r !== null && 'ownWindow' in r ? r.ownWindow : false).toBe(true)
  })

  it('against: a replica with a larger share all window long gives no span to take', () => {
    const r = routingImbalanceCause.evaluate(buildContext(input('standing')))
    expect(r !== null && 'window' in r ? r.window : null).toBeNull()
  })
})
