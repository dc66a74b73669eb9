/**
 * Self time of nested, possibly overlapping intervals on one clock (jaeger-ui's span self-time
 * idea, generalised to labels): every instant inside the clip window belongs to the deepest
 * interval covering it; ties go to the interval that started last.
 *
 * ```
 * auth      |-------------|          auth      = 4 + 3
 * authz-svc      |----|               downstream = 4 (nested call wins its own time)
 * route                     |---|    route     = 3
 * ```
 */

export interface LabeledInterval<L> {
  startUs: number
  endUs: number
  /** Depth in the span tree; deeper intervals own the time they cover. */
  depth: number
  label: L
}

/**
 * Adds each label's self time (µs) inside `[clipStartUs, clipEndUs]` into `into`.
 * Quadratic in the number of intervals, which stays small (the spans one gateway emits for one
 * request); a sweep with a heap would only pay off for hundreds of steps per request.
 */
export function paintSelfTime<L>(
  intervals: readonly LabeledInterval<L>[],
  clipStartUs: number,
  clipEndUs: number,
  into: Map<L, number>
): void {
  if (intervals.length === 0 || clipEndUs <= clipStartUs) {
    return
  }
  if (intervals.length === 1) {
    const only = intervals[0] as LabeledInterval<L>
    const len = Math.min(only.endUs, clipEndUs) - Math.max(only.startUs, clipStartUs)
    if (len > 0) {
      into.set(only.label, (into.get(only.label) ?? 0) + len)
    }
    return
  }
  const bounds: number[] = []
  for (const iv of intervals) {
    bounds.push(clamp(iv.startUs, clipStartUs, clipEndUs), clamp(iv.endUs, clipStartUs, clipEndUs))
  }
  bounds.sort((a, b) => a - b)
  for (let i = 0; i + 1 < bounds.length; i++) {
    const a = bounds[i] as number
    const b = bounds[i + 1] as number
    if (b <= a) {
      continue
    }
    let owner: LabeledInterval<L> | null = null
    for (const iv of intervals) {
      if (iv.startUs <= a && iv.endUs >= b) {
        if (
          owner === null ||
          iv.depth > owner.depth ||
          (iv.depth === owner.depth && iv.startUs > owner.startUs)
        ) {
          owner = iv
        }
      }
    }
    if (owner !== null) {
      into.set(owner.label, (into.get(owner.label) ?? 0) + (b - a))
    }
  }
}

function clamp(value: number, lo: number, hi: number): number {
  return value < lo ? lo : value > hi ? hi : value
}
