/**
 * mulberry32: the seeded generator the fuzzers and property tests pick their cases with. It is
 * not the product's generator (`../seeded-random.ts`) on purpose: the recorded fuzz seeds name
 * cases drawn from this sequence, and switching generators would silently swap every case.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
