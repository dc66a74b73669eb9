/**
 * `engine.batching_window`: a rise of the queue's floor over a few steps is a window only if its
 * requests say every request waited (ADR 0390). A window adds its wait to every request, so the
 * requests below the fastest tenth of the others all but vanish (the dev grids' injected windows:
 * at most 10⁻⁹·⁵); a busier stretch lifts the steps' floor while the luckiest requests are still
 * served at once. Against (all fault-free, answered `engine.batching_window` before): the twin of
 * grid 293-10, a minute of long prompts on half the replicas; grid 227-104, a backlog that stood
 * on every replica; the twin of grid 311-49, whose span is read against the requests after it
 * too. For: a window whose span ends before the data does is still named.
 */
import { describe, expect, it } from 'vitest'
import { buildContext } from '../frame/context.js'
import {
  diagnoseGridCase,
  findingOf,
  gridCase,
  gridCaseInput,
  type GridCase,
  withoutFaults,
} from '../testing/grid.js'
import { MIN_CONFIDENCE } from '../thresholds.js'
import { engineBatchingWindowCause } from './engine-batching-window.js'

// Each case generates and diagnoses about 7 200 requests: seconds alone, minutes on a loaded
// machine. The bound is on the host, not on the code.
const SLOW = 300_000

/** A run with nothing injected: answered `healthy`, the window under the listing bound. */
function expectNoWindow(c: GridCase): void {
  const { diagnosis } = diagnoseGridCase(c)
  expect(diagnosis.findings[0]!.cause).toBe('healthy')
  expect(findingOf(diagnosis, 'engine.batching_window')?.confidence ?? 0).toBeLessThan(
    MIN_CONFIDENCE
  )
}

describe('engine.batching_window: the count of the luckiest requests bounds the steps', () => {
  it(
    'against: a minute of long prompts on half the replicas is no window (twin of grid 293-10)',
    () => {
      // Nothing injected (the faulty run's buffering proxy removed). The floor per step 15 → 37 ms
      // at steps 10–11 (z 6.5), the median 100 → 172 ms; the prompts there 1.15× the token work,
      // the floor risen on r1, r2, r5 and r7 and not on r0, r3, r4 and r6. 12 of the 240 requests
      // waited less than the fastest tenth of the others, 24 expected: P 10⁻²·⁴, bound 10⁻⁶·³. Before:
      // `engine.batching_window` 0.56.
      expectNoWindow(withoutFaults(gridCase(293, 10)))
    },
    SLOW
  )

  it(
    'against: a backlog that stood on every replica is no window (grid 227-104)',
    () => {
      // Nothing injected, engine spans and metrics, long outputs. The floor 18 → 34 ms at steps
      // 52–58 (z 7.2), 2.1 waiting per replica inside against 2.2 outside; 49 of 823 requests
      // below the fastest tenth of the others, 82 expected: P 10⁻⁴·⁶. Before: `engine.batching_window`
      // 0.55 (ADRs 0330, 0378).
      const c = gridCase(227, 104)
      expect(c.kind).toBe('healthy')
      expectNoWindow(c)
    },
    SLOW
  )

  it(
    'against: a span in the middle is counted against the requests after it too (twin of grid 311-49)',
    () => {
      // Nothing injected, long outputs, the data cut 5 minutes in. The floor 16 → 34 ms at steps
      // 12–15 (z 6.9), 2.2 waiting per replica against 1.8. Against the requests before the span
      // (the data's first six minutes) 15 of 480 fell below their fastest tenth, 47.7 expected:
      // 10⁻⁸·⁰, beyond the bound 10⁻⁶·¹¹; against every request outside it, 21 of 480, 10⁻⁵·⁴.
      // Before: `engine.batching_window` 0.59.
      expectNoWindow(withoutFaults(gridCase(311, 49)))
    },
    SLOW
  )

  it(
    'for: a 1.5× window whose span ends before the data does keeps its support (grid 227-72)',
    () => {
      // The floor 17 → 37 ms at steps 38–49; 2 of 1 440 requests below the earlier fastest tenth,
      // 144 expected (P 10⁻⁶¹·⁶): the count stands far past its bound and leaves the steps' support.
      const r = engineBatchingWindowCause.evaluate(
        buildContext(gridCaseInput(gridCase(227, 72)).input)
      )
      expect(r !== null && !('skipped' in r) && r.confidence).toBeGreaterThanOrEqual(0.5)
      expect(r !== null && !('skipped' in r) && r.window?.start).toBe('2025-06-02T09:24:00.000Z')
    },
    SLOW
  )
})
