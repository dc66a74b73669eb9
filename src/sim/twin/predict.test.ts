import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { medianPinned, predictionBand, queueByQuarter, queueGrows } from './predict.js'

describe('queueGrows', () => {
  it('is a queue that ends more than a second and more than three times where it began', () => {
    // Seed 5 of healthy-heavy at 2x, by quarter: the queue ran away in the second half.
    expect(queueGrows([318, 457, 7960, 10698])).toBe(true)
    expect(queueGrows([188, 2710, 426, 5823])).toBe(true)
    // Seed 7 at 2x: tens of milliseconds up and down, a steady state.
    expect(queueGrows([22, 42, 37, 24])).toBe(false)
    // A long queue that holds still is saturated too, but it is not growing.
    expect(queueGrows([4000, 5200, 4800, 5900])).toBe(false)
    // A small queue that triples is still under a second of growth.
    expect(queueGrows([100, 200, 300, 400])).toBe(false)
    expect(queueGrows([NaN, 10, 20, 5000])).toBe(false)
  })
})

describe('queueByQuarter', () => {
  it('takes the queue P50 of the requests that arrived in each quarter of the window', () => {
    const arrive = [0, 10, 20, 30, 40, 50, 60, 70, 80, 99, 100]
    const queueUs = [1000, 3000, 2000, 5000, 4000, 7000, 6000, 9000, 8000, 10_000, 1e9]
    const q = queueByQuarter(arrive, queueUs, 100)
    // Quarters [0, 25), [25, 50), [50, 75), [75, 100); the request at 100 is past the window.
    expect(q).toEqual([2, 4, 7, 8])
  })

  it('leaves a quarter without requests unknown', () => {
    const q = queueByQuarter([1, 2, 99], [1000, 1000, 3000], 100)
    expect(q[0]).toBe(1)
    expect(q.slice(1, 3).every((v) => Number.isNaN(v))).toBe(true)
    expect(q[3]).toBe(3)
  })

  it('splits the time the requests arrived over, not a window that runs on past them', () => {
    // Arrivals over the first 60 of 100: the window's last quarter would hold none of them.
    const arrive = [0, 10, 20, 30, 40, 50, 60]
    const queueUs = [1000, 1000, 2000, 3000, 4000, 5000, 6000]
    expect(queueByQuarter(arrive, queueUs, 100)).toEqual([1, 2, 3, 5])
  })
})

describe('medianPinned', () => {
  const pin = { p50: 0.1, p99: 0.2, maxRunsFactor: 4 }

  it('holds five runs that agree', () => {
    // Platform 1 of healthy-heavy at 2x: TTFT P50 and P99 of five seeded runs, ms.
    expect(
      medianPinned({ p50: [795, 790, 760, 799, 797], p99: [2801, 2628, 2912, 2790, 2850] }, pin)
    ).toBe(true)
  })

  it('does not hold five runs at the KV edge, where the median is one draw of a wide figure', () => {
    // Platform 3 at 2x, the first five of twenty seeded runs: P99 5.1–37.8 s over the twenty.
    expect(
      medianPinned(
        { p50: [1996, 1503, 2869, 1644, 19873], p99: [17018, 8149, 23898, 9870, 37841] },
        pin
      )
    ).toBe(false)
  })

  it('holds once enough runs narrow the median, though the runs themselves stay as wide', () => {
    const wide = [9000, 10000, 11000, 12000, 13000, 14000, 15000, 16000]
    const few = { p50: [1000, 1000, 1000, 1000], p99: wide.slice(0, 4) }
    expect(medianPinned(few, pin)).toBe(false)
    const many = {
      p50: Array<number>(64).fill(1000),
      p99: Array.from({ length: 64 }, (_, i) => wide[i % 8]!),
    }
    expect(medianPinned(many, pin)).toBe(true)
  })
})

describe('predictionBand', () => {
  it('holds a fresh window of the traffic about 9 times in 10, where the range of five runs holds it half the time', () => {
    // The twin's runs are centred on the window it was fitted on, which is itself one draw of
    // the traffic; a truth is another. Log-normal figures, each draw with the same spread.
    const rng = createRng(26)
    const trials = 4000
    let inBand = 0
    let inRange = 0
    for (let k = 0; k < trials; k++) {
      const sigma = 0.02 + 0.1 * rng.next()
      const window = sigma * rng.normal()
      const runs = Array.from({ length: 5 }, () => 1500 * Math.exp(window + sigma * rng.normal()))
      const truth = 1500 * Math.exp(sigma * rng.normal())
      const band = predictionBand(runs)!
      if (truth >= band[0] && truth <= band[1]) {
        inBand++
      }
      if (truth >= Math.min(...runs) && truth <= Math.max(...runs)) {
        inRange++
      }
    }
    expect(inRange / trials).toBeLessThan(0.6)
    expect(inBand / trials).toBeGreaterThan(0.86)
    expect(inBand / trials).toBeLessThan(0.95)
  })

  it('narrows as the runs agree, and says nothing from fewer than three runs or a zero', () => {
    const tight = predictionBand([1000, 1001, 999, 1000, 1002])!
    expect(tight[1] - tight[0]).toBeLessThan(15)
    expect(predictionBand([1000, 1100])).toBeNull()
    expect(predictionBand([0, 10, 20, 30])).toBeNull()
    expect(predictionBand([NaN, 1000, 1100, 1050])).not.toBeNull()
  })
})
