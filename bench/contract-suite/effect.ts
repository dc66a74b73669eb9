/**
 * Where a fault's effect on users ends, read from the generated requests themselves: a backlog
 * that drains after its fault, or a cold replica that is still slower than its peers when the
 * declared fault is over, keeps users waiting, and a window that covers it is right. The suite
 * scores a finding's end against this as well as against the fault's declared end.
 *
 * ```
 * P50 TTFT per minute of the fault's requests   ▁▁▁▁▁▇█████▆▄▂▁▁▁▁▁
 * pre-fault spread (median + 3 robust σ)       ─────           ─────
 *                                                    fault ┘   └ effect end
 * ```
 *
 * The fault's requests are its scope's (the replica, node, version, tenant or region it hit) or
 * every request when it has none. The spread is that of the scope's own per-minute P50s before the
 * fault (of every value of its dimension when it had none: a replica added mid-run): their median
 * plus three robust standard deviations. The effect ends at the first minute, from the one
 * holding the fault's end, whose P50 is within that spread for three minutes running (the
 * shortest level the diagnosis reads at one-minute steps), never before the fault's end; at the
 * end of the data when it never is.
 */
import type { Scenario } from './scenario.js'
import type { Req } from './world.js'

const STEP_S = 60
/** A minute's P50 needs this many requests (fewer: the minute has no value). */
const MIN_PER_STEP = 5
/** Minutes running within the spread that count as back. */
const BACK_STEPS = 3

/** TTFT as the outermost tier the scenario records it (CONTRACT §4), seconds. */
function ttftS(s: Scenario, r: Req): number {
  const firstTokenS = r.slotStartS + r.frontendS + r.prefillS
  if (s.signals.client) {
    return r.firstChunkS - r.clientStartS
  }
  return firstTokenS - (s.signals.gateway ? r.gatewayStartS : r.engineArriveS)
}

function keyOf(dimension: string | null, r: Req): string {
  switch (dimension) {
    case 'replica':
      return r.replica.name
    case 'node':
      return r.replica.node
    case 'version':
      return r.version
    case 'tenant':
      return r.tenant
    case 'region':
      return r.region
    default:
      return ''
  }
}

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b)
  const at = q * (s.length - 1)
  const lo = Math.floor(at)
  const hi = Math.min(s.length - 1, lo + 1)
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (at - lo)
}

function median(xs: readonly number[]): number {
  return xs.length < MIN_PER_STEP ? NaN : quantile(xs, 0.5)
}

/** Seconds from the run's start; null for a run without a fault window. */
export function effectEndS(s: Scenario, reqs: readonly Req[]): number | null {
  const w = s.expected.window
  if (w === null) {
    return null
  }
  const { dimension, value } = s.expected.scope
  const steps = Math.ceil(s.durationS / STEP_S)
  // Per minute, the TTFTs of each value of the scope's dimension (one key when unscoped).
  const cells = Array.from({ length: steps }, () => new Map<string, number[]>())
  for (const r of reqs) {
    const k = Math.floor(r.clientStartS / STEP_S)
    const cell = cells[k]
    if (cell === undefined) {
      continue
    }
    const key = keyOf(dimension, r)
    const list = cell.get(key) ?? []
    list.push(ttftS(s, r))
    cell.set(key, list)
  }
  const own = dimension === null ? '' : (value ?? '')
  // The scope's own minutes before the fault; a scope that did not exist yet (a replica added
  // mid-run, a new version) takes those of every value of its dimension.
  const minutesBefore = (pooled: boolean): number[] => {
    const out: number[] = []
    for (let k = 0; (k + 1) * STEP_S <= w.startS; k++) {
      for (const [key, list] of cells[k] as Map<string, number[]>) {
        const m = pooled || key === own ? median(list) : NaN
        if (m === m) {
          out.push(m)
        }
      }
    }
    return out
  }
  let before = minutesBefore(false)
  if (before.length < BACK_STEPS) {
    before = minutesBefore(true)
  }
  if (before.length < BACK_STEPS) {
    return null
  }
  // Median plus three robust standard deviations: the highest minute of a dozen would be crossed
  // by chance every few minutes after the fault as well.
  const mid = quantile(before, 0.5)
  const mad = quantile(
    before.map((m) => Math.abs(m - mid)),
    0.5
  )
  const upper = mad > 0 ? mid + 3 * 1.4826 * mad : Math.max(...before)
  const at = (k: number): number => median(cells[k]?.get(own) ?? [])
  let run = 0
  let runFrom = 0
  let lastValued = -1
  for (let k = Math.floor(w.endS / STEP_S); k < steps; k++) {
    const m = at(k)
    // A minute without requests of its own is no evidence either way.
    if (m !== m) {
      continue
    }
    lastValued = k
    if (m > upper) {
      run = 0
      continue
    }
    runFrom = run === 0 ? k : runFrom
    run++
    if (run === BACK_STEPS) {
      return Math.max(w.endS, runFrom * STEP_S)
    }
  }
  // Back for every minute the data has left, if fewer than three.
  if (run > 0) {
    return Math.max(w.endS, runFrom * STEP_S)
  }
  // Still out at its last minute: the end of the data, or, for a scope whose requests stop (a
  // version rolled back), the end of its last minute: nobody is left waiting after it.
  return lastValued < 0
    ? w.endS
    : Math.max(w.endS, Math.min(s.durationS, (lastValued + 1) * STEP_S))
}
