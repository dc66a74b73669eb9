/**
 * Exact time integrals of piecewise-constant densities, per lane: add "v per µs over [a, b)",
 * then read ∫ over any [a, b) and the density at any instant. The fit uses it for the batch, KV
 * tokens and prefill work each request ran beside, rebuilt from every other request's stages.
 *
 * Each add is two step changes, (a, +v) and (b, −v). On the first read they are sorted by time
 * within their lane, once, and the density after each change and its integral up to it are
 * summed: a read is a binary search and one product, O(log n), and no answer depends on the
 * window's length. A fixed time grid within a memory budget did: its bins grew with the window
 * (~330 ms for 5.8 hours of 32 replicas), several prompt steps each, so a step's batch and KV
 * were averaged over its neighbours' and long windows were fitted a different law (ADR 0446).
 *
 * Memory is two changes per add: on 1M requests and 4 lanes, 8M changes, 16 bytes each while
 * adding (time and step) and 24 once read (time, density and integral; an ordered lane's sort
 * order 4 more).
 */
export class LaneIntegrals {
  private count = 0
  /**
   * The changes as added, in runs of one lane: run j is lane `runLane[j]` from change
   * `runStart[j]` on. The fit adds lane after lane, so a few hundred runs stand for 8M changes
   * where a lane per change was 32 MB written and read again (ADR 0505).
   */
  private runLane: number[] = []
  private runStart: number[] = []
  private atUs: Float64Array
  private delta: Float64Array
  private built: Built | null = null
  /** Per lane, the change the last read found: where the next read's search starts. */
  private readonly hint: Int32Array
  private first = Infinity
  private last = -Infinity
  /** The integrals whose other lanes this one keeps, sorted and summed (`keeping`). */
  private kept: {
    from: Built
    rebuilt: (lane: number) => boolean
  } | null = null

  /**
   * `ordered` names the lanes whose sort order is kept for a rebuild (`keeping`) that adds the
   * same intervals with other densities: the fit's prompt-work lane, whose instants the cached
   * tokens do not change (ADR 0470).
   */
  constructor(
    readonly lanes: number,
    expectedAdds = 1024,
    private readonly ordered: (lane: number) => boolean = () => false
  ) {
    const n = Math.max(16, 2 * expectedAdds)
    this.atUs = new Float64Array(n)
    this.delta = new Float64Array(n)
    this.hint = new Int32Array(lanes)
  }

  /**
   * Integrals over the same lanes as `from`, where the lanes `rebuilt` names start empty and are
   * added again and every other lane keeps `from`'s changes as built: those are not grouped,
   * sorted or summed a second time. The fit rebuilds only its prompt-work lane once it has
   * inferred the cached tokens; sorting the other three lanes again cost it seconds on 1M
   * requests (ADR 0458).
   */
  static keeping(
    from: LaneIntegrals,
    rebuilt: (lane: number) => boolean,
    expectedAdds = 1024
  ): LaneIntegrals {
    const b = from.built ?? from.build()
    const next = new LaneIntegrals(from.lanes, expectedAdds, from.ordered)
    next.kept = { from: b, rebuilt }
    for (let l = 0; l < from.lanes; l++) {
      const t = b.t[l]!
      if (!rebuilt(l) && t.length > 0) {
        // Every interval is a start before its end: a lane's first change is its earliest
        // start, its last its latest end.
        next.first = Math.min(next.first, t[0]!)
        next.last = Math.max(next.last, t[t.length - 1]!)
      }
    }
    return next
  }

  /** The earliest instant any add touched (Infinity before the first). */
  get fromUs(): number {
    return this.first
  }

  /** The latest instant any add touched (−Infinity before the first). */
  get toUs(): number {
    return this.last
  }

  /**
   * Adds density `perUs` over [aUs, bUs) in lane `lane`; only before the first read, and only
   * to a lane `keeping` rebuilds (the first read throws otherwise).
   */
  add(lane: number, aUs: number, bUs: number, perUs: number): void {
    if (this.built !== null) {
      throw new Error('LaneIntegrals: add after the first read')
    }
    if (!(bUs > aUs) || perUs === 0) {
      return
    }
    if (this.count + 2 > this.atUs.length) {
      this.grow()
    }
    const k = this.count
    if (lane !== this.runLane[this.runLane.length - 1]) {
      this.runLane.push(lane)
      this.runStart.push(k)
    }
    this.atUs[k] = aUs
    this.delta[k] = perUs
    this.atUs[k + 1] = bUs
    this.delta[k + 1] = -perUs
    this.count = k + 2
    this.first = Math.min(this.first, aUs)
    this.last = Math.max(this.last, bUs)
  }

