import { describe, expect, it } from 'vitest'
import type { Micros } from '../model/units.js'
import {
  initialAlertState,
  observe,
  stepAlert,
  type AlertState,
  type AlertTransition,
} from './alert-state.js'

const MIN = 60_000_000
const timing = { forUs: (3 * MIN) as Micros, resolveForUs: (5 * MIN) as Micros }

/** Runs values minute by minute; returns the transitions with their minute. */
function drive(
  values: (number | null)[],
  threshold = 1,
  hysteresis = 0.1
): { at: number; t: AlertTransition }[] {
  let state: AlertState = initialAlertState()
  const out: { at: number; t: AlertTransition }[] = []
  values.forEach((v, i) => {
    const step = stepAlert(state, observe(v, threshold, hysteresis), (i * MIN) as Micros, timing)
    state = step.state
    if (step.transition) {
      out.push({ at: i, t: step.transition })
    }
  })
  return out
}

describe('stepAlert', () => {
  it('fires only after the condition held for `for`, and resolves after `resolveFor` of clear', () => {
    const values = [0.5, 2, 2, 2, 2, 2, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
    expect(drive(values)).toEqual([
      { at: 4, t: 'firing' },
      { at: 11, t: 'resolved' },
    ])
  })

  it('a breach shorter than `for` never fires', () => {
    expect(drive([2, 2, 0.5, 2, 2, 0.5, 2, 0.5])).toEqual([])
  })

  it('a flapping tail pages once: the alert stays firing while values flap', () => {
    const values = [2, 2, 2, 2, 0.5, 2, 0.5, 2, 0.5, 0.5, 2, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
    const got = drive(values)
    expect(got.filter((g) => g.t === 'firing')).toHaveLength(1)
    expect(got).toEqual([
      { at: 3, t: 'firing' },
      { at: 16, t: 'resolved' },
    ])
  })

  it('hysteresis: values just under the threshold do not count as clear', () => {
    // 0.95 is below the threshold (1) but above 1 × (1 − 0.1): the alert keeps firing.
    const got = drive([2, 2, 2, 2, ...Array.from({ length: 10 }, () => 0.95)])
    expect(got).toEqual([{ at: 3, t: 'firing' }])
  })

  it('no data clears (traffic stopped) and never fires', () => {
    expect(drive([null, null, null])).toEqual([])
    expect(drive([2, 2, 2, 2, null, null, null, null, null, null])).toEqual([
      { at: 3, t: 'firing' },
      { at: 9, t: 'resolved' },
    ])
  })

  it('fires at once with for = 0 and counts fires', () => {
    let s = initialAlertState()
    const r = stepAlert(s, observe(5, 1, 0), 0 as Micros, {
      forUs: 0 as Micros,
      resolveForUs: 0 as Micros,
    })
    expect(r.transition).toBe('firing')
    s = stepAlert(r.state, observe(0, 1, 0), MIN as Micros, {
      forUs: 0 as Micros,
      resolveForUs: 0 as Micros,
    }).state
    expect(s.status).toBe('resolved')
    expect(s.fireCount).toBe(1)
  })
})
