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

/**
 * The same heap for events that are a time, a kind and two integers, held in typed arrays: the
 * twin's engine pops and pushes millions of events a run, and {@link MinHeap}'s comparisons,
 * each reading two event objects, were an eighth of a `whatif`'s CPU. Entries pop in the order
 * `MinHeap` gives them (time, then push order); the sifts are its own, step for step, so even a
 * NaN time lands where it would there.
 */
export class EventQueue {
  private timeUs = new Float64Array(64)
  private seq = new Float64Array(64)
  private kind = new Int32Array(64)
  private idx = new Int32Array(64)
  private gen = new Float64Array(64)
  private pushed = 0
  size = 0

  /** The least entry's time; only when `size` > 0. */
  get topTimeUs(): number {
    return this.timeUs[0]!
  }
  get topKind(): number {
    return this.kind[0]!
  }
  get topIdx(): number {
    return this.idx[0]!
  }
  get topGen(): number {
    return this.gen[0]!
  }

  push(timeUs: number, kind: number, idx: number, gen: number): void {
    if (this.size === this.timeUs.length) {
      this.grow()
    }
    const seq = this.pushed++
    let i = this.size++
    const t = this.timeUs
    const s = this.seq
    while (i > 0) {
      const p = (i - 1) >> 1
      if (!(timeUs < t[p]! || (timeUs === t[p]! && seq < s[p]!))) {
        break
      }
      this.move(p, i)
      i = p
    }
    this.set(i, timeUs, seq, kind, idx, gen)
  }

  /** Removes the least entry (read it first through the `top` getters). */
  pop(): void {
    if (this.size === 0) {
      return
    }
    const n = --this.size
    if (n === 0) {
      return
    }
    const t = this.timeUs
    const s = this.seq
    const lastT = t[n]!
    const lastS = s[n]!
    const lastKind = this.kind[n]!
    const lastIdx = this.idx[n]!
    const lastGen = this.gen[n]!
    let i = 0
    for (;;) {
      const l = 2 * i + 1
      if (l >= n) {
        break
      }
      const r = l + 1
      let c = l
      if (r < n && (t[r]! < t[l]! || (t[r] === t[l] && s[r]! < s[l]!))) {
        c = r
      }
      if (!(t[c]! < lastT || (t[c] === lastT && s[c]! < lastS))) {
        break
      }
      this.move(c, i)
      i = c
    }
    this.set(i, lastT, lastS, lastKind, lastIdx, lastGen)
  }

  private move(from: number, to: number): void {
    this.timeUs[to] = this.timeUs[from]!
    this.seq[to] = this.seq[from]!
    this.kind[to] = this.kind[from]!
    this.idx[to] = this.idx[from]!
    this.gen[to] = this.gen[from]!
  }

  private set(
    i: number,
    timeUs: number,
    seq: number,
    kind: number,
    idx: number,
    gen: number
  ): void {
    this.timeUs[i] = timeUs
    this.seq[i] = seq
    this.kind[i] = kind
    this.idx[i] = idx
    this.gen[i] = gen
  }

  private grow(): void {
    const size = this.timeUs.length * 2
    const grown = <A extends Float64Array | Int32Array>(a: A, make: (n: number) => A): A => {
      const b = make(size)
      b.set(a)
      return b
    }
    this.timeUs = grown(this.timeUs, (k) => new Float64Array(k))
    this.seq = grown(this.seq, (k) => new Float64Array(k))
    this.kind = grown(this.kind, (k) => new Int32Array(k))
    this.idx = grown(this.idx, (k) => new Int32Array(k))
    this.gen = grown(this.gen, (k) => new Float64Array(k))
  }
}
