/**
 * A router that began to skew in the data's last minute (ADR 0359): too short for the share scan
 * (90 s) or the peer line (180 s), read by the end line as the replica's share of the last step
 * or two against its share before, and its requests' first tokens against the others' there.
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
import { routingAtEnd } from './routing-imbalance.js'

const MIN_US = 60_000_000
const MINUTES = 30
const REPLICAS = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']
const PER_MINUTE = 240
/** The router's skew starts here: the data's last minute. */
const SKEW_FROM = 29

type Kind = 'skew' | 'even-slow' | 'skew-not-slower'

/**
 * Weighted random routing over eight replicas, 240 requests a minute. `skew`: from minute 29 the
 * router gives r5 twice the others' weight and its queue grows with each extra request it got.
 * `even-slow`: the router stays even and r5 alone queues as much in that minute (a replica slow
 * for its own reason). `skew-not-slower`: the skew with no queue (capacity to spare).
 */
function requests(kind: Kind): RequestTimeline[] {
  const rng = createTestRng(359)
  const out: RequestTimeline[] = []
  let extra = 0
  for (let m = 0; m < MINUTES; m++) {
    const skewed = kind !== 'even-slow' && m >= SKEW_FROM
    const weights = REPLICAS.map((r) => (r === 'r5' && skewed ? 2 : 1))
    for (let k = 0; k < PER_MINUTE; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / PER_MINUTE) * MIN_US)
      const replica = pickWeighted(rng, weights)
      const name = REPLICAS[replica] as string
      const noise = 0.8 + 0.4 * rng()
      let queueMs = 20
      if (name === 'r5' && m >= SKEW_FROM && kind !== 'skew-not-slower') {
        // Each request over its fair share waits behind the ones before it.
        extra += 1
        queueMs += 25 * extra
      }
      out.push(
        makeTimeline({
          startUs,
          dims: { replica: name, node: `n${Math.floor(replica / 2)}` },
          stagesMs: {
            'engine.queue': queueMs * noise,
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

function input(kind: Kind): DiagnosisInput {
  return minutesInput(requests(kind), MINUTES)
}

describe('a routing skew in the data’s last minute', () => {
  it('for: the replica whose share rose and whose requests queue is named, to the data’s end', () => {
    const { diagnosis } = diagnose(input('skew'))
    const f = diagnosis.findings[0]!
    expect(f).toMatchObject({
      cause: 'routing.imbalance',
      scope: { dimension: 'replica', value: 'r5' },
    })
    expect(f.confidence).toBeGreaterThanOrEqual(0.5)
    expect(microsFromIso(f.window!.end)).toBe(T0_US + MINUTES * MIN_US)
    expect(microsFromIso(f.window!.start)!).toBeGreaterThanOrEqual(T0_US + SKEW_FROM * MIN_US)
  })

  it('against: a replica slow at the end with an even router is not routing', () => {
    expect(routingAtEnd(buildContext(input('even-slow')))).toBeNull()
    const { diagnosis } = diagnose(input('even-slow'))
    expect(diagnosis.findings.map((x) => x.cause)).not.toContain('routing.imbalance')
  })

  it('against: a share that rose with no cost to its requests is not a finding', () => {
    expect(routingAtEnd(buildContext(input('skew-not-slower')))).toBeNull()
  })
})
