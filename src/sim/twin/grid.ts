/**
 * Time integrals on a fixed grid, per replica: add "v per µs over [a, b)" in O(1), then read
 * ∫ over any [a, b) in O(1). The fit uses it for the batch, KV tokens and prefill work each
 * request ran beside, rebuilt from every other request's stages.
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

  private binOf(t: number): number {
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
    const o = lane * this.bins
    if (A === B) {
      this.direct[o + A] = this.direct[o + A]! + perUs * (bUs - aUs)
      return
    }
    const edgeA = this.originUs + (A + 1) * this.binUs
    const edgeB = this.originUs + B * this.binUs
    this.direct[o + A] = this.direct[o + A]! + perUs * (edgeA - aUs)
    this.direct[o + B] = this.direct[o + B]! + perUs * (bUs - edgeB)
    const d = lane * (this.bins + 1)
    this.diff[d + A + 1] = this.diff[d + A + 1]! + perUs * this.binUs
    this.diff[d + B] = this.diff[d + B]! - perUs * this.binUs
  }

  private build(): Float64Array {
    const cum = new Float64Array((this.bins + 1) * this.lanes)
    for (let l = 0; l < this.lanes; l++) {
      const o = l * this.bins
      const d = l * (this.bins + 1)
      let run = 0
      let acc = 0
      for (let b = 0; b < this.bins; b++) {
        run += this.diff[d + b]!
        acc += this.direct[o + b]! + run
        cum[d + b + 1] = acc
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
    const b = this.binOf(tUs)
    return (
      this.integral(lane, this.originUs + b * this.binUs, this.originUs + (b + 1) * this.binUs) /
      this.binUs
    )
  }

  private at(cum: Float64Array, lane: number, t: number): number {
    const x = (t - this.originUs) / this.binUs
    const d = lane * (this.bins + 1)
    if (x <= 0) {
      return 0
    }
    if (x >= this.bins) {
      return cum[d + this.bins]!
    }
    const b = Math.floor(x)
    const lo = cum[d + b]!
    const hi = cum[d + b + 1]!
    return lo + (hi - lo) * (x - b)
  }
}
