/**
 * A long-generation influx's window is the span of the long outputs' share, by the share scan
 * (ADR 0193), not the latency's: the queue the long generations leave behind drains for minutes
 * after the influx, and a stray long request a few minutes later is one of hundreds (ADR 0275):
 * the change points on the share, relative to a share near zero, ran the window to it.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { buildContext } from '../frame/context.js'
import type { DiagnosisInput } from '../frame/input.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { engineLongGenerationsCause, longShareSpan } from './engine-long-generations.js'

const MIN_US = 60_000_000
const MINUTES = 40
const PER_MINUTE = 120
const FROM = 10
const TO = 22
/** Minutes the engine queue takes to drain once the influx is over. */
const DRAIN = 8
/** The minute of one stray long request after the influx. */
const STRAY = 25

/**
 * 120 requests a minute of ~150 output tokens. From minute 10 to 22, 6 % of the requests generate
 * 4 000 tokens and everyone's TPOT is 1.6× while they run; the queue they fill grows to 3 s and
 * drains over the next eight minutes. One long request three minutes after the influx, none
 * otherwise.
 */
function requests(): RequestTimeline[] {
  const rng = createTestRng(275)
  const out: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    const influx = m >= FROM && m < TO
    for (let k = 0; k < PER_MINUTE; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / PER_MINUTE) * MIN_US)
      const t = (startUs - T0_US) / MIN_US
      const noise = 0.8 + 0.4 * rng()
      const long = (influx && rng() < 0.06) || (m === STRAY && k === 60)
      const outputTokens = long ? 4000 : Math.round(100 + 100 * rng())
      const tpotMs = 10 * noise * (influx ? 1.6 : 1)
      const queueMs =
        t < FROM
          ? 10
          : t < TO
            ? 10 + (3000 * (t - FROM)) / (TO - FROM)
            : 10 + Math.max(0, 3000 * (1 - (t - TO) / DRAIN))
      out.push(
        makeTimeline({
          startUs,
          dims: { replica: `r${k % 4}`, node: `n${k % 2}` },
          stagesMs: {
            'engine.queue': queueMs * noise,
            'engine.prefill': 40 * noise,
            'engine.decode': outputTokens * tpotMs,
          },
          tpotMs,
          inputTokens: 500,
          outputTokens,
        })
      )
    }
  }
  return out
}

function input(): DiagnosisInput {
  return minutesInput(requests(), MINUTES)
}

describe('a long-generation influx’s window is the span of the long outputs’ share', () => {
  it('for: it starts and ends with the influx, not with the queue it drains afterwards', () => {
    const { diagnosis } = diagnose(input())
    const f = diagnosis.findings.find((x) => x.cause === 'engine.long_generations')!
    expect(f).toBeDefined()
    expect(diagnosis.findings[0]!.cause).toBe('engine.long_generations')
    const startUs = microsFromIso(f.window!.start)!
    const endUs = microsFromIso(f.window!.end)!
    expect(Math.abs(startUs - (T0_US + FROM * MIN_US))).toBeLessThanOrEqual(MIN_US)
    // Within a minute of the influx's end; the queue drains until eight minutes later and the
    // stray long request comes three minutes later (the change points' span ran to 09:26).
    expect(Math.abs(endUs - (T0_US + TO * MIN_US))).toBeLessThanOrEqual(MIN_US)
  })

  it('against: one long request three minutes later does not extend the span', () => {
    const ctx = buildContext(input())
    const r = engineLongGenerationsCause.evaluate(ctx)
    expect(r !== null && 'ownWindow' in r ? r.ownWindow : false).toBe(true)
    const isLong = new Uint8Array(ctx.frame.n)
    for (let i = 0; i < ctx.frame.n; i++) {
      isLong[i] = (ctx.frame.outputTokens[i] as number) >= 1024 ? 1 : 0
    }
    const span = longShareSpan(ctx, isLong, FROM, STRAY)!
    expect(span.from).toBeGreaterThanOrEqual(FROM - 1)
    expect(span.to).toBeLessThanOrEqual(TO)
  })
})
