/**
 * Binary min-heap of timed entries; ties break by insertion order so that a run is deterministic.
 * Hand-written: a tiny, allocation-light structure on the simulator's hot path.
 */
export interface Timed {
  timeUs: number
  seq: number
}

export class MinHeap<T extends Timed> {
  private readonly items: T[] = []

  get size(): number {
    return this.items.length
  }

  peek(): T | undefined {
    return this.items[0]
  }

  push(item: T): void {
    const items = this.items
    items.push(item)
    let i = items.length - 1
    while (i > 0) {
      const p = (i - 1) >> 1
      const parent = items[p]!
      if (!less(item, parent)) {
        break
      }
      items[i] = parent
      i = p
    }
    items[i] = item
  }

  pop(): T | undefined {
    const items = this.items
    const top = items[0]
    const last = items.pop()
    if (top === undefined || last === undefined || items.length === 0) {
      return top
    }
    let i = 0
    const n = items.length
    for (;;) {
      const l = 2 * i + 1
      if (l >= n) {
        break
      }
      const r = l + 1
      let c = l
      if (r < n && less(items[r]!, items[l]!)) {
        c = r
      }
      if (!less(items[c]!, last)) {
        break
      }
      items[i] = items[c]!
      i = c
    }
    items[i] = last
    return top
  }
}

function less(a: Timed, b: Timed): boolean {
  return a.timeUs < b.timeUs || (a.timeUs === b.timeUs && a.seq < b.seq)
}
