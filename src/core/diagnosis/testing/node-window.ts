/**
 * The assertion the node.degraded window tests end with, whatever generator drew their requests:
 * the node is the scope, and its window opens and closes within a minute of the fault's.
 */
import { expect } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { minutesInput, T0_US } from './make-timeline.js'

const MIN_US = 60_000_000

/**
 * Diagnoses `minutes` of `requests` from {@link T0_US} and expects the node.degraded finding on
 * `node` with its window at the fault's minutes `fromMin` to `toMin`, each end within a minute.
 */
export function expectNodeWindow(
  requests: readonly RequestTimeline[],
  minutes: number,
  fault: { node: string; fromMin: number; toMin: number }
): void {
  const { diagnosis } = diagnose(minutesInput(requests, minutes))
  const node = diagnosis.findings.find((f) => f.cause === 'node.degraded')!
  expect(node.scope).toEqual({ dimension: 'node', value: fault.node })
  const startUs = microsFromIso(node.window!.start)!
  const endUs = microsFromIso(node.window!.end)!
  expect(Math.abs(startUs - (T0_US + fault.fromMin * MIN_US))).toBeLessThanOrEqual(MIN_US)
  expect(Math.abs(endUs - (T0_US + fault.toMin * MIN_US))).toBeLessThanOrEqual(MIN_US)
}
