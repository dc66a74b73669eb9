/**
 * Remembers which trace ids already have spans in the store, so the pipeline can assemble a new
 * trace from the spans it holds in memory and read the store only for a trace that may have
 * stored spans from before (a late span). Two rotating Bloom filters keep memory fixed
 * (~2 × 32 bits per id of `capacity`) while the newest `capacity`..2×`capacity` ids are always
 * remembered. A false positive only costs one extra store read, never a wrong request.
 *
 * Hand-written: the npm Bloom filter packages either pull in large dependency trees or are
 * unmaintained, and this needs 40 lines.
 */
/**
 * 32 bits per id and 22 hashes: ~2 × 10⁻⁷ false positives per full generation in theory (20 bits
 * and 14 hashes gave ~0.006 %, 10 and 7 ~0.8 %). A false positive is a trace read back from the
 * store, and with no index on trace ids that read scans the spans table: at 10× overload 20 bits
 * still read back ~0.3 traces/s, 0.25–1.1 s each by the 10th minute, 5–23 % of the wall time
 * (ADR 0256, ADR 0265). The filter costs 8 MB for two generations of 1 M ids.
 */
const HASHES = 22
const BITS_PER_ID = 32

function fnv1a(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}

class Bloom {
  readonly bits: Uint8Array
  count = 0
  constructor(readonly size: number) {
    this.bits = new Uint8Array(Math.ceil(size / 8))
  }
  #positions(id: string, visit: (bit: number) => boolean): boolean {
    // Double hashing (Kirsch–Mitzenmacher): h1 + i·h2.
    const h1 = fnv1a(id, 0)
    const h2 = fnv1a(id, 0x9e3779b9) | 1
    for (let i = 0; i < HASHES; i++) {
      if (!visit((h1 + Math.imul(i, h2)) >>> 0)) {
        return false
      }
    }
    return true
  }
  add(id: string): void {
    this.#positions(id, (h) => {
      const bit = h % this.size
      this.bits[bit >>> 3]! |= 1 << (bit & 7)
      return true
    })
    this.count++
  }
  has(id: string): boolean {
    return this.#positions(id, (h) => {
      const bit = h % this.size
      return (this.bits[bit >>> 3]! & (1 << (bit & 7))) !== 0
    })
  }
}

export interface SeenTraces {
  add(traceId: string): void
  /** `false`: certainly not seen (within the remembered horizon); `true`: maybe seen. */
  mayHave(traceId: string): boolean
}

/** ~2 × 10⁻⁷ false positives at `capacity` ids per generation (see `BITS_PER_ID`). */
export function createSeenTraces(capacity = 1_000_000): SeenTraces {
  const size = capacity * BITS_PER_ID
  let current = new Bloom(size)
  let previous: Bloom | null = null
  return {
    add(traceId) {
      if (current.count >= capacity) {
        previous = current
        current = new Bloom(size)
      }
      current.add(traceId)
    },
    mayHave(traceId) {
      return current.has(traceId) || (previous?.has(traceId) ?? false)
    },
  }
}