  private grow(): void {
    const n = this.atUs.length * 2
    const atUs = new Float64Array(n)
    atUs.set(this.atUs)
    const delta = new Float64Array(n)
    delta.set(this.delta)
    this.atUs = atUs
    this.delta = delta
  }

  private build(): Built {
    const L = this.lanes
    const added = this.count
    const kept = this.kept
    // Changes grouped by lane, their times and steps side by side, then each lane's sorted by
    // time: a lane holds a few per cent of all changes on many replicas, so its sort reads a
    // block that stays in cache, where sorting indices into all changes read each key a cache
    // line apart (most of the fit's time on 1M requests).
    const start = new Int32Array(L + 1)
    const runs = this.runLane.length
    const runEnd = (j: number): number => (j + 1 < runs ? this.runStart[j + 1]! : added)
    // Grouped when each lane is one run, the lanes in order (two runs in a row never share a
    // lane).
    let grouped = true
    for (let j = 0; j < runs; j++) {
      const l = this.runLane[j]!
      start[l + 1] = start[l + 1]! + runEnd(j) - this.runStart[j]!
      if (j > 0 && l < this.runLane[j - 1]!) {
        grouped = false
      }
    }
    const isKept = (l: number): boolean => kept !== null && !kept.rebuilt(l)
    // Checked here, not in `add`, which the fit calls millions of times.
    for (let l = 0; l < L; l++) {
      if (isKept(l) && start[l + 1] !== 0) {
        throw new Error(`LaneIntegrals: lane ${l} is kept, not added again`)
      }
    }
    for (let l = 0; l < L; l++) {
      start[l + 1] = start[l + 1]! + start[l]!
    }
    // The fit adds lane after lane, so the changes as added are already grouped: they are
    // sorted where they lie. Only changes added out of lane order are grouped by a counting
    // sort into new arrays (on 1M requests a copy of 8M times and steps, ADR 0505).
    let atUs = this.atUs.subarray(0, added)
    let delta = this.delta.subarray(0, added)
    if (!grouped) {
      atUs = new Float64Array(added)
      delta = new Float64Array(added)
      const fill = start.slice(0, L)
      for (let j = 0; j < runs; j++) {
        const l = this.runLane[j]!
        const from = this.runStart[j]!
        const to = runEnd(j)
        atUs.set(this.atUs.subarray(from, to), fill[l]!)
        delta.set(this.delta.subarray(from, to), fill[l]!)
        fill[l] = fill[l]! + to - from
      }
    }
    // The changes as added are not needed again (when grouped, `atUs` and `delta` hold them).
    this.runLane = []
    this.runStart = []
    this.atUs = new Float64Array(0)
    this.delta = new Float64Array(0)
    // Each lane's changes sorted by time in place, step beside time: no index to follow, so
    // the sort and the sums below read memory in order. The sort's scratch is one lane long,
    // not one per change: memory written for the first time is dear (ADR 0505).
    let longest = 0
    for (let l = 0; l < L; l++) {
      longest = Math.max(longest, start[l + 1]! - start[l]!)
    }
    const bufT = new Float64Array(longest)
    const bufD = new Float64Array(longest)
    const order: (Int32Array | null)[] = Array.from({ length: L }, () => null)
    // A lane whose changes as added fall at the same instants as the lane before it (the fit's
    // batch and KV lanes: the same decodes) sorts to the same order, which depends on the times
    // alone: the first is sorted with each change's place, and the others take its order
    // (ADR 0506). Found before the first is sorted, on the changes as added.
    const plain = (l: number): boolean => l < L && !isKept(l) && !this.ordered(l)
    /** Per lane, the lane before it whose order it took, or −1. */
    const sharedWith = new Int32Array(L).fill(-1)
    for (let l = 0; l < L; l++) {
      const s = start[l]!
      const e = start[l + 1]!
      if (isKept(l) || e === s || sharedWith[l]! >= 0) {
        continue
      }
      if (!this.ordered(l)) {
        let last = l
        while (
          plain(last + 1) &&
          sameAdded(atUs, start[last]!, start[last + 1]!, start[last + 2]!)
        ) {
          last++
        }
        if (last === l) {
          sortPairs(atUs.subarray(s, e), delta.subarray(s, e), bufT, bufD, 0, e - s)
          continue
        }
        const o = placeOrder(atUs, bufT, bufD, s, e)
        gather(delta, bufD, o, s)
        for (let m = l + 1; m <= last; m++) {
          gather(delta, bufD, o, start[m]!)
          atUs.copyWithin(start[m]!, s, e)
          sharedWith[m] = l
        }
        continue
      }
      const was = kept?.from.order[l] ?? null
      if (was !== null && sameInstants(atUs, s, e, was, kept!.from.t[l]!)) {
        // The same instants added in the same order: the stable sort would give the same
        // order, so it is taken as it was and only the steps are put in it.
        gather(delta, bufD, was, s)
        atUs.set(kept!.from.t[l]!, s)
        order[l] = was
        continue
      }
      const o = placeOrder(atUs, bufT, bufD, s, e)
      gather(delta, bufD, o, s)
      order[l] = o
    }
    // The density after each change takes the place of its step, which it reads first.
    const density = delta
    const upTo = new Float64Array(added)
    const built: Built = { t: [], density: [], upTo: [], order }
    for (let l = 0; l < L; l++) {
      if (isKept(l)) {
        // A kept lane is read where it lies: the same numbers a second sort and sum of the
        // same changes would give, with no copy (ADR 0505).
        const b = kept!.from
        built.t.push(b.t[l]!)
        built.density.push(b.density[l]!)
        built.upTo.push(b.upTo[l]!)
        continue
      }
      let run = 0
      let area = 0
      for (let k = start[l]!; k < start[l + 1]!; k++) {
        if (k > start[l]!) {
          area += run * (atUs[k]! - atUs[k - 1]!)
        }
        run += delta[k]!
        density[k] = run
        upTo[k] = area
      }
      // A lane that took another's order reads that lane's times: the same numbers, and one
      // block in cache for both where the fit reads them together.
      built.t.push(
        sharedWith[l]! >= 0 ? built.t[sharedWith[l]!]! : atUs.subarray(start[l]!, start[l + 1]!)
      )
      built.density.push(density.subarray(start[l]!, start[l + 1]!))
      built.upTo.push(upTo.subarray(start[l]!, start[l + 1]!))
    }
    this.kept = null
    this.built = built
    return built
  }

