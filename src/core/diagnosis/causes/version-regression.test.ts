/**
 * A version regression's window is where the version served: a rollback inside the data ends it
 * at the version's last request (or the change event that replaced it), not at the data's end.
 */
import { describe, expect, it } from 'vitest'
import { asMicros, microsFromIso } from '../../model/units.js'
import type { ChangeEvent } from '../../model/event.js'
import { buildContext } from '../frame/context.js'
import { frameFromRequests } from '../frame/frame.js'
import { generateRun, inputOfRun } from '../testing/fault-gen.js'
import { versionRegressionCause } from './version-regression.js'

const MIN = 60_000_000
const FAULT_FROM_MIN = 15
const ROLLBACK_MIN = 22

/**
 * v2 on r0/r1 from minute 15 at 4×, rolled back at minute 22: the requests before the rollback
 * come from the faulty run, those after it from the same deployment without the fault.
 */
function rolledBack(extraEvents: (rollbackUs: number) => ChangeEvent[] = () => []) {
  const spec = { seed: 5, minutes: 30, perMinute: 160, events: true } as const
  const bad = generateRun({
    ...spec,
    faults: [{ cause: 'version.regression', magnitude: 4, windowShare: 0.5 }],
  })
  const good = generateRun({ ...spec, faults: [] })
  const rollbackUs = bad.window.fromUs + ROLLBACK_MIN * MIN
  const requests = [
    ...bad.requests.filter((r) => r.startUs < rollbackUs),
    ...good.requests.filter((r) => r.startUs >= rollbackUs),
  ]
  const ctx = buildContext({
    window: bad.window,
    frame: frameFromRequests(requests),
    resources: good.resources,
    events: [...bad.events, ...extraEvents(rollbackUs)],
  })
  const lastV2 = Math.max(
    ...requests.filter((r) => r.dims.version === 'v2').map((r) => r.startUs as number)
  )
  return { ctx, window: bad.window, rollbackUs, lastV2 }
}

function windowOf(ctx: ReturnType<typeof buildContext>): { fromUs: number; toUs: number } {
  const r = versionRegressionCause.evaluate(ctx)
  if (r === null || 'skipped' in r || r.window === null) {
    throw new Error(`no version window: ${JSON.stringify(r)}`)
  }
  expect(r.scope).toEqual({ dimension: 'version', value: 'v2' })
  return { fromUs: microsFromIso(r.window.start) ?? NaN, toUs: microsFromIso(r.window.end) ?? NaN }
}

describe('version.regression window', () => {
  it('ends at the version’s last request when it is rolled back inside the data', () => {
    const { ctx, window, rollbackUs, lastV2 } = rolledBack()
    const w = windowOf(ctx)
    expect(Math.abs(w.fromUs - (window.fromUs + FAULT_FROM_MIN * MIN))).toBeLessThan(MIN)
    // ISO timestamps keep milliseconds.
    expect(Math.abs(w.toUs - lastV2)).toBeLessThan(1000)
    expect(Math.abs(w.toUs - rollbackUs)).toBeLessThan(MIN)
  })

  it('ends at the change event that replaced the version when it follows the last request', () => {
    const { ctx, rollbackUs, lastV2 } = rolledBack((at) => [
      {
        timeUs: asMicros(at),
        kind: 'deploy',
        model: null,
        version: 'v1',
        replica: null,
        node: null,
        message: 'rolled back to v1',
        reason: null,
      },
    ])
    expect(rollbackUs).toBeGreaterThan(lastV2)
    expect(Math.abs(windowOf(ctx).toUs - rollbackUs)).toBeLessThan(1000)
  })

  it('runs to the end of the data when the version serves to the end', () => {
    const g = generateRun({
      seed: 5,
      minutes: 30,
      perMinute: 160,
      events: true,
      faults: [{ cause: 'version.regression', magnitude: 4, windowShare: 0.5 }],
    })
    const ctx = buildContext(inputOfRun(g))
    expect(windowOf(ctx).toUs).toBe(g.window.toUs)
  })
})
