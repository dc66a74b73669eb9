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

/** Runs this short are sorted by insertion before they are merged. */
const INSERTION_RUN = 24

/**
 * The moves per item a whole-array insertion sort may make before the merge sort takes over:
 * nearly sorted keys (the twin's drawn arrivals, each a few places out of order) need one or
 * two, a shuffled array would need n / 4.
 */
const INSERTION_MOVES_PER_ITEM = 8

/**
 * `items` sorted in place by `keys[item]` ascending, items of equal key kept in their order: what
 * `items.sort((a, b) => keys[a] - keys[b])` gives, since that sort is stable, without a call back
 * per comparison (on 1.5M items the callbacks were most of the sort's time). A key that is NaN
 * has no order under that comparator, so with one the comparator sort itself is run.
 */
export function sortByKey(items: Int32Array, keys: ArrayLike<number>): Int32Array {
  const n = items.length
  for (let k = 0; k < n; k++) {
    const v = keys[items[k]!]!
    if (v !== v) {
      return items.sort((a, b) => keys[a]! - keys[b]!)
    }
  }
  // First an insertion sort of the whole array, stopped once it has moved items too often: it
  // is stable (an item passes only strictly greater keys), so where it stops the merge sort
  // below finishes the same order. On nearly sorted keys it is a few compares per item, where
  // the merges are ~log2(n / 24) passes of indirect compares (a drawn run of 1.5M jobs: 16).
  let budget = INSERTION_MOVES_PER_ITEM * n
  let sorted = true
  for (let k = 1; k < n; k++) {
    const item = items[k]!
    const key = keys[item]!
    let at = k
    while (at > 0 && keys[items[at - 1]!]! > key) {
      items[at] = items[at - 1]!
      at--
    }
    items[at] = item
    budget -= k - at
    if (budget < 0) {
      sorted = false
      break
    }
  }
  if (sorted) {
    return items
  }
  for (let from = 0; from < n; from += INSERTION_RUN) {
    const to = Math.min(n, from + INSERTION_RUN)
    for (let k = from + 1; k < to; k++) {
      const item = items[k]!
      const key = keys[item]!
      let at = k
      while (at > from && keys[items[at - 1]!]! > key) {
        items[at] = items[at - 1]!
        at--
      }
      items[at] = item
    }
  }
  let src: Int32Array = items
  let dst: Int32Array = new Int32Array(n)
  for (let width = INSERTION_RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width)
      const hi = Math.min(n, lo + 2 * width)
      let a = lo
      let b = mid
      let k = lo
      // The right run's item goes first only when its key is strictly lower: stable.
      while (a < mid && b < hi) {
        dst[k++] = keys[src[b]!]! < keys[src[a]!]! ? src[b++]! : src[a++]!
      }
      while (a < mid) {
        dst[k++] = src[a++]!
      }
      while (b < hi) {
        dst[k++] = src[b++]!
      }
    }
    const swap = src
    src = dst
    dst = swap
  }
  if (src !== items) {
    items.set(src)
  }
  return items
}