  /**
   * The last change of lane `lane` at or before `tUs`, or −1 before its first. The search starts
   * where the lane's last one ended and gallops from there: the fit reads each replica's
   * requests in time order, so a read lands a few changes from the one before, O(log distance),
   * where a search over the whole lane took ~17 steps, each a cache miss on a long window.
   */
  private lastAt(b: Built, lane: number, tUs: number): number {
    const from = 0
    const t = b.t[lane]!
    const end = t.length
    const h = Math.min(Math.max(this.hint[lane]!, from), end - 1)
    // [lo, hi): the first change after `tUs` lies in it.
    let lo: number
    let hi: number
    if (h < from || t[h]! <= tUs) {
      lo = h + 1
      let step = 1
      hi = lo
      while (hi < end && t[hi]! <= tUs) {
        lo = hi + 1
        hi += step
        step *= 2
      }
      hi = Math.min(hi, end)
    } else {
      hi = h
      let step = 1
      lo = hi
      while (lo > from && t[lo - 1]! > tUs) {
        hi = lo - 1
        lo -= step
        step *= 2
      }
      lo = Math.max(lo, from)
    }
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (t[mid]! <= tUs) {
        lo = mid + 1
      } else {
        hi = mid
      }
    }
    this.hint[lane] = lo - 1
    return lo === from ? -1 : lo - 1
  }

  private upTo(b: Built, lane: number, tUs: number): number {
    const k = this.lastAt(b, lane, tUs)
    return k < 0 ? 0 : b.upTo[lane]![k]! + b.density[lane]![k]! * (tUs - b.t[lane]![k]!)
  }

  /** ∫ of lane `lane` over [aUs, bUs). */
  integral(lane: number, aUs: number, bUs: number): number {
    const b = this.built ?? this.build()
    return this.upTo(b, lane, bUs) - this.upTo(b, lane, aUs)
  }

  /**
   * ∫ of lanes `lane` and `lane + 1` over [aUs, bUs) into `out[0]` and `out[1]`, the numbers
   * `integral` gives. Where the two lanes share their instants (the fit's batch and KV lanes,
   * ADR 0506) each end is searched once for both.
   */
  integralPair(lane: number, aUs: number, bUs: number, out: Float64Array): void {
    const b = this.built ?? this.build()
    const t = b.t[lane]!
    if (b.t[lane + 1] !== t) {
      out[0] = this.upTo(b, lane, bUs) - this.upTo(b, lane, aUs)
      out[1] = this.upTo(b, lane + 1, bUs) - this.upTo(b, lane + 1, aUs)
      return
    }
    const kb = this.lastAt(b, lane, bUs)
    const ka = this.lastAt(b, lane, aUs)
    for (let j = 0; j < 2; j++) {
      const upTo = b.upTo[lane + j]!
      const density = b.density[lane + j]!
      out[j] =
        (kb < 0 ? 0 : upTo[kb]! + density[kb]! * (bUs - t[kb]!)) -
        (ka < 0 ? 0 : upTo[ka]! + density[ka]! * (aUs - t[ka]!))
    }
  }

  /** The density of lane `lane` at the instant `tUs` (a change at `tUs` included). */
  densityAt(lane: number, tUs: number): number {
    const b = this.built ?? this.build()
    const k = this.lastAt(b, lane, tUs)
    return k < 0 ? 0 : b.density[lane]![k]!
  }

  /**
   * The density of lane `lane` at each of `times` (ascending) into `out`: one walk along the
   * lane's changes, O(changes + times), where a search per instant would be O(times · log n).
   */
  densitiesAt(lane: number, times: Float64Array, out: Float64Array): void {
    const b = this.built ?? this.build()
    const t = b.t[lane]!
    const density = b.density[lane]!
    const to = t.length
    let k = 0
    let d = 0
    for (let j = 0; j < times.length; j++) {
      const tj = times[j]!
      while (k < to && t[k]! <= tj) {
        d = density[k++]!
      }
      out[j] = d
    }
  }

  /**
   * At each of `times` (ascending), the least density over `lanes` into `least` (`Math.min` of
   * the lanes' densities, lane by lane as listed) and the density of lane `lanes[owner[j]]` into
   * `own`: one walk per lane as {@link densitiesAt} makes, without writing each lane's densities
   * out and reading them back (ADR 0528).
   */
  leastAndOwnAt(
    lanes: readonly number[],
    times: Float64Array,
    owner: Int32Array,
    least: Float64Array,
    own: Float64Array
  ): void {
    const b = this.built ?? this.build()
    least.fill(Infinity)
    for (let q = 0; q < lanes.length; q++) {
      const t = b.t[lanes[q]!]!
      const density = b.density[lanes[q]!]!
      const to = t.length
      let k = 0
      let d = 0
      for (let j = 0; j < times.length; j++) {
        const tj = times[j]!
        while (k < to && t[k]! <= tj) {
          d = density[k++]!
        }
        least[j] = Math.min(least[j]!, d)
        if (owner[j] === q) {
          own[j] = d
        }
      }
    }
  }
}

