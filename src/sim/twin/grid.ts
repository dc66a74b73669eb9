/**
 * Time integrals on a fixed grid, per replica: add "v per µs over [a, b)" in O(1), then read
 * ∫ over any [a, b) in O(1). The fit uses it for the batch, KV tokens and prefill work each
 * request ran beside, rebuilt from every other request's stages.
 *
 * Cells are stored bin by bin, each bin's lanes side by side: a request reads and writes its
 * replica's lanes at the same instants, and requests come in time order, so one bin's lanes
 * share a cache line where lane after lane (8M cells on long windows) put each 16 MB apart.
 */
export class IntervalGrid {
  readonly bins: number
  private readonly direct: Float64Array
  private readonly diff: Float64Array
  private cumulative: Float64Array | null = null

  constructor(
    readonly originUs: number,
    readonly binUs: number,
    spanUs: number,
    readonly lanes: number
  ) {
    this.bins = Math.max(1, Math.ceil(spanUs / binUs) + 1)
    this.direct = new Float64Array(this.bins * lanes)
    this.diff = new Float64Array((this.bins + 1) * lanes)
  }

  /** The bin holding the instant `t` (the first or last for instants outside the grid). */
  binOf(t: number): number {
    return Math.min(this.bins - 1, Math.max(0, Math.floor((t - this.originUs) / this.binUs)))
  }

  /** Adds density `perUs` over [aUs, bUs) in lane `lane`. */
  add(lane: number, aUs: number, bUs: number, perUs: number): void {
    if (!(bUs > aUs) || perUs === 0) {
      return
    }
    this.cumulative = null
    const A = this.binOf(aUs)
    const B = this.binOf(bUs)
    const L = this.lanes
    const a = A * L + lane
    if (A === B) {
      this.direct[a] = this.direct[a]! + perUs * (bUs - aUs)
      return
    }
    const b = B * L + lane
    const edgeA = this.originUs + (A + 1) * this.binUs
    const edgeB = this.originUs + B * this.binUs
    this.direct[a] = this.direct[a]! + perUs * (edgeA - aUs)
    this.direct[b] = this.direct[b]! + perUs * (bUs - edgeB)
    this.diff[a + L] = this.diff[a + L]! + perUs * this.binUs
    this.diff[b] = this.diff[b]! - perUs * this.binUs
  }

  private build(): Float64Array {
    const L = this.lanes
    const cum = new Float64Array((this.bins + 1) * L)
    const run = new Float64Array(L)
    const acc = new Float64Array(L)
    for (let b = 0; b < this.bins; b++) {
      const o = b * L
      for (let l = 0; l < L; l++) {
        run[l] = run[l]! + this.diff[o + l]!
        acc[l] = acc[l]! + (this.direct[o + l]! + run[l]!)
        cum[o + L + l] = acc[l]!
      }
    }
    this.cumulative = cum
    return cum
  }

  /** ∫ of lane `lane` over [aUs, bUs), linear inside a bin. */
  integral(lane: number, aUs: number, bUs: number): number {
    const cum = this.cumulative ?? this.build()
    return this.at(cum, lane, bUs) - this.at(cum, lane, aUs)
  }

  /** Mean density of lane `lane` at the instant `tUs` (its bin's mean). */
  densityAt(lane: number, tUs: number): number {
    return this.densityIn(lane, this.binOf(tUs))
  }

  /** Mean density of lane `lane` over bin `b`. */
  densityIn(lane: number, b: number): number {
    return (
      this.integral(lane, this.originUs + b * this.binUs, this.originUs + (b + 1) * this.binUs) /
      this.binUs
    )
  }

  private at(cum: Float64Array, lane: number, t: number): number {
    const x = (t - this.originUs) / this.binUs
    const L = this.lanes
    if (x <= 0) {
      return 0
    }
    if (x >= this.bins) {
      return cum[this.bins * L + lane]!
    }
    const b = Math.floor(x)
    const lo = cum[b * L + lane]!
    const hi = cum[(b + 1) * L + lane]!
    return lo + (hi - lo) * (x - b)
  }
}
