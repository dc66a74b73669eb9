/**
 * mulberry32: a tiny seeded generator of uniform numbers in [0, 1). Good enough for arrival
 * jitter and synthetic test data (not for cryptography); hand-written because it is six lines
 * and must be pure and identical on every platform.
 */
export function createSeededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