/** Per lane, its changes sorted by time: views into one build's arrays, or a kept lane's. */
interface Built {
  t: Float64Array[]
  /** The density from change k to change k + 1. */
  density: Float64Array[]
  /** ∫ of the density up to change k. */
  upTo: Float64Array[]
  /**
   * Per lane `ordered` names, the order its sort gave: change k of the lane as sorted is its
   * change `order[k]` as added. A rebuild whose changes fall at the same instants takes it in
   * place of a sort.
   */
  order: (Int32Array | null)[]
}

/**
 * Whether the changes [s, e) of `t` as added fall, in the order `order` gives, at the instants
 * `sorted` holds from `from` on: the same instants in the same places as the build that sorted
 * them, so a stable sort would put them in that order again.
 */
function sameInstants(
  t: Float64Array,
  s: number,
  e: number,
  order: Int32Array,
  sorted: Float64Array
): boolean {
  if (order.length !== e - s) {
    return false
  }
  for (let k = 0; k < order.length; k++) {
    if (t[s + order[k]!] !== sorted[k]) {
      return false
    }
  }
  return true
}

/** Whether the changes [s0, s1) of `t` fall at the same instants, in order, as [s1, s2). */
function sameAdded(t: Float64Array, s0: number, s1: number, s2: number): boolean {
  if (s2 - s1 !== s1 - s0) {
    return false
  }
  for (let k = 0; k < s1 - s0; k++) {
    if (t[s0 + k] !== t[s1 + k]) {
      return false
    }
  }
  return true
}

