/**
 * Maps a finding's raw strength (products of evidence ramps) to a calibrated confidence: the
 * share of findings of that strength that named an injected cause on the randomised fault grid
 * (bench/diagnosis-grid.bench.ts, seeds 1 and 2, 200 runs of the independent generator,
 * magnitudes 1.2×–5× on 5–100 % of the window; 116 runs answered a cause: raw 0.3–0.4 right
 * 56 %, 0.4–0.6 83 %, 0.6–0.9 96 %, 0.9–1 95 %). Seed 3 is kept out of the fit to check it. The map is monotone, so ranking is unchanged;
 * it says how often an answer of that strength was right, which the raw product did not.
 * Re-measure it with the bench (its calibration table) whenever rules or the excess scan change.
 */

/** (raw strength, calibrated confidence) knots, linear in between. */
const KNOTS: readonly [number, number][] = [
  [0, 0],
  [0.3, 0.5],
  [0.45, 0.7],
  [0.6, 0.85],
  [0.9, 0.9],
  [1, 0.96],
]

/** Calibrated confidence of a raw strength 0..1. */
export function calibrate(raw: number): number {
  const x = Math.min(1, Math.max(0, raw))
  for (let k = 1; k < KNOTS.length; k++) {
    const [x1, y1] = KNOTS[k] as [number, number]
    const [x0, y0] = KNOTS[k - 1] as [number, number]
    if (x <= x1) {
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0)
    }
  }
  return 1
}
