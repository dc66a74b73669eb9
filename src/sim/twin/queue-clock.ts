/**
 * Where the engine's queue clock starts, read from the window (ADR 0468).
 *
 * An engine can stamp a request's queue entry when it arrives, or when its scheduler next looks
 * at it. vLLM's V1 engine core does the second: its busy loop drains the input queue between
 * steps (`_process_input_queue`, then `_process_engine_step`), and `add_request` records the
 * QUEUED event there, so a request that reaches the engine during a step waits for that step
 * outside `gen_ai.latency.time_in_queue`; the wait lands in TTFT before the queue. The twin's
 * engine counts it as queue. Replayed on the arrival clock, a step-clock window gets the wait
 * twice: once in the time before the engine, kept per request, and once in the replay's queue.
 *
 * The window says which clock it was recorded on. On the arrival clock a request that arrives
 * while its replica is running steps queues for the rest of the step in flight, and one that
 * arrives at an idle replica queues only for the scheduler's own work: busy arrivals queue
 * longer. On the step clock both queue only for the scheduler. So the step clock is read only
 * where a rank test (Mann–Whitney's, as Cliff's δ) has the samples its normal approximation needs
 * on both sides and the busy arrivals do not queue longer than the idle ones; else the arrival clock stays.
 */
import { quantileSorted } from '../../core/stats/quantile.js'
import { cliffsDelta, normalUpperTail, rankShiftZ } from '../../core/stats/significance.js'
import { sortByKey } from '../../core/stats/sorted.js'
import type { TwinRunResult } from './engine.js'
import type { ObservedRequests } from './observed.js'

/** What the window's queue clock is, and the evidence. */
export interface QueueClock {
  /** `arrival`: the queue counts the wait for the step in flight; `step`: it starts after it. */
  value: 'arrival' | 'step'
  /** Requests that reached a replica while it ran steps (another request scheduled, not ended). */
  busyArrivals: number
  idleArrivals: number
  /** Median engine queue of each group, ms; `null` for an empty group. */
  busyQueueP50Ms: number | null
  idleQueueP50Ms: number | null
  /** P(a busy arrival queues longer than an idle one) + ½ P(tie); `null` without the test. */
  busyLonger: number | null
  /** Its two-sided p-value. */
  p: number | null
  source: string
}

/** Samples per group the rank test's normal approximation is adequate for. */
const MIN_GROUP = 20
const ALPHA = 0.05
/**
 * The most values per group the rank test and the medians read (evenly spaced over the window):
 * a cost cap on large windows, far above what the test needs.
 */
const MAX_TESTED = 20_000

const thinned = (v: number[]): number[] => {
  if (v.length <= MAX_TESTED) {
    return v
  }
  const step = v.length / MAX_TESTED
  return Array.from({ length: MAX_TESTED }, (_, k) => v[Math.floor(k * step)]!)
}

/**
 * Splits the window's requests into those that reached a replica while it was running another
 * request and those that found it idle; one sweep per replica over sorted instants.
 */
function arrivalsByBusy(o: ObservedRequests): { busy: number[]; idle: number[] } {
  const busy: number[] = []
  const idle: number[] = []
  const R = o.replicas.length
  const rows: number[][] = Array.from({ length: R }, () => [])
  for (let i = 0; i < o.n; i++) {
    const r = o.replica[i]!
    if (r >= 0 && r < R) {
      rows[r]!.push(i)
    }
  }
  for (const list of rows) {
    const m = list.length
    const starts = new Float64Array(m)
    const ends = new Float64Array(m)
    list.forEach((i, k) => {
      starts[k] = o.queuedUs[i]! + o.queueUs[i]!
      ends[k] = starts[k]! + o.prefillUs[i]! + o.decodeUs[i]!
    })
    starts.sort()
    ends.sort()
    const arrivals = sortByKey(Int32Array.from(list), o.queuedUs)
    let s = 0
    let e = 0
    for (const i of arrivals) {
      const at = o.queuedUs[i]!
      // Running at `at`: scheduled strictly before it, not yet ended. A request's own schedule
      // is at or after its queue entry, so it never counts itself.
      while (s < m && starts[s]! < at) {
        s++
      }
      while (e < m && ends[e]! <= at) {
        e++
      }
      ;(s - e > 0 ? busy : idle).push(o.queueUs[i]!)
    }
  }
  return { busy, idle }
}

const pText = (p: number): string => (p < 0.001 ? 'p < 0.001' : `p ${p.toPrecision(2)}`)

const medianMs = (v: number[]): number | null =>
  v.length === 0 ? null : quantileSorted(Float64Array.from(v).sort(), 0.5) / 1000

/** Reads the window's queue clock; the arrival clock unless the data shows the step clock. */
export function queueClockOf(o: ObservedRequests): QueueClock {
  const { busy, idle } = arrivalsByBusy(o)
  const base = {
    busyArrivals: busy.length,
    idleArrivals: idle.length,
    busyQueueP50Ms: medianMs(thinned(busy)),
    idleQueueP50Ms: medianMs(thinned(idle)),
  }
  if (busy.length < MIN_GROUP || idle.length < MIN_GROUP) {
    return {
      value: 'arrival',
      ...base,
      busyLonger: null,
      p: null,
      source: `assumed: the queue counts the wait for the step in flight (${busy.length} arrivals at a running replica, ${idle.length} at an idle one: too few to test)`,
    }
  }
  const b = thinned(busy).slice()
  const i = thinned(idle).slice()
  const z = rankShiftZ(b, i)
  const p = Math.min(1, 2 * normalUpperTail(Math.abs(z)))
  // Cliff's δ (rankShiftZ sorted both) as P(busy > idle) + ½ P(tie): 0.5 when neither is longer.
  const probability = (cliffsDelta(b, i) + 1) / 2
  const longer = z > 0 && p < ALPHA
  return {
    value: longer ? 'arrival' : 'step',
    ...base,
    busyLonger: probability,
    p,
    source: longer
      ? `the queue counts the wait for the step in flight: arrivals at a running replica queue longer than at an idle one (P ${probability.toFixed(2)}, ${pText(p)})`
      : `the queue starts after the step in flight, as vLLM's V1 engine stamps it: arrivals at a running replica queue no longer than at an idle one (P ${probability.toFixed(2)}, ${pText(p)}); the wait is in the time before the engine`,
  }
}

/**
 * Where a replayed request's engine queue, and its engine time, start on the window's clock: its
 * arrival on the arrival clock; on the step clock, where its scheduler picked it up (the end of
 * the step in flight), since the window's time before the engine already holds that wait.
 */
export function engineEntryUs(res: TwinRunResult, clock: QueueClock['value']): Float64Array {
  return clock === 'step' ? res.pickedUs : res.arriveUs
}