/**
 * [s, e) of `t` sorted in place as `sortPairs` sorts it, with each change's place as added
 * beside its time: the order, change k as sorted being change `order[k]` as added. The sort
 * compares times only, so it is the order sorting any steps beside the times gives.
 */
function placeOrder(
  t: Float64Array,
  bufT: Float64Array,
  bufD: Float64Array,
  s: number,
  e: number
): Int32Array {
  const place = new Float64Array(e - s)
  for (let k = 0; k < place.length; k++) {
    place[k] = k
  }
  sortPairs(t.subarray(s, e), place, bufT, bufD, 0, e - s)
  return Int32Array.from(place)
}

/** The steps from `s` on put in `order` (`buf` a scratch at least as long as `order`). */
function gather(steps: Float64Array, buf: Float64Array, order: Int32Array, s: number): void {
  for (let k = 0; k < order.length; k++) {
    buf[k] = steps[s + order[k]!]!
  }
  steps.set(buf.subarray(0, order.length), s)
}

/** Runs this short are sorted by insertion before they are merged. */
const INSERTION_RUN = 24

/**
 * [from, to) of `keys` sorted ascending in place, `values` moved with them, equal keys kept in
 * their order (a bottom-up merge sort; `bufK`, `bufV` as long as `keys`). Keys are never NaN:
 * `add` takes only intervals with b > a.
 */
function sortPairs(
  keys: Float64Array,
  values: Float64Array,
  bufK: Float64Array,
  bufV: Float64Array,
  from: number,
  to: number
): void {
  for (let lo = from; lo < to; lo += INSERTION_RUN) {
    const hi = Math.min(to, lo + INSERTION_RUN)
    for (let k = lo + 1; k < hi; k++) {
      const key = keys[k]!
      const value = values[k]!
      let at = k
      while (at > lo && keys[at - 1]! > key) {
        keys[at] = keys[at - 1]!
        values[at] = values[at - 1]!
        at--
      }
      keys[at] = key
      values[at] = value
    }
  }
  let srcK = keys
  let srcV = values
  let dstK = bufK
  let dstV = bufV
  for (let width = INSERTION_RUN; width < to - from; width *= 2) {
    for (let lo = from; lo < to; lo += 2 * width) {
      const mid = Math.min(to, lo + width)
      const hi = Math.min(to, lo + 2 * width)
      let a = lo
      let b = mid
      let k = lo
      // The right run's change goes first only when its time is strictly earlier: stable.
      while (a < mid && b < hi) {
        if (srcK[b]! < srcK[a]!) {
          dstK[k] = srcK[b]!
          dstV[k++] = srcV[b++]!
        } else {
          dstK[k] = srcK[a]!
          dstV[k++] = srcV[a++]!
        }
      }
      while (a < mid) {
        dstK[k] = srcK[a]!
        dstV[k++] = srcV[a++]!
      }
      while (b < hi) {
        dstK[k] = srcK[b]!
        dstV[k++] = srcV[b++]!
      }
    }
    const swapK = srcK
    srcK = dstK
    dstK = swapK
    const swapV = srcV
    srcV = dstV
    dstV = swapV
  }
  if (srcK !== keys) {
    keys.set(srcK.subarray(from, to), from)
    values.set(srcV.subarray(from, to), from)
  }
}
