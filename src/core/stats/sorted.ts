/**
 * How many values of `sorted` (ascending) are below `v`: the index of the first one at or above
 * it (a lower bound), in O(log n).
 */
export function countBelow(sorted: ArrayLike<number>, v: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < v) {
      lo = mid + 1
    } else {
      hi = mid
    }
  }
  return lo
}

/**
 * How many values of `sorted` (ascending) are at or below `v`: the index of the first one above
 * it (an upper bound), in O(log n).
 */
export function countAtOrBelow(sorted: ArrayLike<number>, v: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! <= v) {
      lo = mid + 1
    } else {
      hi = mid
    }
  }
  return lo
}
